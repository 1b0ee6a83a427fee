// What a line does and the times it names (session 28): thanks said with a word of how much
// ("Many thanks"), the speaker's own leaving said with a modal and "be" or "get" ("I must be
// going", "I'd better be off", "I should get going"), the hour of a meal asked for "tonight" (the
// meal's own hour within the part of the day named, not the part's late hour), and an invitation
// remembered with the statement said before its question in the same sentence.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { bobInvited } from "../helpers/visitorInvites.ts";
import { understand } from "../../server/agents/language/understand.ts";
import { talkLine } from "../../server/agents/offline/talk.ts";
import type { Ask, ChatSideInput, Line } from "../../server/agents/offline/dialogue.ts";

// A Thursday, early afternoon.
const NOW = Date.UTC(2025, 8, 4, 13, 0);
const H = (h: number, m = 0) => h * 60 + m;

const potter = knowledgeWith({
  persona: {
    name: "Wendeline Prost",
    innate: "warm, sociable, patient",
    learned: "Wendeline Prost throws pots in her studio by the weir and sells them on market days.",
    currently: "Wendeline is glazing a set of bowls for the harvest fair.",
    lifestyle: "Wendeline goes to bed at 11 pm and wakes up at 7 am.",
  },
  minute: H(13),
  today: [
    { start: 0, end: H(7), task: "sleeping", place: "bedroom of Weir house" },
    { start: H(9), end: H(12), task: "glazing bowls", place: "Weir studio" },
    { start: H(14), end: H(16), task: "firing the kiln", place: "Weir studio" },
    { start: H(23), end: H(24), task: "sleeping", place: "bedroom of Weir house" },
  ],
  home: "Weir house",
  places: [
    { name: "Weir house", parts: ["kitchen", "bedroom"], dwelling: true },
    { name: "Weir studio", parts: ["wheel", "kiln"] },
  ],
});
const residents = ["Wendeline Prost", "Caspar Lund"];
const ask = (text: string) =>
  answerTo(text, {
    me: "Wendeline Prost",
    residents,
    now: NOW,
    knowledge: potter,
    speaker: "Tamsin Oyelaran",
  });
const ctx = { now: NOW, residents, listener: "Wendeline Prost", speaker: "Tamsin Oyelaran" };

describe("thanks said with a word of how much", () => {
  it("is thanks, met as thanks", () => {
    for (const line of [
      "Many thanks",
      "Many thanks!",
      "Warmest thanks",
      "Many thanks for the tea",
    ]) {
      expect(understand(line, ctx).act, line).toBe("thanks");
      expect(ask(line).text, line).not.toMatch(/I think so too|good to know/i);
    }
    // (A word of how much before another noun says no thanks: a remark on the day.)
    expect(understand("Lovely morning", ctx).act).not.toBe("thanks");
  });
});

describe("the speaker's own leaving said with a modal and 'be' or 'get'", () => {
  it("is a goodbye, and the talk ends", () => {
    for (const line of [
      "I must be going",
      "I'd better be off",
      "I should get going",
      "I'd best be off now",
      "Well, I must be going.",
    ]) {
      expect(understand(line, ctx).act, line).toBe("goodbye");
      const a = ask(line);
      expect(a.end, line).toBe(true);
      expect(a.text, line).not.toMatch(/awful|sorry|wonderful news/i);
    }
  });
  it("said of another, or of a thing to be done, is no goodbye", () => {
    for (const line of ["You should be off", "I'd better be careful", "I must be honest"])
      expect(understand(line, ctx).act, line).not.toBe("goodbye");
  });
});

describe("a meal asked for tonight", () => {
  it("is offered at the meal's hour in the evening, not at the late hour 'tonight' implies", () => {
    for (const line of [
      "Come round for dinner tonight",
      "Would you like to come for supper tonight?",
    ]) {
      const a = ask(line);
      expect(a.source, line).toBe("invitation");
      expect(a.accepted?.day, line).toBe(0);
      expect(a.accepted!.minute, line).toBeGreaterThanOrEqual(H(18));
      expect(a.accepted!.minute, line).toBeLessThanOrEqual(H(20, 30));
      expect(a.text, line).toMatch(/this evening around (6|7|8)(:30)? pm/i);
    }
  });
});

describe("an invitation asked after a statement in the same sentence", () => {
  it("is remembered with what and when the statement said", async () => {
    const { notes } = await bobInvited("We're having a barbecue on Sunday, fancy coming?");
    const invited = notes.filter((d) => d.includes("invited Bob Birch")).join("\n");
    expect(invited).toMatch(/they're having a barbecue on Sunday and invited Bob Birch/);
    const { notes: other } = await bobInvited(
      "My choir is singing at the chapel on Saturday, will you come?",
      "Odile Brant",
    );
    expect(other.join("\n")).toMatch(
      /told Bob Birch that Odile's choir is singing at the chapel on Saturday/,
    );
  });
});

describe("a day further ahead asked of", () => {
  it("is answered for that day, not with how most days go", () => {
    for (const line of ["What are you doing next Friday?", "What's your plan for next Tuesday?"]) {
      const a = ask(line);
      expect(a.text, line).not.toMatch(/most days/i);
      expect(a.text, line).toMatch(/nothing that I know of is planned/i);
    }
  });
});

describe("a resident asked of today after telling of tomorrow, in a talk between residents", () => {
  it("tells today's doings: tomorrow's list in like words is no pointer back for today", () => {
    const places = [
      { name: "Rope walk", address: "Quay:Rope walk:shed" },
      { name: "Lark cottage", address: "Quay:Lark cottage:kitchen" },
    ];
    const knows = knowledgeWith({
      persona: {
        name: "Agathe Moll",
        innate: "calm, kind",
        learned: "Agathe Moll makes ropes at the rope walk.",
        currently: "",
        lifestyle: "",
      },
      minute: H(15),
      today: [
        { start: 0, end: H(7), task: "sleeping", place: "Lark cottage" },
        { start: H(7), end: H(8), task: "eating porridge", place: "Lark cottage" },
        { start: H(8), end: H(12), task: "twisting hemp into rope", place: "Rope walk" },
        { start: H(12), end: H(13), task: "eating lunch", place: "Lark cottage" },
        { start: H(13), end: H(18), task: "coiling finished rope", place: "Rope walk" },
        { start: H(23), end: H(24), task: "sleeping", place: "Lark cottage" },
      ],
      home: "Lark cottage",
      places: places.map((p) => ({ name: p.name, parts: [] })),
      knowsSpeaker: true,
      doing: "coiling finished rope",
    });
    const agathe: ChatSideInput & { knows: typeof knows } = {
      id: "agathe",
      name: "Agathe Moll",
      brief: "",
      action: "coiling finished rope",
      relationship: "",
      memories: [],
      people: ["Agathe Moll", "Bram Tell"],
      home: "Quay:Lark cottage",
      knows,
    };
    const at = Date.UTC(2024, 4, 14, 15, 0);
    const line = (lines: Line[], asked: (Ask | null)[]) =>
      talkLine(
        agathe,
        { name: "Bram Tell", action: "walking" },
        lines,
        at,
        places,
        12,
        undefined,
        lines.map(() => null),
        asked,
      ).text;
    const lines: Line[] = [
      { speaker: "Bram Tell", text: "Hello Agathe. What are you doing tomorrow?" },
    ];
    const tomorrow = line(lines, ["plans"]);
    expect(tomorrow).toMatch(/^Tomorrow I'll probably be eating porridge/);
    lines.push(
      { speaker: "Agathe Moll", text: tomorrow },
      { speaker: "Bram Tell", text: "What have you been up to today?" },
    );
    const today = line(lines, ["plans", null, "day"]);
    expect(today).toMatch(/So far today I've been eating porridge/);
    expect(today).not.toMatch(/much (the same )?as I said/i);
  });
});
