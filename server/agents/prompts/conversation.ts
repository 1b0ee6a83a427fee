// A conversation in one call: the dialogue from both sides' own retrieved memories and how each
// sees the other, ended by the speakers or the cap, plus what each side takes away (the
// original's post-chat memo and planning thoughts, and an updated relationship summary). The
// paper's loop asks one call per utterance plus a relationship summary per turn (§3.6); that
// loop is kept as conversationMode "turns" (prompts/utterance.ts).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { offlineConversation, offlineTakeaway, type ChatSideInput } from "../offline/dialogue.ts";
import { when, type PlaceName } from "../offline/text.ts";
import { bullets, firstName, QUOTED_SPEECH } from "./common.ts";

export interface ConversationInput {
  now: number;
  /** "dining room of Copper Kettle cafe". */
  place: string;
  /** The one who starts. */
  a: ChatSideInput;
  b: ChatSideInput;
  maxLines: number;
  places: PlaceName[];
}

export const Takeaway = z.object({
  importance: z.number().int().min(1).max(10),
  memo: z.string(),
  planning: z.string(),
  relationship: z.string(),
});
export const ConversationAnswer = z.object({
  lines: z.array(z.object({ speaker: z.string(), text: z.string().min(1) })).min(1),
  topic: z.string().min(1),
  a: Takeaway,
  b: Takeaway,
});
export type ConversationAnswer = z.infer<typeof ConversationAnswer>;

function side(label: string, s: ChatSideInput, other: string): string {
  return [
    `${label}: ${s.brief.replace(/[.]$/, "")}. Now ${s.action || "idle"}.`,
    `${firstName(s.name)} about ${firstName(other)}: ${s.relationship || "(no opinion yet)"}`,
    `${firstName(s.name)} remembers:`,
    bullets(s.memories),
  ].join("\n");
}

export const conversationPrompt: Prompt<ConversationInput, ConversationAnswer> = {
  name: "conversation",
  tier: "strong",
  answer: ConversationAnswer,
  maxTokens: 1200,
  temperature: 0.7,
  render: (i) => {
    const a = firstName(i.a.name);
    const b = firstName(i.b.name);
    return [
      {
        role: "system",
        content: `You write a short, natural conversation between two residents of a small town for a life simulation. Each says only what they know from their own memories and may share news, plans and invitations. ${QUOTED_SPEECH}`,
      },
      {
        role: "user",
        content: [
          `${when(i.now)}, ${i.place}.`,
          side("A", i.a, i.b.name),
          side("B", i.b, i.a.name),
          `${a} starts. Give "lines" [{speaker: full name, text}], at most ${i.maxLines}, ending when the talk ends naturally; "topic": "conversing about ..."; and for each side ("a" for ${a}, "b" for ${b}), from this conversation only: "importance" (1-10 for them), "memo" (what they found interesting), "planning" (what they must remember for their plans, with day, time and place; "" if nothing), "relationship" (one sentence: how they see the other now).`,
        ].join("\n"),
      },
    ];
  },
  offline: (i) => {
    const c = offlineConversation(i.a, i.b, i.now, i.places, i.maxLines);
    return {
      lines: c.lines,
      topic: c.topic,
      a: offlineTakeaway(i.a.name, i.b.name, c.lines, c.topic, i.a.relationship, i.now, i.places, i.a.memories),
      b: offlineTakeaway(i.b.name, i.a.name, c.lines, c.topic, i.b.relationship, i.now, i.places, i.b.memories),
    };
  },
};
