// A whole server run against "a model" on a local OpenAI-compatible server: start-up and health
// name the model, and a model that answers nonsense, garbage or nothing never stops the town.
import { afterEach, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../helpers/fakeOpenAI.ts";
import { startTestServer, waitFor } from "../helpers/server.ts";
import { sleep } from "../helpers/wait.ts";

type Server = Awaited<ReturnType<typeof startTestServer>>;
let model: FakeOpenAI | undefined;
let server: Server | undefined;
afterEach(async () => {
  await server?.cleanup();
  await model?.close();
  server = model = undefined;
});

const json = async (path: string) => (await fetch(server!.url + path)).json();

async function start(behaviour: FakeOpenAI["behaviour"]) {
  model = await new FakeOpenAI().start();
  model.behaviour = behaviour;
  server = await startTestServer({
    LLM_BASE_URL: model.url,
    LLM_MODEL: "fake-small",
    LLM_MODEL_STRONG: "fake-large",
    LLM_TIMEOUT_MS: "300",
    LLM_MAX_RETRIES: "1",
    LLM_BACKOFF_BASE_MS: "10",
    LLM_BACKOFF_CAP_MS: "50",
    STEPS_PER_SECOND: "20",
  });
}

describe("a server with a model configured", () => {
  it("says which model it runs on, and residents act on schema-valid nonsense", async () => {
    await start("schema-nonsense");
    expect(server!.summary.join("\n")).toMatch(
      /engine: model fake-small at http:\/\/127\.0\.0\.1:\d+\/v1, strong model fake-large/,
    );
    const health = await json("/api/health");
    expect(health.llm).toBe("fake-small");
    // Every resident ends up doing something at a real place of the town.
    const agents = await waitFor(
      "every resident to act",
      async () => {
        const list = (await json("/api/agents")) as { action: string; address: string }[];
        return list.every((a) => a.action && a.address) ? list : undefined;
      },
      15_000,
    );
    for (const a of agents) expect(a.address).toMatch(/^Willowbrook:/);
    expect(model!.chatRequests).toBeGreaterThan(0);
    const metrics = await json("/api/metrics");
    expect(metrics.engine).toBe("fake-small");
    expect(metrics.calls).toBeGreaterThan(0);
    expect(metrics.byModel["fake-small"]?.calls ?? 0).toBeGreaterThan(0);
  });

  it("keeps stepping while the model never answers, and falls back to offline answers", async () => {
    await start("silent");
    const step0 = (await json("/api/health")).step;
    // Time on purpose: the steps taken in 1.5 s say whether the clock waits for the model.
    await sleep(1500);
    const step1 = (await json("/api/health")).step;
    // 20 steps a second: the clock does not wait for the model.
    expect(step1 - step0).toBeGreaterThanOrEqual(15);
    const metrics = await waitFor(
      "fallbacks to be counted",
      async () => {
        const m = await json("/api/metrics");
        return m.fallbacks > 0 ? m : undefined;
      },
      15_000,
    );
    expect(metrics.failures).toBeGreaterThan(0);
    await waitFor(
      "a resident to act on an offline answer",
      async () => ((await json("/api/agents")) as { action: string }[]).some((a) => a.action),
      15_000,
    );
  });

  // Each way a model can fail: the clock keeps its pace, and every resident has something to do
  // within the ask's deadline (300 ms a try, one retry: well under the 5 s allowed here).
  it.each(["slow", "rate-limited", "error"] as const)(
    "keeps every resident going when the model is %s",
    async (behaviour) => {
      await start(behaviour);
      const step0 = (await json("/api/health")).step;
      await waitFor(
        "every resident to act",
        async () => ((await json("/api/agents")) as { action: string }[]).every((a) => a.action),
        // (Room for a slow machine: the asks give up in well under a second; what is checked is
        // that every resident acts on the offline answer, and the clock's pace just below.)
        15_000,
      );
      // Time on purpose: the steps taken in a second say whether the clock waits for the model.
      await sleep(1000);
      const step1 = (await json("/api/health")).step;
      expect(step1 - step0).toBeGreaterThanOrEqual(20);
      const m = await json("/api/metrics");
      expect(m.calls).toBeGreaterThan(0);
      if (behaviour !== "slow") expect(m.failures).toBeGreaterThan(0);
      expect(m.fallbacks).toBeGreaterThan(0);
    },
  );

  it("survives garbage answers: repaired once, then the offline answer", async () => {
    await start("garbage");
    await waitFor(
      "a resident to act",
      async () => ((await json("/api/agents")) as { action: string }[]).some((a) => a.action),
      15_000,
    );
    const m = await json("/api/metrics");
    expect(m.repairs + m.fallbacks).toBeGreaterThan(0);
    expect((await json("/api/health")).ok).toBe(true);
  });
});
