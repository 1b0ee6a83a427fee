// An interview answer: in character, from the memories retrieved for the question, the day's
// plan and the persona (the original's summarize_ideas + generate_next_convo_line, two calls).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { offlineInterview } from "../offline/interview.ts";
import { when, type PlaceName } from "../offline/text.ts";
import { bullets, iss, quote, QUOTED_SPEECH, type Identity, type MemoryLine } from "./common.ts";

export interface InterviewInput {
  identity: Identity;
  now: number;
  interviewer: string;
  question: string;
  /** Retrieved for the question, best first. */
  memories: MemoryLine[];
  /** Today's broad plan. */
  plan: string[];
  /** How the agent sees the people the question names (its relationship summaries). */
  people: { name: string; relationship: string }[];
  places: PlaceName[];
}

export const InterviewAnswer = z.object({ answer: z.string().min(1) });
export type InterviewAnswer = z.infer<typeof InterviewAnswer>;

export const interviewPrompt: Prompt<InterviewInput, InterviewAnswer> = {
  name: "interview",
  tier: "strong",
  answer: InterviewAnswer,
  maxTokens: 400,
  temperature: 0.7,
  render: (i) => [
    {
      role: "system",
      content: `You are ${i.identity.name}, a resident of a small town, answering an interviewer in the first person, in character and briefly. Use only what you remember below and who you are; if you do not know, say so. ${QUOTED_SPEECH}`,
    },
    {
      role: "user",
      content: [
        iss(i.identity),
        `Now: ${when(i.now)}. Today's plan: ${i.plan.join("; ") || "(none)"}`,
        ...i.people.filter((p) => p.relationship).map((p) => `How you see ${p.name}: ${p.relationship}`),
        `What you remember (most relevant first):`,
        bullets(i.memories),
        quote(i.interviewer, i.question),
        `Give "answer".`,
      ].join("\n"),
    },
  ],
  offline: (i) =>
    ({
      answer: offlineInterview({
        name: i.identity.name, age: i.identity.age, learned: i.identity.learned, currently: i.identity.currently,
        question: i.question, now: i.now, memories: i.memories, plan: i.plan, places: i.places, people: i.people,
      }),
    }),
};
