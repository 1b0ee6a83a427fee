// A visitor's everyday questions put to an invented harbour baker through the offline engine
// (understand → answerPeople), each answered by what it asks, not by a nearby kind of answer: whom
// it works for by its work's clauses (not whom it talks with), whom it admires by the people it
// holds close, the hard part of its job by what weighs on it (not a liking), a visitor's glad news
// met gladly (by its feeling, AFINN-165, and its exclamation; never "that's awful"), a kind of
// place the town lacks said to be lacking (the nearest in kind named as the other thing it is),
// and "do you know X?" answered yes or no first.
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const ME = "Lena Sorel";
const RESIDENTS = [ME, "Otto Brandt", "Pieter Sorel", "Mara Kell", "Hugo Lind", "Ines Vos"];

const baker = {
  name: ME,
  innate: "brisk, warm, practical",
  learned:
    "Lena Sorel is a baker who works at Brandt's bakery for Otto Brandt. She is married to Pieter Sorel, a fisherman. Her closest friend is Mara Kell. She moved to Saltby from the city nine years ago to be near the sea.",
  currently:
    "Lena is baking three hundred rolls for the harbour festival and is worried that the old oven will not last the week.",
  lifestyle: "Lena goes to bed at 9 pm and wakes up at 4 am.",
};

// One who runs a thing of her own and names nobody close.
const owner = {
  name: "Ines Vos",
  innate: "shrewd, quiet, tidy",
  learned: "Ines Vos owns the Gull Inn on the quay, which she bought eleven years ago.",
  currently: "Ines is repainting the inn's sign.",
  lifestyle: "Ines goes to bed at midnight.",
};

function knowledge(over: Partial<Knowledge> = {}): Knowledge {
  return knowledgeWith({
    persona: baker,
    minute: 14 * 60,
    today: [
      { start: 4 * 60, end: 12 * 60, task: "baking bread", place: "kitchen of Brandt's bakery" },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch", place: "Sorel cottage" },
      { start: 13 * 60, end: 18 * 60, task: "baking rolls", place: "kitchen of Brandt's bakery" },
    ],
    home: "Sorel cottage",
    places: [
      { name: "Sorel cottage", parts: ["kitchen", "bedroom"], dwelling: true },
      // (Named after a resident, and no home: what it is is said.)
      {
        name: "Brandt's bakery",
        parts: ["kitchen", "shop floor"],
        things: ["oven"],
        dwelling: false,
      },
      { name: "Gull Inn", parts: ["bar room", "dining room"], things: ["dining table"] },
      { name: "Harbour green", parts: ["lawn", "pond"], things: ["bench"] },
      { name: "pond of Harbour green", parts: [], things: ["bench"] },
    ],
    // (People it talks with often: what a who-question was answered with whatever it asked.)
    people: [
      { name: "Ines Vos", relationship: "", talks: 6 },
      { name: "Otto Brandt", relationship: "", talks: 4 },
    ],
    doing: "baking rolls",
    ...over,
  });
}

const ask = (text: string, over: Partial<Knowledge> = {}) =>
  answerTo(text, {
    me: over.persona?.name ?? ME,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledge(over),
  }).text;

describe("a who-question about a tie other than company", () => {
  it("whom it works for is the person its work's clause names, or itself for what it owns", () => {
    const boss = ask("Who do you work for?");
    expect(boss).toMatch(/Otto/);
    expect(boss).not.toMatch(/a lot lately|married/);
    const own = ask("Who do you work for?", { persona: owner, home: "Gull Inn" });
    expect(own).toMatch(/^Myself/);
    expect(own).toMatch(/Gull Inn/);
  });

  it("whom it admires is someone it holds close, or honestly no one in mind", () => {
    const admired = ask("Who do you admire?");
    expect(admired).toMatch(/Mara|Pieter/);
    expect(admired).not.toMatch(/a lot lately/);
    const none = ask("Who do you look up to?", { persona: owner, home: "Gull Inn" });
    expect(none).not.toMatch(/a lot lately|Otto|Lena/);
    expect(none).toMatch(/no one/i);
  });
});

describe("a part of its work asked by a quality", () => {
  it("the hardest part of its job is what weighs on it, not a liking", () => {
    const hard = ask("What's the hardest part of your job?");
    expect(hard).not.toMatch(/^I like it/);
    expect(hard).toMatch(/oven/);
    const worst = ask("What is the most difficult thing about your work?");
    expect(worst).toMatch(/oven/);
  });
});

describe("a visitor's news met by its feeling", () => {
  it("glad news is met gladly, bad news with sympathy", () => {
    for (const glad of [
      "My brother just got engaged!",
      "I got the job!",
      "I finally got promoted at work.",
    ]) {
      const a = ask(glad);
      expect(a, glad).toMatch(/congratulations|wonderful|lovely|glad/i);
      expect(a, glad).not.toMatch(/sorry|awful|welcome/i);
    }
    expect(ask("My brother just got engaged!")).toMatch(/your brother my best/);
    expect(ask("I broke my leg.")).toMatch(/sorry|awful/i);
  });
});

describe("a kind of place the town lacks", () => {
  it("is said to be lacking, and the nearest in kind named as the other thing it is", () => {
    const cinema = ask("Is there a cinema here?");
    expect(cinema).toMatch(/no cinema/);
    expect(cinema).not.toMatch(/^Try/);
    const pool = ask("Is there a swimming pool in town?");
    expect(pool).toMatch(/no swimming pool/);
    expect(pool).toMatch(/pond at Harbour green/);
    // (A place it does know of the kind is named as before.)
    expect(ask("Is there a bakery?")).toMatch(/Brandt's bakery/);
  });
});

describe("do you know someone", () => {
  it("is answered yes or no first, then what it knows", () => {
    const friend = ask("Do you know Mara?");
    expect(friend).toMatch(/^(Yes|Of course|Oh yes)/);
    expect(friend).toMatch(/Mara/);
    const stranger = ask("Have you met Hugo?");
    expect(stranger).toMatch(/^No, I don't think I've met (him|Hugo)/);
  });
});

describe("a past asked of its life, not of its day", () => {
  it("is not answered with its day recited", () => {
    const day = /So far today|Earlier today|This morning|Now I'm/;
    for (const q of [
      "Have you ever been to the mountains?",
      "What was the last thing that made you laugh?",
      "Why did you move here?",
    ])
      expect(ask(q), q).not.toMatch(day);
    // (Its reasons, from its persona.)
    expect(ask("Why did you move here?")).toMatch(/near the sea/);
    // (Its day is still what its day is asked of.)
    expect(ask("What did you do this morning?")).toMatch(/baking bread/);
  });
});
