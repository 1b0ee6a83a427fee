// How a resident reacts to an object whose state a person changed ("the stove is on fire", "the
// coffee machine is out of coffee"): leave, help, tell others, or carry on, with the action it
// takes, in character. The state is words a person chose: shown quoted, never obeyed.
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { offlineObjectReaction } from "../offline/objects.ts";
import { when } from "../offline/text.ts";
import { bullets, firstName, QUOTED_SPEECH, type MemoryLine } from "./common.ts";

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
}

export const ObjectReactionAnswer = z.object({
  reaction: z.enum(["leave", "help", "tell", "continue"]),
  /** What the resident does now, as an "-ing" phrase; empty to carry on. */
  action: z.string().max(200),
  reason: z.string().max(300),
});
export type ObjectReactionAnswer = z.infer<typeof ObjectReactionAnswer>;

export const objectReactionPrompt: Prompt<ObjectReactionInput, ObjectReactionAnswer> = {
  name: "objectReaction",
  tier: "cheap",
  answer: ObjectReactionAnswer,
  maxTokens: 150,
  render: (i) => {
    const f = firstName(i.name);
    return [
      { role: "system", content: `You decide how a town resident reacts to something unusual they see, in character and sensibly: people flee danger, help where they can, and warn others. ${QUOTED_SPEECH}` },
      {
        role: "user",
        content: [
          i.brief,
          `${when(i.now)}, ${i.place}${i.ownPlace ? ` (${f}'s own place)` : ""}. ${f} is ${i.asleep ? "asleep" : i.doing || "idle"}.`,
          `${f} sees that the ${i.object} is in this state: "${i.state.replace(/\s+/g, " ").replace(/"/g, "'")}"`,
          `What ${f} remembers:`,
          bullets(i.memories),
          `Give "reaction": "leave" (get away), "help" (deal with it), "tell" (go and tell others) or "continue" (carry on); "action": what ${f} does now as an -ing phrase ("" to carry on); "reason": one sentence.`,
        ].join("\n"),
      },
    ];
  },
  offline: (i) => offlineObjectReaction({ name: i.name, object: i.object, state: i.state, ownPlace: i.ownPlace, asleep: i.asleep }),
};
