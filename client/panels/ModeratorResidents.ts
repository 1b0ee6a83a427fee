// The moderator's "New resident" form: who it is, where it works (a place of the town), where it
// lives (a room with a bed, or with a resident), what it is up to and its habits, and its look.
// The server checks it against the town and answers what is wrong (a name taken, no free bed).
import { Address } from "../../shared/address.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import type { NewResidentSpec } from "../../shared/newResident.ts";
import { fill, h } from "./dom.ts";
import { placeOf } from "./format.ts";

const field = (label: string, input: HTMLElement) =>
  h("label.field", {}, h("span", {}, label), input);

export class ModeratorResidents {
  readonly root: HTMLElement;
  private readonly inputs: Record<
    "name" | "age" | "traits" | "occupation" | "currently" | "lifestyle" | "sprite",
    HTMLInputElement
  >;
  private readonly workplace: HTMLSelectElement;
  private readonly home: HTMLSelectElement;
  private key = "";
  /** The name of the resident asked for, until it appears in town or is refused. */
  private pending = "";
  /** The residents' names as last set. */
  private names = new Set<string>();

  constructor(
    send: (spec: NewResidentSpec) => void,
    private readonly say: (feedback: string) => void,
  ) {
    const input = (id: string, attrs: Record<string, string | number> = {}) =>
      h("input", { id: `mod-new-${id}`, autocomplete: "off", ...attrs });
    this.inputs = {
      name: input("name", { maxlength: MAX_NAME_LENGTH, placeholder: "Nora Vale", required: "" }),
      age: input("age", { type: "number", min: 1, max: 120, value: 30 }),
      traits: input("traits", { maxlength: 200, placeholder: "curious, patient, warm" }),
      occupation: input("occupation", { maxlength: 80, placeholder: "baker" }),
      currently: input("currently", {
        maxlength: MAX_TEXT_LENGTH,
        placeholder: "She has just moved here and wants to open a bakery.",
      }),
      lifestyle: input("lifestyle", {
        maxlength: MAX_TEXT_LENGTH,
        placeholder: "She goes to bed around 10 pm and wakes up at 6 am.",
      }),
      sprite: input("sprite", { type: "number", min: 0, max: 63, value: 0 }),
    };
    this.workplace = h("select", { id: "mod-new-workplace" });
    this.home = h("select", { id: "mod-new-home" });
    const i = this.inputs;
    const form = h(
      "form.new-resident",
      {},
      field("Name", i.name),
      field("Age", i.age),
      field("Traits", i.traits),
      field("Occupation", i.occupation),
      field("Works at", this.workplace),
      field("Lives", this.home),
      field("Currently", i.currently),
      field("Lifestyle", i.lifestyle),
      field("Sprite", i.sprite),
      h("button.primary", { type: "submit", id: "mod-new-add" }, "Add resident"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const [how, where] = this.home.value.split("|");
      send({
        name: i.name.value.trim(),
        age: Number(i.age.value),
        traits: i.traits.value.trim(),
        occupation: i.occupation.value.trim(),
        workplace: this.workplace.value,
        ...(how === "with" ? { shareWith: [where] } : { home: where }),
        currently: i.currently.value.trim(),
        lifestyle: i.lifestyle.value.trim(),
        sprite: Number(i.sprite.value),
      });
      const name = i.name.value.trim();
      // A name already in town is refused: only a new one is waited for.
      this.pending = this.names.has(name) ? "" : name;
      say(`Adding ${name}…`);
    });
    this.root = h(
      "details.group",
      { id: "mod-new-resident" },
      h("summary", {}, h("h3", {}, "New resident")),
      form,
    );
  }

  /** The server refused the resident asked for (the panel shows why). */
  refused(): void {
    this.pending = "";
  }

  /** The town's places and residents to choose from (rooms with a bed are homes). */
  setTown(addresses: readonly string[], residents: readonly { name: string }[]): void {
    // The one asked for moved in: said, and the form is ready for the next.
    if (this.pending && residents.some((r) => r.name === this.pending)) {
      this.say(`${this.pending} moved in.`);
      this.pending = "";
      this.inputs.name.value = "";
    }
    this.names = new Set(residents.map((r) => r.name));
    const key = `${addresses.length}|${residents.map((r) => r.name).join(",")}`;
    if (key === this.key) return;
    this.key = key;
    const sectors = [...new Set(addresses.map((a) => Address.prefix(a, 2)))];
    const bedrooms = [
      ...new Set(
        addresses
          .filter((a) => /\bbed\b/i.test(Address.levels(a)[3] ?? ""))
          .map((a) => Address.prefix(a, 3)),
      ),
    ];
    const was = { work: this.workplace.value, home: this.home.value };
    fill(this.workplace, ...sectors.sort().map((s) => h("option", { value: s }, placeOf(s))));
    fill(
      this.home,
      ...residents.map((r) => h("option", { value: `with|${r.name}` }, `With ${r.name}`)),
      ...bedrooms.sort().map((b) => h("option", { value: `in|${b}` }, `In ${placeOf(b)}`)),
    );
    if (was.work) this.workplace.value = was.work;
    if (was.home) this.home.value = was.home;
  }
}
