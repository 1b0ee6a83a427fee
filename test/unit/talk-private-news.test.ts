// Talks between residents (issue 29, item 6): the record of a talk is never told as news; what is
// for friends (a secret, a love for someone named) is not told to someone just met; one's own
// persona said in the first person agrees ("whom I meet", "and am thinking").
import { describe, expect, it } from "vitest";
import { farewell, pickNews, tellNews } from "../../server/agents/offline/dialogue.ts";
import { memoryAsSaid } from "../../server/agents/offline/answers/memories.ts";
import { personaFacts } from "../../server/agents/language/facts.ts";
import { iToThirdPerson, ownMemoryAsI } from "../../server/agents/language/person.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

const at = (hhmm: string, day = 9) => Date.parse(`2026-03-0${day}T${hhmm}:00Z`);
const PEOPLE = ["Oskar Lind", "Petra Vale", "Hugo Brandt", "Selma Roy"];

describe("what a resident tells another as news", () => {
  it("is never the record of a talk it had", () => {
    const talk: MemoryLine = {
      text: "Oskar Lind and Hugo Brandt were conversing about Hugo Brandt mending the chapel roof.",
      created: at("08:00"),
      importance: 6,
      kind: "chat",
      with: "Hugo Brandt",
    };
    const news = pickNews([talk], at("10:00"), [], "Oskar Lind", PEOPLE, "Petra Vale");
    expect(news && tellNews(news, "Oskar Lind", "Petra Vale")).toBeUndefined();
  });
});

describe("what is for friends only", () => {
  const persona = {
    name: "Oskar Lind",
    innate: "earnest, shy",
    learned: "Oskar Lind repairs bicycles at the harbour.",
    currently:
      "Oskar Lind is saving for a sailing boat and has a crush on Selma Roy, the potter, whom he meets at the market. He wants to open a second shop, and has told nobody yet. He is writing a letter, secretly, to his old teacher.",
    lifestyle: "Oskar Lind rises at six.",
  };
  const facts = personaFacts(persona).facts;
  const about = (w: string) => facts.find((f) => f.text.includes(w))!;

  it("keeps a love for someone named, a plan told to nobody and a secret letter for friends", () => {
    expect(about("crush").secret).toBe(true);
    expect(about("second shop").secret).toBe(true);
    expect(about("letter").secret).toBe(true);
  });
  it("tells anyone its work and its habits", () => {
    expect(about("bicycles").secret).toBe(false);
    expect(about("six").secret).toBe(false);
  });
});

describe("one's own persona said as I", () => {
  it("says the pronoun of itself as I when the person named cannot be it", () => {
    expect(
      ownMemoryAsI(
        "Oskar Lind has a crush on Selma Roy, the potter, whom he meets at the market.",
        "Oskar Lind",
      ),
    ).toBe("I have a crush on Selma Roy, the potter, whom I meet at the market.");
  });
  it("agrees a verb after a comma that goes on with its own subject", () => {
    expect(
      ownMemoryAsI(
        "Petra Vale is afraid that Hugo works too hard, and is thinking of asking him to rest.",
        "Petra Vale",
      ),
    ).toBe("I am afraid that Hugo works too hard, and am thinking of asking him to rest.");
  });
  it("keeps another's clause as theirs", () => {
    expect(
      ownMemoryAsI(
        "Petra Vale heard from Hugo Brandt that Hugo is ill, and is staying home.",
        "Petra Vale",
      ),
    ).toBe("Hugo told me he is ill, and is staying home.");
  });
});

describe("what one heard, said back", () => {
  it("keeps a name the tagger does not know capitalised, and its pronouns as that person's", () => {
    const said = memoryAsSaid(
      "Petra Vale heard from Selma Roy that Tobiah is entering the regatta, which he means to win, and is mending his sail.",
      "Petra Vale",
    );
    expect(said).toContain("that Tobiah is entering");
    expect(said).toContain("which he means to win, and is mending his sail");
  });
  it("leaves the reflexive and possessive of whom the news is about as theirs", () => {
    expect(
      ownMemoryAsI(
        "Petra Vale heard from Hugo Brandt that Selma is teaching herself to throw the pots her grandmother made.",
        "Petra Vale",
      ),
    ).toContain("that Selma is teaching herself to throw the pots her grandmother made");
  });
  it("a line said back in the third person agrees with its subject again", () => {
    expect(
      iToThirdPerson(
        "I am afraid that Hugo works too hard, and am thinking of asking him to rest.",
        "Petra Vale",
      ),
    ).toBe("Petra Vale is afraid that Hugo works too hard, and is thinking of asking him to rest.");
  });
  it("a resident off back to its own doing calls it its own", () => {
    expect(farewell("sanding her new oars", "Hugo Brandt", "Petra Vale")).toMatch(
      /get back to sanding my new oars/,
    );
  });
});
