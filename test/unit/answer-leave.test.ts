// Leave asked and help offered (issue 29, "invitations and requests"): "Can I ask you something?"
// is no question about anything, "Do you mind if I sit here?" is answered "not at all", an offer of
// a drink is taken or turned down by the resident's day, a hand offered is welcome with work in
// hand. A question asked inside the asking ("may I ask what you're making?") is what is asked. An
// invented joiner, in other words than the code's comments.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 14, 13, 0);
const ME = "Ruben Falk";
const RESIDENTS = [ME, "Lotte Falk", "Ines Marr"];

const day = (minute: number): Partial<Knowledge> => ({
  minute,
  home: "Falk house",
  today: [
    { start: 7 * 60, end: 8 * 60, task: "eating porridge", place: "kitchen of Falk house" },
    {
      start: 8 * 60,
      end: 12 * 60,
      task: "planing oak boards",
      place: "bench of Falk Joinery",
    },
    { start: 12 * 60, end: 13 * 60, task: "having soup with Lotte", place: "Willow Inn" },
    {
      start: 13 * 60,
      end: 17 * 60,
      task: "fitting a staircase",
      place: "bench of Falk Joinery",
    },
    { start: 17 * 60, end: 22 * 60, task: "reading by the stove", place: "parlour of Falk house" },
  ],
  places: [
    { name: "Falk house", parts: ["kitchen", "parlour"], dwelling: true },
    { name: "Falk Joinery", parts: ["bench"] },
    { name: "Willow Inn", parts: ["taproom"] },
  ],
});

const persona = {
  name: ME,
  innate: "quiet, exact, kind",
  learned: "Ruben Falk is a joiner who makes stairs and doors in Brindle. He is married to Lotte.",
  currently: "Ruben is fitting a staircase for the new school.",
  lifestyle: "Ruben goes to bed at 10 pm and wakes up at 6 am.",
};

const ask = (text: string, minute = 14 * 60) =>
  answerTo(text, {
    me: ME,
    residents: RESIDENTS,
    now: NOW + (minute - 13 * 60) * 60_000,
    knowledge: knowledgeOf(persona, day(minute)),
  }).text;

describe("leave asked and help offered", () => {
  it("gives leave to speak, with a question back, not an answer about nothing", () => {
    for (const q of ["Could I ask you a quick question?", "Might we have a word?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/^Of course/);
      expect(a, q).toMatch(/What is it\?|ask away/);
      expect(a, q).not.toMatch(/haven't heard|couldn't tell|joiner/);
    }
  });

  it("answers 'do you mind if I ...' with not at all", () => {
    const a = ask("Would you mind if I stood here for a while?");
    expect(a).toMatch(/^Not at all/);
  });

  it("takes or turns down a drink by its day: just after its lunch it declines", () => {
    const after = ask("Can I buy you a cup of tea?", 13 * 60 + 10);
    expect(after).toMatch(/kind of you/);
    expect(after).toMatch(/just been having soup with Lotte/);
    const later = ask("Can I buy you a cup of tea?", 16 * 60);
    expect(later).toMatch(/yes please|lovely/i);
  });

  it("welcomes a hand with the work it is in the middle of", () => {
    const a = ask("Shall I hold the other end for you?", 14 * 60);
    expect(a).toMatch(/fitting a staircase/);
    expect(a).toMatch(/lend a hand/);
    const resting = ask("Shall I hold the other end for you?", 19 * 60);
    expect(resting).toMatch(/I'm fine, thanks/);
  });

  it("lends a thing of its own only if it has one, and invents none", () => {
    const a = ask("Could I borrow your saw?");
    expect(a).toMatch(/if I have one/);
  });

  it("reads a question asked inside the asking as that question", () => {
    const a = ask("May I ask where you live?");
    expect(a).toMatch(/Falk house/);
    expect(a).not.toMatch(/^Of course/);
    expect(ask("Could I ask why you became a joiner?")).not.toMatch(/^Of course|What is it/);
  });

  it("does not take a way or a place sought as leave asked", () => {
    for (const q of ["Can I get to the inn this way?", "Can I buy nails anywhere around here?"]) {
      expect(ask(q), q).not.toMatch(/^Of course|go ahead|Not at all/);
    }
  });
});
