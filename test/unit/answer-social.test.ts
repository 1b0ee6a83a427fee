// A visitor's everyday questions to a resident of a made-up harbour town, through the offline
// engine (understand → answerPeople) with knowledge as values. What a person would notice: a
// pleasantry on the talk closes it (never "thanks for telling me"); asked whom to go to on a
// topic, it names someone whose life bears on it (or itself), else says it is not sure who;
// "looking forward" is hopes and what is ahead, not worries; whom it does not get on with is
// answered by the person its persona sets it against, or that it gets on with most; how it came
// to its work is its work and the way there, not its day; "have you lived here all your life" is
// how long its persona says; "are you busy?" is what it is doing now, briefly.
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const ME = "Edda Holm";
const persona = {
  name: ME,
  innate: "steady, wry, stubborn",
  learned:
    "Edda Holm has kept the lighthouse at Gull Point for nineteen years. She took over the light from her uncle, who taught her to read the weather. She is married to Bram, who mends boats. Her cousin Ivo Holm keeps the harbour records of every ship that ever sank off the point. She has never forgiven Rune Dahl for selling the old boathouse.",
  currently: "Edda is painting the lamp room before the spring storms.",
  lifestyle: "Edda goes to bed at 11 pm, wakes up at 5 am, and walks the cliff path on Sundays.",
};
const RESIDENTS = [ME, "Bram Holm", "Ivo Holm", "Rune Dahl", "Sten Vik"];

function knowledge(over: Partial<Knowledge> = {}): Knowledge {
  return knowledgeWith({
    persona,
    minute: 14 * 60,
    today: [
      { start: 5 * 60, end: 6 * 60, task: "making porridge", place: "kitchen of Holm cottage" },
      { start: 6 * 60, end: 12 * 60, task: "cleaning the lamp", place: "Gull Point lighthouse" },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch with Bram", place: "Holm cottage" },
      {
        start: 13 * 60,
        end: 17 * 60,
        task: "painting the lamp room",
        place: "Gull Point lighthouse",
      },
      { start: 17 * 60, end: 19 * 60, task: "playing darts with Sten", place: "The Salt Cellar" },
      { start: 19 * 60, end: 22 * 60, task: "knitting", place: "Holm cottage" },
    ],
    home: "Holm cottage",
    places: [
      { name: "Holm cottage", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Gull Point lighthouse", parts: ["lamp room", "stairs"], things: ["lamp"] },
      { name: "The Salt Cellar", parts: ["bar room"], things: ["dartboard"] },
    ],
    doing: "painting the lamp room",
    ...over,
  });
}

function say(
  text: string,
  said: { me: string[]; heard: string[] } = { me: [], heard: [] },
  over: Partial<Knowledge> = {},
  me = ME,
) {
  const k = knowledge(over);
  return answerTo(text, {
    me,
    residents: RESIDENTS,
    now: NOW,
    knowledge: k,
    said: said.me,
    heard: said.heard,
  });
}
const ask = (text: string, said?: { me: string[]; heard: string[] }) => {
  const a = say(text, said);
  return a.text;
};

describe("a talk's pleasantries and questions about the resident's life", () => {
  it("a pleasantry on the talk as it ends closes it, and is never thanked for as news", () => {
    const earlier = { me: ["I'm Edda."], heard: ["Hello!"] };
    for (const line of ["Well, it was nice to meet you!", "Lovely chatting with you, Edda."]) {
      const a = say(line, earlier);
      expect(a.end).toBe(true);
      expect(a.text).not.toMatch(/Thanks for telling me|came back|news to me/);
      expect(a.text).toMatch(/Bye|Take care|Goodbye/);
    }
  });

  it("asked whom to go to on a topic, it names the one whose life bears on it, else not sure who", () => {
    for (const q of [
      "Who should I talk to if I want to learn about the ships that sank here?",
      "Who would know about the old shipwrecks?",
    ])
      expect(ask(q)).toMatch(/^You could ask Ivo\b/);
    // Its own life bears on the weather: itself.
    expect(ask("Who could tell me about the weather around here?")).toMatch(/\bme\b|I'd be/);
    const none = ask("Who should I talk to if I want to learn about beekeeping?");
    expect(none).toMatch(/not sure who/);
    expect(none).not.toMatch(/haven't heard/);
  });

  it("what it looks forward to is what is ahead, never that nothing troubles it", () => {
    for (const q of [
      "What are you looking forward to this week?",
      "Is there anything you're looking forward to?",
    ]) {
      const a = ask(q);
      expect(a).not.toMatch(/troubles me|worr/);
      expect(a).toMatch(/darts with Sten/);
    }
  });

  it("whom it does not get on with: the person its persona sets it against", () => {
    for (const q of [
      "Is there anyone in town you don't get along with?",
      "Do you have any enemies around here?",
    ]) {
      const a = ask(q);
      expect(a).toMatch(/Rune/);
      expect(a).not.toMatch(/go to bed|married to/);
    }
  });

  it("one with no quarrel in its persona gets on with most people, and names whom best", () => {
    const calm = {
      ...persona,
      learned:
        "Edda Holm has kept the lighthouse at Gull Point for nineteen years. She is married to Bram, who mends boats.",
    };
    for (const q of [
      "Is there anyone in town you don't get along with?",
      "Do you have any enemies?",
    ]) {
      const a = say(q, undefined, { persona: calm }).text;
      expect(a).toMatch(/^Not really; I get on with most people, Bram most of all\.$/);
    }
  });

  it("how it came to its work: its work and how long, then the way there; not its day", () => {
    for (const q of [
      "How did you end up doing the job you do?",
      "How did you become the lighthouse keeper?",
    ]) {
      const a = ask(q);
      expect(a).toMatch(/nineteen years/);
      expect(a).toMatch(/uncle/);
      expect(a).not.toMatch(/Today I was|porridge|This morning/);
    }
  });

  it("'all your life' here is answered by how long its persona says, never where it lives", () => {
    for (const q of ["Have you lived here all your life?", "Have you lived here long?"]) {
      const a = ask(q);
      expect(a).toMatch(/nineteen years/);
      expect(a).not.toMatch(/^I live at/);
    }
  });

  it("'are you busy?' is what it is doing now, briefly, not its whole day", () => {
    for (const q of ["Hi there, are you busy?", "Are you very busy at the moment?"]) {
      const a = ask(q);
      expect(a).toMatch(/painting the lamp room/);
      expect(a).not.toMatch(/darts|knitting|Most days/);
      expect(a.length).toBeLessThan(110);
    }
  });
});

describe("a place sought for a doing", () => {
  it("'a quiet spot to read' is sought for reading, and a library it knows fits it", () => {
    const withLibrary = knowledge({
      places: [
        ...knowledge().places,
        { name: "Harbour library", parts: ["reading room", "stacks"], things: ["bookshelf"] },
      ],
    });
    for (const q of [
      "Could you recommend a quiet spot to read?",
      "Is there somewhere quiet to read around here?",
    ]) {
      const a = say(q, undefined, withLibrary).text;
      expect(a).toMatch(/Harbour library/);
    }
    // Knowing no such place, it says honestly what for: to read, not "for quiet".
    expect(ask("Could you recommend a quiet spot to read?")).toMatch(/to read/);
  });
});

describe("advice asked for", () => {
  it("is a recommendation from the places and people it knows, never its plans recited", () => {
    for (const q of [
      "I'm thinking of moving here. Any advice?",
      "Do you have any advice for a newcomer?",
    ]) {
      const a = ask(q);
      expect(a).toMatch(/Gull Point lighthouse/);
      expect(a).toMatch(/Bram/);
      expect(a).not.toMatch(/Later today|darts|knitting/);
    }
  });
});
