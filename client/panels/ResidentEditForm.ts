// The moderator's change to a resident: what it is up to ("currently"), its habits (lifestyle) or
// its traits. The resident thinks the change as its own and plans anew (the server's answer, if
// refused, shows in the panel's feedback).
import { MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import type { ResidentChanges } from "../../shared/newResident.ts";
import { fill, h } from "./dom.ts";

export class ResidentEditForm {
  readonly root: HTMLElement;
  private readonly agent: HTMLSelectElement;
  private readonly what: HTMLSelectElement;
  private readonly text: HTMLInputElement;

  constructor(
    send: (agentId: string, changes: ResidentChanges) => void,
    say: (feedback: string) => void,
  ) {
    this.agent = h("select", { id: "mod-edit-agent", "aria-label": "Resident to change" });
    this.what = h(
      "select",
      { id: "mod-edit-what", "aria-label": "What to change" },
      h("option", { value: "currently" }, "Currently"),
      h("option", { value: "lifestyle" }, "Lifestyle"),
      h("option", { value: "traits" }, "Traits"),
    );
    this.text = h("input", {
      id: "mod-edit-text",
      maxlength: MAX_TEXT_LENGTH,
      placeholder: "She is getting ready to open a bakery.",
      autocomplete: "off",
      "aria-label": "The new text",
    });
    const form = h(
      "form.inline",
      {},
      this.text,
      h("button.primary", { type: "submit", id: "mod-edit-send" }, "Change"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = this.text.value.trim();
      if (!text || !this.agent.value) return;
      send(this.agent.value, { [this.what.value]: text });
      this.text.value = "";
      say(`Changed ${this.agent.selectedOptions[0]?.textContent ?? "them"}.`);
    });
    this.root = h("div.group", {}, h("h3", {}, "Change a resident"), this.agent, this.what, form);
  }

  setResidents(residents: readonly { id: string; name: string }[]): void {
    const was = this.agent.value;
    fill(this.agent, ...residents.map((r) => h("option", { value: r.id }, r.name)));
    // The one picked stays picked while in town (one who left gives way to the first).
    if (was && residents.some((r) => r.id === was)) this.agent.value = was;
  }
}
