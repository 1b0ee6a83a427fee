// What a resident says when the answer that fits was said already in the talk, and how what it
// remembers is said, through the offline engine (understand → answerPeople) with invented
// residents. What a person would notice: asked its work again, it points back to its work
// briefly, never answers with a plan or a memory of something else; no sentence comes twice in
// one answer; a memory is told as a person tells it (who told it, what it is), never as a
// planning note, a goodbye taken for news or a talk's "were conversing about" record.
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);

interface Resident {
  name: string;
  persona: Knowledge["persona"];
  home: string;
  work: string;
  others: string[];
}

const TOMAS: Resident = {
  name: "Tomas Reyna",
  persona: {
    name: "Tomas Reyna",
    innate: "patient, quiet, exacting",
    learned:
      "Tomas Reyna is a glassblower who runs the Ember Street glassworks. He is married to Pilar, a potter. His apprentice Ines Luz is learning to make lenses.",
    currently: "Tomas is making a stained window for the chapel.",
    lifestyle: "Tomas goes to bed at 10 pm, wakes up at 6 am, and swims in the river at dawn.",
  },
  home: "Reyna house",
  work: "Ember Street glassworks",
  others: ["Pilar Reyna", "Ines Luz", "Omar Sade"],
};

const LINA: Resident = {
  name: "Lina Park",
  persona: {
    name: "Lina Park",
    innate: "warm, brisk, curious",
    learned:
      "Lina Park is a night nurse at Hollow Bay clinic. She is married to Dev, a fisherman. Her brother Jun Park keeps bees on the hill.",
    currently: "Lina is studying for her midwifery exam.",
    lifestyle: "Lina goes to bed at 9 am, wakes up at 4 pm, and cooks a big breakfast at midnight.",
  },
  home: "Park cottage",
  work: "Hollow Bay clinic",
  others: ["Dev Park", "Jun Park", "Omar Sade"],
};

function knowledge(r: Resident, over: Partial<Knowledge> = {}): Knowledge {
  return knowledgeWith({
    persona: r.persona,
    minute: 14 * 60,
    today: [
      { start: 6 * 60, end: 12 * 60, task: "working", place: r.work },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch", place: r.home },
      { start: 13 * 60, end: 18 * 60, task: "working", place: r.work },
    ],
    home: r.home,
    places: [
      { name: r.home, parts: ["kitchen"], dwelling: true },
      { name: r.work, parts: ["workroom"] },
    ],
    doing: "working",
    ...over,
  });
}

const memory = (text: string, kind = "thought"): MemoryLine => ({
  text,
  created: NOW - 3_600_000,
  importance: 5,
  kind,
});

function ask(
  r: Resident,
  text: string,
  o: { said?: string[]; memories?: MemoryLine[]; k?: Partial<Knowledge> } = {},
) {
  const residents = [r.name, ...r.others];
  const turn = { me: r.name, residents, now: NOW, knowledge: knowledge(r, o.k) };
  return answerTo(text, { ...turn, said: o.said, memories: o.memories }).text;
}

/** Sentences said twice in one answer. */
const twice = (text: string) => {
  const parts = text.split(/(?<=[.!?])\s+/).map((s) => s.toLowerCase());
  return parts.filter((p, i) => parts.indexOf(p) !== i);
};

describe("a fitting answer said already is pointed back to, not replaced", () => {
  const cases: [Resident, string, RegExp, MemoryLine[]][] = [
    [
      TOMAS,
      "glassblower",
      /\b(plans?|planning|visit)\b/i,
      [
        memory(
          "For Tomas Reyna's planning: a visit to Nora Vale at Reyna house on February 14 at 6 pm; Tomas means to go.",
        ),
        memory("Omar Sade is having lunch in the workroom (taking a short break).", "observation"),
      ],
    ],
    [
      LINA,
      "nurse",
      /\b(plans?|planning|visit)\b/i,
      [
        memory(
          "For Lina Park's planning: a visit from Jun Park at Park cottage on February 14 at 8 pm; Lina means to be there.",
        ),
        memory("Omar Sade is taking a short break in the kitchen.", "observation"),
      ],
    ],
  ];
  for (const [r, job, other, memories] of cases)
    it(`${r.name}: asked about its work again, it says its work again briefly`, () => {
      const said = [ask(r, "What's your job?", { memories })];
      expect(said[0]).toContain(job);
      for (const again of [
        "What's your occupation?",
        "What kind of work do you do?",
        "What do you do for a living?",
      ]) {
        const a = ask(r, again, { said: [...said], memories });
        expect(a).not.toMatch(other);
        expect(said).not.toContain(a);
        said.push(a);
      }
      // Once all of it was said, a pointer back to what was said, in a new wording each time.
      const back = said.at(-1)!;
      expect(back).toMatch(/\bsaid\b|\btold you\b/);
      const gist = back
        .replace(/^[^,:]*[,:] /, "")
        .replace(/\.$/, "")
        .toLowerCase();
      const before = said.slice(0, -1).join(" ").toLowerCase();
      expect([gist, gist.replace(/^i'm\b/, "i am")].some((g) => before.includes(g))).toBe(true);
    });
});

describe("no sentence is said twice in one answer", () => {
  it("who a person is to it, with the last talk, says the tie once", () => {
    for (const [r, other, tie] of [
      [TOMAS, "Pilar", "Tomas Reyna is married to Pilar, a potter."],
      [LINA, "Dev", "Lina Park is married to Dev, a fisherman."],
    ] as const) {
      const full = r.others.find((n) => n.startsWith(other))!;
      const k = {
        people: [
          { name: full, relationship: `${tie} They last talked about the harvest fair.`, talks: 3 },
        ],
      };
      for (const q of [`How do you know ${other}?`, `Tell me about ${other}.`]) {
        const a = ask(r, q, { k });
        expect(a).toMatch(/married/);
        expect(twice(a), a).toEqual([]);
      }
    }
  });
});

describe("a memory is told as a person tells it", () => {
  it("a goodbye heard is no news, and a talk's record is told as a talk", () => {
    for (const [r, teller, topicQ, bye] of [
      [TOMAS, "Ines Luz", "Have you heard anything about the chapel window?", "Take care, Tomas."],
      [
        LINA,
        "Jun Park",
        "Have you heard anything about the honey harvest?",
        "Good to see you, Lina. Bye.",
      ],
    ] as const) {
      const tf = teller.split(" ")[0];
      const thing = topicQ.includes("chapel") ? "the chapel window" : "the honey harvest";
      const memories = [
        memory(
          `${r.name} heard from ${teller} that ${bye} ${teller} and ${r.name} were conversing about ${thing}.`,
          "memo",
        ),
      ];
      for (const q of [topicQ, `What do you know about ${thing}?`]) {
        const a = ask(r, q, { memories });
        expect(a).not.toMatch(/take care|good to see|bye/i);
        expect(a).not.toMatch(/, I\b/);
        expect(a).not.toMatch(/conversing/);
        expect(a).toMatch(new RegExp(`${tf}.*talked about ${thing}|talked.*${thing}`));
      }
    }
  });

  it("a planning note is told as its plan, never as a note", () => {
    for (const [r, note, q] of [
      [
        TOMAS,
        "For Tomas Reyna's planning: Omar Sade is holding a chess night at the library on Friday; Tomas means to go.",
        "Do you ever play chess?",
      ],
      [
        LINA,
        "For Lina Park's planning: Omar Sade is holding a quiz night at the harbour inn on Friday; Lina means to go.",
        "Any quiz nights around?",
      ],
    ] as const) {
      const a = ask(r, q, { memories: [memory(note)] });
      expect(a).not.toMatch(/for my plans|planning:|means to/i);
      expect(a).toMatch(/Omar/);
    }
  });

  it("someone's doing it saw is told as seen then, not as going on now", () => {
    for (const [r, obs, q] of [
      [
        TOMAS,
        "Omar Sade is repairing the old ferry (at the dock).",
        "Do you know anything about the ferry?",
      ],
      [
        LINA,
        "Jun Park is painting the beehives (in the garden).",
        "Do you know anything about the beehives?",
      ],
    ] as const) {
      const a = ask(r, q, { memories: [memory(obs, "observation")] });
      expect(a).toMatch(/Last I saw, [A-Z][a-z]+ [A-Z][a-z]+ was/);
      expect(a).not.toMatch(/\(/);
    }
  });

  it("the same news heard from two people is told once", () => {
    for (const [r, a1, a2, news] of [
      [TOMAS, "Ines Luz", "Pilar Reyna", "Omar Sade is repairing the old ferry"],
      [LINA, "Dev Park", "Jun Park", "Omar Sade is repairing the old ferry"],
    ] as const) {
      const memories = [
        memory(`${r.name} heard from ${a1} that ${news}.`, "memo"),
        memory(`${r.name} heard from ${a2} that ${news}.`, "memo"),
      ];
      const a = ask(r, "Do you know anything about the ferry?", { memories });
      expect(a.match(/repairing the old ferry/g) ?? [], a).toHaveLength(1);
    }
  });
});

describe("what is new asks for news, not who it is", () => {
  it("'what's new' is answered with news or a quiet time, never its habits recited", () => {
    for (const r of [TOMAS, LINA])
      for (const q of ["What's new around here?", "Anything new in town?"]) {
        const a = ask(r, q);
        expect(a).not.toMatch(/go to bed|wake up|I am a|married/);
        expect(a).toMatch(/quiet|heard|told/);
      }
  });
});
