// An invitation for a day further off than tomorrow (issue 29, item 4): "on Saturday", "next
// Friday evening" is answered for that day (said as that day), by what the resident has already
// promised that day, and accepted with that day's offset (which the plan takes).
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { nextTask } from "../../server/agents/plan.ts";
import { at, countingGateway, tinyMind } from "../fixtures/mind-fixtures.ts";
import { bobInvited } from "../helpers/visitorInvites.ts";

// A Tuesday morning.
const NOW = Date.UTC(2025, 8, 2, 9, 30);

const clockmaker = knowledgeWith({
  persona: {
    name: "Anselm Roth",
    innate: "precise, kind, sociable",
    learned: "Anselm Roth mends clocks in his shop on Ferry Lane. He lives alone above the shop.",
    currently: "Anselm is restoring the tower clock of the town hall.",
    lifestyle: "Anselm goes to bed at 10 pm, wakes up at 6 am, and walks by the canal at dusk.",
  },
  minute: 9 * 60 + 30,
  today: [
    { start: 6 * 60, end: 7 * 60, task: "eating breakfast", place: "Roth house" },
    { start: 7 * 60, end: 12 * 60, task: "mending clocks", place: "workbench of Roth clocks" },
    { start: 12 * 60, end: 13 * 60, task: "eating lunch", place: "Roth house" },
    { start: 13 * 60, end: 17 * 60, task: "restoring the tower clock", place: "town hall" },
    { start: 17 * 60, end: 19 * 60, task: "walking by the canal", place: "canal path" },
  ],
  home: "Roth house",
  places: [
    { name: "Roth house", parts: ["kitchen", "bedroom"], dwelling: true },
    { name: "Roth clocks", parts: ["workbench", "shop"] },
    { name: "town hall", parts: ["tower"] },
    { name: "canal path", parts: ["towpath"] },
  ],
  doing: "mending clocks",
});

const invite = (text: string, k: Knowledge = clockmaker) =>
  answerTo(text, {
    me: "Anselm Roth",
    residents: ["Anselm Roth", "Wilma Oster"],
    now: NOW,
    knowledge: k,
    speaker: "Dora Fenn",
    said: ["Hello, Dora."],
    heard: ["Hello!"],
  });

describe("an invitation for a day later in the week", () => {
  it("is answered for that day, said as that day", () => {
    const a = invite("I'm opening a tea stall by the bridge. Would you come by on Saturday?");
    expect(a.source).toBe("invitation");
    expect(a.accepted?.day).toBe(4);
    expect(a.text).toMatch(/on Saturday/);
    expect(a.text).not.toMatch(/\b(tomorrow|today)\b/);
  });

  it("takes a weekday already gone this week as next week's", () => {
    const a = invite("Would you join me for a walk on Monday at 4 pm?");
    expect(a.accepted?.day).toBe(6);
    expect(a.text).not.toMatch(/\b(tomorrow|today)\b/);
  });

  it("is declined when that day's hour is promised, accepted on another day", () => {
    const promised: Knowledge = {
      ...clockmaker,
      commitments: [
        { day: 3, start: 15 * 60, end: 17 * 60, what: "a visit to Wilma", place: "the mill" },
      ],
    };
    const friday = invite("Could you come to my workshop on Friday at 3 pm?", promised);
    expect(friday.source).toBe("invitation-declined");
    const thursday = invite("Could you come to my workshop on Thursday at 3 pm?", promised);
    expect(thursday.source).toBe("invitation");
    expect(thursday.accepted).toMatchObject({ day: 2, minute: 15 * 60 });
  });
});

describe("a visit accepted for a later day", () => {
  it("enters the plan of that day, at its hour", async () => {
    // (The fixtures' day is a Friday, February 13.)
    const { reply, bob, notes } = await bobInvited(
      "I'm hanging lanterns on the square. Would you come and help on Sunday at 4 pm?",
    );
    expect(reply.text).toMatch(/on Sunday at 4( |:00 )pm/);
    const planning = notes.filter((d) => d.startsWith("For Bob Birch's planning"));
    expect(planning.join("\n")).toMatch(/Ilse Varga .*on February 15 at 4(:00)? pm/);
    // Not today's plan.
    expect(bob.schedule!.blocks.find((b) => b.task.includes("Ilse"))).toBeUndefined();
  });
});

describe("an invitation remembered", () => {
  it("is kept in the third person and its day as a date: the inviter's dinner, the resident's own sister", async () => {
    const mind = tinyMind(countingGateway());
    const ctx = mind.context();
    const bob = mind.agent("bob")!;
    await nextTask(ctx, bob, at("08:00"));
    for (const words of [
      "Would you come to my birthday dinner tomorrow at 7 pm?",
      "Could you bring your sister to our picnic on Saturday?",
    ])
      await mind.hear({
        agent: { id: "bob", name: "Bob Birch" } as never,
        now: at("09:30"),
        speaker: { name: "Ilse Varga", role: "visitor" } as never,
        words: [words],
        soFar: [] as never,
      });
    const invited = bob.memory
      .latest(50, () => true)
      .map((m) => m.description)
      .filter((d) => d.includes("invited Bob Birch"));
    // (Its day kept as a date: "tomorrow" said on Friday the 13th is the 14th whenever it is told.)
    expect(invited.join("\n")).toMatch(/to come to Ilse's birthday dinner on February 14 at 7 pm/);
    expect(invited.join("\n")).toMatch(/to bring Bob's sister to Ilse's picnic/);
    expect(invited.join("\n")).not.toMatch(/\b(my|your|our)\b/);
  });
});
