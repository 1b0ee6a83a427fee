// After a conversation, what one side takes away, in one call: how poignant it was, a memo, a
// planning note and an updated relationship summary (the original's chat poignancy,
// memo_on_convo, planning_thought_on_convo and summarize_chat_relationship, four calls).
import { z } from "zod";
import type { PlaceName } from "../language/events.ts";
import {
  offlineTakeaway,
  type Ask,
  type ChatSideInput,
  type Line,
  type Meeting,
} from "../offline/dialogue.ts";
import type { MemoryNote } from "../memory/note.ts";
import type { Fact } from "../memory/fact.ts";
import { definePrompt, firstName, iss, nowAt, quote, type Identity } from "./builder.ts";

export interface PostChatInput {
  identity: Identity;
  /** This side, with its own memories (the offline engine decides from them whether it goes to what it heard of). */
  self: ChatSideInput;
  other: string;
  now: number;
  lines: Line[];
  topic: string;
  places: PlaceName[];
  /** The typed record each line told, if any (offline lines carry them). */
  told?: (Fact | null)[];
  /** What each line asked, if anything (offline lines carry it). */
  asked?: (Ask | null)[];
  /** A meeting the two agreed in the talk (offline lines carry it). */
  agreed?: Meeting;
}

export const Takeaway = z.object({
  importance: z.number().int().min(1).max(10),
  memo: z.string(),
  planning: z.string(),
  relationship: z.string(),
});
/** The offline engine's takeaway also carries the memo's typed record (a value, never asked of a
 *  model: its strict schema has no optional fields). */
export type PostChatAnswer = z.infer<typeof Takeaway> & {
  facts?: Fact[];
  meeting?: string;
  /** What the memo, the planning note and the meeting note are, as values (memory/note.ts). */
  notes?: { memo?: MemoryNote; planning?: MemoryNote; meeting?: MemoryNote };
};

export const postChatPrompt = definePrompt<PostChatInput, PostChatAnswer>({
  name: "post-chat",
  tier: "cheap",
  answer: Takeaway,
  maxTokens: 250,
  system: () => "You note what a town resident takes away from a conversation.",
  user: (i) => {
    const f = firstName(i.identity.name);
    return [
      iss(i.identity),
      `${nowAt(i.now)} ${f} talked with ${i.other}:`,
      ...i.lines.map((l) => quote(l.speaker, l.text)),
      `Before, ${f} about ${firstName(i.other)}: ${i.self.relationship || "(no opinion yet)"}`,
      `Give "importance" (1-10 for ${f}), "memo" (what ${f} found interesting, naming who said it), "planning" (what ${f} must remember for plans, with day, time and place; "" if nothing), "relationship" (one sentence: how ${f} sees ${firstName(i.other)} now).`,
    ];
  },
  offline: (i) =>
    offlineTakeaway(i.self, i.other, i.lines, i.topic, i.now, i.places, i.told, i.asked, i.agreed),
});
