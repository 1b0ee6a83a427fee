// Company, worries, news and people asked of in a visitor's talk (session 26): "who do you spend
// your time with?" is the company it keeps, not a fact with "time" in it; what troubles it is its
// worries whatever the time asked of; a work tie another's persona makes is a tie in its views;
// gossip and rumours are news asked for; a name no one in town has is honestly unknown. An
// invented mill town.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import { personaFacts } from "../../server/agents/language/facts.ts";

const NOW = Date.UTC(2024, 3, 16, 14, 0);
const ME = "Tobias Fenn";
const RESIDENTS = [ME, "Wanda Fenn", "Ezra Cole", "Hilde Marsh"];
const persona = (name: string, learned: string, currently = "") => ({
  name,
  innate: "cheerful",
  learned,
  currently,
  lifestyle: "",
});
const me = persona(
  ME,
  "Tobias Fenn runs the Copper Kettle, the tearoom by the mill. He hears all the gossip in the valley and repeats none of it. He is married to Wanda, the miller; her cousin Ezra lodges with them.",
  "Tobias is trying to hire a second cook for the summer.",
);
const knowledge = knowledgeOf(me, {
  minute: 14 * 60,
  home: "Fenn house",
  today: [
    {
      start: 13 * 60,
      end: 15 * 60,
      task: "wiping the tables before the afternoon rush",
      place: "Copper Kettle",
    },
  ],
  townsfolk: [
    { persona: persona("Wanda Fenn", "Wanda Fenn grinds flour at the mill."), home: "Fenn house" },
    {
      persona: persona(
        "Hilde Marsh",
        "Hilde Marsh waits tables at the Copper Kettle for Tobias Fenn and bakes the scones.",
      ),
      home: "flat 2 of Weir Row",
    },
    {
      persona: persona(
        "Ezra Cole",
        "Ezra Cole is a potter. He throws blue jugs on his wheel and sells them at the market.",
      ),
      home: "Fenn house",
    },
  ],
});
const ask = (text: string) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge }).text;

describe("company, worries, news and people asked of", () => {
  it("keeps a clause whose 'them' is it and the one it names with them", () => {
    const texts = personaFacts(me).facts.map((x) => x.text);
    expect(texts).toContain("He hears all the gossip in the valley and repeats none of it.");
  });

  it("names the company it keeps, not a fact that shares a word", () => {
    const most = ask("Who do you spend most of your time with?");
    expect(most).toMatch(/^Wanda, I'd say/);
    expect(ask("Who are you usually with?")).toMatch(/Wanda/);
    expect(ask("Who are you usually with?")).not.toMatch(/^I'm Tobias/);
  });

  it("answers what troubles it by its worries whatever the time asked of", () => {
    for (const q of ["Is anything worrying you at the moment?", "Anything bothering you today?"]) {
      const a = ask(q);
      expect(a).toMatch(/second cook/);
      expect(a).not.toMatch(/wiping the tables/);
    }
  });

  it("takes a work tie another's persona makes as a tie in its view", () => {
    const a = ask("What do you think of Hilde?");
    expect(a).not.toMatch(/don't know Hilde well/);
    expect(a).toMatch(/waits tables at the Copper Kettle for me/);
  });

  it("hears gossip and rumours asked for as news", () => {
    for (const q of ["Heard any juicy gossip lately?", "What's the latest rumour?"]) {
      const a = ask(q);
      expect(a).not.toMatch(/married to Wanda/);
      expect(a).not.toMatch(/repeats none/);
      // (Nothing heard: a quiet time, as any news asked for.)
      expect(a).toMatch(/it's been quiet/);
    }
  });

  it("answers of a thing of someone's asked of, not of them", () => {
    expect(ask("What do you make of Ezra's jugs?")).toMatch(/^Ezra throws blue jugs/);
    expect(ask("What do you think of Hilde's singing?")).toMatch(
      /don't know much about Hilde's singing/,
    );
  });

  it("knows no one by a name nobody in town has", () => {
    expect(ask("Tell me about Rosalind")).toMatch(/don't know anyone called Rosalind/);
    expect(ask("Tell me about Ezra")).not.toMatch(/don't know anyone called/);
  });
});
