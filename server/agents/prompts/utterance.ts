// One utterance of the paper's turn-by-turn dialogue (conversationMode "turns"): the speaker's
// next line from its own retrieved memories, how it sees the listener and the conversation so
// far, and whether the line ends it (the original's iterative_convo_v1, §3.6).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { offlineUtterance, type ChatSideInput, type Line } from "../offline/dialogue.ts";
import { when, type PlaceName } from "../offline/text.ts";
import { bullets, firstName, quote, QUOTED_SPEECH } from "./common.ts";

export interface UtteranceInput {
  now: number;
  place: string;
  speaker: ChatSideInput;
  /** The listener as the speaker sees them (the speaker's side holds its own memories only). */
  listener: ChatSideInput;
  soFar: Line[];
  maxLines: number;
  places: PlaceName[];
}

export const UtteranceAnswer = z.object({ text: z.string().min(1), end: z.boolean(), topic: z.string() });
export type UtteranceAnswer = z.infer<typeof UtteranceAnswer>;

export const utterancePrompt: Prompt<UtteranceInput, UtteranceAnswer> = {
  name: "utterance",
  tier: "cheap",
  answer: UtteranceAnswer,
  maxTokens: 200,
  temperature: 0.7,
  render: (i) => {
    const s = firstName(i.speaker.name);
    const l = firstName(i.listener.name);
    return [
      { role: "system", content: `You write the next line of a conversation between two residents of a small town, in character. The speaker says only what they know. ${QUOTED_SPEECH}` },
      {
        role: "user",
        content: [
          i.speaker.brief,
          `${when(i.now)}, ${i.place}. ${s} is ${i.speaker.action || "idle"}; ${i.listener.name} is ${i.listener.action || "idle"}.`,
          `${s} about ${l}: ${i.speaker.relationship || "(no opinion yet)"}`,
          `${s} remembers:`,
          bullets(i.speaker.memories),
          `So far:`,
          i.soFar.length ? i.soFar.map((x) => quote(x.speaker, x.text)).join("\n") : "(nothing yet: start it)",
          `Give "text": what ${s} says next; "end": whether the conversation ends with it; "topic": "conversing about ...".`,
        ].join("\n"),
      },
    ];
  },
  offline: (i) => offlineUtterance(i.speaker, i.listener, i.soFar, i.now, i.places, i.maxLines),
};
