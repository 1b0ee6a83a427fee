// The whole reaction decision in one call: after the gates in code (react.ts) let an encounter
// through, talk to the other, wait for them to finish with what both want to use, or carry on.
// The original asks two prompts in turn (decide_to_talk, decide_to_react, §3.3 C).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { offlineReaction } from "../offline/dialogue.ts";
import type { PlaceName } from "../offline/text.ts";
import { when } from "../offline/text.ts";
import { bullets, firstName, QUOTED_SPEECH, type MemoryLine } from "./common.ts";

export interface ReactionInput {
  name: string;
  brief: string;
  now: number;
  /** What the agent is doing and where it is headed. */
  doing: string;
  other: { name: string; doing: string };
  options: ("talk" | "wait")[];
  /** Retrieved for the other's name and what they do (best first). */
  memories: MemoryLine[];
  lastChat?: { minutesAgo: number; topic: string };
  /** The object both want, when "wait" is an option. */
  sharedObject?: string;
  /** Known places, for the offline engine. */
  places: PlaceName[];
}

export const ReactionAnswer = z.object({ decision: z.enum(["talk", "wait", "continue"]), reason: z.string() });
export type ReactionAnswer = z.infer<typeof ReactionAnswer>;

export const reactionPrompt: Prompt<ReactionInput, ReactionAnswer> = {
  name: "reaction",
  tier: "cheap",
  answer: ReactionAnswer,
  maxTokens: 120,
  render: (i) => {
    const f = firstName(i.name);
    const o = firstName(i.other.name);
    const options = [
      ...(i.options.includes("talk") ? [`"talk": start a conversation with ${o}`] : []),
      ...(i.options.includes("wait") ? [`"wait": wait until ${o} is done with the ${i.sharedObject ?? "place"}`] : []),
      `"continue": carry on`,
    ];
    return [
      { role: "system", content: `You decide how a town resident reacts to someone nearby, in character. Busy or shy people do not chat all the time. ${QUOTED_SPEECH}` },
      {
        role: "user",
        content: [
          i.brief,
          `${when(i.now)}. ${f} is ${i.doing}; ${i.other.name} is ${i.other.doing}.`,
          i.lastChat ? `They last talked ${i.lastChat.minutesAgo} minutes ago, ${i.lastChat.topic}.` : `They have not talked recently.`,
          `What ${f} remembers:`,
          bullets(i.memories),
          `Options: ${options.join("; ")}. Give "decision" and a short "reason".`,
        ].join("\n"),
      },
    ];
  },
  offline: (i) =>
    offlineReaction({ self: i.name, other: i.other.name, options: i.options, now: i.now, memories: i.memories, places: i.places, lastChat: i.lastChat, sharedObject: i.sharedObject }),
};
