import { describe, expect, it } from "vitest";
import { reflect, reflectionDue } from "../../server/agents/reflect.ts";
import { remember } from "../../server/agents/state.ts";
import { offlineInsights } from "../../server/agents/offline/reflection.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { at, countingGateway, tinyMind } from "../fixtures/mind-fixtures.ts";

describe("reflect", () => {
  it("triggers at 150 summed importance; 3 questions, their insights in one call, insights cite their evidence and carry a depth", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const obs = (description: string, importance: number, minute: number) => ({
      type: "observation" as const,
      created: at("08:00") + minute * 60_000,
      description,
      subject: "Bob Birch",
      predicate: "is",
      object: description,
      importance,
    });
    const items = [];
    for (let i = 0; i < 14; i++)
      items.push(
        obs(`Bob Birch is walking around the plaza ${i % 3 === 0 ? "again" : ""}`.trim(), 3, i),
      );
    items.push(
      obs(
        "Bob Birch told Ann Ash about the birthday party at the plaza on February 14 at 6 pm",
        8,
        20,
      ),
    );
    items.push(obs("Bob Birch and Ann Ash were conversing about their friends", 6, 21));
    await remember(ctx, ann, items);
    expect(reflectionDue(ctx, ann, at("12:00"))).toBe(false); // 14*3 + 8 + 6 = 56
    for (let i = 0; i < 12; i++)
      await remember(ctx, ann, [obs(`Ann Ash sees Bob Birch at the fountain ${i}`, 8, 30 + i)]);
    expect(reflectionDue(ctx, ann, at("12:00"))).toBe(true);
    gw.reset();
    const insights = await reflect(ctx, ann, at("12:00"));
    expect([...gw.asks]).toEqual([
      ["reflection-questions", 1],
      ["reflection-insights", 1],
    ]);
    // The questions were asked over the latest memories, the insights over what each question
    // retrieved: every question is shown, with its own statements, and a statement shown once.
    const asked = gw.inputs.find((i) => i.prompt === "reflection-questions")!.input as {
      statements: unknown[];
    };
    expect(asked.statements.length).toBe(16);
    const together = gw.inputs.find((i) => i.prompt === "reflection-insights")!.input as {
      questions: { question: string; statements: number[] }[];
      statements: { text: string }[];
    };
    expect(together.questions).toHaveLength(3);
    for (const q of together.questions) {
      expect(q.question).toBeTruthy();
      expect(q.statements.length).toBeGreaterThan(0);
      for (const k of q.statements) expect(together.statements[k]).toBeDefined();
    }
    expect(new Set(together.statements.map((x) => x.text)).size).toBe(together.statements.length);
    expect(together.statements.length).toBeLessThan(
      together.questions.reduce((n, q) => n + q.statements.length, 0),
    );
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
    expect(insights.map((m) => m.description)).toContain(
      "Ann Ash has plans ahead and keeps thinking about them",
    );
    expect(reflectionDue(ctx, ann, at("12:00"))).toBe(false);
    expect(mind.stats.reflections).toBe(1);

    // Reflections do not trigger reflections, and the next one builds on them: depth 2.
    expect(ann.memory.importanceSinceReflection).toBe(0);
    for (let i = 0; i < 19; i++)
      await remember(ctx, ann, [obs(`Bob Birch waves at Ann Ash ${i}`, 8, 200 + i)]);
    // (A model that asks about the earlier insight and cites everything it was shown, numbering
    // its one question wrongly: asked one question, the insight is still that question's.)
    const model = countingGateway(undefined, (name, input) =>
      name === "reflection-questions"
        ? { questions: ["Ann Ash often comes across Bob Birch"] }
        : name === "reflection-insights"
          ? {
              insights: [
                {
                  question: 7,
                  insight: "Ann Ash is fond of Bob Birch",
                  evidence: (input as { statements: unknown[] }).statements.map((_, k) => k + 1),
                  importance: 6,
                },
              ],
            }
          : undefined,
    );
    const mind2 = tinyMind(model);
    const ann2 = mind2.agent("ann")!;
    for (const m of ann.memory.latest(ann.memory.size).reverse())
      ann2.memory.add({
        ...m,
        keywords: [...m.keywords],
        evidence: [...m.evidence],
        lines: m.lines?.map((l) => [l[0], l[1]] as [string, string]),
      });
    const again = await reflect(mind2.context(), ann2, at("16:00"));
    expect(again).toHaveLength(1);
    expect(again[0].depth).toBe(2);
  });

  it("one call for the questions' insights gives what a call per question gives, for fewer prompt tokens", async () => {
    const run = async (insightsInOneCall: boolean) => {
      const meter = new OfflineGateway();
      const gw = countingGateway(meter);
      const mind = tinyMind(gw, { settings: { insightsInOneCall } });
      const ctx = mind.context();
      const ann = mind.agent("ann")!;
      const items = [];
      for (let i = 0; i < 30; i++) {
        const who = i % 2 ? "Bob Birch" : "Cid Cole";
        items.push({
          type: "observation" as const,
          created: at("08:00") + i * 60_000,
          description: `${who} is ${i % 3 ? "sweeping the plaza" : "planning a picnic on February 15 at noon"} ${i}`,
          subject: who,
          predicate: "is",
          object: "x",
          importance: 6,
        });
      }
      await remember(ctx, ann, items);
      gw.reset();
      const made = await reflect(ctx, ann, at("12:00"));
      return {
        made: made.map((m) => m.description).sort(),
        calls: gw.asks.get("reflection-insights"),
        tokens: meter.metrics().byPrompt["reflection-insights"].tokensIn,
      };
    };
    const each = await run(false);
    const one = await run(true);
    expect(each.calls).toBe(3);
    expect(one.calls).toBe(1);
    expect(one.made).toEqual(each.made);
    expect(one.made.length).toBeGreaterThanOrEqual(2);
    expect(one.tokens).toBeLessThan(each.tokens * 0.8);
  });

  it("offline, an insight about what fills the day is a whole phrase, never cut after 'a' or 'the'", () => {
    const ref = at("12:00");
    const memories = [
      "Cleo Moss is planning a Harvest supper for the whole street",
      "Cleo Moss is planning a Harvest supper with Dara",
      "Cleo Moss is watering the plants",
    ].map((text) => ({ text, created: ref, kind: "thought" }));
    const insights = offlineInsights(
      "Cleo Moss",
      "What does Cleo Moss spend most of the day doing?",
      memories,
      [],
      [],
      5,
    ).map((i) => i.insight);
    expect(insights).toContain("Cleo Moss spends a good part of the day planning");
  });
});
