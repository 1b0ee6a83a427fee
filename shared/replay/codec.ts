// How a recording's steps are written: one entry per step, `[step, time, events]`, each event a
// short tuple instead of an object (a moving resident costs ~20 bytes, not ~60). Event kinds this
// codec does not know (added later) are kept as the objects they are, so nothing is lost.
import type { TownEvent } from "../events.ts";

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
      return ["s", e.speaker, e.listener, e.text];
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

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "");
const num = (v: unknown) => (typeof v === "number" ? v : Number(v));

export function decodeEvent(x: Encoded): TownEvent | null {
  if (!Array.isArray(x)) return x && typeof x === "object" && typeof x.kind === "string" ? (x as unknown as TownEvent) : null;
  const [k, a, b, c, d, e, f] = x;
  switch (k) {
    case "m":
      return { kind: "agentMoved", agentId: str(a), x: num(b), y: num(c) };
    case "a":
      return { kind: "actionStarted", agentId: str(a), action: str(b), emoji: str(c), address: str(d), talkingTo: str(e) };
    case "s":
      return { kind: "said", speaker: str(a), listener: str(b), text: str(c) };
    case "o":
      return { kind: "objectChanged", address: str(a), state: str(b), by: str(c) };
    case "j":
      return { kind: "avatarJoined", avatarId: str(a), name: str(b), role: str(c), x: num(d), y: num(e), sprite: num(f) };
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
  if (!Array.isArray(x) || x.length < 3 || !Number.isInteger(x[0]) || typeof x[1] !== "number" || !Array.isArray(x[2])) {
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
