// A resident's body (where it stands, what it does, what its mind is working on), and how it
// first stands in town: at its spawn (or, for one who moves in while the town runs, at home),
// doing nothing yet.
import type { Persona } from "../../../shared/persona.ts";
import type { Facing } from "../../../shared/view.ts";
import type { MindOutput, Notice } from "../mind.ts";
import type { Address, Tile } from "../tile.ts";
import type { Pending } from "./pending.ts";

export type Thought = Pending<MindOutput | null>;

/** An agent's body and current action, as the Town keeps it. */
export interface Resident {
  readonly id: string;
  persona: Persona;
  x: number;
  y: number;
  action: string;
  emoji: string;
  address: Address;
  predicate: string;
  object: string;
  objectState: string;
  talkingTo: string;
  /** Which way it looks: where it last walked, or toward whom it talks with. */
  facing: Facing;
  /** Game time when the current action is over. */
  until: number;
  path: Tile[];
  thinking: Thought | null;
  notices: Notice[];
  /** Tile at the last tick, to tell the mind only about new views. */
  lastSeenFrom: number;
  /** Retired by a moderator: it walks home and leaves town by `until` (game ms) at the latest. */
  leaving?: { by: string; until: number };
}

/** A resident standing at a tile, doing nothing yet: its mind is asked at the next step. */
export function bodyOf(persona: Persona, at: Tile): Resident {
  return {
    id: persona.id,
    persona,
    x: at.x,
    y: at.y,
    action: "",
    emoji: "",
    address: "",
    predicate: "",
    object: "",
    objectState: "",
    talkingTo: "",
    facing: "down",
    until: -Infinity,
    path: [],
    thinking: null,
    notices: [],
    lastSeenFrom: -1,
  };
}
