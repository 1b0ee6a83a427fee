// An interview answer: in character, from the memories retrieved for the question (the original
// retrieves 50), the day's plan and the identity block (the original's summarize_ideas +
// generate_next_convo_line, two calls).
import { z } from "zod";
import { offlineInterview, type InterviewInput } from "../offline/interview.ts";
import { definePrompt, iss, memories, nowAt, quote } from "./builder.ts";

export type { InterviewInput };

export const InterviewAnswer = z.object({ answer: z.string().min(1) });
export type InterviewAnswer = z.infer<typeof InterviewAnswer>;

export const interviewPrompt = definePrompt<InterviewInput, InterviewAnswer>({
  name: "interview",
  tier: "strong",
  answer: InterviewAnswer,
  maxTokens: 400,
  temperature: 0.7,
  system: (i) =>
    `You are ${i.identity.name}, a resident of a small town, answering an interviewer in the first person, in character and briefly. Use only what you remember below and who you are; if you do not know, say so.`,
  user: (i) => [
    iss(i.identity),
    `${nowAt(i.now)} Today's plan: ${i.plan.join("; ") || "(none)"}${i.yesterday.length ? `. Yesterday's plan: ${i.yesterday.join("; ")}` : ""}`,
    ...i.people
      .filter((p) => p.relationship)
      .map((p) => `How you see ${p.name}: ${p.relationship}`),
    `What you remember (most relevant first):`,
    memories(i.memories, 60, i.today, i.identity),
    quote(i.interviewer, i.question),
    `Give "answer".`,
  ],
  offline: (i) => ({ answer: offlineInterview(i) }),
});
