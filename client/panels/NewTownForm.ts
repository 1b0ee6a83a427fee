// "New town", opened from the join dialog by a moderator: a name, a template (the shipped towns and
// the user's, GET /api/towns/templates) or a Tiled map of one's own with its personas.json, a start
// and a seed; sent to POST /api/towns with the moderator's token. The server's reason for a refusal
// (which file, layer, tile or field) is shown as it is; a file past the upload limit is refused here.
import {
  NEW_TOWN_LIMITS,
  TownTemplateList,
  type NewTownRequest,
  type TownTemplateInfo,
} from "../../shared/newTown.ts";
import { h } from "./dom.ts";

const UPLOAD = "__upload__";

export class NewTownForm {
  readonly root: HTMLFormElement;
  private readonly name: HTMLInputElement;
  private readonly from: HTMLSelectElement;
  private readonly mapRow: HTMLElement;
  private readonly map: HTMLInputElement;
  private readonly personas: HTMLInputElement;
  private readonly personasHint: HTMLElement;
  private readonly start: HTMLInputElement;
  private readonly seed: HTMLInputElement;
  private readonly make: HTMLButtonElement;
  private readonly error: HTMLElement;
  private templates: TownTemplateInfo[] = [];

  constructor(
    private readonly token: string,
    /** Called with the new town's name once it is open, or with nothing on Back. */
    private readonly done: (town?: string) => void,
  ) {
    this.name = h("input", {
      id: "new-town-name",
      maxlength: 64,
      placeholder: "my-town",
      pattern: "[\\w][\\w.\\-]*",
      title: "letters, digits, '.', '_' or '-'",
      required: true,
    });
    this.from = h("select", { id: "new-town-from" });
    this.map = h("input", { id: "new-town-map", type: "file", accept: ".tmj,.json" });
    this.mapRow = h(
      "div",
      {},
      h("label", { for: "new-town-map" }, "Tiled map (.tmj or .json)"),
      this.map,
    );
    this.personas = h("input", { id: "new-town-personas", type: "file", accept: ".json" });
    this.personasHint = h("div.role-hint", {});
    this.start = h("input", { id: "new-town-start", type: "datetime-local", step: 60 });
    this.seed = h("input", {
      id: "new-town-seed",
      type: "number",
      min: 0,
      step: 1,
      placeholder: "the server's",
    });
    this.make = h("button", { type: "submit", id: "new-town-make" }, "Make the town");
    this.error = h("div.error", { id: "new-town-error", role: "alert", "aria-live": "polite" });
    const back = h("button.secondary", { type: "button", id: "new-town-back" }, "Back");
    back.addEventListener("click", () => this.done());
    this.from.addEventListener("change", () => this.showFrom());
    this.root = h(
      "form.panel.join.new-town",
      { autocomplete: "off", id: "new-town" },
      h("h1", {}, "New town"),
      h("p.tagline", {}, "From a template, or from a map you drew in Tiled."),
      h("label", { for: "new-town-name" }, "Name"),
      this.name,
      h("label", { for: "new-town-from" }, "From"),
      this.from,
      this.mapRow,
      h("label", { for: "new-town-personas" }, "Residents (personas.json)"),
      this.personas,
      this.personasHint,
      h(
        "div.row",
        {},
        h("div", {}, h("label", { for: "new-town-start" }, "Starts (town time)"), this.start),
        h("div", {}, h("label", { for: "new-town-seed" }, "Seed"), this.seed),
      ),
      h(
        "div.role-hint",
        {},
        "Empty start: the map's own day, at the server's START_TIME. The seed decides every draw of the town's rules and minds.",
      ),
      this.make,
      back,
      this.error,
    );
    this.root.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.submit();
    });
    this.showFrom();
    void this.loadTemplates();
    queueMicrotask(() => this.name.focus());
  }

  private showFrom(): void {
    const upload = this.from.value === UPLOAD;
    this.mapRow.hidden = !upload;
    this.personasHint.textContent = upload
      ? "Who lives there: their homes, spawn points and places are checked against the map."
      : "Optional: residents of your own in the template's map (else the template's).";
  }

  private async loadTemplates(): Promise<void> {
    this.make.disabled = true;
    try {
      const res = await fetch("/api/towns/templates", {
        headers: { authorization: `Bearer ${this.token}` },
      });
      if (!res.ok) return this.showError(await refusal(res));
      this.templates = TownTemplateList.parse(await res.json());
    } catch (e) {
      return this.showError(`the templates could not be loaded: ${(e as Error).message}`);
    }
    this.from.replaceChildren(
      ...this.templates.map((t) =>
        h(
          "option",
          { value: t.name },
          `${t.name} · ${t.world}, ${t.residents} residents, ${t.width}×${t.height}${t.kind === "shipped" ? "" : " (yours)"}`,
        ),
      ),
      h("option", { value: UPLOAD }, "A Tiled map of my own (upload)"),
    );
    this.showFrom();
    this.make.disabled = false;
  }

  private async file(
    input: HTMLInputElement,
    limit: number,
  ): Promise<{ file: string; text: string } | undefined> {
    const f = input.files?.[0];
    if (!f) return undefined;
    const tooLarge = new Error(`${f.name} is too large: at most ${(limit / 1e6).toFixed(0)} MB`);
    // Not read at all when it cannot fit (UTF-8 takes at most 3 bytes a character of the text).
    if (f.size > limit * 3) throw tooLarge;
    const text = await f.text();
    if (text.length > limit) throw tooLarge;
    return { file: f.name, text };
  }

  private async submit(): Promise<void> {
    const name = this.name.value.trim();
    if (!name) return this.showError("Please give the town a name.");
    const body: Partial<NewTownRequest> & { name: string } = { name };
    try {
      if (this.from.value === UPLOAD) {
        const map = await this.file(this.map, NEW_TOWN_LIMITS.mapChars);
        if (!map) return this.showError("Choose the map file (.tmj or .json).");
        body.map = map;
      } else body.template = this.from.value;
      const personas = await this.file(this.personas, NEW_TOWN_LIMITS.personasChars);
      if (personas) body.personas = personas;
    } catch (e) {
      return this.showError((e as Error).message);
    }
    // The town's clock is read in UTC: the time typed is the town's.
    if (this.start.value) body.start = `${this.start.value.slice(0, 16)}:00Z`;
    if (this.seed.value !== "") body.seed = Number(this.seed.value);
    this.make.disabled = true;
    this.make.textContent = "Making…";
    this.showError("");
    try {
      const res = await fetch("/api/towns", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.token}` },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(await refusal(res));
      this.done(name);
    } catch (e) {
      this.showError((e as Error).message);
    } finally {
      this.make.disabled = false;
      this.make.textContent = "Make the town";
    }
  }

  showError(text: string): void {
    this.error.textContent = text;
  }
}

/** The server's reason for a refusal ({error: {message}}), or its status. */
async function refusal(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    // not JSON: the status says it
  }
  return `the server refused (${res.status})`;
}
