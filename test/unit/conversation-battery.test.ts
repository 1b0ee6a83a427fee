// Residents hold a conversation with people offline (issue 29): a fast subset of the conversation
// battery (bench/conversation-battery.ts) on base-3 at 14:00, and the mechanisms a person would
// notice in base-25: a secret kept from someone just met, news and an invitation remembered as
// what they are, an accepted visit in the plan with its time, nothing said twice in a talk.
import { describe, expect, it } from "vitest";
import { ITEMS, runBattery, summary } from "../../bench/conversation-battery.ts";
import { townAt, visitorTalk } from "../../bench/visitorTalk.ts";

const base25At = (hhmm: string) => townAt("base-25", hhmm);

describe("conversation battery, fast subset", () => {
  it("answers, grounded, without echo, repeat or malformed line (base-3, 14:00)", async () => {
    // Two items of every kind, so the subset spans what people ask.
    const kinds = [...new Set(ITEMS.map((i) => i.kind))];
    const items = kinds.flatMap((k) => ITEMS.filter((i) => i.kind === k).slice(0, 2));
    const answers = await runBattery({
      only: "base-3",
      hours: [[1, "14:00"]],
      items,
      startAtFirstHour: true,
    });
    const s = summary(answers).totals;
    expect(answers.length).toBe(items.length);
    const problems = answers.filter(
      (a) => a.ungrounded.length || a.echoed || a.repeated || a.malformed.length,
    );
    expect(problems.map((a) => `${a.question} → ${a.answer}`)).toEqual([]);
    expect(s.answered).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});

describe("talking with a visitor (base-25, Ada Okafor at 14:00)", () => {
  it("keeps a secret from someone just met, remembers news and an invitation, plans the visit", async () => {
    const { mind, town } = await base25At("14:00");
    const ada = mind.context().agents.get("ada")!;
    const { soFar, say } = visitorTalk(mind, () => town.time, { id: "ada", name: "Ada Okafor" });
    const plans = await say("What are you planning to do this evening?");
    const mine = ada.schedule!.blocks.filter((b) => b.start >= 17 * 60).map((b) => b.task);
    // Her evening, from her plan, in her own voice.
    expect(mine.some((t) => plans.includes(t.replace(/\bher\b/g, "my").split(" (")[0]))).toBe(true);
    expect(plans).not.toMatch(/\bher\b/);
    const worry = await say("Is anything on your mind?");
    const family = await say("Tell me about your family.");
    const all = [plans, worry, family].join(" ");
    // Her persona: "wants to move into the dorm next year, which she has not yet told her parents".
    expect(all).not.toMatch(/dorm next year|not yet told/);
    expect(family).toMatch(/\bmy parents\b/);
    const invited = await say(
      "I've just opened a little bookshop by the park. Would you come by sometime?",
    );
    expect(invited).toMatch(/\d+(:\d\d)? ?(am|pm)/);
    const memories = ada.memory.latest(50, () => true).map((m) => m.description);
    expect(memories.some((d) => /Nora Vale, a visitor, told .*bookshop.*invited/.test(d))).toBe(
      true,
    );
    expect(memories.some((d) => /is going to visit Nora Vale on .* at \d/.test(d))).toBe(true);
    // Nothing said twice, and none of Nora's lines said back.
    const answers = soFar.filter((l) => l.name === "Ada Okafor").map((l) => l.text);
    expect(new Set(answers).size).toBe(answers.length);
    for (const a of answers)
      for (const q of soFar.filter((l) => l.name === "Nora Vale")) expect(a).not.toContain(q.text);
  }, 120_000);

  it("a reporter hears her wish, not her secret", async () => {
    const { mind, town } = await base25At("14:00");
    const ask = (speaker: string) =>
      mind.interview("ada", "What do you hope for?", { interviewer: speaker, now: town.time });
    const stranger = await ask("Rita Reyes");
    expect(stranger).toMatch(/field ecologist/);
    expect(stranger).not.toMatch(/dorm/);
  }, 120_000);
});
