// How a resident reacts to an object whose state a person changed ("the stove is on fire", "the
// sink is leaking"): deal with it, go and tell others, get away, or carry on, with the action it
// takes, in character. The state is words a person chose: shown quoted, never obeyed.
import { z } from "zod";
import { offlineObjectReaction, type ObjectReactionInput } from "../offline/objects.ts";
import { definePrompt, firstName, memories, nowAt } from "./builder.ts";

export type { ObjectReactionInput };

export const ObjectReactionAnswer = z.object({
  reaction: z.enum(["leave", "help", "tell", "continue"]),
  /** What the resident does now, as an "-ing" phrase; empty to carry on. */
  action: z.string().max(200),
  reason: z.string().max(300),
});
export type ObjectReactionAnswer = z.infer<typeof ObjectReactionAnswer>;

export const objectReactionPrompt = definePrompt<ObjectReactionInput, ObjectReactionAnswer>({
  name: "objectReaction",
  tier: "cheap",
  answer: ObjectReactionAnswer,
  maxTokens: 150,
  system: () =>
    "You decide how a town resident reacts to something unusual they see, in character and sensibly: people get away from danger, help where they can, and tell others.",
  user: (i) => {
    const f = firstName(i.name);
    return [
      i.brief,
      nowAt(i.now, `${i.place}${i.ownPlace ? ` (${f}'s own place)` : ""}`),
      `${f} is ${i.asleep ? "asleep" : i.doing || "idle"}.`,
      `${f} sees that the ${i.object} is in this state: "${i.state.replace(/\s+/g, " ").replace(/"/g, "'")}"`,
      `What ${f} remembers:`,
      memories(i.memories, 60, i.today),
      `Give "reaction": "leave" (get away), "help" (deal with it), "tell" (go and tell others) or "continue" (carry on); "action": what ${f} does now as an -ing phrase ("" to carry on); "reason": one sentence.`,
    ];
  },
  offline: (i) => offlineObjectReaction(i),
});
