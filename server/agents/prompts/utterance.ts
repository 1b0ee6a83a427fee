// One line of the paper's turn-by-turn dialogue (the original's iterative_convo_v1, §3.6): the
// speaker's next line from its identity, its OWN retrieved memories (about the listener, the
// situation and the last line said), how it sees the listener, when they last talked and about
// what, and the conversation so far; the speaker decides whether the line ends it.
import { z } from "zod";
import type { PlaceName } from "../language/events.ts";
import {
  offlineUtterance,
  type Ask,
  type ChatSideInput,
  type Line,
  type Meeting,
  type PastContext,
  type Proposal,
} from "../offline/dialogue.ts";
import type { Fact } from "../memory/fact.ts";
import { talkLine } from "../offline/talk.ts";
import { definePrompt, firstName, iss, memories, nowAt, quote, type Identity } from "./builder.ts";

export interface UtteranceInput {
  identity: Identity;
  now: number;
  place: string;
  /** The speaker's side: its own memories only. */
  speaker: ChatSideInput;
  /** The listener as anyone can see them: name and what they are doing. */
  listener: { name: string; action: string };
  past?: PastContext;
  soFar: Line[];
  maxLines: number;
  places: PlaceName[];
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
  /** The typed record each line so far told, if any (offline lines carry them; a model's do not). */
  told?: (Fact | null)[];
  /** What each line so far asked, if anything (offline lines carry it). */
  asked?: (Ask | null)[];
  /** The last proposal to meet made in the talk, as a value (offline lines carry it). */
  proposed?: Proposal;
}

export const UtteranceAnswer = z.object({
  text: z.string().min(1),
  end: z.boolean(),
  topic: z.string(),
});
/** The offline engine's answer also carries the record of the news the line tells and what it asks
 *  (values, never asked of a model: its strict schema has no optional fields). */
export type UtteranceAnswer = z.infer<typeof UtteranceAnswer> & {
  told?: Fact;
  asks?: Ask;
  /** A meeting the line accepts (its proposal and the hour agreed). */
  meets?: Meeting;
  /** A place and hour the line proposes. */
  proposes?: Proposal;
};

export const utterancePrompt = definePrompt<UtteranceInput, UtteranceAnswer>({
  name: "utterance",
  tier: "cheap",
  answer: UtteranceAnswer,
  maxTokens: 200,
  temperature: 0.7,
  system: () =>
    "You write the next line of a conversation between two residents of a small town, in character. The speaker says only what they know from their own memories.",
  user: (i) => {
    const s = firstName(i.speaker.name);
    const l = firstName(i.listener.name);
    return [
      iss(i.identity),
      nowAt(i.now, i.place),
      `${s} is ${i.speaker.action || "idle"} and sees ${i.listener.name}, who is ${i.listener.action || "idle"}.`,
      `What ${s} thinks of ${l}: ${i.speaker.relationship || "(no opinion yet)"}`,
      i.past
        ? `Past context: ${s} and ${l} last talked ${i.past.minutesAgo} minutes ago, ${i.past.topic}. This conversation comes after that one.`
        : `${s} and ${l} have not talked before today.`,
      `What ${s} remembers:`,
      memories(i.speaker.memories, 60, i.today, i.identity),
      `The conversation so far:`,
      i.soFar.length
        ? i.soFar.map((x) => quote(x.speaker, x.text)).join("\n")
        : "(nothing yet: start it)",
      `Give "text": what ${s} says next; "end": whether the conversation ends with this line; "topic": "conversing about ...".`,
    ];
  },
  offline: (i) =>
    // With what the speaker knows as values (converse.side), a talk of moves (talk.ts); without,
    // the older engine's greeting, news and goodbye.
    i.speaker.knows
      ? talkLine(
          { ...i.speaker, knows: i.speaker.knows },
          i.listener,
          i.soFar,
          i.now,
          i.places,
          i.maxLines,
          i.past,
          i.told ?? [],
          i.asked ?? [],
          i.proposed,
        )
      : offlineUtterance(
          i.speaker,
          i.listener,
          i.soFar,
          i.now,
          i.places,
          i.maxLines,
          i.past,
          i.told,
          i.asked,
        ),
});
