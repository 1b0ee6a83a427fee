// Offline reaction to an object whose state a person changed, by one rule for every state
// ("leaking", "broken", "flooded", "on fire" alike): at one's own place and awake, one sees to
// it (woken if asleep); elsewhere, one goes and tells the people it concerns, unless asleep. No
// state is special-cased.
import type { MemoryLine } from "../prompts/builder.ts";

/** What the prompt and this offline answer are given (declared here, beside the engine that reads it, so the prompt file imports this one and not the other way round). */
export interface ObjectReactionInput {
  name: string;
  brief: string;
  now: number;
  doing: string;
  /** The object's name ("stove") and where it is ("kitchen of Calloway house"). */
  object: string;
  place: string;
  state: string;
  ownPlace: boolean;
  asleep: boolean;
  memories: MemoryLine[];
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
}

export type ObjectReaction = "leave" | "help" | "tell" | "continue";

export function offlineObjectReaction(i: ObjectReactionInput): {
  reaction: ObjectReaction;
  action: string;
  reason: string;
} {
  const f = i.name.split(" ")[0];
  const state = i.state.replace(/\s+/g, " ").trim();
  // A change at one's own place wakes one; elsewhere a sleeper notices nothing more.
  if (i.ownPlace)
    return {
      reaction: "help",
      action: `seeing to the ${i.object}, which is ${state}`,
      reason: `The ${i.object} at ${f}'s own place is ${state}.`,
    };
  if (i.asleep) return { reaction: "continue", action: "", reason: `${f} is asleep.` };
  return {
    reaction: "tell",
    action: `telling people that the ${i.object} at ${i.place} is ${state}`,
    reason: `Whoever the ${i.object} belongs to should know that it is ${state}.`,
  };
}
