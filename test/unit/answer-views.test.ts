// A visitor asks a resident of a made-up harbour village what it thinks of people it knows, tells
// it they love the village, asks who it lives with, and asks on after an earlier answer, through
// the offline engine (understand → answerPeople). What a person would notice: a view of someone is
// given with what the resident knows of THAT person, never a sentence about itself; agreeing about
// the village gives a reason that bears on the village or none; "who do you live with?" is
// answered by its household, not by who it is; and "as I said" points back only to an answer to
// the same question.
import { describe, expect, it } from "vitest";
import { conversation, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 15, 0);
const VISITOR = "Wren Talbot";

interface Resident {
  name: string;
  persona: Knowledge["persona"];
  home: string;
  today: Knowledge["today"];
  people?: Knowledge["people"];
}

const PIET: Resident = {
  name: "Piet Vos",
  persona: {
    name: "Piet Vos",
    innate: "shy, careful, curious",
    learned:
      "Piet Vos is a second-year carpentry apprentice at the Keel Street boatyard who still lives with his grandmother, Lotte. He sketches every boat that comes into the harbour.",
    currently: "Piet is counting the herons on the mill pond for a class project.",
    lifestyle: "Piet goes to bed at 10 pm, wakes up at 6 am, and fishes at Reed Pond on Saturdays.",
  },
  home: "Vos cottage",
  today: [
    {
      start: 6 * 60,
      end: 7 * 60,
      task: "eating porridge with Lotte",
      place: "kitchen of Vos cottage",
    },
    { start: 8 * 60, end: 12 * 60, task: "planing oak boards", place: "Keel Street boatyard" },
    { start: 13 * 60, end: 17 * 60, task: "sanding a rowing boat", place: "Keel Street boatyard" },
    {
      start: 18 * 60,
      end: 19 * 60,
      task: "eating supper with Lotte",
      place: "kitchen of Vos cottage",
    },
  ],
  people: [{ name: "Joris Dekker", relationship: "", talks: 3 }],
};

const MIRA: Resident = {
  name: "Mira Kols",
  persona: {
    name: "Mira Kols",
    innate: "brisk, warm, stubborn",
    learned:
      "Mira Kols runs the bakery on Quay Street, sells out of rye loaves by noon, and thinks the town is at its best on market days. She is married to Tobias, a fisherman.",
    currently: "Mira is trying out a new recipe for saffron buns.",
    lifestyle: "Mira goes to bed at 9 pm and wakes up at 4 am.",
  },
  home: "Kols house",
  today: [
    { start: 4 * 60, end: 12 * 60, task: "baking bread", place: "Quay Street bakery" },
    {
      start: 12 * 60,
      end: 13 * 60,
      task: "eating lunch with Tobias",
      place: "kitchen of Kols house",
    },
    { start: 19 * 60, end: 20 * 60, task: "having supper with Tobias", place: "Kols house" },
  ],
};

const ESME: Resident = {
  name: "Esme Brandt",
  persona: {
    name: "Esme Brandt",
    innate: "sharp, private, dry",
    learned:
      "Esme Brandt is a notary who came to the village nine years ago. She lives alone and restores old clocks in the evenings.",
    currently: "Esme is drafting a will for the harbour master.",
    lifestyle: "Esme goes to bed at 11 pm and wakes up at 7 am.",
  },
  home: "Brandt flat",
  today: [
    { start: 9 * 60, end: 17 * 60, task: "drafting deeds", place: "Brandt notary office" },
    { start: 19 * 60, end: 22 * 60, task: "restoring a clock", place: "Brandt flat" },
  ],
};

const RESIDENTS = [PIET.name, MIRA.name, ESME.name, "Lotte Vos", "Tobias Kols", "Joris Dekker"];

function knowledge(r: Resident): Knowledge {
  return knowledgeWith({
    persona: r.persona,
    minute: 15 * 60,
    today: r.today,
    home: r.home,
    places: [
      { name: r.home, parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Keel Street boatyard", parts: ["slipway", "shed"], things: ["workbench"] },
      { name: "Quay Street bakery", parts: ["counter", "oven room"], things: ["oven"] },
      { name: "Reed Pond", parts: ["jetty", "reeds"], things: ["bench"] },
      { name: "Brandt notary office", parts: ["desk room"], things: ["desk"] },
    ],
    people: r.people ?? [],
  });
}

/** A talk with one resident: each line said with what was said before in it. */
const talkWith = (r: Resident) =>
  conversation({
    me: r.name,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledge(r),
    speaker: VISITOR,
  });

describe("views of people, of the village, the household and pointing back", () => {
  it("a view of a relative is given with the clause on them, not the resident's own life", () => {
    const view = talkWith(PIET)("What's your opinion of Lotte?");
    expect(view).toMatch(/Lotte/);
    expect(view).toMatch(/grandmother/);
    // (Its work and the boats it sketches are about itself, not about her.)
    expect(view).not.toMatch(/apprentice|boatyard|sketch/);
  });

  it("a neighbour it talks with is liked without saying it hardly knows them", () => {
    const view = talkWith(PIET)("How do you feel about Joris?");
    expect(view).toMatch(/Joris/);
    expect(view).not.toMatch(/don't know Joris/);
  });

  it("agreeing about the village gives a reason that bears on the village, or none", () => {
    const piet = talkWith(PIET)("I really love this village.");
    // (Where it goes in the village because it likes to: the pond it fishes at.)
    expect(piet).toMatch(/Reed Pond/);
    expect(piet).not.toMatch(/apprentice|grandmother|herons/);
    // (What it thinks of the town, said by that clause alone.)
    const mira = talkWith(MIRA)("This neighbourhood is so pleasant.");
    expect(mira).toMatch(/the town is at its best on market days/);
    expect(mira).not.toMatch(/rye loaves|Tobias|saffron/);
    const esme = talkWith(ESME)("We love this town.");
    expect(esme).not.toMatch(/notary/);
  });

  it("'who do you live with?' is answered by its household, not by who it is", () => {
    const mira = talkWith(MIRA)("Who do you live with?");
    expect(mira).toMatch(/Tobias/);
    expect(mira).not.toMatch(/I'm Mira|bakery/);
    const piet = talkWith(PIET)("Who do you live with?");
    expect(piet).toMatch(/grandmother, Lotte/);
    expect(talkWith(ESME)("Who do you live with?")).toMatch(/^I live alone\.$/);
  });

  it("'as I said' points back only to an answer to the same question", () => {
    const say = talkWith(PIET);
    say("What's keeping you busy these days?");
    const family = say("Do you have family in the village?");
    expect(family).not.toMatch(/herons/);
    expect(family).toMatch(/Lotte/);
    // Asked the same again in other words, it points back to what it said.
    const piet = talkWith(PIET);
    piet("Who do you live with?");
    expect(piet("So who do you live with, then?")).toMatch(
      /^(As I said|Like I told you|It's as I said|Same as I said)/,
    );
  });
});
