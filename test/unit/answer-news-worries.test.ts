// News asked for by how it should be, complaints as worries, a view of a thing in general, and the
// company one keeps asked in other words (session 28): "heard anything interesting?" asks for any
// news, not news of "interesting"; what a persona finds tiring or dislikes is what bothers it;
// "Work is exhausting." is a view to agree with, not a trouble to be sorry for; "who do you hang
// around with?" is the company it keeps. An invented harbour town.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";

const NOW = Date.UTC(2024, 8, 10, 15, 0);
const ME = "Corin Vasquez";
const RESIDENTS = [ME, "Lotte Vasquez", "Piet Brandt", "Agnes Moll", "Silas Moll"];
const persona = (name: string, learned: string, currently = "") => ({
  name,
  innate: "steady, dry, kind",
  learned,
  currently,
  lifestyle: "",
});
const corin = persona(
  ME,
  "Corin Vasquez keeps the lighthouse at the end of the harbour wall. He is married to Lotte, who mends nets.",
  "Corin is repainting the lamp room, though he finds the harbour master's new rules tiring.",
);
const agnes = persona(
  "Agnes Moll",
  "Agnes Moll runs the ferry to the island. She is married to Silas, a boatwright. She dislikes the summer crowds.",
  "Agnes is training a new deckhand.",
);
const townsfolk = [
  { persona: persona("Lotte Vasquez", "Lotte Vasquez mends nets."), home: "Lamp Cottage" },
  {
    persona: persona("Piet Brandt", "Piet Brandt is the harbour master."),
    home: "flat 1 of Quay Row",
  },
  { persona: persona("Silas Moll", "Silas Moll builds boats."), home: "Moll house" },
];
const knowing = (p: ReturnType<typeof persona>, home: string, task: string, place: string) =>
  knowledgeWith({
    persona: p,
    minute: 15 * 60,
    home,
    today: [{ start: 14 * 60, end: 16 * 60, task, place }],
    townsfolk,
  });
const residents = {
  [ME]: knowing(corin, "Lamp Cottage", "polishing the brass of the lamp", "the lighthouse"),
  "Agnes Moll": knowing(agnes, "Moll house", "checking the ferry's ropes", "the ferry landing"),
};
const ask = (who: keyof typeof residents, text: string) =>
  answerTo(text, { me: who, residents: RESIDENTS, now: NOW, knowledge: residents[who] }).text;

describe("news, worries, views and company asked in other words", () => {
  it("takes a word of evaluation as how news is asked for, not as its topic", () => {
    for (const who of [ME, "Agnes Moll"] as const) {
      const any = ask(who, "Any news?");
      for (const q of [
        "Heard anything interesting lately?",
        "Heard anything interesting around town?",
        "Any gossip worth hearing?",
        "Anything exciting happen?",
      ]) {
        const a = ask(who, q);
        expect(a).not.toMatch(/haven't heard anything about that/);
        expect(a).toBe(any);
      }
      // (Of its own doings, "did you DO anything interesting?", it is no news asked for.)
      expect(ask(who, "Did you do anything interesting yesterday?")).not.toBe(any);
    }
  });

  it("tells what its persona finds tiring or dislikes as what bothers it", () => {
    const corinBothered = ask(ME, "What's been bothering you lately?");
    expect(corinBothered).not.toMatch(/Nothing much troubles me/);
    expect(corinBothered).toMatch(/^The harbour master's new rules, honestly\./);
    expect(corinBothered).toMatch(/tiring/);
    const agnesWorried = ask("Agnes Moll", "Is anything worrying you?");
    expect(agnesWorried).not.toMatch(/Nothing much troubles me/);
    expect(agnesWorried).toMatch(/summer crowds/);
  });

  it("agrees with a view of a thing in general instead of being sorry for it", () => {
    for (const who of [ME, "Agnes Moll"] as const)
      for (const q of [
        "Work is exhausting.",
        "Mondays are the worst.",
        "I find Mondays exhausting.",
      ]) {
        const a = ask(who, q);
        expect(a).not.toMatch(/sorry to hear|that's awful|news to me|I'll remember that/i);
      }
    // (One who finds something tiring says so: its own view of the same.)
    expect(ask(ME, "Work is exhausting.")).toMatch(/rules tiring/);
  });

  it("names the company it keeps when asked who it hangs around or spends its time with", () => {
    for (const q of ["Who do you hang around with?", "Who do you spend your time with?"]) {
      expect(ask(ME, q)).toMatch(/^Mostly .*Lotte/);
      expect(ask("Agnes Moll", q)).toMatch(/^Mostly .*Silas/);
    }
  });
});
