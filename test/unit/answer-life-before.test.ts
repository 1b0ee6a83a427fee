// A resident asked of its life before and around its days: where it lived before and how long it
// has been here ("Have you ever lived anywhere else?", "How long have you lived here?"), whether
// it would rather live somewhere else (compromise reads "would you rather LIVE" as an adjective: a
// modal's bare verb), its childhood ("What were you like as a kid?", "What did you want to be
// when you were young?"), a past day named by its weekday ("What did you do on Tuesday?") and
// what it is working on (a feeling for someone is no work). Answered from its backstory (where it
// came from, never its flat said for its town, never a wish of these days said for a childhood),
// its day as it usually is, honestly when nothing is known; said as a person says it ("I'm").
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import { parsed } from "../../server/agents/language/parse.ts";
import { spoken } from "../../server/agents/language/realise.ts";

// A Thursday, 3 pm.
const NOW = Date.UTC(2025, 2, 13, 15, 0);
const RESIDENTS = ["Vera Lindholm", "Piet Aalberg", "Joss Merritt", "Tamsin Reed"];

const VERA: PersonaText = {
  name: "Vera Lindholm",
  innate: "brisk, shrewd, kind",
  learned:
    "Vera Lindholm runs the ironmonger's on Quay Street in Saltmarsh. She came to Saltmarsh from the capital eleven years ago to escape a bank job. She lives in flat 3 at Gull Row.",
  currently:
    "Vera wants the council to mend the sea wall before the autumn storms. She is thinking of stocking Piet's rope in her shop.",
  lifestyle: "Vera goes to bed at 10 pm and wakes up at 6 am.",
};

const JOSS: PersonaText = {
  name: "Joss Merritt",
  innate: "dreamy, gentle",
  learned:
    "Joss Merritt is a printmaker who rents a room above the bakery. He grew up on a sheep farm in the hills, and carves woodblocks of the harbour.",
  currently:
    "Joss wonders whether Tamsin likes him. He is cutting a woodblock of the lighthouse for the summer fair.",
  lifestyle: "Joss goes to bed late and sleeps until nine.",
};

const TAMSIN: PersonaText = {
  name: "Tamsin Reed",
  innate: "quiet, exact",
  learned:
    "Tamsin Reed keeps the tide tables at the harbour office. She lives in flat 5 at Gull Row.",
  currently: "Tamsin is recounting the harbour's mooring fees.",
  lifestyle: "Tamsin goes to bed at 11 pm and wakes up at 7 am.",
};

const PLACES = [
  { name: "Gull Row", parts: ["flat 3", "flat 5"], dwelling: true },
  { name: "Quay Street ironmonger's", parts: ["counter"] },
  { name: "Saltmarsh library", parts: ["reading room"] },
];

const ask = (persona: PersonaText, text: string) =>
  answerTo(text, {
    me: persona.name,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledgeOf(persona, {
      home: persona.name === JOSS.name ? "room of Bakery" : "flat 3 of Gull Row",
      places: PLACES,
      minute: 15 * 60,
      today: [
        {
          start: 7 * 60,
          end: 12 * 60,
          task: "serving customers",
          place: "counter of Quay Street ironmonger's",
        },
        {
          start: 13 * 60,
          end: 17 * 60,
          task: "ordering stock",
          place: "counter of Quay Street ironmonger's",
        },
        { start: 19 * 60, end: 21 * 60, task: "reading a novel", place: "flat 3 of Gull Row" },
      ],
    }),
  }).text;

describe("its life before here", () => {
  it("a modal's word the tagger reads as an adjective is its bare verb", () => {
    expect(parsed("Would you rather live by the sea?").has("#Adjective")).toBe(false);
    expect(parsed("Would you rather live by the sea?").has("you rather #Verb")).toBe(true);
    // (A copula between: "be happy" keeps its adjective.)
    expect(parsed("Would you be happy by the sea?").has("be #Adjective")).toBe(true);
  });

  it("asked whether it lived elsewhere, how long it has been here, or where it lived before: where it came from", () => {
    for (const q of [
      "Have you ever lived anywhere else?",
      "Did you always live here?",
      "How long have you lived here?",
      "Where did you live before?",
    ]) {
      const a = ask(VERA, q);
      expect(a, q).toMatch(/I came to Saltmarsh from the capital eleven years ago/);
      expect(a, q).not.toMatch(/flat 3|Gull Row|ironmonger|sea wall/);
    }
  });

  it("with nothing in its backstory, honestly so, never its flat for its town", () => {
    for (const q of ["How long have you lived here?", "Have you ever lived anywhere else?"]) {
      const a = ask(TAMSIN, q);
      expect(a, q).not.toMatch(/flat|Gull Row|tide tables/);
      expect(a, q).toMatch(/to be honest/);
    }
  });

  it("asked whether it would rather live where it came from: no, and why", () => {
    const a = ask(VERA, "Would you rather live in the capital?");
    expect(a).toMatch(/^No\b/);
    expect(a).toMatch(/from the capital eleven years ago to escape a bank job/);
    const b = ask(VERA, "Would you rather live somewhere quieter?");
    expect(b).toMatch(/happy enough here/);
    expect(b).not.toMatch(/ironmonger|sea wall/);
  });
});

describe("its childhood", () => {
  it("is what its backstory says of its early life, however asked", () => {
    for (const q of ["Where did you grow up?", "What were you like as a kid?"])
      expect(ask(JOSS, q), q).toMatch(/I grew up on a sheep farm in the hills/);
  });

  it("asked what it wanted to be then: never a wish of these days", () => {
    for (const q of [
      "What did you want to be as a child?",
      "What did you want to do when you were young?",
    ]) {
      const a = ask(VERA, q);
      expect(a, q).toMatch(/I don't remember wanting anything in particular/);
      expect(a, q).not.toMatch(/sea wall|rope/);
    }
  });

  it("asked where it grew up with no childhood told: where it came from", () => {
    expect(ask(VERA, "Where did you grow up?")).toMatch(/^Not here\. I came to Saltmarsh/);
    const a = ask(TAMSIN, "What were you like as a teenager?");
    expect(a).toMatch(/don't remember much/);
    expect(a).not.toMatch(/mooring|tide/);
  });
});

describe("a past day named by its weekday", () => {
  it("is that day as it remembers or usually has it, not what occupies it these days", () => {
    for (const q of ["What did you do on Saturday?", "What did you get up to last weekend?"]) {
      const a = ask(VERA, q);
      expect(a, q).toMatch(/Nothing special that I remember/);
      expect(a, q).not.toMatch(/rope|sea wall/);
    }
  });
});

describe("what it is working on", () => {
  it("is a doing, not a feeling for someone", () => {
    for (const q of ["What are you working on?", "What have you been working on?"]) {
      const a = ask(JOSS, q);
      expect(a, q).toMatch(/cutting a woodblock of the lighthouse/);
      expect(a, q).not.toMatch(/Tamsin|likes/);
    }
  });
});

describe("said as a person says it", () => {
  it("contracts 'I am', 'I will' and a helping 'I have', but not a stressed or a full verb", () => {
    expect(spoken("I am married to Bram. I will see.")).toBe("I'm married to Bram. I'll see.");
    expect(spoken("I have been a ferryman for years.")).toBe("I've been a ferryman for years.");
    expect(spoken("Yes, I am.")).toBe("Yes, I am.");
    expect(spoken("I have two boats.")).toBe("I have two boats.");
    expect(spoken("I have to go.")).toBe("I have to go.");
  });

  it("in its answers", () => {
    expect(ask(JOSS, "What are you working on?")).toMatch(/^I'm cutting/);
  });
});
