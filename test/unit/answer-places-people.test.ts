// A visitor asking where to find something or who does something in town, answered from what the
// resident knows: a second place only where it serves the need as well as the first; who holds a
// role by the one clause that says so, with where; the nearest fit for a role nobody holds; anyone
// who does something by what the town knows of them; the best of living here as a view of the
// town. An invented lakeside town, none of the wordings of the brief.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import type { Knowledge, KnownPlace } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 15, 0);

const persona = (name: string, learned: string, currently = ""): PersonaText => ({
  name,
  innate: "cheerful, practical",
  learned,
  currently: currently || `${name.split(" ")[0]} is busy with the spring fair.`,
  lifestyle: `${name.split(" ")[0]} goes to bed at 10 pm and wakes up at 6 am.`,
});

const MAREN = persona(
  "Maren Holt",
  "Maren Holt owns the Copper Pot, the tea room by the mill race. She bakes rye loaves before sunrise, keeps a ledger of every customer's birthday, and thinks the village is only as good as its gossip.",
);
const TOBIAS = persona(
  "Tobias Wren",
  "Tobias Wren mends boats in the yard behind Lindqvist Chandlery. He plays no instrument and never sings.",
);
const ELSA = persona(
  "Elsa Varga",
  "Elsa Varga is a retired schoolteacher. She plays the fiddle on the jetty most evenings and lives with her sister Ilona.",
);
const PIET = persona(
  "Piet Aalders",
  "Piet Aalders is Fennick's town clerk: he keeps the parish rolls and rings the tide bell. He is married to Sanne and shares his cottage with his nephew Joost.",
);
const JOOST = persona(
  "Joost Aalders",
  "Joost Aalders studies navigation at Fennick College and works part-time sorting the parish rolls.",
);
const ALL = [MAREN, TOBIAS, ELSA, PIET, JOOST];

const PLACES: KnownPlace[] = [
  {
    name: "Copper Pot tea room",
    parts: ["dining room", "kitchen"],
    things: ["long table", "oven"],
    uses: ["pouring tea"],
    where: { side: "north" },
  },
  {
    name: "Lindqvist Chandlery",
    parts: ["shop floor", "boat yard"],
    things: ["counter", "workbench"],
    uses: [
      "serving customers at the counter",
      "eating sandwiches behind the counter",
      "selling rope",
    ],
    where: { side: "south" },
  },
  {
    name: "Fennick College",
    parts: ["lecture hall"],
    things: ["desk"],
    uses: ["studying navigation"],
    where: { side: "west" },
  },
  {
    name: "Fennick town hall",
    parts: ["council chamber"],
    things: ["desk", "tide bell"],
    uses: ["keeping the rolls"],
    where: { side: "east" },
  },
];

function ask(me: PersonaText, text: string, over: Partial<Knowledge> = {}): string {
  const knowledge = knowledgeWith({
    persona: me,
    home: "bedroom of Holt cottage",
    places: PLACES,
    townsfolk: ALL.filter((p) => p.name !== me.name).map((p) => ({ persona: p })),
    ...over,
  });
  return answerTo(text, { me: me.name, residents: ALL.map((p) => p.name), now: NOW, knowledge })
    .text;
}

describe("where to go for something", () => {
  it("suggests a second place only where it serves the need as well as the first", () => {
    for (const q of ["Where would you go for a nice dinner?", "Where can I get a proper meal?"]) {
      const a = ask(PIET, q);
      expect(a, q).toMatch(/Copper Pot/);
      // (Customers are served and sandwiches eaten at the chandlery: no place for dinner.)
      expect(a, q).not.toMatch(/Chandlery|shop floor/);
    }
  });

  it("says honestly there is nowhere, not someone's unrelated work at a place named like the town", () => {
    for (const q of ["Where can I get a haircut?", "Where could I get my nails done?"]) {
      const a = ask(PIET, q);
      expect(a, q).not.toMatch(/town hall|I'm it|shares|nephew|College|part-time/);
    }
  });
});

describe("who holds a role, and who comes nearest", () => {
  it("names the holder by the one clause that says so, with where", () => {
    for (const q of ["Is there a baker?", "Who is the baker?"]) {
      const a = ask(PIET, q);
      expect(a, q).toMatch(/Maren bakes rye loaves before sunrise/);
      expect(a, q).toMatch(/Copper Pot/);
      // (Not everything else that sentence says of her.)
      expect(a, q).not.toMatch(/ledger|gossip/);
    }
  });

  it("names someone whose work is a kind of what the role does, where nobody is one", () => {
    for (const q of ["Who's the best cook in town?", "Who is the best cook around here?"]) {
      const a = ask(TOBIAS, q);
      expect(a, q).toMatch(/^Maren, I'd say; she bakes rye loaves/);
      expect(a, q).not.toMatch(/don't think we have/);
    }
  });
});

describe("anyone who does something", () => {
  it("names who does it by what the town knows of them, never by a clause that denies it", () => {
    for (const q of [
      "Do you know anyone who plays music?",
      "Does anyone here play the fiddle?",
      "Is there someone who plays music around here?",
    ]) {
      const a = ask(PIET, q);
      expect(a, q).toMatch(/^Yes, Elsa; she plays the fiddle/);
      expect(a, q).not.toMatch(/Tobias|no instrument|I know most people/);
    }
  });

  it("finds a mender by what they mend, asked in other words", () => {
    for (const q of ["Anyone here do repairs on boats?", "Is there anybody who fixes boats?"]) {
      const a = ask(ELSA, q);
      expect(a, q).toMatch(/Tobias; he mends boats/);
    }
  });
});

describe("the best of living here", () => {
  it("answers what it enjoys most about living here from its own life, not as a pick of a kind", () => {
    for (const q of [
      "What do you enjoy most about living in Fennick?",
      "What do you love most about living here?",
    ]) {
      const a = ask(PIET, q);
      expect(a, q).not.toMatch(/couldn't really pick/);
      expect(a, q).toMatch(/Sanne|Joost|harbour|people/i);
    }
  });
});
