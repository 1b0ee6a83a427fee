// People asked of by what they are in town and by what ties them: a role ("the magistrate", "the
// baker") is the resident who holds it, by what the town knows of them (a title, a name set beside
// it, being one, doing what the role does); someone else's work names whom they work for; the one
// it is closest to is whom its life ties it to; its neighbours are those under its roof by the
// numbers of their homes; whether it is seeing anyone is its spouse or an honest no. An invented
// harbour town, none of the words of the brief.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 16, 0);

const persona = (name: string, learned: string, currently = ""): PersonaText => ({
  name,
  innate: "plain-spoken, patient",
  learned,
  currently: currently || `${name.split(" ")[0]} is busy with the spring tides.`,
  lifestyle: `${name.split(" ")[0]} goes to bed at 10 pm and wakes up at 6 am.`,
});

const TAMSIN = persona(
  "Tamsin Hale",
  "Tamsin Hale keeps the chandlery on the quay at Saltmarsh. She rents the loft above her shop to Bram Otley.",
  "Tamsin means to ask the magistrate about the broken harbour light.",
);
const BRAM = persona(
  "Bram Otley",
  "Bram Otley mends nets for Conrad Pell on the quay. He is married to Wenna, who sings in the chapel.",
);
const CONRAD = persona(
  "Conrad Pell",
  "Conrad Pell is the town magistrate and owns three fishing boats.",
);
const ILSE = persona("Ilse Brand", "Ilse Brand bakes rye loaves before dawn at the Crust.");
const RESIDENTS = [TAMSIN, BRAM, CONRAD, ILSE].map((p) => p.name);
const HOMES: Record<string, string> = {
  "Tamsin Hale": "room 4 of Gull Row",
  "Bram Otley": "room 3 of Gull Row",
  "Ilse Brand": "room 5 of Gull Row",
  "Conrad Pell": "Pell house",
};

function ask(me: PersonaText, text: string, over: Partial<Knowledge> = {}): string {
  const knowledge = knowledgeOf(me, {
    home: HOMES[me.name],
    townsfolk: [TAMSIN, BRAM, CONRAD, ILSE]
      .filter((p) => p.name !== me.name)
      .map((p) => ({ persona: p, home: HOMES[p.name] })),
    ...over,
  });
  return answerTo(text, { me: me.name, residents: RESIDENTS, now: NOW, knowledge }).text;
}

describe("a role asked of is the resident who holds it", () => {
  it("answers a view of the role as a view of its holder, with its own words on the role", () => {
    const a = ask(TAMSIN, "What do you make of the magistrate?");
    expect(a).toMatch(/^Conrad Pell\? /);
    expect(a).toMatch(/harbour light/);
  });

  it("names the holder by what the town knows: being one, or doing what the role does", () => {
    expect(ask(BRAM, "Who's the magistrate round here?")).toMatch(
      /Conrad Pell is the town magistrate/,
    );
    expect(ask(TAMSIN, "And who is the baker?")).toMatch(/^Ilse Brand bakes rye loaves/);
    expect(ask(CONRAD, "Is the magistrate any good?")).toMatch(/^That's me/);
  });

  it("says honestly that the town has none when nobody holds it", () => {
    expect(ask(ILSE, "Do you like the dentist?")).toMatch(/don't think we have a dentist/);
  });
});

describe("someone else's work and one's own people", () => {
  it("tells whom a named resident works for from what the town knows of them", () => {
    const a = ask(ILSE, "Who does Bram work for?");
    expect(a).toMatch(/^Bram( Otley)? mends nets for Conrad Pell/);
  });

  it("names the one it is closest to by what ties them, never an empty reply", () => {
    const a = ask(TAMSIN, "Who in Saltmarsh are you closest to?");
    expect(a).toMatch(/^Bram, I'd say\. I rent the loft above my shop to Bram/);
    // Whom its work is for: named from the other's side too.
    expect(ask(CONRAD, "Who do you get along with best?")).toMatch(
      /^Bram, I'd say\. Bram mends nets for me/,
    );
  });

  it("tells its neighbours under its roof by the numbers of their homes", () => {
    const a = ask(TAMSIN, "Who lives next door to you?");
    expect(a).toMatch(/Bram in room 3 and Ilse in room 5 live next door to me/);
    expect(a).not.toMatch(/ask at/i);
  });

  it("answers whether it is seeing anyone by its spouse, or an honest no", () => {
    expect(ask(BRAM, "Are you going out with anyone?")).toMatch(/^Well, I'm married to Wenna/);
    expect(ask(ILSE, "Are you seeing somebody?")).toMatch(/^No, I'm not seeing anyone/);
  });
});
