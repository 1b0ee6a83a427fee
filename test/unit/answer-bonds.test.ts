// A tie the resident's own persona leaves out, read from the town (issue 29: "I don't know Margit
// well" of a wife of forty-five years): another's persona that marries them to it makes them its
// spouse; a home shared makes them people it lives with. An invented fishing village.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";

const NOW = Date.UTC(2024, 6, 9, 16, 0);
const ME = "Edvin Storm";
const RESIDENTS = [ME, "Tilda Storm", "Jonas Ahl", "Pia Wren"];
const persona = (name: string, learned: string) => ({
  name,
  innate: "calm",
  learned,
  currently: "",
  lifestyle: "",
});
const knowledge = knowledgeOf(
  persona(ME, "Edvin Storm mends nets on the quay at Havsby and sings in the church choir."),
  {
    minute: 16 * 60,
    home: "Storm cottage",
    townsfolk: [
      {
        persona: persona(
          "Tilda Storm",
          "Tilda Storm smokes herring in the shed by the harbour. She is married to Edvin and keeps the village's tide tables.",
        ),
        home: "kitchen of Storm cottage",
      },
      {
        persona: persona(
          "Jonas Ahl",
          "Jonas Ahl is a deckhand who rents the attic of Storm cottage.",
        ),
        home: "attic of Storm cottage",
      },
      {
        persona: persona("Pia Wren", "Pia Wren keeps the lighthouse at the point."),
        home: "Wren lighthouse",
      },
    ],
  },
);
const ask = (text: string) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge }).text;

describe("ties read from the town", () => {
  it("takes one whose persona marries them to it as its spouse", () => {
    expect(ask("What's Tilda like?")).toMatch(/Tilda is my wife/);
    expect(ask("What's Tilda like?")).not.toMatch(/don't know Tilda well/);
    expect(ask("Are you married?")).toMatch(/^Yes\. Tilda is my wife/);
    expect(ask("Have you got any family in the village?")).toMatch(/Tilda is my wife/);
  });

  it("knows those it shares a home with as people it lives with", () => {
    const a = ask("How do you get on with Jonas?");
    expect(a).toMatch(/live together at Storm cottage/);
    expect(a).not.toMatch(/don't know Jonas well/);
  });

  it("makes no tie with someone who only lives in the same town", () => {
    expect(ask("What do you think of Pia?")).not.toMatch(/live together|my wife|very fond/);
  });
});
