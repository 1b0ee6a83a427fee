// A yes/no question about the resident, answered from what it knows, opens with "yes" when what it
// says is what was asked (issue 29: answers said as a person would): "Is Lotte your wife?" is not
// met with "I am married to Lotte." alone. No "yes" is made up: an answer that says something
// else, denies, or is about a thing rather than the resident keeps its own first word.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";

const NOW = Date.UTC(2024, 4, 14, 15, 0);
const ME = "Ruben Falk";
const RESIDENTS = [ME, "Lotte Falk", "Ines Marr"];
const persona = {
  name: ME,
  innate: "quiet, exact, kind",
  learned:
    "Ruben Falk is a joiner who makes stairs and doors in Brindle. He is married to Lotte, who keeps bees. He coaches the village rowing crew on Sundays.",
  currently: "Ruben is fitting a staircase for the new school.",
  lifestyle: "Ruben goes to bed at 10 pm and wakes up at 6 am.",
};
const ask = (text: string) =>
  answerTo(text, {
    me: ME,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledgeOf(persona, { minute: 15 * 60, home: "Falk house" }),
  }).text;

describe("yes first when the answer is what was asked", () => {
  it("says yes to a tie its persona names, by what the kin word means", () => {
    const a = ask("Is Lotte your wife?");
    expect(a).toMatch(/^Yes\. /);
    expect(a).toMatch(/married to Lotte/);
  });

  it("says yes to a doing of its own life its persona tells", () => {
    expect(ask("Is it true you coach the rowing crew?")).toMatch(/^Yes\. .*coach/);
    expect(ask("Do you make doors?")).toMatch(/^Yes\b/);
  });

  it("makes up no yes for what it is not, nor for what someone it names does", () => {
    expect(ask("Do you keep bees?")).not.toMatch(/^Yes/);
    const a = ask("Are you a baker?");
    expect(a).not.toMatch(/^Yes/);
  });
});
