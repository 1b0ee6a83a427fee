// The moderator's tools: the clock (pause, resume, speed), an object's state in words (picked on
// the map or from the list), and a whisper — an inner voice a resident remembers as its own
// thought. Every control is a form element, so the panel works from the keyboard.
import { MAX_STATE_LENGTH, MAX_TEXT_LENGTH } from "../../shared/constants.ts";
import { Address } from "../../shared/address.ts";
import type { TownObject } from "../render/townInfo.ts";
import { isIdle, stateIcon } from "../render/objectState.ts";
import { firstName, placeOf } from "./format.ts";
import { fill, h } from "./dom.ts";
import { AnnouncementForm } from "./AnnouncementForm.ts";
import { ModeratorResidents } from "./ModeratorResidents.ts";
import type { NewResidentSpec, ResidentChanges } from "../../shared/newResident.ts";
import { ResidentEditForm } from "./ResidentEditForm.ts";

export interface ModeratorView {
  running: boolean;
  speed: number;
  step: number;
  residents: { id: string; name: string }[];
  /** Current object states by address (non-idle only). */
  states: Map<string, { state: string; by: string }>;
}

export interface ModeratorActions {
  control(action: "pause" | "resume" | "speed", value?: number): void;
  setObject(address: string, state: string): void;
  whisper(agentId: string, text: string): void;
  /** News for everyone (place "") or for those at a place (an address prefix). */
  announce(text: string, place: string): void;
  /** A resident moves into the town (the server checks it). */
  addResident(spec: NewResidentSpec): void;
  /** Changes a resident's "currently", lifestyle or traits. */
  editResident(agentId: string, changes: ResidentChanges): void;
  /** Retires a resident: it walks home and leaves town. */
  retireResident(agentId: string): void;
  /** The object picked changed (the map outlines it). */
  selected(address: string): void;
}

const SPEEDS = [1, 2, 5, 10];
const SUGGESTIONS = ["on fire", "out of coffee", "broken", "flooded"];

export class ModeratorPanel {
  readonly root: HTMLElement;
  private readonly pause: HTMLButtonElement;
  private readonly speeds: HTMLElement;
  private readonly clockNote: HTMLElement;
  private readonly object: HTMLSelectElement;
  private readonly objectNow: HTMLElement;
  private readonly state: HTMLInputElement;
  private readonly whisperAgent: HTMLSelectElement;
  private readonly whisperText: HTMLInputElement;
  private readonly thoughts: HTMLElement;
  private readonly feedback: HTMLElement;
  private readonly announcement: AnnouncementForm;
  private readonly newResident: ModeratorResidents;
  private readonly editForm: ResidentEditForm;
  private objects: TownObject[] = [];
  /** Residents retired from this panel that have not left yet, by id (their names). */
  private readonly leaving = new Map<string, string>();
  private lastKey = { clock: "", residents: "", object: "" };
  private running = true;
  /** Address of the object picked, "" when none. */
  selectedAddress = "";

  constructor(private readonly actions: ModeratorActions) {
    this.pause = h(
      "button.primary",
      {
        type: "button",
        id: "mod-pause",
        onclick: () => this.actions.control(this.running ? "pause" : "resume"),
      },
      "Pause",
    );
    this.speeds = h("div.segmented", { role: "group", "aria-label": "Clock speed" });
    this.clockNote = h("span.muted", { id: "mod-clock" });

    this.object = h("select", { id: "mod-object", "aria-label": "Object" });
    this.object.addEventListener("change", () => this.select(this.object.value));
    this.objectNow = h("div.object-now", { id: "mod-object-now" });
    this.state = h("input", {
      id: "mod-state",
      maxlength: MAX_STATE_LENGTH,
      placeholder: "Its state in words: on fire",
      autocomplete: "off",
      "aria-label": "New state",
    });
    const objectForm = h(
      "form.inline",
      {},
      this.state,
      h("button.primary", { type: "submit", id: "mod-set" }, "Set"),
    );
    objectForm.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submitState(this.state.value);
    });

    this.whisperAgent = h("select", {
      id: "mod-whisper-agent",
      "aria-label": "Resident to whisper to",
    });
    this.whisperText = h("input", {
      id: "mod-whisper-text",
      maxlength: MAX_TEXT_LENGTH,
      placeholder: "You want to run for mayor",
      autocomplete: "off",
      "aria-label": "Inner voice",
    });
    const whisperForm = h(
      "form.inline",
      {},
      this.whisperText,
      h("button.primary", { type: "submit", id: "mod-whisper-send" }, "Whisper"),
    );
    whisperForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = this.whisperText.value.trim();
      if (!text || !this.whisperAgent.value) return;
      this.actions.whisper(this.whisperAgent.value, text);
      this.whisperText.value = "";
      this.say(`Whispering to ${this.whisperAgent.selectedOptions[0]?.textContent ?? "them"}…`);
    });
    this.thoughts = h("ul.thoughts", { id: "mod-thoughts" });
    this.feedback = h("div.feedback", {
      id: "mod-feedback",
      role: "status",
      "aria-live": "polite",
    });
    this.newResident = new ModeratorResidents(
      (spec) => this.actions.addResident(spec),
      (feedback) => this.say(feedback),
    );
    this.editForm = new ResidentEditForm(
      (agentId, changes) => this.actions.editResident(agentId, changes),
      (feedback) => this.say(feedback),
    );
    this.announcement = new AnnouncementForm(
      (text, place) => this.actions.announce(text, place),
      (feedback) => this.say(feedback),
    );

    this.root = h(
      "section.panel.moderator",
      { id: "moderator-panel", "aria-label": "Moderator tools" },
      h("header", {}, h("h2", {}, "🛡️ Moderator")),
      h(
        "div.group",
        {},
        h("h3", {}, "Clock"),
        h("div.row", {}, this.pause, this.speeds),
        this.clockNote,
      ),
      h(
        "div.group",
        {},
        h("h3", {}, "Object"),
        this.object,
        this.objectNow,
        objectForm,
        h(
          "div.chips",
          {},
          ...SUGGESTIONS.map((s) =>
            h(
              "button.chip",
              {
                type: "button",
                onclick: () => {
                  this.state.value = s;
                  this.state.focus();
                },
              },
              `${stateIcon(s)} ${s}`,
            ),
          ),
          h(
            "button.chip",
            { type: "button", id: "mod-idle", onclick: () => this.submitState("idle") },
            "↺ idle",
          ),
        ),
      ),
      h("div.group", {}, h("h3", {}, "Whisper"), this.whisperAgent, whisperForm, this.thoughts),
      this.announcement.root,
      this.editForm.root,
      this.newResident.root,
      this.feedback,
    );
  }

  setObjects(objects: TownObject[]): void {
    this.objects = objects;
    this.announcement.setPlaces(objects.map((o) => o.address));
    this.lastKey.residents = ""; // the new resident's choices of places come with the objects
    const groups = new Map<string, TownObject[]>();
    for (const o of objects) {
      const place = placeOf(Address.prefix(o.address, 3));
      groups.set(place, [...(groups.get(place) ?? []), o]);
    }
    fill(
      this.object,
      h("option", { value: "" }, "— click an object on the map —"),
      ...[...groups]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([place, list]) =>
          h(
            "optgroup",
            { label: place },
            ...list.map((o) => h("option", { value: o.address }, o.name)),
          ),
        ),
    );
    this.object.value = this.selectedAddress;
  }

  select(address: string): void {
    this.selectedAddress = this.objects.some((o) => o.address === address) ? address : "";
    this.object.value = this.selectedAddress;
    this.lastKey.object = "";
    this.actions.selected(this.selectedAddress);
    if (this.selectedAddress) this.state.focus();
  }

  private submitState(text: string): void {
    const state = text.trim();
    if (!this.selectedAddress) return this.say("Pick an object first: click it on the map.", true);
    if (!state) return this.say("Type the state in words, like “on fire”.", true);
    this.actions.setObject(this.selectedAddress, state);
    this.state.value = "";
  }

  update(v: ModeratorView): void {
    this.running = v.running;
    const clockKey = JSON.stringify([v.running, v.speed]);
    if (clockKey !== this.lastKey.clock) {
      this.lastKey.clock = clockKey;
      this.pause.textContent = v.running ? "⏸ Pause" : "▶ Resume";
      this.pause.classList.toggle("paused", !v.running);
      fill(
        this.speeds,
        ...[...new Set([...SPEEDS, v.speed])]
          .sort((a, b) => a - b)
          .map((s) =>
            h(
              "button",
              {
                type: "button",
                id: `mod-speed-${s}`,
                "aria-pressed": s === v.speed ? "true" : "false",
                title: `${s} step${s === 1 ? "" : "s"} per second`,
                onclick: () => this.actions.control("speed", s),
              },
              `×${s}`,
            ),
          ),
      );
    }
    this.clockNote.textContent = `${v.running ? "running" : "paused"} · step ${v.step} · one step is 10 game seconds`;
    const residentsKey = JSON.stringify(v.residents);
    if (residentsKey !== this.lastKey.residents) {
      this.lastKey.residents = residentsKey;
      const was = this.whisperAgent.value;
      fill(this.whisperAgent, ...v.residents.map((r) => h("option", { value: r.id }, r.name)));
      if (was && v.residents.some((r) => r.id === was)) this.whisperAgent.value = was;
      this.editForm.setResidents(v.residents);
      for (const [id, name] of this.leaving)
        if (!v.residents.some((r) => r.id === id)) {
          this.leaving.delete(id);
          this.say(`${name} has left town.`);
        }
      this.newResident.setTown(
        this.objects.map((o) => o.address),
        v.residents,
      );
    }
    const cur = v.states.get(this.selectedAddress);
    const objectKey = JSON.stringify([this.selectedAddress, cur]);
    if (objectKey !== this.lastKey.object) {
      this.lastKey.object = objectKey;
      const o = this.objects.find((x) => x.address === this.selectedAddress);
      fill(
        this.objectNow,
        o
          ? h(
              "span",
              {},
              h("b", {}, o.name),
              ` in ${placeOf(Address.prefix(o.address, 3))} · `,
              cur && !isIdle(cur.state)
                ? h("span.state", {}, `${stateIcon(cur.state)} ${cur.state}`)
                : h("span.muted", {}, "idle"),
              cur?.by ? h("span.muted", {}, ` (by ${cur.by})`) : null,
            )
          : h(
              "span.muted",
              {},
              "No object picked: click one on the map (it lights up under the pointer).",
            ),
      );
    }
  }

  /** The resident now remembers the whisper as a thought. */
  whispered(thought: string, name: string): void {
    this.thoughts.prepend(h("li", {}, h("b", {}, `${firstName(name)} thinks: `), `“${thought}”`));
    while (this.thoughts.children.length > 4) this.thoughts.lastElementChild?.remove();
    this.say("");
  }

  objectSet(address: string, state: string): void {
    const o = this.objects.find((x) => x.address === address);
    this.say(
      isIdle(state)
        ? `${o?.name ?? address} is back to normal.`
        : `${o?.name ?? address} is now ${state}.`,
    );
  }

  /** The server refused a moderator's message (`type`): its reason, in place of "Adding…". */
  refused(type: string, message: string): void {
    if (type === "add_resident") this.newResident.refused();
    if (type === "retire_resident") this.leaving.clear();
    this.say(message, true);
  }

  /** Retires a resident (the inspector's button); the panel says when it has left. */
  retire(agentId: string, name: string): void {
    this.actions.retireResident(agentId);
    this.leaving.set(agentId, name);
    this.say(`${name} is walking home to leave town…`);
  }

  say(text: string, error = false): void {
    this.feedback.textContent = text;
    this.feedback.classList.toggle("error", error);
  }

  /** Prepares a whisper to one resident (from the inspector). */
  whisperTo(agentId: string): void {
    this.whisperAgent.value = agentId;
    this.whisperText.focus();
  }

  focus(): void {
    (this.selectedAddress ? this.state : this.pause).focus();
  }
}
