// What the trace says of an ask a model answered (issue 31), against a local server that speaks
// the OpenAI API: the model's answer with its raw text, tokens and cost; a repair and why; the
// cache; the offline fallback and why; and nothing traced outside a resident's turn.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { readLlmConfig } from "../../server/llm/config.ts";
import { OpenAIGateway } from "../../server/llm/openaiGateway.ts";
import type { Prompt } from "../../server/llm/prompt.ts";
import { traced, type TraceSink } from "../../server/llm/trace.ts";
import { TraceEntry } from "../../shared/trace.ts";
import { answer, FakeOpenAI } from "../helpers/fakeOpenAI.ts";

const Act = z.object({ action: z.string().min(1) });
const prompt: Prompt<{ who: string }, z.infer<typeof Act>> = {
  name: "test_act",
  tier: "cheap",
  answer: Act,
  render: ({ who }) => [
    { role: "system", content: "You decide what a resident does next. Be brief." },
    { role: "user", content: `What does ${who} do?` },
  ],
  offline: ({ who }) => ({ action: `${who} waits` }),
};

let server: FakeOpenAI;
beforeEach(async () => {
  server = await new FakeOpenAI().start();
});
afterEach(async () => {
  await server.close();
});

function gateway() {
  const config = readLlmConfig({
    LLM_BASE_URL: server.url,
    LLM_MODEL: "cheap-model",
    LLM_TIMEOUT_MS: "10000",
    LLM_MAX_RETRIES: "0",
    LLM_PRICE_IN: "2",
    LLM_PRICE_OUT: "8",
  });
  return new OpenAIGateway(config, { random: () => 0.5 });
}

/** Asks once in a resident's turn; the entries its sink got. */
async function ask(gw: OpenAIGateway, who: string): Promise<TraceEntry[]> {
  const got: TraceEntry[] = [];
  const sink: TraceSink = {
    trace: (_a, _t, _n, _p, json) => got.push(TraceEntry.parse(JSON.parse(json))),
  };
  await traced("ines", 1_000, sink, () => gw.ask(prompt, { who }));
  return got;
}

describe("the trace of a model's asks", () => {
  it("the model's answer: raw text, tokens, cost; then the same ask from the cache", async () => {
    server.chat = (_req, res) =>
      answer(res, { action: "bakes bread" }, { prompt_tokens: 40, completion_tokens: 6 });
    const gw = gateway();
    const [e] = await ask(gw, "Ines");
    expect(e).toMatchObject({
      agentId: "ines",
      time: 1_000,
      prompt: "test_act",
      purpose: "You decide what a resident does next.",
      engine: "model",
      model: "cheap-model",
      reason: null,
      answer: { action: "bakes bread" },
      raw: '{"action":"bakes bread"}',
      tokensIn: 40,
      tokensOut: 6,
      cacheHit: false,
    });
    expect(e.costUsd).toBeCloseTo((40 * 2 + 6 * 8) / 1e6, 12);
    expect(e.user).toContain("What does Ines do?");
    const [again] = await ask(gw, "Ines");
    expect(again).toMatchObject({
      engine: "cache",
      cacheHit: true,
      answer: { action: "bakes bread" },
    });
    expect(again.n).toBeGreaterThan(e.n);
  });

  it("a wrong answer repaired, and one that stays wrong falls back with its reason", async () => {
    let n = 0;
    server.chat = (_req, res) => answer(res, n++ === 0 ? { nope: 1 } : { action: "sweeps" });
    const gw = gateway();
    const [repaired] = await ask(gw, "Bo");
    expect(repaired).toMatchObject({ engine: "repair", answer: { action: "sweeps" } });
    expect(repaired.reason).toMatch(/first answer was invalid/);
    server.chat = (_req, res) => answer(res, "not json at all");
    const [fallback] = await ask(gw, "Cy");
    expect(fallback).toMatchObject({ engine: "fallback", answer: { action: "Cy waits" } });
    expect(fallback.reason).toMatch(/still invalid after a repair/);
    expect(fallback.raw).toBe("not json at all");
  });

  it("only the asks of a resident's turn are traced, each to its own turn", async () => {
    server.chat = (req, res) => {
      const user = (req.body.messages as { content: string }[]).at(-1)?.content ?? "";
      answer(res, { action: user.includes("Dee") ? "reads" : "sings" });
    };
    const gw = gateway();
    const got: TraceEntry[] = [];
    const sink: TraceSink = {
      trace: (_a, _t, _n, _p, json) => got.push(TraceEntry.parse(JSON.parse(json))),
    };
    await Promise.all([
      gw.ask(prompt, { who: "Eve" }),
      traced("dee", 5, sink, () => gw.ask(prompt, { who: "Dee" })),
      traced("dee", 5, undefined, () => gw.ask(prompt, { who: "Flo" })),
    ]);
    expect(got.map((e) => [e.agentId, e.answer])).toEqual([["dee", { action: "reads" }]]);
    expect(gw.metrics().asks).toBe(3);
  });
});
