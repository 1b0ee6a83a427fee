// How a recording's steps are written: one entry per step, `[step, time, events]`, each event a
// short tuple instead of an object (a moving resident costs ~20 bytes, not ~60). Event kinds this
// codec does not know (added later) are kept as the objects they are, so nothing is lost.
import { z } from "zod";
import type { TownEvent, TownEventKind } from "../events.ts";

/** The events of one step; events between steps (people walking) belong to the next step. */
export interface StepEntry {
  step: number;
  /** Game time after the step, ms. */
  time: number;
  events: TownEvent[];
}

type Encoded = unknown[] | Record<string, unknown>;
export type EncodedEntry = [number, number, Encoded[]];

export function encodeEvent(e: TownEvent): Encoded | null {
  switch (e.kind) {
    case "clockTicked":
      return null; // the entry's step and time say it
    case "agentMoved":
      return ["m", e.agentId, e.x, e.y];
    case "actionStarted":
      return ["a", e.agentId, e.action, e.emoji, e.address, e.talkingTo];
    case "said":
      return e.chat
        ? ["s", e.speaker, e.listener, e.text, e.chat]
        : ["s", e.speaker, e.listener, e.text];
    case "objectChanged":
      return ["o", e.address, e.state, e.by];
    case "avatarJoined":
      return ["j", e.avatarId, e.name, e.role, e.x, e.y, e.sprite];
    case "avatarMoved":
      return ["v", e.avatarId, e.x, e.y];
    case "avatarLeft":
      return ["l", e.avatarId];
    default:
      return { ...(e as Record<string, unknown>) };
  }
}

const str = (v: unknown) =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "";
const num = (v: unknown) => (typeof v === "number" ? v : Number(v));

export function decodeEvent(x: Encoded): TownEvent | null {
  if (!Array.isArray(x))
    return x && typeof x === "object" && typeof x.kind === "string"
      ? (x as unknown as TownEvent)
      : null;
  const [k, a, b, c, d, e, f] = x;
  switch (k) {
    case "m":
      return { kind: "agentMoved", agentId: str(a), x: num(b), y: num(c) };
    case "a":
      return {
        kind: "actionStarted",
        agentId: str(a),
        action: str(b),
        emoji: str(c),
        address: str(d),
        talkingTo: str(e),
      };
    case "s":
      return {
        kind: "said",
        speaker: str(a),
        listener: str(b),
        text: str(c),
        ...(typeof d === "string" && d ? { chat: d } : {}),
      };
    case "o":
      return { kind: "objectChanged", address: str(a), state: str(b), by: str(c) };
    case "j":
      return {
        kind: "avatarJoined",
        avatarId: str(a),
        name: str(b),
        role: str(c),
        x: num(d),
        y: num(e),
        sprite: num(f),
      };
    case "v":
      return { kind: "avatarMoved", avatarId: str(a), x: num(b), y: num(c) };
    case "l":
      return { kind: "avatarLeft", avatarId: str(a) };
    default:
      return null;
  }
}

export function encodeEntry(entry: StepEntry): EncodedEntry {
  const out: Encoded[] = [];
  for (const e of entry.events) {
    const x = encodeEvent(e);
    if (x) out.push(x);
  }
  return [entry.step, entry.time, out];
}

/** Decodes an entry; the step's clockTicked comes first, as the Town emits it. */
export function decodeEntry(x: unknown): StepEntry {
  if (
    !Array.isArray(x) ||
    x.length < 3 ||
    !Number.isInteger(x[0]) ||
    typeof x[1] !== "number" ||
    !Array.isArray(x[2])
  ) {
    throw new Error("not a recorded step: expected [step, time, events]");
  }
  const [step, time, list] = x as EncodedEntry;
  const events: TownEvent[] = [{ kind: "clockTicked", step, time }];
  for (const e of list) {
    const d = decodeEvent(e);
    if (d) events.push(d);
  }
  return { step, time, events };
}

// ---------------------------------------------------------------- the schemas of what is written

const Id = z.string().max(200);
const Text = z.string().max(10_000);
/** A tile coordinate: a whole number (never NaN, never a string). */
const Coord = z.number().int().min(0).max(100_000);

/** The tuples encodeEvent writes, by their first element. */
const TUPLES = {
  m: z.tuple([z.literal("m"), Id, Coord, Coord]),
  a: z.tuple([z.literal("a"), Id, Text, Text, Text, Id]),
  s: z.union([
    z.tuple([z.literal("s"), Id, Id, Text]),
    z.tuple([z.literal("s"), Id, Id, Text, Id]),
  ]),
  o: z.tuple([z.literal("o"), Text, Text, Text]),
  j: z.tuple([z.literal("j"), Id, Text, Text, Coord, Coord, z.number().int().min(0).max(10_000)]),
  v: z.tuple([z.literal("v"), Id, Coord, Coord]),
  l: z.tuple([z.literal("l"), Id]),
} as const;

type TupleKind =
  | "clockTicked"
  | "agentMoved"
  | "actionStarted"
  | "said"
  | "objectChanged"
  | "avatarJoined"
  | "avatarMoved"
  | "avatarLeft";
/**
 * The events encodeEvent keeps as objects, one schema per kind: a kind added to TownEvent must be
 * added here (the type says so), so every event the recorder writes has a schema.
 */
const OBJECTS: Record<Exclude<TownEventKind, TupleKind>, z.ZodType> = {
  avatarSaid: z
    .object({
      kind: z.literal("avatarSaid"),
      avatarId: Id,
      name: Text,
      agentId: Id,
      text: Text,
      chat: Id.optional(),
    })
    .strict(),
  avatarAway: z.object({ kind: z.literal("avatarAway"), avatarId: Id, away: z.boolean() }).strict(),
  agentFaced: z
    .object({
      kind: z.literal("agentFaced"),
      agentId: Id,
      facing: z.enum(["down", "left", "right", "up"]),
    })
    .strict(),
  chatJoined: z.object({ kind: z.literal("chatJoined"), chat: Id, id: Id, name: Text }).strict(),
  chatLeft: z
    .object({
      kind: z.literal("chatLeft"),
      chat: Id,
      id: Id,
      why: z.enum(["range", "goodbye", "idle", "ended", "left"]),
    })
    .strict(),
  chatEnded: z.object({ kind: z.literal("chatEnded"), agentId: Id, avatarId: Id }).strict(),
  moderated: z
    .object({
      kind: z.literal("moderated"),
      by: Text,
      action: z.enum(["pause", "resume", "speed", "whisper"]),
      value: z.number().finite().optional(),
      agentId: Id.optional(),
      text: Text.optional(),
      avatarId: Id.optional(),
      thought: Text.optional(),
    })
    .strict(),
  // Off the record leaves no trace: recordings hold interviews on the record only.
  interviewed: z
    .object({
      kind: z.literal("interviewed"),
      by: Text,
      agentId: Id,
      question: Text,
      answer: Text,
      avatarId: Id.optional(),
    })
    .strict(),
  unanswered: z
    .object({
      kind: z.literal("unanswered"),
      avatarId: Id,
      agentId: Id,
      asked: z.enum(["interview", "whisper"]),
    })
    .strict(),
  residentAdded: z
    .object({
      kind: z.literal("residentAdded"),
      by: Text,
      agentId: Id,
      name: Text,
      sprite: z.number().int().nonnegative(),
      x: z.number().int().nonnegative(),
      y: z.number().int().nonnegative(),
      home: z.string().max(400),
    })
    .strict(),
  residentRetired: z
    .object({ kind: z.literal("residentRetired"), by: Text, agentId: Id, name: Text })
    .strict(),
  residentLeft: z.object({ kind: z.literal("residentLeft"), agentId: Id, name: Text }).strict(),
  residentEdited: z
    .object({
      kind: z.literal("residentEdited"),
      by: Text,
      agentId: Id,
      changes: z
        .object({ currently: Text.optional(), lifestyle: Text.optional(), traits: Text.optional() })
        .strict(),
    })
    .strict(),
  announced: z
    .object({
      kind: z.literal("announced"),
      by: Text,
      text: Text,
      place: z.string().max(400),
      agentIds: z.array(Id).max(10_000),
    })
    .strict(),
};

/** Checks one written event; returns why it is not one, or null. */
export function eventProblem(x: unknown): string | null {
  const first: unknown = Array.isArray(x)
    ? x[0]
    : x && typeof x === "object"
      ? (x as { kind?: unknown }).kind
      : undefined;
  const schema = Array.isArray(x)
    ? typeof first === "string" && Object.hasOwn(TUPLES, first)
      ? TUPLES[first as keyof typeof TUPLES]
      : undefined
    : typeof first === "string" && Object.hasOwn(OBJECTS, first)
      ? OBJECTS[first as keyof typeof OBJECTS]
      : undefined;
  if (!schema)
    return `not a recorded event (${Array.isArray(x) ? `tag ${JSON.stringify(first)?.slice(0, 20)}` : `kind ${JSON.stringify(first)?.slice(0, 40)}`})`;
  const r = schema.safeParse(x);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return `${issue.path.length ? `field ${issue.path.join(".")}` : "event"}: ${issue.message}`;
}

/** Checks one written step entry `[step, time, events]`; returns why it is not one, or null. */
export function entryProblem(x: unknown): string | null {
  if (!Array.isArray(x) || x.length !== 3)
    return "not a recorded step: expected [step, time, events]";
  const [step, time, events] = x as unknown[];
  if (!Number.isInteger(step) || (step as number) < 0) return "step: a whole number";
  if (typeof time !== "number" || !Number.isFinite(time)) return "time: a number";
  if (!Array.isArray(events)) return "events: a list";
  for (let i = 0; i < events.length; i++) {
    const p = eventProblem(events[i]);
    if (p) return `event ${i}: ${p}`;
  }
  return null;
}
