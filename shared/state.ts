// The room state every client sees, declared once with @colyseus/schema's schema() helper
// (no decorators: see docs/ARCHITECTURE.md, "Stack facts"). Fields have no implicit defaults, so the
// server always assigns every field when it creates an entry.
import { schema, t, type SchemaType } from "@colyseus/schema";
import { FACINGS, TALK_EMOJI, talkingWith, type Facing } from "./view.ts";

export const ClockState = schema(
  {
    step: t.number(),
    /** Game time, milliseconds since the Unix epoch, read as a wall-clock time in UTC. */
    time: t.number(),
    running: t.boolean(),
    /** Steps per real second in live mode. */
    speed: t.number(),
  },
  "ClockState",
);

export const AgentState = schema(
  {
    id: t.string(),
    name: t.string(),
    /**
     * Where the resident is and what it does: sent to a client only for residents near what its
     * camera shows (shared/interest.ts). Elsewhere these are undefined on the client.
     */
    x: t.number().view(),
    y: t.number().view(),
    /**
     * What it does. Both "" while it talks as talkingWith() writes it: the client writes "talking
     * with <name>" and 💬 itself from talkingTo (doingOf()), which was two thirds of a talk's bytes.
     */
    action: t.string().view(),
    emoji: t.string().view(),
    // Not its address ("world:sector:arena:object"): no client reads it (the inspector has it in
    // a resident's details), and it was over half the bytes of every change of a resident's doing.
    /**
     * Id of the resident this agent talks to, "" when none or when it talks with a person: that
     * one is `person`. Read both with talkingToOf().
     */
    talkingTo: t.string().view(),
    /**
     * How many others besides talkingTo are in its talk with people, when the client writes the
     * doing itself (doingOf(): "talking with <name> and 3 others"). The doing of a group talk
     * named every person in it ("talking with bot-44 and bot-90 and bot-2 and …"), and was sent
     * to every client again at each arrival and leave: at 500 people, most of what a client read.
     */
    others: t.uint8().view(),
    /** Row of the character sprite sheet. */
    sprite: t.number(),
    /**
     * Which way it looks: its index in FACINGS (shared/view.ts), a byte where the word took up to
     * six; read it with facingOf().
     */
    facing: t.number().view(),
    /**
     * The seat (AvatarState.seat) of the person it talks with, 0 when none: a byte or two where
     * the person's session id in `talkingTo` took ten, sent to every client whenever a resident
     * turned to someone (with 500 people, a talk begun every few seconds).
     */
    person: t.number().view(),
  },
  "AgentState",
);
export type AgentState = SchemaType<typeof AgentState>;

/** Where an avatar stands, in tiles. */
export interface AvatarAt {
  x: number;
  y: number;
}

/**
 * The view tags of an avatar's position fields (@colyseus/schema custom tags): a client is sent
 * `x`, `y` of the avatars it has with NEAR_TAG, `fx`, `fy` of those with FAR_TAG (interest.ts).
 */
export const NEAR_TAG = 2;
export const FAR_TAG = 4;

export const AvatarState = schema(
  {
    id: t.string(),
    name: t.string(),
    role: t.string(),
    /**
     * Position: sent to a client only for avatars in its view (its own, and those near what its
     * camera shows: shared/interest.ts), each tile it walks; elsewhere undefined on the client.
     * Fields of the avatar itself, each under a view tag of its own, not children: an avatar
     * coming into view, or going from near to far, costs its position alone (8 bytes), where a
     * child cost its reference and its fields again (16 to 23 bytes; with 500 people a client
     * saw 14 such changes a second).
     */
    x: t.number().view(NEAR_TAG),
    y: t.number().view(NEAR_TAG),
    /**
     * Position, coarsely: where it was when it last got COARSE_TILES away from it or stood still
     * (shared/interest.ts). Sent instead of x, y to clients in whose view it is but not near, so
     * a walk across the far part of a crowded view costs a change every few tiles, not every tile.
     * Read both with avatarAt().
     */
    fx: t.number().view(FAR_TAG),
    fy: t.number().view(FAR_TAG),
    sprite: t.number(),
    /** The person's connection dropped: the avatar waits (RECONNECT_SECONDS) for them to come back. */
    away: t.boolean(),
    /**
     * A small number of its own while it is in the room (1, 2, …: the lowest free when it came),
     * by which a resident's `person` says whom it talks with.
     */
    seat: t.number(),
  },
  "AvatarState",
);
export type AvatarState = SchemaType<typeof AvatarState>;

/**
 * An object's state, kept in a map by the object's address: the key, sent once when the state
 * comes (objectStates() gives it back as `address`). The entry no longer carries the address
 * again, which was half the bytes of every object a resident took up, sent to every client.
 */
export const ObjectState = schema(
  {
    state: t.string(),
    /** Who set the state: an agent's name, a person's name, or "" for the town itself. */
    by: t.string(),
  },
  "ObjectState",
);
export type ObjectState = SchemaType<typeof ObjectState>;

/**
 * The objects residents use in a large town, a child of the root so that the root has no
 * view-filtered field: with one, @colyseus/schema 5 re-sends the root's field of every avatar or
 * resident that comes into a client's view (4 bytes each time).
 */
export const ObjectsInUse = schema({ objects: t.map(ObjectState).view() }, "ObjectsInUse");
export type ObjectsInUse = SchemaType<typeof ObjectsInUse>;

export const TownState = schema(
  {
    /** Template folder of the town, e.g. "base-3"; the client loads its map from it. */
    template: t.string(),
    /** Name of the running town (its save). */
    name: t.string(),
    /** The language engine: "offline" or the model's name. */
    engine: t.string(),
    /**
     * Health of the language engine, for the client's indicator: "offline" (the offline engine
     * serves), "ok" (the model answers), "failing" (recent asks fell back to offline answers), "budget" (the town's model budget for
     * the hour is spent: people's asks are answered offline).
     */
    engineStatus: t.string(),
    clock: ClockState,
    agents: t.map(AgentState),
    avatars: t.map(AvatarState),
    /**
     * Objects whose state is not idle, keyed by address, sent to everyone. In a town of more than
     * RESIDENTS_ALL_SENT residents (shared/interest.ts) only those a person set (a moderator's
     * fire: few, and what announcements and "Follow the action" need wherever they are).
     */
    objects: t.map(ObjectState),
    /**
     * In a town of more than RESIDENTS_ALL_SENT residents: the objects residents use (a thousand
     * residents use hundreds), each sent to a client only near what its camera shows
     * (`inUse.objects`, undefined on a client until one comes into its view); read both maps
     * with objectStates().
     */
    inUse: ObjectsInUse,
    /** Where the residents are, coarsely, for the minimap (shared/interest.ts, encodeCrowd). */
    crowd: t.string(),
  },
  "TownState",
);
export type TownState = SchemaType<typeof TownState>;

/**
 * Where an avatar is, as a client reads it: exactly when it is near (`x`, `y`), coarsely when it
 * is in view but not near (`fx`, `fy`; a client that has both was sent the exact ones last),
 * undefined while it is out of the client's view (the server sends neither then), or not yet
 * decoded.
 */
export function avatarAt(a: AvatarState | undefined): AvatarAt | undefined {
  if (!a) return undefined;
  if (typeof a.x === "number" && typeof a.y === "number") return { x: a.x, y: a.y };
  if (typeof a.fx === "number" && typeof a.fy === "number") return { x: a.fx, y: a.fy };
  return undefined;
}

/** Id of the person in the room at a seat (AvatarState.seat), "" for none. */
export function personAt(s: TownState, seat: number | undefined): string {
  if (!seat) return "";
  let seats = seatsIn.get(s);
  const kept = seats?.get(seat);
  if (kept !== undefined && s.avatars.get(kept)?.seat === seat) return kept;
  seats = new Map();
  for (const a of s.avatars.values()) if (a.seat) seats.set(a.seat, a.id);
  seatsIn.set(s, seats);
  return seats.get(seat) ?? "";
}
const seatsIn = new WeakMap<TownState, Map<number, string>>();

/**
 * Id of whom a resident talks to: a resident's or a person's (by its seat), "" when nobody (or
 * while the resident is out of the client's view).
 */
export function talkingToOf(s: TownState, a: AgentState): string {
  return a.talkingTo || personAt(s, a.person);
}

/** The lowest seat no person in the room has. */
export function freeSeat(s: TownState): number {
  const taken = new Set<number>();
  for (const a of s.avatars.values()) taken.add(a.seat);
  let seat = 1;
  while (taken.has(seat)) seat++;
  return seat;
}

/** The name of a resident or person in the room, if it is there. */
function nameIn(s: TownState, id: string): string | undefined {
  return s.avatars.get(id)?.name ?? s.agents.get(id)?.name;
}

/**
 * A resident's doing as the room's state carries it: "" and "" for a talk the client can write
 * from talkingTo (talkingWith() its name, TALK_EMOJI), and for that talk's doing lingering the step
 * after it ended (the resident is choosing what next); anything else as it is.
 */
export function sentDoing(
  s: TownState,
  id: string,
  d: { action: string; emoji: string; talkingTo: string },
): { action: string; emoji: string; others: number } {
  const now = s.agents.get(id);
  const withWhom = d.talkingTo || (now ? talkingToOf(s, now) : "");
  const name = withWhom ? nameIn(s, withWhom) : undefined;
  const others = name === undefined || d.emoji !== TALK_EMOJI ? -1 : othersIn(s, d.action, name);
  return others >= 0
    ? { action: "", emoji: "", others }
    : { action: d.action, emoji: d.emoji, others: 0 };
}

/**
 * A talk's doing as talkingWith() writes it for a group ("talking with A and B and C"): how many
 * besides `name` it names, each the name of someone in the room (0: `name` alone); -1 when the
 * doing is anything else (a topic, or names the client could not tell apart), sent as it is.
 */
function othersIn(s: TownState, action: string, name: string): number {
  if (action === talkingWith(name)) return 0;
  const prefix = talkingWith("");
  if (!action.startsWith(prefix)) return -1;
  const names = action.slice(prefix.length).split(" and ");
  if (names.length > 255 || !names.includes(name) || name.includes(" and ")) return -1;
  let known = namesIn.get(s);
  if (!known || known.size !== s.avatars.size + s.agents.size) {
    known = new Set();
    for (const a of s.avatars.values()) known.add(a.name);
    for (const a of s.agents.values()) known.add(a.name);
    namesIn.set(s, known);
  }
  for (const n of names) if (!known.has(n)) return -1;
  return names.length - 1;
}
const namesIn = new WeakMap<TownState, Set<string>>();

/**
 * A resident's doing as a client shows it (sentDoing()'s inverse): "" for both while it is out of
 * the client's view in a large town.
 */
export function doingOf(s: TownState, a: AgentState): { action: string; emoji: string } {
  const action: string = a.action ?? "",
    emoji: string = a.emoji ?? "";
  const withWhom = talkingToOf(s, a);
  if (!withWhom || action || emoji) return { action, emoji };
  const name = nameIn(s, withWhom) ?? "someone";
  const others = a.others ?? 0;
  return {
    action: talkingWith(
      others === 0 ? name : `${name} and ${others === 1 ? "one other" : `${others} others`}`,
    ),
    emoji: TALK_EMOJI,
  };
}

/** A facing as the state carries it (its index in FACINGS). */
export function facingIndex(f: string): number {
  return Math.max(0, (FACINGS as readonly string[]).indexOf(f));
}

/** Which way a resident looks, as a client reads it ("down" while out of view or not decoded). */
export function facingOf(a: AgentState): Facing {
  return FACINGS[a.facing] ?? "down";
}
