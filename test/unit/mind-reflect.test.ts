import { describe, expect, it } from "vitest";
import { reflect, reflectionDue } from "../../server/agents/reflect.ts";
import { remember } from "../../server/agents/state.ts";
import { at, countingGateway, tinyMind } from "../fixtures/mind-fixtures.ts";

describe("reflect", () => {
  it("triggers at 150 summed importance; 3 questions, one insight call each, insights cite their evidence and carry a depth", async () => {
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
    expect([...gw.asks]).toEqual([["reflection-questions", 1], ["reflection-insights", 3]]);
    // The questions were asked over the latest memories, the insights over what each question retrieved.
    const asked = gw.inputs.find((i) => i.prompt === "reflection-questions")!.input as { statements: unknown[] };
    expect(asked.statements.length).toBe(16);
    for (const q of gw.inputs.filter((i) => i.prompt === "reflection-insights")) expect((q.input as { question: string }).question).toBeTruthy();
    expect(insights.length).toBeGreaterThanOrEqual(2);
    expect(new Set(insights.map((m) => m.description)).size).toBe(insights.length);
    expect(insights.length).toBeLessThanOrEqual(15);
    for (const m of insights) {
      expect(m.type).toBe("thought");
      expect(m.evidence.length).toBeGreaterThan(0);
      for (const id of m.evidence) expect(ann.memory.get(id)).toBeDefined();
      expect(m.depth).toBe(1);
    }
    expect(insights.map((m) => m.description)).toContain("Ann Ash often comes across Bob Birch");
    expect(insights.map((m) => m.description)).toContain("Ann Ash has plans ahead and keeps thinking about them");
    expect(reflectionDue(ctx, ann, at("12:00"))).toBe(false);
    expect(mind.stats.reflections).toBe(1);

    // Reflections do not trigger reflections, and the next one builds on them: depth 2.
    expect(ann.memory.importanceSinceReflection).toBe(0);
    for (let i = 0; i < 19; i++) await remember(ctx, ann, [obs(`Bob Birch waves at Ann Ash ${i}`, 8, 200 + i)]);
    // (A model that asks about the earlier insight and cites everything it was shown.)
    const model = countingGateway(undefined, (name, input) =>
      name === "reflection-questions" ? { questions: ["Ann Ash often comes across Bob Birch"] }
      : name === "reflection-insights" ? { insights: [{ insight: "Ann Ash is fond of Bob Birch", evidence: (input as { statements: unknown[] }).statements.map((_, k) => k + 1), importance: 6 }] }
      : undefined);
    const mind2 = tinyMind(model);
    const ann2 = mind2.agent("ann")!;
    for (const m of ann.memory.latest(ann.memory.size).reverse()) ann2.memory.add({ ...m, keywords: [...m.keywords], evidence: [...m.evidence], lines: m.lines?.map((l) => [l[0], l[1]] as [string, string]) });
    const again = await reflect(mind2.context(), ann2, at("16:00"));
    expect(again).toHaveLength(1);
    expect(again[0].depth).toBe(2);
  });
});
