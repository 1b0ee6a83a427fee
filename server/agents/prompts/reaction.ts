// The whole reaction decision in one call: after the gates in code (react.ts) let an encounter
// through, talk to the other, wait for them to finish with what both want to use, or carry on.
// The original asks two prompts in turn (decide_to_talk, decide_to_react, §3.3 C), each with the
// context of what the resident remembers of the other and when they last talked.
import { z } from "zod";
import type { PlaceName } from "../language/events.ts";
import { offlineReaction } from "../offline/dialogue.ts";
import { definePrompt, firstName, memories, nowAt, type MemoryLine } from "./builder.ts";

export interface ReactionInput {
  name: string;
  brief: string;
  now: number;
  /** Where the resident is. */
  place: string;
  /** What the agent is doing and where it is headed. */
  doing: string;
  other: { name: string; doing: string };
  options: ("talk" | "wait" | "join")[];
  /** Retrieved for the other's name and what they do (best first). */
  memories: MemoryLine[];
  lastChat?: { minutesAgo: number; topic: string };
  /** The object both want, when "wait" is an option. */
  sharedObject?: string;
  /** Known places and people, for the offline engine. */
  places: PlaceName[];
  people: readonly string[];
  /** Conversations the resident already had today (the offline engine's social budget). */
  chatsToday?: number;
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
}

export const ReactionAnswer = z.object({
  decision: z.enum(["talk", "wait", "join", "continue"]),
  reason: z.string(),
});
export type ReactionAnswer = z.infer<typeof ReactionAnswer>;

export const reactionPrompt = definePrompt<ReactionInput, ReactionAnswer>({
  name: "reaction",
  tier: "cheap",
  answer: ReactionAnswer,
  maxTokens: 120,
  system: () =>
    "You decide how a town resident reacts to someone nearby, in character. Busy or shy people do not chat all the time.",
  user: (i) => {
    const f = firstName(i.name);
    const o = firstName(i.other.name);
    const options = [
      ...(i.options.includes("talk") ? [`"talk": start a conversation with ${o}`] : []),
      ...(i.options.includes("wait")
        ? [`"wait": wait until ${o} is done with the ${i.sharedObject ?? "place"}`]
        : []),
      ...(i.options.includes("join")
        ? [`"join": go over and join the conversation ${o} is having`]
        : []),
      `"continue": carry on`,
    ];
    return [
      i.brief,
      nowAt(i.now, i.place),
      `${f} is ${i.doing}; ${i.other.name} is ${i.other.doing}.`,
      i.lastChat
        ? `They last talked ${i.lastChat.minutesAgo} minutes ago, ${i.lastChat.topic}.`
        : `They have not talked recently.`,
      `What ${f} remembers:`,
      memories(i.memories, 60, i.today),
      `Options: ${options.join("; ")}. Give "decision" and a short "reason".`,
    ];
  },
  offline: (i) => offlineReaction(i),
});
