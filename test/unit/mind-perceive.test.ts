import { describe, expect, it } from "vitest";
import { flushDue, flushObservations, perceive } from "../../server/agents/perceive.ts";
import {
  at,
  countingGateway,
  input,
  inTheSquare,
  seen,
  tinyMind,
} from "../fixtures/mind-fixtures.ts";

describe("perceive", () => {
  it("keeps new events as observations, skips those among the latest 8, and scores a batch in one call", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const now = at("09:00");
    const events = [
      seen("Bob Birch", "walking around the plaza", { actor: { kind: "agent", id: "bob" } }),
      { ...seen("Tiny:Square:plaza:fountain", "splashing"), description: "fountain is splashing" },
      // The state a resident's own use gives an object is routine: no call.
      {
        ...seen("Tiny:Square:plaza:bench", "in use"),
        description: "bench is in use",
        by: "Bob Birch",
        byPerson: false,
      },
      { ...seen("Mia", ""), predicate: "", object: "", description: "Mia is here" },
    ];
    expect(perceive(ctx, ann, events, now)).toHaveLength(4);
    expect(perceive(ctx, ann, events, now + 10_000)).toHaveLength(0); // the retention dedupe
    expect(ann.pending.map((p) => p.description)).toEqual([
      "Bob Birch is walking around the plaza",
      "fountain is splashing",
      "bench is in use",
      "Mia is idle",
    ]);
    expect(flushDue(ctx, ann, now + 60_000)).toBe(false);
    expect(flushDue(ctx, ann, now + (ctx.settings.importanceFlushMinutes - 1) * 60_000)).toBe(
      false,
    );
    expect(flushDue(ctx, ann, now + (ctx.settings.importanceFlushMinutes + 1) * 60_000)).toBe(true);
    await flushObservations(ctx, ann);
    expect(gw.asks.get("importance")).toBe(1);
    expect((gw.inputs[0].input as { items: string[] }).items).toEqual([
      "Bob Birch is walking around the plaza",
      "fountain is splashing",
    ]);
    const mems = ann.memory.latest(10).reverse();
    // A neighbour Ann neither names nor has talked with seen doing something 2, as a thing doing
    // something (importance-who.test.ts: a friend seen weighs more), each + 1 as the first of its
    // kind the resident holds (novelty); a state residents' use gives a thing 2; idle 1.
    expect(mems.map((m) => [m.type, m.importance])).toEqual([
      ["observation", 3],
      ["observation", 3],
      ["observation", 2],
      ["observation", 1],
    ]);
    expect(mems[0].keywords).toEqual(["bob birch", "around the plaza"]);
    // A description scored before is not asked again.
    perceive(
      ctx,
      ann,
      [seen("Bob Birch", "sitting down"), seen("Bob Birch", "walking around the plaza")],
      now,
    );
    ann.pending.splice(1); // keep only "sitting down"
    ann.pending.push({
      ...ann.pending[0],
      description: "Bob Birch is walking around the plaza",
      object: "around the plaza again",
    });
    await flushObservations(ctx, ann);
    expect((gw.inputs.at(-1)!.input as { items: string[] }).items).toEqual([
      "Bob Birch is sitting down",
    ]);
  });

  it("forgets beyond the retention window: the same event nine events later is new again", () => {
    const mind = tinyMind();
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const first = seen("Bob Birch", "reading");
    perceive(ctx, ann, [first], 0);
    for (let i = 0; i < 8; i++) perceive(ctx, ann, [seen("Bob Birch", `doing thing ${i}`)], 0);
    expect(perceive(ctx, ann, [first], 0)).toHaveLength(1);
  });

  it("someone kept in view in a crowd wider than the attention bandwidth is one observation, not one each time the crowd shifts", async () => {
    const mind = tinyMind();
    const { ann } = inTheSquare(mind);
    const bob = seen("Bob Birch", "reading a newspaper", { distance: 1 });
    const observed = (name: string) =>
      [...ann.pending, ...ann.memory.latest(1000)].filter((o) => o.subject === name).length;
    let now = at("09:00");
    // Bob nearest all along; the seven others a crowd whose farthest leaves as another comes in.
    for (let k = 0; k < 12; k++) {
      const crowd = Array.from({ length: 7 }, (_, i) =>
        seen(`Guest ${k + i}`, "drinking coffee", { distance: 2 + i }),
      );
      await mind.tick(input(mind, "ann", now, { perceived: [bob, ...crowd] }));
      now += 10_000;
    }
    expect(observed("Bob Birch")).toBe(1);
    expect(observed("Guest 17")).toBe(1); // each newcomer is seen
    // Out of sight, then back after more than `retention` other sights: a new sight, as before.
    const others = Array.from({ length: 9 }, (_, i) => seen(`Walker ${i}`, "passing by"));
    await mind.tick(input(mind, "ann", now, { perceived: others }));
    await mind.tick(input(mind, "ann", now + 10_000, { perceived: [bob] }));
    expect(observed("Bob Birch")).toBe(2);
  });
});
