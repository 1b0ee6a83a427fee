// What a resident knows, as values beside its text: the persona (read into facts by facts.ts),
// the day as planned blocks (what, from when to when, where), yesterday's, the places it knows
// (with what they hold, for "where can I ...") and the people it has a view of. The mind fills
// this from its state; the offline answers read it. Nothing here is parsed from the engine's own
// English.
import { Address } from "../../../shared/address.ts";
import type { PersonaText } from "./facts.ts";
import type { Compass } from "./positions.ts";

export interface DayBlock {
  /** Minutes since midnight. */
  start: number;
  end: number;
  /** What, as the plan says it ("eating dinner with her parents"). */
  task: string;
  /** Where, as a place name ("library of Oakmere College"), if known. */
  place?: string;
}

/** Something it has said it will be at: a visit agreed, an event it means to go to. */
export interface Commitment {
  /** Days from today: today (0), tomorrow (1), a day of the week ahead. */
  day: number;
  /** Minutes since midnight. */
  start: number;
  end: number;
  what: string;
  place?: string;
}

export interface KnownPlace {
  /** A sector ("Oakmere College") or an arena of one ("library of Oakmere College"). */
  name: string;
  /** The sector's arenas (what the place holds), for what it is for. */
  parts: string[];
  /** The things it holds (an arena's objects; a sector's, all its arenas'). */
  things?: string[];
  /** Somebody's home (it has a bedroom or a bed, as the resident saw it). */
  dwelling?: boolean;
  /** What residents do there by their plans ("having lunch with Kenji"), for what it is for. */
  uses?: string[];
  /** Where it lies, from the town's map: its part of town, and the nearest place the resident
   *  knows around it (with the side of that place it lies on, when they face each other). */
  where?: { side: string; by?: { place: string; dir?: Compass } };
}

export interface KnownPerson {
  name: string;
  /** One sentence on how the resident sees them, if it has one. */
  relationship: string;
  /** Talks held with them (most first). */
  talks: number;
}

/** Another resident as the town knows them: who they are by their persona (its public clauses:
 *  what they do, whom they work with; answers leave its secrets out) and where they live. */
export interface Townsperson {
  persona: PersonaText;
  /** Their home as a place name ("flat 1 of Maple Court apartments"), if known. */
  home?: string;
  /** Where their plans keep them most of a day, today's and yesterday's (workplace.ts): a
   *  building's name ("Oakmere town hall"). */
  workplaces?: string[];
}

export interface Knowledge {
  persona: PersonaText;
  /** Minutes since midnight now. */
  minute: number;
  /** Today's plan as blocks; yesterday's if the mind kept them, else its broad items. */
  today: DayBlock[];
  yesterday: DayBlock[];
  yesterdayItems: string[];
  /** Where it lives: a place name. */
  home: string;
  places: KnownPlace[];
  people: KnownPerson[];
  /** Whether the person talking is someone it knows (a friend hears its secrets). */
  knowsSpeaker: boolean;
  /** What it was doing when the talk began, as a phrase. */
  doing: string;
  /** What it has said it will be at today and tomorrow (so an invitation is not accepted over a
   *  promise). */
  commitments?: Commitment[];
  /** The town's other residents as everyone knows them (the mayor, the barista, who lives in
   *  which house): for a role asked ("the mayor"), someone else's work, one's neighbours. */
  townsfolk?: Townsperson[];
}

/** An address ("world:sector:arena:object") as the place a person would name. */
export function placeOf(address: string): string | undefined {
  const [, sector, arena] = Address.levels(address);
  if (!sector) return undefined;
  return arena && arena !== sector ? `${arena} of ${sector}` : sector;
}
