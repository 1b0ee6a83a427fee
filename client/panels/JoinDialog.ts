// The join dialog: the town (the server may host several), a name, a role (visitor, reporter,
// moderator) and, for moderators, a token.
// Enter submits from any field; a refused join shows the server's reason and keeps the dialog.
import { TownList, type TownListing } from "../../shared/api.ts";
import { MAX_NAME_LENGTH } from "../../shared/constants.ts";
import type { Role } from "../../shared/messages.ts";
import { h } from "./dom.ts";
import { NewTownForm } from "./NewTownForm.ts";

export interface JoinRequest {
  name: string;
  role: Role;
  token?: string;
  /** The town to join; none: the server's default town. */
  town?: string;
}

/** "08:12 · 12 awake · 2 conversations now · 1 person here": what a newcomer walks into. */
export function townSummary(t: TownListing): string {
  const parts: string[] = [];
  if (t.time) parts.push(t.time.slice(11, 16));
  if (t.awake !== null && t.awake !== undefined) parts.push(`${t.awake} of ${t.residents} awake`);
  else parts.push(`${t.residents} residents`);
  if (t.conversations !== null && t.conversations !== undefined)
    parts.push(
      t.conversations === 1 ? "1 conversation now" : `${t.conversations} conversations now`,
    );
  parts.push(t.clients === 1 ? "1 person here" : `${t.clients} people here`);
  return parts.join(" · ");
}

const NAME_KEY = "simulacra.name";

const ROLE_HINTS: Record<Role, string> = {
  visitor: "Walk around and talk with the residents you meet.",
  reporter: "Interview any resident, on or off the record.",
  moderator:
    "Set objects' states, whisper to residents, run the clock. Needs the server's moderator token.",
};

export class JoinDialog {
  readonly root: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly name: HTMLInputElement;
  private readonly role: HTMLSelectElement;
  private readonly token: HTMLInputElement;
  private readonly tokenRow: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly error: HTMLElement;
  private readonly roleHint: HTMLElement;
  private readonly town: HTMLSelectElement;
  private readonly townRow: HTMLElement;
  private readonly townNow: HTMLElement;
  private readonly newTown: HTMLButtonElement;
  private towns: TownListing[] = [];
  private townsTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    parent: HTMLElement,
    private readonly onJoin: (req: JoinRequest) => Promise<void>,
  ) {
    this.name = h("input", {
      id: "join-name",
      name: "name",
      autocomplete: "nickname",
      maxlength: MAX_NAME_LENGTH,
      placeholder: "Your name",
      required: true,
    });
    this.name.value = localStorage.getItem(NAME_KEY) ?? "";
    this.role = h(
      "select",
      { id: "join-role", name: "role" },
      h("option", { value: "visitor" }, "Visitor"),
      h("option", { value: "reporter" }, "Reporter"),
      h("option", { value: "moderator" }, "Moderator"),
    );
    this.token = h("input", {
      id: "join-token",
      name: "token",
      type: "password",
      autocomplete: "off",
      placeholder: "Moderator token",
    });
    this.tokenRow = h("div", {}, h("label", { for: "join-token" }, "Token"), this.token);
    this.tokenRow.hidden = true;
    this.roleHint = h("div.role-hint", { id: "join-role-hint" });
    this.newTown = h(
      "button.secondary",
      { type: "button", id: "join-new-town", title: "Make a town from a template or a Tiled map" },
      "New town…",
    );
    this.newTown.addEventListener("click", () => this.openNewTown());
    const onRole = () => {
      this.tokenRow.hidden = this.role.value !== "moderator";
      this.newTown.hidden = this.role.value !== "moderator";
      this.roleHint.textContent = ROLE_HINTS[this.role.value as Role];
    };
    this.role.addEventListener("change", onRole);
    onRole();
    this.town = h("select", { id: "join-town", name: "town" });
    this.townNow = h("div.role-hint", { id: "join-town-now", "aria-live": "polite" });
    this.townRow = h("div", {}, h("label", { for: "join-town" }, "Town"), this.town, this.townNow);
    this.town.addEventListener("change", () => this.showTownNow());
    this.townRow.hidden = true;
    void this.loadTowns();
    // What is going on changes while the dialog is open.
    this.townsTimer = setInterval(() => void this.loadTowns(), 5000);
    this.button = h("button", { type: "submit" }, "Enter the town");
    this.error = h("div.error", { role: "alert", "aria-live": "polite" });
    this.form = h(
      "form.panel.join",
      { autocomplete: "off" },
      h("h1", {}, "Simulacra"),
      h(
        "p.tagline",
        {},
        "A town of generative agents. Walk among the residents and watch their day.",
      ),
      this.townRow,
      h("label", { for: "join-name" }, "Name"),
      this.name,
      h("label", { for: "join-role" }, "Join as"),
      this.role,
      this.roleHint,
      this.tokenRow,
      this.button,
      this.newTown,
      this.error,
      h("div.hint", {}, "Press Enter to join."),
    );
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.submit();
    });
    this.root = h("div.join-backdrop", {}, this.form);
    parent.append(this.root);
    queueMicrotask(() => this.name.focus());
  }

  private async submit(): Promise<void> {
    const name = this.name.value.trim();
    if (!name) {
      this.showError("Please type a name.");
      this.name.focus();
      return;
    }
    const role = this.role.value as Role;
    const token = this.token.value.trim() || undefined;
    const town = this.town.value || undefined;
    this.button.disabled = true;
    this.button.textContent = "Joining…";
    this.showError("");
    try {
      localStorage.setItem(NAME_KEY, name);
      await this.onJoin({ name, role, token, ...(town ? { town } : {}) });
      this.close();
    } catch (e) {
      const message = (e as Error).message || String(e);
      this.showError(message);
      this.button.disabled = false;
      this.button.textContent = "Enter the town";
      // A refused token is corrected where it was typed.
      if (role === "moderator" && /token/i.test(message)) this.token.select();
      else this.name.focus();
    }
  }

  /** A moderator's "New town": the form takes the dialog's place until the town is made (or Back). */
  private openNewTown(): void {
    const token = this.token.value.trim();
    if (!token) {
      this.showError("Type the moderator token first: making a town is a moderator's.");
      this.token.focus();
      return;
    }
    this.showError("");
    const form = new NewTownForm(token, (town) => {
      form.root.remove();
      this.form.hidden = false;
      if (!town) return;
      // The new town is chosen in the list, ready to enter.
      void this.loadTowns(town).then(() => {
        this.townNow.textContent = `"${town}" is open: ${this.townNow.textContent}`;
        this.name.focus();
      });
    });
    this.form.hidden = true;
    this.root.append(form.root);
  }

  /** Lists the server's towns, the default (or the page's ?town=) chosen; without the list the
   *  row stays hidden and the join goes to the default town. */
  private async loadTowns(choose?: string): Promise<void> {
    let towns: TownListing[];
    try {
      const res = await fetch("/api/towns");
      if (!res.ok) return;
      const parsed = TownList.safeParse(await res.json());
      if (!parsed.success) return;
      towns = parsed.data;
    } catch {
      return;
    }
    if (!Array.isArray(towns) || towns.length === 0) return;
    const wanted = choose ?? (this.town.value || new URLSearchParams(location.search).get("town"));
    this.towns = towns;
    this.town.replaceChildren(
      ...towns.map((t) => {
        const option = h("option", { value: t.name }, `${t.name} · ${t.residents} residents`);
        option.selected = wanted ? t.name === wanted : t.primary;
        return option;
      }),
    );
    this.townRow.hidden = false;
    this.showTownNow();
  }

  private showTownNow(): void {
    const t = this.towns.find((x) => x.name === this.town.value);
    this.townNow.textContent = t ? townSummary(t) : "";
  }

  showError(text: string): void {
    this.error.textContent = text;
  }

  close(): void {
    clearInterval(this.townsTimer);
    this.root.remove();
  }
}
