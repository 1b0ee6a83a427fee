// The metrics of a process and of its minds' threads read as one: what `/metrics` and the sim's
// cost report show when minds run on several threads.
import { describe, expect, it } from "vitest";
import { Meter, sumMetrics } from "../../server/llm/metrics.ts";

describe("sumMetrics", () => {
  it("adds counts and tokens per prompt and per model, and keeps the worst latency", () => {
    const room = new Meter("openai", { small: { in: 1, out: 2 } });
    room.add("reaction", "small", "calls", 2);
    room.tokens("reaction", "small", 100, 10);
    room.latency("reaction", "small", 40);
    const minds = new Meter("openai", { small: { in: 1, out: 2 } });
    minds.add("reaction", "small", "calls");
    minds.add("day_plan", "small", "calls");
    minds.tokens("reaction", "small", 50, 5);
    minds.latency("reaction", "small", 90);

    const all = sumMetrics(room.snapshot(), minds.snapshot());
    expect(all.calls).toBe(4);
    expect(all.tokensIn).toBe(150);
    expect(all.byPrompt.reaction.calls).toBe(3);
    expect(all.byPrompt.reaction.tokensOut).toBe(15);
    expect(all.byPrompt.day_plan.calls).toBe(1);
    expect(all.byModel.small.calls).toBe(4);
    expect(all.byPrompt.reaction.latencyMs.max).toBe(90);
    expect(all.byPrompt.reaction.latencyMs.count).toBe(2);
    // The parts are left as they were.
    expect(room.snapshot().calls).toBe(2);
  });
});
