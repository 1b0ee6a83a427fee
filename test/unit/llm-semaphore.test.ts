import { describe, expect, it } from "vitest";
import { Semaphore } from "../../server/llm/semaphore.ts";

describe("Semaphore", () => {
  it("lets `limit` through, queues the rest in order, and drops waiters that give up", async () => {
    const s = new Semaphore(2);
    const r1 = (await s.acquire())!;
    const r2 = (await s.acquire())!;
    const order: string[] = [];
    const giveUp = new AbortController();
    const p3 = s.acquire().then((r) => (order.push("3"), r));
    const p4 = s.acquire(giveUp.signal).then((r) => (order.push(r ? "4" : "4 gave up"), r));
    const p5 = s.acquire().then((r) => (order.push("5"), r));
    expect(s.waiting).toBe(3);
    giveUp.abort();
    r1();
    r1(); // releasing twice does nothing
    const r3 = (await p3)!;
    expect(await p4).toBeUndefined();
    r2();
    const r5 = (await p5)!;
    expect(order).toEqual(["4 gave up", "3", "5"]);
    expect(s.inUse).toBe(2);
    r3();
    r5();
    expect(s.inUse).toBe(0);
  });

  it("gives a freed slot to a person's ask before the residents' waiting ahead of it", async () => {
    const s = new Semaphore(1);
    const r0 = (await s.acquire())!;
    const order: string[] = [];
    const take = (name: string, first: boolean) =>
      s.acquire(undefined, first).then((r) => {
        order.push(name);
        r!();
      });
    const all = [
      take("resident 1", false),
      take("resident 2", false),
      take("person 1", true),
      take("person 2", true),
    ];
    expect(s.waiting).toBe(4);
    r0();
    await Promise.all(all);
    expect(order).toEqual(["person 1", "person 2", "resident 1", "resident 2"]);
    expect(s.inUse).toBe(0);
  });
});
