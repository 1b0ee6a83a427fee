// The reaction step for a person (§3.3 C, as the paper's agents decide whether to react to what
// they observe): a resident sees someone walk up to it or hears them address it, and decides
// whether to stop what it is doing and turn to them, or carry on.
import { z } from "zod";
import { isSleep } from "../../../shared/activity.ts";
import { definePrompt, firstName, memories, nowAt, quote, type MemoryLine } from "./builder.ts";

export interface PersonReactionInput {
  name: string;
  brief: string;
  now: number;
  place: string;
  /** What the resident is doing. */
  doing: string;
  person: { name: string; role: string };
  how: "approaching" | "addressing";
  /** What the person said, when addressing. */
  words: string[];
  /** Those the resident is already talking with. */
  company: string[];
  /** Retrieved for the person's name (best first). */
  memories: MemoryLine[];
}

export const PersonReactionAnswer = z.object({
  decision: z.enum(["talk", "continue"]),
  reason: z.string(),
});
export type PersonReactionAnswer = z.infer<typeof PersonReactionAnswer>;

export const personReactionPrompt = definePrompt<PersonReactionInput, PersonReactionAnswer>({
  name: "personReaction",
  tier: "cheap",
  answer: PersonReactionAnswer,
  maxTokens: 100,
  system: () =>
    "You decide how a town resident reacts to a person who comes up to them or speaks to them, in character.",
  user: (i) => {
    const f = firstName(i.name);
    const who = `${i.person.name} (a ${i.person.role})`;
    return [
      i.brief,
      nowAt(i.now, i.place),
      `${f} is ${i.doing || "idle"}${i.company.length ? `, talking with ${i.company.join(", ")}` : ""}.`,
      i.how === "addressing"
        ? `${who} speaks to ${f}: ${i.words.map((w) => quote(i.person.name, w)).join(" ")}`
        : `${who} is walking up to ${f}.`,
      `What ${f} remembers of ${i.person.name}:`,
      memories(i.memories),
      `Options: "talk": stop and turn to ${firstName(i.person.name)} to talk; "continue": carry on. Give "decision" and a short "reason".`,
    ];
  },
  offline: (i) => offlinePersonReaction(i),
});

/**
 * Without a model: one who is spoken to turns to the speaker; one walked up to turns to them
 * unless asleep (a person walking by a sleeper does not wake them).
 */
export function offlinePersonReaction(i: PersonReactionInput): PersonReactionAnswer {
  const f = firstName(i.name);
  const p = firstName(i.person.name);
  if (i.how === "addressing") return { decision: "talk", reason: `${p} speaks to ${f}.` };
  if (isSleep(i.doing)) return { decision: "continue", reason: `${f} is asleep.` };
  return { decision: "talk", reason: `${p} is coming to see ${f}.` };
}
