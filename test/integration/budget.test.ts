// A town's model budget (LLM_BUDGET_TOKENS_PER_HOUR), against a local OpenAI-compatible server:
// past it, a reporter's question is answered by the offline engine (no request reaches the
// model for it), every client is told (engineStatus "budget"), and the hour's spending frees up
// as it ages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BudgetedGateway } from "../../server/llm/budget.ts";
import { makeGateway } from "../../server/llm/index.ts";
import { readLlmConfig } from "../../server/llm/config.ts";
import type { Prompt } from "../../server/llm/prompt.ts";
import { z } from "zod";
import { FakeOpenAI } from "../helpers/fakeOpenAI.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";

let model: FakeOpenAI;
const llmEnv = () => ({
  LLM_BASE_URL: model.url,
  LLM_MODEL: "fake-small",
  LLM_MODEL_STRONG: "fake-large",
  LLM_TIMEOUT_MS: "2000",
  LLM_MAX_RETRIES: "0",
});

beforeAll(async () => {
  model = await new FakeOpenAI().start();
});
afterAll(async () => {
  await model?.close();
});
const t = useTestServer(
  () => ({ ...llmEnv(), LLM_BUDGET_TOKENS_PER_HOUR: "3000", STEPS_PER_SECOND: "5" }),
  120_000,
);

/** Requests the model was sent for interview prompts. */
const interviewCalls = async () => {
  const m = (await (await fetch(`${t.server.url}/api/metrics`)).json()) as {
    byPrompt: Record<string, { calls: number }>;
  };
  return Object.entries(m.byPrompt)
    .filter(([name]) => /interview/i.test(name))
    .reduce((n, [, p]) => n + p.calls, 0);
};

const Answer = z.object({ answer: z.string() });
const askPrompt: Prompt<{ question: string }, z.infer<typeof Answer>> = {
  name: "test_question",
  tier: "cheap",
  answer: Answer,
  render: ({ question }) => [
    { role: "system", content: "You live in a small town." },
    { role: "user", content: question },
  ],
  offline: ({ question }) => ({ answer: `I would rather not say about "${question}".` }),
};

describe("a town's model budget", () => {
  it("once spent, a reporter's question is answered offline and every client sees why", async () => {
    const reporter = await t.join("Press", "reporter");
    const visitor = await t.join("Mia");
    // The residents' own lives spend the small budget within moments.
    await waitFor(
      "the budget to be spent",
      () => reporter.room.state.engineStatus === "budget",
      60_000,
    );
    expect(visitor.room.state.engineStatus).toBe("budget");
    const before = await interviewCalls();
    reporter.room.send("interview", {
      agentId: "ines",
      question: "What are you working on today?",
    });
    const answer = await waitFor("the answer", () => reporter.inbox.interview_answer[0], 20_000);
    expect(answer.answer.length).toBeGreaterThan(0);
    // Not one request went to the model for it.
    expect(await interviewCalls()).toBe(before);
  }, 120_000);

  it("counts the tokens of the last hour: spending older than an hour frees the budget", async () => {
    let now = 1_000_000;
    const gateway = makeGateway(readLlmConfig(llmEnv()));
    const budget = new BudgetedGateway(gateway, 500, undefined, () => now);
    let n = 0;
    const question = () => ({
      question: `How is the bakery doing this week, and who came by? (${++n})`,
    });
    const requests = model.chatRequests;
    while (!budget.exhausted()) await budget.ask(askPrompt, question()); // the town's own asks: never refused
    const spent = model.chatRequests - requests;
    expect(spent).toBeGreaterThan(0);
    // People's asks are answered offline now: no request.
    const asked = question();
    const offline = await budget.forPeople(() => budget.ask(askPrompt, asked));
    expect(offline).toEqual(askPrompt.offline(asked));
    expect(model.chatRequests - requests).toBe(spent);
    expect(budget.refused).toBe(1);
    // An hour later the spending has aged out.
    now += 3_600_000 + 60_000;
    expect(budget.exhausted()).toBe(false);
    await budget.forPeople(() => budget.ask(askPrompt, question()));
    expect(model.chatRequests - requests).toBe(spent + 1);
    await gateway.close();
  }, 60_000);
});
