import { encodeChat } from "gpt-tokenizer";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hashEmbed } from "../../server/llm/hashEmbedding.ts";
import { makeGateway } from "../../server/llm/index.ts";
import { withJsonInstruction } from "../../server/llm/json.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { readLlmConfig } from "../../server/llm/config.ts";
import type { Prompt } from "../../server/llm/prompt.ts";
import { TokenCounter } from "../../server/llm/tokens.ts";

const Action = z.object({ action: z.string(), emoji: z.string() });
const testAction: Prompt<{ who: string; memories: string[] }, z.infer<typeof Action>> = {
  name: "test_action",
  tier: "cheap",
  answer: Action,
  render: ({ who, memories }) => [
    { role: "system", content: "You live in a small town." },
    {
      role: "user",
      content: `${who} remembers:\n${memories.map((m) => `- ${m}`).join("\n")}\nWhat does ${who} do next?`,
    },
  ],
  offline: ({ who, memories }) => ({
    action: memories.length ? `${who} thinks about ${memories[0]}` : `${who} is idle`,
    emoji: "🤔",
  }),
};
const input = { who: "Klaus", memories: ["the cafe party at five", "Maria is studying"] };

describe("offline gateway", () => {
  it("is deterministic: same answers, hashed embeddings equal to hashEmbed", async () => {
    const a = new OfflineGateway();
    const b = makeGateway(readLlmConfig({}));
    expect(await a.ask(testAction, input)).toEqual(await b.ask(testAction, input));
    expect(Action.safeParse(await a.ask(testAction, input)).success).toBe(true);
    const [v1, v2] = await a.embed(["the cafe party", "the cafe party"]);
    expect(v1).toEqual(hashEmbed("the cafe party"));
    expect(v2).toEqual(v1);
    expect(await b.embed([])).toEqual([]);
  });

  it("meters what a model would have been sent and would have answered", async () => {
    const gw = new OfflineGateway({ prices: { offline: { in: 0.15, out: 0.6 } } });
    const answer = await gw.ask(testAction, input);
    await gw.ask(testAction, input);
    const counter = new TokenCounter();
    const sent = withJsonInstruction(testAction.render(input), testAction.answer);
    const tokensIn = counter.chat(sent);
    const tokensOut = counter.text(JSON.stringify(answer));
    const m = gw.metrics();
    expect(m).toMatchObject({
      engine: "offline",
      asks: 2,
      calls: 2,
      failures: 0,
      fallbacks: 0,
      tokensIn: 2 * tokensIn,
      tokensOut: 2 * tokensOut,
    });
    expect(m.byPrompt.test_action).toMatchObject({ calls: 2, tokensIn: 2 * tokensIn });
    expect(m.byModel.offline).toMatchObject({ calls: 2 });
    expect(m.costUsd).toBeCloseTo((2 * tokensIn * 0.15 + 2 * tokensOut * 0.6) / 1e6, 12);
    // The count is the chat format's own, within a token or two.
    expect(Math.abs(tokensIn - encodeChat(sent, "gpt-4o").length)).toBeLessThanOrEqual(2);
    await gw.embed(["one text", "another text"]);
    expect(gw.metrics().embeddings).toMatchObject({
      model: "hashed",
      calls: 1,
      texts: 2,
      tokensIn: counter.text("one text") + counter.text("another text"),
    });
  });

  it("meter: false counts asks and calls but renders and counts nothing", async () => {
    let renders = 0;
    const gw = new OfflineGateway({ meter: false });
    await gw.ask({ ...testAction, render: (i) => (renders++, testAction.render(i)) }, input);
    expect(renders).toBe(0);
    expect(gw.metrics()).toMatchObject({ asks: 1, calls: 1, tokensIn: 0, tokensOut: 0 });
  });

  it("a prompt whose render throws is still answered offline", async () => {
    const gw = new OfflineGateway();
    const broken = {
      ...testAction,
      render: () => {
        throw new Error("bug");
      },
    };
    expect(await gw.ask(broken, input)).toEqual(testAction.offline(input));
    expect(gw.metrics()).toMatchObject({ calls: 1, tokensIn: 0 });
  });
});

describe("TokenCounter", () => {
  it("counts by cached lines within 1% of counting the whole text", async () => {
    const { countTokens } = await import("gpt-tokenizer");
    const text = Array.from(
      { length: 40 },
      (_, i) =>
        `- ${i} hours ago: Isabella Rodriguez was arranging flowers at Hobbs Cafe, table ${i}.`,
    ).join("\n");
    const c = new TokenCounter();
    const whole = countTokens(text);
    expect(Math.abs(c.text(text) - whole) / whole).toBeLessThan(0.01);
    expect(c.text(text)).toBe(c.text(text));
  });

  it("treats special-token text as plain text instead of throwing", () => {
    expect(new TokenCounter().text("hello <|endoftext|> there")).toBeGreaterThan(3);
  });
});
