// A resident's household and company in a visitor's talk (session 27): a "them" of its persona
// that stands for it and those named with it is "us" in its own words ("her sister Wren lives
// with us"), one that stands for others stays theirs; "who are you usually with?" / "who do you
// hang out with, Bram?" name the people of its days (household, workmates), not its marriage
// alone nor where it lives; "any rumours going round?" asks for news, not of rounding. An invented
// ferry town.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import { inFirstPerson } from "../../server/agents/language/realise.ts";
import { understand } from "../../server/agents/language/understand.ts";

const NOW = Date.UTC(2024, 4, 7, 14, 0);
const ME = "Bram Osei";
const RESIDENTS = [ME, "Lena Osei", "Wren Dale", "Pip Rowe"];
const persona = (name: string, learned: string, currently = "") => ({
  name,
  innate: "steady",
  learned,
  currently,
  lifestyle: "",
});
const me = persona(
  ME,
  "Bram Osei runs the ferry across the Slow River; he knows every eddy of it. He is married to Lena, the blacksmith; her sister Wren lives with them.",
  "Bram is patching the ferry's hull before the spring floods.",
);
const knowledge = knowledgeOf(me, {
  minute: 14 * 60,
  home: "Osei cottage",
  today: [{ start: 13 * 60, end: 15 * 60, task: "tarring the hull", place: "the landing" }],
  townsfolk: [
    { persona: persona("Lena Osei", "Lena Osei shoes horses at the forge."), home: "Osei cottage" },
    { persona: persona("Wren Dale", "Wren Dale keeps the toll book."), home: "Osei cottage" },
    {
      persona: persona("Pip Rowe", "Pip Rowe rows the second ferry for Bram Osei."),
      home: "flat 3 of Mill Row",
    },
  ],
});
const ask = (text: string) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge }).text;

describe("a resident's household and company", () => {
  it("says 'us' of a 'them' that is it and the one it names, 'them' of others", () => {
    expect(
      inFirstPerson(
        "He is married to Lena, the blacksmith; her sister Wren lives with them.",
        ME,
        "he",
      ),
    ).toBe("I am married to Lena, the blacksmith; her sister Wren lives with us.");
    expect(
      inFirstPerson("Bram Osei is married to Lena, and her mother cooks for them.", ME, "he"),
    ).toMatch(/cooks for us\.$/);
    // (Others named, or its own clause's subject, or a plural before it: theirs.)
    for (const [said, kept] of [
      ["Ana and Ben run the mill; he often visits them.", /visit them\.$/],
      ["He taught Ana and Ben, who told them about the fair.", /who told them about/],
      ["He looks after his parents and cooks for them.", /cook for them\.$/],
      // (One whose name owns a thing takes no part: "Mara Vance's orchard".)
      [
        "Widowed, he looks after Mara Vance's orchard, grows more cabbages than he can eat, and gives them away.",
        /give them away\.$/,
      ],
    ] as const)
      expect(inFirstPerson(said, ME, "he")).toMatch(kept);
  });

  it("says its household as 'us' when asked whom it lives with", () => {
    const a = ask("Who do you live with?");
    expect(a).not.toMatch(/with them/);
    expect(a).toMatch(/Wren lives with us/);
  });

  it("names the people of its days when asked whom it is usually with", () => {
    for (const q of ["Who are you usually with?", "Who do you hang out with, Bram?"]) {
      const a = ask(q);
      expect(a).toMatch(/Lena/);
      expect(a).toMatch(/Wren/);
      expect(a).toMatch(/Pip/);
      expect(a).not.toMatch(/\bflat\b|Osei cottage/);
    }
  });

  it("hears rumours going round as news asked for, like gossip", () => {
    expect(
      understand("Any rumours going round?", {
        now: NOW,
        residents: RESIDENTS,
        listener: ME,
        speaker: "Nora Vale",
      }).topic,
    ).toEqual(["rumour"]);
    const a = ask("Any rumours going round?");
    expect(a).not.toMatch(/haven't heard anything about that/);
    expect(a).toBe(ask("Heard any good gossip lately?"));
  });
});
