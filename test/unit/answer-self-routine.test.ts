// A resident's answers about itself (session 28): its work before its habits ("runs before work"
// is no job), its coordinated verbs agreeing with "I"; living alone said when no one shares its
// home; how long it has lived here by the clause with the years; the time of a doing its habits or
// its day name ("what time do you open?"); a meal of its day said done, in the simple past; its
// favourite pastime whatever day is named; its family by the kin its persona names, not its work.
// An invented lakeside town.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { inFirstPerson } from "../../server/agents/language/realise.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 14, 0);
const RESIDENTS = ["Tamsin Reeve", "Oskar Lind", "Bea Lind", "Milo Hart", "Jude Pell", "Nell Pell"];
const persona = (name: string, learned: string, lifestyle = "", currently = ""): PersonaText => ({
  name,
  innate: "steady",
  learned,
  currently,
  lifestyle,
});
const townsfolk = [
  { persona: persona("Oskar Lind", "Oskar Lind mends nets."), home: "bedroom of Lind house" },
  {
    persona: persona("Bea Lind", "Bea Lind teaches at the school."),
    home: "bedroom of Lind house",
  },
  { persona: persona("Milo Hart", "Milo Hart paints boats."), home: "flat 2 of Quay Flats" },
  { persona: persona("Jude Pell", "Jude Pell sells fish."), home: "flat 3 of Quay Flats" },
];
const ask = (me: string, text: string, k: Partial<Knowledge> & { persona: PersonaText }) =>
  answerTo(text, {
    me,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledgeWith({ minute: 14 * 60, townsfolk, ...k }),
  }).text;

const tamsin = persona(
  "Tamsin Reeve",
  "Tamsin Reeve is the harbour master: she logs the boats, collects the mooring fees and knows where every buoy is.",
  "Tamsin goes to bed at 10 pm, wakes up at 5 am, and swims before work.",
);
const milo = persona(
  "Milo Hart",
  "Milo Hart is a boat painter who came to the lake five years ago. He lives in flat 1 of Quay Flats.",
);
const oskar = persona(
  "Oskar Lind",
  "Oskar Lind kept the lighthouse at Gull Point for thirty years and now mends nets on the quay. He smokes a pipe and tells stories to anyone who listens.",
  "Oskar goes to bed at 9 pm and wakes up at 4 am.",
);
const bea = persona(
  "Bea Lind",
  "Bea Lind runs the bakery on the quay, which she took over from her mother. She is married to Oskar, the net mender; his nephew Jude lives with them.",
  "Bea goes to bed at 9 pm, wakes up at 4 am, bakes before opening at 6, and reads in the evenings.",
);

describe("a resident's work, home and routine, said of itself", () => {
  it("keeps its coordinated verbs in agreement with 'I', after a comma too", () => {
    expect(
      inFirstPerson(
        "She logs the boats, collects the mooring fees and knows every buoy.",
        "Tamsin Reeve",
        "she",
      ),
    ).toBe("I log the boats, collect the mooring fees and know every buoy.");
    // (A relative clause is someone else's: "who runs the shop and bakes bread" stays theirs.)
    expect(
      inFirstPerson("He lives with Ada, who runs the shop and bakes bread.", "Milo Hart", "he"),
    ).toBe("I live with Ada, who runs the shop and bakes bread.");
  });

  it("says its work, not its habits, when asked what it does", () => {
    for (const q of ["What do you do around here?", "What keeps you busy?"]) {
      const said = ask("Tamsin Reeve", q, { persona: tamsin, home: "flat 4 of Quay Flats" });
      expect(said).toMatch(
        /^I'm the harbour master: I log the boats and collect the mooring fees\./,
      );
      expect(said).not.toMatch(/bed|collects|swim/);
    }
  });

  it("says it lives alone when no one shares its home, and names those who do", () => {
    const k = { persona: milo, home: "flat 1 of Quay Flats" };
    expect(ask("Milo Hart", "Who do you live with?", k)).toBe("I live alone, at Quay Flats.");
    expect(ask("Milo Hart", "Do you live by yourself?", k)).toMatch(/^Yes, I live alone/);
    // (Those whose home is its own are named: no one made up, no one left out.)
    expect(
      ask("Nell Pell", "Who do you live with?", {
        persona: persona("Nell Pell", "Nell Pell knits sweaters."),
        home: "bedroom of Lind house",
      }),
    ).toMatch(/^I live with Oskar and Bea at Lind house\./);
  });

  it("says how long it has lived here by the clause with the years, and nothing after it", () => {
    expect(
      ask("Oskar Lind", "How long have you lived here?", {
        persona: oskar,
        home: "bedroom of Lind house",
        places: [{ name: "Gull Point", parts: ["lighthouse"] }],
      }),
    ).toBe("I kept the lighthouse at Gull Point for thirty years.");
  });

  it("says the time of a doing asked, from its habits or its day", () => {
    const k = { persona: bea, home: "bedroom of Lind house" };
    expect(ask("Bea Lind", "What time do you open tomorrow?", k)).toBe("At 6, as usual.");
    expect(ask("Bea Lind", "When do you open?", k)).toBe("At 6, as usual.");
    // (No habit says it: the block of its day that is "before" it ends when it begins.)
    expect(
      ask("Jude Pell", "What time do you open?", {
        persona: persona("Jude Pell", "Jude Pell sells fish at the market."),
        home: "flat 3 of Quay Flats",
        today: [
          {
            start: 9 * 60,
            end: 11 * 60,
            task: "setting up the stall before opening",
            place: "market",
          },
          { start: 11 * 60, end: 16 * 60, task: "selling fish", place: "market" },
          { start: 16 * 60, end: 17 * 60, task: "feeding the gulls", place: "quay" },
        ],
      }),
    ).toBe("At 11 am, usually.");
  });

  it("says a meal of its day done, in the simple past, with its hour once", () => {
    const said = ask("Milo Hart", "What did you have for lunch?", {
      persona: milo,
      home: "flat 1 of Quay Flats",
      today: [
        {
          start: 12 * 60 + 30,
          end: 13 * 60 + 30,
          task: "having lunch with Jude",
          place: "harbour cafe",
        },
      ],
    });
    expect(said).toBe("I had lunch with Jude at harbour cafe around 12:30 pm.");
  });

  it("answers its favourite pastime whatever day the question names", () => {
    const said = ask("Bea Lind", "What's your favourite thing to do on a weekend?", {
      persona: bea,
      home: "bedroom of Lind house",
      today: [{ start: 17 * 60, end: 19 * 60, task: "sailing on the lake", place: "lake" }],
    });
    expect(said).not.toMatch(/couldn't pick/);
    expect(said).toMatch(/sailing/i);
  });

  it("tells of its family by the kin it names, not its work", () => {
    const said = ask("Bea Lind", "Tell me about your family.", {
      persona: bea,
      home: "bedroom of Lind house",
    });
    expect(said).toBe("I'm married to Oskar, the net mender; his nephew Jude lives with us.");
    // (Kin asked of, named only in an aside on its work: that aside, said of the thing.)
    expect(
      ask("Bea Lind", "Tell me about your mother.", {
        persona: bea,
        home: "bedroom of Lind house",
      }),
    ).toBe("I took over the bakery on the quay from my mother.");
  });

  it("keeps a work clause whole when only an aside on it is cut", () => {
    const said = ask("Ivy Dunn", "What do you do?", {
      persona: persona(
        "Ivy Dunn",
        "Ivy Dunn owns and runs the Salt Kettle, Gullhaven's only cafe, which she opened nine years ago.",
      ),
      home: "Dunn house",
    });
    expect(said).toMatch(/^I own and run the Salt Kettle, Gullhaven's only cafe\./);
  });
});
