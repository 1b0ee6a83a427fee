// An event's name in what residents tell (issue 29): a noun phrase the text names as an event
// (WordNet: something that happens or a social gathering), never a verb, a gerund, the people or
// things a plan is about; "an" before a vowel; news that names no event is told as it was said.
// The battery heard "I'm organising a asking on February 15" (from the record of an interview,
// 'asking "Would you come to ..."'), "organising a neighbours", "organising a kites".
import { describe, expect, it } from "vitest";
import { rememberOne } from "../../server/agents/state.ts";
import { at, tinyMind } from "../fixtures/mind-fixtures.ts";

/** What Bob says, asked by a reporter, holding one thought. */
async function told(thought: string, question: string, when = at("10:00")): Promise<string> {
  const mind = tinyMind();
  const bob = mind.agent("bob")!;
  bob.now = at("12:00");
  await rememberOne(mind.context(), bob, "thought", when, thought, 8);
  return mind.interview("bob", question, { offTheRecord: true });
}

const QUESTIONS = ["Is anyone planning an event?", "What's happening on Sunday?"];

describe("news that names no event", () => {
  it.each([
    [
      "Ann Ash is asking the neighbours to bring lanterns to the plaza on Sunday at 7 pm.",
      /asking the neighbours to bring lanterns/,
    ],
    ["Ann Ash will be flying kites at the plaza on Sunday afternoon.", /flying kites/],
    ["Ann Ash is painting the fence of Square on Sunday at 10 am.", /painting the fence/],
  ])("is told as said, not as 'organising a <word>': %s", async (thought, said) => {
    for (const q of QUESTIONS) {
      const a = await told(thought, q);
      expect(a, q).not.toMatch(/organi[sz](?:ing|ed) an? /);
      expect(a, q).toMatch(said);
    }
  });

  it("a resident's own plan gone by is not 'I organised a neighbours'", async () => {
    const a = await told(
      "Bob Birch is asking the neighbours to bring lanterns to the plaza at 9 am today.",
      QUESTIONS[0],
      at("08:00"),
    );
    expect(a).not.toMatch(/organi[sz](?:ing|ed) an? /);
    expect(a).toMatch(/asking the neighbours/);
  });
});

describe("an event's name", () => {
  it("is never the verb of an interview's record ('asking')", async () => {
    for (const q of [
      "Would you come to my birthday dinner tomorrow at 7 pm?",
      "Would you like to have tea with me tomorrow afternoon?",
    ]) {
      const a = await told(
        `Rita Moss interviewed Bob Birch, asking "${q}"; Bob Birch answered "Gladly."`,
        QUESTIONS[0],
        at("09:00"),
      );
      expect(a, q).not.toMatch(/\basking on\b|an? asking/);
    }
  });

  it("is never a goodbye read as a name ('Take care!')", async () => {
    for (const line of [
      "I'll be at the plaza at 9 am tomorrow. Take care!",
      "See you at the fountain tomorrow at 5 pm. Take care!",
    ]) {
      const a = await told(`Ann Ash and Bob Birch talked. Bob Birch: "${line}"`, QUESTIONS[0]);
      expect(a, line).not.toMatch(/organi[sz](?:ing|ed) an? Take care/);
    }
  });

  it.each([
    ["Ann Ash is hosting an open evening at the plaza on Sunday at 6 pm.", "an open evening"],
    ["Ann Ash is organising an auction of old furniture on Sunday at 3 pm.", "an auction"],
    ["Ann Ash is throwing a party at the plaza on Sunday at 8 pm.", "a party"],
    // (A name WordNet holds only as a whole, "get-together", after a word that qualifies it.)
    ["Ann Ash is throwing a small get-together at the plaza on Sunday at 5 pm.", "a small get"],
  ])("takes the article that agrees with it: %s", async (thought, named) => {
    const a = await told(thought, QUESTIONS[0]);
    expect(a).toContain(`Ann Ash is organising ${named}`);
  });
});
