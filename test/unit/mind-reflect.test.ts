import { describe, expect, it } from "vitest";
import { reflect, reflectionDue } from "../../server/agents/reflect.ts";
import { remember } from "../../server/agents/state.ts";
import { at, countingGateway, tinyMind } from "../fixtures/mind-fixtures.ts";

describe("reflect", () => {
  it("triggers at 150 summed importance; two calls make insights that cite existing memories", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const obs = (description: string, importance: number, minute: number) => ({
      type: "observation" as const, created: at("08:00") + minute * 60_000, description, subject: "Bob Birch", predicate: "is", object: description, importance,
    });
    const items = [];
    for (let i = 0; i < 14; i++) items.push(obs(`Bob Birch is walking around the plaza ${i % 3 === 0 ? "again" : ""}`.trim(), 3, i));
    items.push(obs("Bob Birch told Ann Ash about the birthday party at the plaza on February 14 at 6 pm", 8, 20));
    items.push(obs("Bob Birch and Ann Ash were conversing about their friends", 6, 21));
    await remember(ctx, ann, items);
    expect(reflectionDue(ctx, ann, at("12:00"))).toBe(false); // 14*3 + 8 + 6 = 56
    for (let i = 0; i < 12; i++) await remember(ctx, ann, [obs(`Ann Ash sees Bob Birch at the fountain ${i}`, 8, 30 + i)]);
    expect(reflectionDue(ctx, ann, at("12:00"))).toBe(true);
    gw.reset();
    const insights = await reflect(ctx, ann, at("12:00"));
    expect([...gw.asks]).toEqual([["reflection-questions", 1], ["reflection-insights", 1]]);
    expect(insights.length).toBeGreaterThanOrEqual(1);
    expect(insights.length).toBeLessThanOrEqual(5);
    for (const m of insights) {
      expect(m.type).toBe("thought");
      expect(m.evidence.length).toBeGreaterThan(0);
      for (const id of m.evidence) expect(ann.memory.get(id)).toBeDefined();
    }
    expect(insights.map((m) => m.description)).toContain("Ann Ash is looking forward to the birthday party at plaza on February 14 at 6 pm");
    expect(reflectionDue(ctx, ann, at("12:00"))).toBe(false);
    expect(mind.stats.reflections).toBe(1);
  });
});
