// The live server's gateway: asks answered in order, each in its own turn of the event loop (a
// timer or a socket gets its turn between two asks of a resident's chain of thought), in the
// asker's async context, with failures passed on.
import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import type { Gateway, Prompt } from "../../server/llm/prompt.ts";
import { forAPerson, TurnTakingGateway } from "../../server/llm/turns.ts";
import { sleep } from "../helpers/wait.ts";

const echo: Prompt<{ n: number }, { n: number }> = {
  name: "echo",
  tier: "cheap",
  answer: z.object({ n: z.number() }),
  render: ({ n }) => [{ role: "user", content: `say ${n}` }],
  offline: ({ n }) => ({ n }),
};
const broken: Prompt<{ n: number }, { n: number }> = {
  ...echo,
  name: "broken",
  offline: () => {
    throw new Error("no answer");
  },
};

/** A chain of asks, each asked when the last is answered (as a resident plans, then decomposes...). */
async function chain(gateway: Gateway, length: number, log: string[], times = 1): Promise<void> {
  for (let i = 0; i < length; i++) log.push(`ask ${(await gateway.ask(echo, { n: i * times })).n}`);
}

describe("TurnTakingGateway", () => {
  it("lets a timer run between two asks of a chain; without it the chain runs in one go", async () => {
    for (const [gateway, timerWithin] of [
      [new OfflineGateway({ meter: false }), false],
      [new TurnTakingGateway(new OfflineGateway({ meter: false })), true],
    ] as const) {
      const log: string[] = [];
      setTimeout(() => log.push("timer"), 0); // time on purpose: the timer the test watches
      await chain(gateway, 200, log);
      await sleep(5); // time on purpose: the timer set before the chain has run by now
      const at = log.indexOf("timer");
      expect(at, gateway.constructor.name).toBeGreaterThan(-1);
      expect(at < 200, gateway.constructor.name).toBe(timerWithin);
      expect(log.filter((l) => l !== "timer")).toEqual(
        Array.from({ length: 200 }, (_, i) => `ask ${i}`),
      );
    }
  });

  it("answers two residents' chains in turns, first come first served, with the inner gateway's answers and metrics", async () => {
    const inner = new OfflineGateway({ meter: false });
    const gateway = new TurnTakingGateway(inner);
    const log: string[] = [];
    await Promise.all([chain(gateway, 3, log, 10), chain(gateway, 3, log)]);
    expect(log).toEqual(["ask 0", "ask 0", "ask 10", "ask 1", "ask 20", "ask 2"]);
    expect(gateway.metrics()).toEqual(inner.metrics());
    expect(gateway.metrics().byPrompt.echo.asks).toBe(6);
    expect(gateway.engine).toBe("offline");
    expect(gateway.waiting).toBe(0);
    expect(await gateway.embed(["a stove", "a bed"])).toHaveLength(2);
  });

  it("runs each ask in its asker's async context, and passes a failure on to that asker only", async () => {
    const gateway = new TurnTakingGateway(new OfflineGateway({ meter: false }));
    const town = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const spy: Prompt<{ n: number }, { n: number }> = {
      ...echo,
      offline: ({ n }) => (seen.push(town.getStore()), { n }),
    };
    const [a, b, c] = await Promise.allSettled([
      town.run("north", () => gateway.ask(spy, { n: 1 })),
      town.run("south", () => gateway.ask(broken, { n: 2 })),
      town.run("south", () => gateway.ask(spy, { n: 3 })),
    ]);
    expect(a).toEqual({ status: "fulfilled", value: { n: 1 } });
    expect(b).toMatchObject({ status: "rejected", reason: { message: "no answer" } });
    expect(c).toEqual({ status: "fulfilled", value: { n: 3 } });
    expect(seen).toEqual(["north", "south"]);
  });

  it("answers a person's chain before the residents' chains queued ahead of it", async () => {
    const gateway = new TurnTakingGateway(new OfflineGateway({ meter: false }));
    const log: string[] = [];
    const residents = Array.from({ length: 20 }, () => chain(gateway, 5, log, 10));
    const person: string[] = [];
    const asked = forAPerson(() => chain(gateway, 5, person));
    await asked;
    // The residents' asks under way when the person asked: one turn's, not their twenty chains.
    expect(log.length).toBeLessThanOrEqual(1);
    await Promise.all(residents);
    expect(log).toHaveLength(100);
    expect(person).toEqual(["ask 0", "ask 1", "ask 2", "ask 3", "ask 4"]);
  });
});
