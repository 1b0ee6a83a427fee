// What residents say reads as a person would say it: someone named twice in one sentence is "she"
// or "he" the second time; the listener named with a title is "you" as a whole, never "Doctor
// you"; a second habitual verb after "and" agrees with "I"; and "anything coming up?" asks what
// lies ahead, answered with what the persona says is coming.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { personaFacts } from "../../server/agents/language/facts.ts";
import { memoryAsSaid } from "../../server/agents/offline/answers/memories.ts";
import { tellNews } from "../../server/agents/offline/dialogue.ts";

const NOW = Date.UTC(2024, 4, 7, 11, 0);

function resident(name: string, learned: string, currently: string): Knowledge {
  const first = name.split(" ")[0];
  return knowledgeWith({
    persona: {
      name,
      innate: "warm, steady",
      learned,
      currently,
      lifestyle: `${first} goes to bed at 10 pm and wakes up at 6 am.`,
    },
    minute: 11 * 60,
    today: [{ start: 7 * 60, end: 12 * 60, task: "mending nets", place: "Saltmere quay" }],
    home: "Saltmere quay",
    places: [{ name: "Saltmere quay", parts: ["shed"], dwelling: true }],
    knowsSpeaker: true,
    doing: "mending nets",
  });
}

// Two residents whose personas say who they are (read as the town reads them).
const TOMAS = resident(
  "Tomas Reed",
  "Tomas Reed keeps bees on the hill above Saltmere. He lives alone.",
  "Tomas is worried about his hives after the cold spring.",
);
const IVY = resident(
  "Ivy Brook",
  "Ivy Brook runs the ferry ticket office. She lives with her sister.",
  "Ivy is saving up for a sailing boat of her own.",
);
personaFacts(TOMAS.persona);
personaFacts(IVY.persona);

/** `k`'s answer to `q` in a town of it and `others`. */
const ask = (k: Knowledge, q: string, others: string[], speaker?: string) =>
  answerTo(q, {
    me: k.persona.name,
    residents: [k.persona.name, ...others],
    now: NOW,
    knowledge: k,
    ...(speaker ? { speaker } : {}),
  }).text;

describe("a person named twice in one sentence", () => {
  it("is a pronoun the second time in a talk's record told back", () => {
    const said = memoryAsSaid(
      "Lena Marsh and Tomas Reed were conversing about how Tomas Reed is worried about his hives.",
      "Lena Marsh",
    );
    expect(said).toMatch(/Tomas Reed and I talked about how he is worried about his hives/);
    expect(said.match(/Tomas/g)).toHaveLength(1);
  });

  it("is a pronoun the second time in news told on from its teller", () => {
    const said = tellNews(
      {
        kind: "memory",
        text: "Lena Marsh heard from Ivy Brook that Ivy Brook is saving up for a sailing boat of her own.",
        importance: 5,
      },
      "Lena Marsh",
      "Olly Finch",
    );
    expect(said).toMatch(/^Ivy told me that she is saving up for a sailing boat/);
    expect(said.match(/Ivy/g)).toHaveLength(1);
  });
});

describe("the listener named with a title", () => {
  it("is 'you' as a whole, never 'Doctor you'", () => {
    const me = "Mara Quist";
    const k = resident(
      me,
      "Mara Quist studies marine biology. She works as an assistant for Doctor Hal Brenner counting seals on the sandbanks.",
      "Mara is writing up her seal counts.",
    );
    const a = ask(k, "What do you do for work?", ["Hal Brenner"], "Hal Brenner");
    expect(a).toMatch(/for you\b/);
    expect(a).not.toMatch(/Doctor you|Hal/);
  });
});

describe("a habitual verb after 'and' said as 'I'", () => {
  it("agrees with 'I' where the tagger reads it as a plural noun", () => {
    const me = "Jonas Pell";
    const k = resident(
      me,
      "Jonas Pell mends boats at the quay for Wilma Stroud and umpires the cricket matches.",
      "Jonas is tarring an old rowing boat.",
    );
    const a = ask(k, "What do you do for a living?", ["Wilma Stroud"]);
    expect(a).toMatch(/I mend boats at the quay for Wilma Stroud and umpire the cricket matches/);
  });
});

describe("asked what is coming up", () => {
  const me = "Petra Lund";
  const k = resident(
    me,
    "Petra Lund keeps the lighthouse at Gullrock. She lives with her husband Oskar.",
    "Petra is training to swim across the bay in the harbour race next Saturday. She is repainting the lighthouse stairs.",
  );
  it("answers with what lies ahead, in more than one wording", () => {
    for (const q of ["Anything fun coming up for you?", "Got anything big coming up?"]) {
      const a = ask(k, q, ["Oskar Lund"]);
      expect(a, q).toMatch(/harbour race next Saturday/);
      expect(a, q).not.toMatch(/haven't heard|not sure|couldn't say/);
    }
  });
});
