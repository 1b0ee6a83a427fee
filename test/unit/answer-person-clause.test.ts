// Asked about someone its persona names inside a longer sentence about itself, a resident says the
// part that names them, not the whole sentence about its own work ("I am a night nurse at the
// infirmary who shares a flat with my brother, Jory" asked about Jory → "I share a flat with my
// brother, Jory").
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";

const NOW = Date.UTC(2024, 3, 2, 15, 0);

function resident(name: string, learned: string, residents: string[]) {
  const knowledge = knowledgeWith({
    persona: {
      name,
      age: 34,
      innate: "steady, wry",
      learned,
      currently: `${name.split(" ")[0]} is saving for a boat.`,
      lifestyle: `${name.split(" ")[0]} goes to bed at 8 am and wakes up at 3 pm.`,
    },
    minute: 15 * 60,
    today: [{ start: 15 * 60, end: 16 * 60, task: "making tea", place: "kitchen of the flat" }],
    home: "the flat",
    places: [{ name: "the flat", parts: ["kitchen"], dwelling: true }],
    doing: "making tea",
  });
  return (text: string): string =>
    answerTo(text, { me: name, residents, now: NOW, knowledge }).text;
}

describe("a person its persona names in a clause of its own", () => {
  it("is told of by that clause, not by the whole sentence about the resident", () => {
    const wren = resident(
      "Wren Talbot",
      "Wren Talbot is a night nurse at the infirmary who shares a flat with her brother, Jory Talbot.",
      ["Wren Talbot", "Jory Talbot", "Ivo Marsh"],
    );
    for (const q of ["Tell me about Jory.", "What can you tell me about Jory?"]) {
      const a = wren(q);
      expect(a, q).toMatch(/^I share a flat with my brother, Jory/);
      expect(a, q).not.toMatch(/night nurse/);
    }
    const ivo = resident(
      "Ivo Marsh",
      "Ivo Marsh is a ferry pilot on the north crossing who rents a room from his aunt, Dora Quill.",
      ["Ivo Marsh", "Dora Quill"],
    );
    const a = ivo("Tell me about Dora.");
    expect(a).toMatch(/^I rent a room from my aunt, Dora/);
    expect(a).not.toMatch(/ferry pilot/);
  });
});
