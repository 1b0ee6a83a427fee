// Questions of kinds a resident had not been asked before, in wordings of their own (issue 29:
// "we will ask residents questions you have not seen"): the question's grammar read for what it
// asks. A wish put as a condition is no request for directions; how it came to live here is no
// recital of its day; the question's own verb ("what are you painting?") names the doing asked; a
// favourite within a domain is answered from the doings of that domain; a superlative on people
// names someone it knows; a time asked by its noun is when, not where; asked to tell about its
// neighbours, it tells; a bad feeling the visitor states is met with sympathy first.
import { describe, expect, it } from "vitest";
import { answerTo, conversation, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 8, 3, 15, 0);
const ME = "Hedda Brann";
const RESIDENTS = [ME, "Oskar Brann", "Pim Lowe", "Vera Lowe", "Tobias Grey"];

function knowledge(over: Partial<Knowledge> = {}, learned?: string): Knowledge {
  return knowledgeWith({
    persona: {
      name: ME,
      innate: "patient, dry, observant",
      learned:
        learned ??
        "Hedda Brann is a potter who came to Fennick from the coast nine years ago. She lives with her husband Oskar and sells her bowls at the Saturday market.",
      currently: "Hedda is glazing a set of bowls for the harvest fair.",
      lifestyle: "Hedda goes to bed at 11 pm and wakes up at 7 am.",
    },
    minute: 15 * 60,
    today: [
      {
        start: 7 * 60,
        end: 8 * 60,
        task: "baking bread for breakfast",
        place: "kitchen of Brann house",
      },
      {
        start: 8 * 60,
        end: 9 * 60,
        task: "eating breakfast and reading the news",
        place: "kitchen of Brann house",
      },
      {
        start: 9 * 60,
        end: 13 * 60,
        task: "throwing pots at the wheel",
        place: "studio of Fennick Pottery",
      },
      { start: 13 * 60, end: 17 * 60, task: "glazing bowls", place: "studio of Fennick Pottery" },
      {
        start: 17 * 60,
        end: 18 * 60,
        task: "walking with Pim along the river",
        place: "Fennick Common",
      },
      {
        start: 18 * 60,
        end: 19 * 60,
        task: "roasting vegetables with Oskar for dinner",
        place: "kitchen of Brann house",
      },
      {
        start: 19 * 60,
        end: 22 * 60,
        task: "knitting by the fire",
        place: "living room of Brann house",
      },
    ],
    home: "Brann house",
    places: [
      {
        name: "Brann house",
        parts: ["kitchen", "living room", "bedroom"],
        dwelling: true,
        where: { side: "south" },
      },
      {
        name: "Lowe cottage",
        parts: ["parlour", "bedroom"],
        dwelling: true,
        where: { side: "south" },
      },
      { name: "Fennick Pottery", parts: ["studio", "shop"], where: { side: "east" } },
      { name: "Fennick Common", parts: ["pond", "bandstand"], where: { side: "north" } },
    ],
    doing: "glazing bowls",
    ...over,
  });
}

const ask = (text: string, k = knowledge()) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge: k }).text;

describe("questions of kinds not seen before", () => {
  it("takes a wish put as a condition as a wish, never as directions", () => {
    for (const q of [
      "If you could live anywhere at all, where would you choose?",
      "If you had a free year, what would you do?",
    ]) {
      const a = ask(q);
      expect(a, q).not.toMatch(/\bTry\b|side of town|just (north|south|east|west)/);
      expect(a, q).toMatch(/thought|happy|want/i);
    }
  });

  it("tells how it came to live here from its backstory, not its day", () => {
    const a = ask("So what made you come to Fennick in the first place?");
    expect(a).toMatch(/came to Fennick from the coast nine years ago/);
    expect(a).not.toMatch(/So far today|glazing/);
  });

  it("answers the question's own verb: a doing of its day, or honestly nothing just now", () => {
    const reading = ask("What are you reading these days?");
    expect(reading).toMatch(/reading the news/);
    expect(reading).not.toMatch(/^Right now I'm glazing/);
    const knitting = ask("What are you knitting at the moment?");
    expect(knitting).toMatch(/knitting by the fire/);
  });

  it("answers a favourite within a domain from the doings of that domain", () => {
    const a = ask("What's your favourite dish to bake?");
    expect(a).toMatch(/bake bread/);
    expect(a).not.toMatch(/knit|glaz|In the evenings/);
  });

  it("names someone it knows for a superlative on people", () => {
    const a = ask("Who's the cheeriest person you know around here?");
    expect(a).toMatch(/(Oskar|Pim)(, I'd say| comes to mind)/);
    expect(a).not.toMatch(/I haven't heard|bowls at the Saturday market\.$/);
  });

  it("reads a time asked by its noun as when, by its own days there", () => {
    const a = ask("What's a good time of day to visit the pottery?");
    expect(a).toMatch(/9 am/);
    expect(a).not.toMatch(/where to go/);
  });

  it("takes 'could you tell me about your neighbours' as a request, and tells", () => {
    const a = ask("Could you tell me something about your neighbours?");
    expect(a).not.toMatch(/^No, I couldn't/);
    expect(a).toMatch(/Pim and Vera live at Lowe cottage/);
  });

  it("asked whether it goes to a gathering, says which one if it knows none, or its own part", () => {
    const a = ask("Are you off to the dance this evening?");
    expect(a).toMatch(/^Which dance\? I haven't heard of one\./);
    expect(a).toMatch(/roasting vegetables with Oskar/);
    const k = knowledge();
    k.persona = {
      ...k.persona,
      currently: "Hedda is organising a barn dance at Fennick Common on Friday.",
    };
    expect(ask("Are you coming to the barn dance on Friday?", k)).toMatch(
      /organising a barn dance/,
    );
  });

  it("meets a bad feeling the visitor states with sympathy first", () => {
    const talk = conversation({ me: ME, residents: RESIDENTS, now: NOW, knowledge: knowledge() });
    const a = talk("I've been feeling really miserable since I arrived here.");
    expect(a).toMatch(/^(Oh, I'm sorry|Oh, Nora, I'm sorry|That's hard)/);
    expect(a).not.toMatch(/welcome/i);
  });
});
