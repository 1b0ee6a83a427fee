// A resident's body as it first stands in town: at its spawn (or, for one who moves in while the
// town runs, at home), doing nothing yet.
import type { Persona } from "../../../shared/persona.ts";
import type { Tile } from "../tile.ts";
import type { Resident } from "./residents.ts";

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
