// After a conversation (conversationMode "turns", and conversations with visitors): what one
// side takes away, in one call: how poignant it was, a memo, a planning note and an updated
// relationship summary (the original's chat poignancy, memo_on_convo, planning_thought_on_convo
// and summarize_chat_relationship, four calls).
import type { Prompt } from "../../llm/prompt.ts";
import { offlineTakeaway, type Line } from "../offline/dialogue.ts";
import { when, type PlaceName } from "../offline/text.ts";
import { firstName, quote, QUOTED_SPEECH } from "./common.ts";
import { Takeaway } from "./conversation.ts";
import type { z } from "zod";

export interface PostChatInput {
  name: string;
  brief: string;
  other: string;
  now: number;
  lines: Line[];
  topic: string;
  relationship: string;
  places: PlaceName[];
}

export type PostChatAnswer = z.infer<typeof Takeaway>;

export const postChatPrompt: Prompt<PostChatInput, PostChatAnswer> = {
  name: "post-chat",
  tier: "cheap",
  answer: Takeaway,
  maxTokens: 250,
  render: (i) => {
    const f = firstName(i.name);
    return [
      { role: "system", content: `You note what a town resident takes away from a conversation. ${QUOTED_SPEECH}` },
      {
        role: "user",
        content: [
          i.brief,
          `${when(i.now)}. ${f} talked with ${i.other}:`,
          ...i.lines.map((l) => quote(l.speaker, l.text)),
          `Before, ${f} about ${firstName(i.other)}: ${i.relationship || "(no opinion yet)"}`,
          `Give "importance" (1-10 for ${f}), "memo" (what ${f} found interesting), "planning" (what ${f} must remember for plans, with day, time and place; "" if nothing), "relationship" (one sentence: how ${f} sees ${firstName(i.other)} now).`,
        ].join("\n"),
      },
    ];
  },
  offline: (i) => offlineTakeaway(i.name, i.other, i.lines, i.topic, i.relationship, i.now, i.places),
};
