// Feelings, tastes and life questions asked of an invented resident: what a wish to mend says it
// is troubled by, a bad week met with sympathy when the word for it is one the sentiment list
// lacks, a choice among a kind answered from its habits or honestly, pride from what it made,
// the last of something and a whole life's past never made up nor answered by its day.
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 16, 0);
const ME = "Odile Farrant";
const RESIDENTS = [ME, "Bram Farrant"];

function knowledge(over: Partial<Knowledge["persona"]> = {}): Knowledge {
  return knowledgeWith({
    persona: {
      name: ME,
      innate: "dry, patient, exact",
      learned:
        "Odile Farrant is a potter with a studio on Weir Lane. She built the kiln behind her studio with her own hands. She is married to Bram, a ferryman.",
      currently:
        "Odile wants the council to repair the leaking roof of the village hall before the harvest fair and means to write to them about it.",
      lifestyle:
        "Odile goes to bed at 11 pm, wakes up at 6 am, and swims in the river every winter.",
      ...over,
    },
    minute: 16 * 60,
    today: [
      { start: 7 * 60, end: 8 * 60, task: "having porridge and tea", place: "Farrant cottage" },
      { start: 8 * 60, end: 12 * 60, task: "throwing bowls", place: "wheel of Farrant Pottery" },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch", place: "Farrant cottage" },
      { start: 13 * 60, end: 17 * 60, task: "glazing bowls", place: "wheel of Farrant Pottery" },
      { start: 18 * 60, end: 19 * 60, task: "eating dinner with Bram", place: "Farrant cottage" },
      { start: 19 * 60, end: 22 * 60, task: "playing chess with Bram", place: "Farrant cottage" },
    ],
    home: "Farrant cottage",
    places: [
      { name: "Farrant cottage", parts: ["kitchen"], dwelling: true },
      { name: "Farrant Pottery", parts: ["wheel"] },
      { name: "Willow Common", parts: ["meadow"] },
    ],
    doing: "glazing bowls",
  });
}

const ask = (text: string, over: Partial<Knowledge["persona"]> = {}) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge: knowledge(over) }).text;

describe("what troubles a resident, from a wish to mend something", () => {
  it.each(["Has anything been worrying you recently?", "Is there anything that bothers you?"])(
    "%s: the thing it wants mended, without saying nothing troubles it",
    (q) => {
      const a = ask(q);
      expect(a).toMatch(/^The leaking roof of the village hall, honestly\./);
      expect(a).toMatch(/repair it before the harvest fair/);
      expect(a).not.toMatch(/Nothing much troubles me/);
    },
  );

  it("a wish to become something is no worry: nothing troubles it", () => {
    const a = ask("Is anything worrying you these days?", {
      currently: "Odile wants to become a better glazer.",
    });
    expect(a).toMatch(/Nothing much troubles me/);
  });
});

describe("a bad time told in a word the sentiment list lacks", () => {
  it.each(["I've had a gruelling week.", "What a rough couple of days I've had."])(
    "%s: sympathy, not thanks for the news",
    (q) => {
      const a = ask(q.replace("gruelling", "grueling"));
      expect(a).toMatch(/sorry|awful|hard/i);
      expect(a).not.toMatch(/Thanks for telling me|That's news to me|I'll remember that/);
    },
  );
});

describe("tastes, pride and a life's past", () => {
  it("a choice among a kind its habits name is that one", () => {
    expect(ask("Which season do you like most?")).toMatch(
      /^Winter, I'd say\. I swim in the river every winter\./,
    );
  });

  it("a choice among a kind nothing of its own names is honestly none, not its work", () => {
    const a = ask("What kind of weather do you like best?");
    expect(a).toMatch(/couldn't really pick one/);
    expect(a).not.toMatch(/I like it, very much|potter/);
  });

  it("what it is proud of is what it made, not its plans", () => {
    const a = ask("What are you proudest of?");
    expect(a).toMatch(/I built the kiln behind my studio with my own hands/);
    expect(a).not.toMatch(/Later today|roof/);
  });

  it("the last of something it keeps no record of is honestly not offhand, not its day", () => {
    for (const q of [
      "What was the last film you watched?",
      "What's the last thing that made you smile?",
    ]) {
      const a = ask(q);
      expect(a, q).toMatch(/offhand/);
      expect(a, q).not.toMatch(/bowls|Most days|roof/);
    }
  });

  it("a meal of its days asked is what its day has then, not 'I couldn't tell you'", () => {
    const a = ask("What do you tend to have for breakfast?");
    expect(a).toMatch(/^I usually have porridge and tea\./);
  });

  it("a whole life's past its persona is silent on gets no made-up no", () => {
    const a = ask("Have you ever been overseas?");
    expect(a).not.toMatch(/^No\b/);
    expect(a).toMatch(/Have you\?$/);
  });
});
