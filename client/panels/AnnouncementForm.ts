// The moderator's announcement: news everyone in town (or everyone at one place) comes to know —
// "A storm will hit tonight". Residents reached remember it; the replay's log shows it.
import { Address } from "../../shared/address.ts";
import { MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import { fill, h } from "./dom.ts";
import { placeOf } from "./format.ts";

export class AnnouncementForm {
  readonly root: HTMLElement;
  private readonly text: HTMLInputElement;
  private readonly place: HTMLSelectElement;
  private placesKey = "";

  constructor(send: (text: string, place: string) => void, say: (feedback: string) => void) {
    this.text = h("input", {
      id: "mod-announce-text",
      maxlength: MAX_TEXT_LENGTH,
      placeholder: "News for the town: a storm will hit tonight",
      autocomplete: "off",
      "aria-label": "Announcement",
    });
    this.place = h(
      "select",
      { id: "mod-announce-place", "aria-label": "Who hears it" },
      h("option", { value: "" }, "Everyone in town"),
    );
    const form = h(
      "form.inline",
      {},
      this.text,
      h("button.primary", { type: "submit", id: "mod-announce-send" }, "Announce"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = this.text.value.trim();
      if (!text) return;
      send(text, this.place.value);
      this.text.value = "";
      say(`Announced to ${this.place.selectedOptions[0]?.textContent ?? "the town"}.`);
    });
    this.root = h("div.group", {}, h("h3", {}, "Announce"), this.place, form);
  }

  /** The places one can announce to: every sector and arena objects are in. */
  setPlaces(addresses: readonly string[]): void {
    const places = new Set<string>();
    for (const a of addresses) {
      const parts = Address.levels(a);
      if (parts.length >= 2) places.add(parts.slice(0, 2).join(":"));
      if (parts.length >= 3) places.add(parts.slice(0, 3).join(":"));
    }
    const sorted = [...places].sort();
    const key = sorted.join("\n");
    if (key === this.placesKey) return;
    this.placesKey = key;
    const was = this.place.value;
    fill(
      this.place,
      h("option", { value: "" }, "Everyone in town"),
      ...sorted.map((p) => h("option", { value: p }, `Those at ${placeOf(p)}`)),
    );
    this.place.value = was;
  }
}
