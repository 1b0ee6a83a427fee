// What a reader of the residents' talks noticed (issue 29, session 23): a resident named as an
// object is "me" in its own words ("lunch with me", never "with I"); news passed on as "Grace told
// me that she is worried" keeps who "she" is when the next resident retells it; a pleasant habit
// ("likes a long swim") is no worry; asked whether anything worries it, a resident speaks of its
// worries, not of its news; a plan it comes back to later in the day is told once.
import { describe, expect, it } from "vitest";
import { inFirstPerson } from "../../server/agents/language/realise.ts";
import { personaFacts } from "../../server/agents/language/facts.ts";
import { notePronoun } from "../../server/agents/language/pronouns.ts";
import {
  offlineTakeaway,
  topicPhrase,
  type ChatSideInput,
} from "../../server/agents/offline/dialogue.ts";
import { narrate } from "../../server/agents/offline/answers/day.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { answerTo } from "../helpers/askResident.ts";
import { toListener } from "../../server/agents/language/realise.ts";
import { talkLine } from "../../server/agents/offline/talk.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);

describe("the resident named as an object is 'me'", () => {
  it("after a preposition or a verb, not before a verb of its own", () => {
    const say = (t: string) => inFirstPerson(t, "Pim Aalders", "he");
    expect(say("Tove is having supper with Pim at the harbour")).toBe(
      "Tove is having supper with me at the harbour",
    );
    expect(say("Olof asked Pim to mend the sail")).toBe("Olof asked me to mend the sail");
    expect(say("about Pim rowing across the bay")).toBe("about me rowing across the bay");
    expect(say("Tove told Pim that Pim is late")).toBe("Tove told me that I am late");
    expect(say("Pim is going to the harbour")).toBe("I am going to the harbour");
  });
});

describe("news retold", () => {
  /** Olof, who hears the news, knowing `people`. */
  const olof = (people: string[]): ChatSideInput => ({
    id: "olof",
    name: "Olof Lind",
    brief: "",
    action: "",
    relationship: "",
    memories: [],
    people,
  });

  it("'X told me that she ...' passes on as X's news, naming her", () => {
    notePronoun("Tove Berg", "she");
    const hearer = olof(["Tove Berg", "Pim Aalders", "Marta Lind"]);
    const t = offlineTakeaway(
      hearer,
      "Pim Aalders",
      [
        {
          speaker: "Pim Aalders",
          text: "Hello Olof. Tove told me that she is afraid the ferry will stop running in winter.",
        },
        { speaker: "Olof Lind", text: "Really? I'll keep that in mind." },
      ],
      "conversing about the ferry",
      NOW,
      [],
    );
    expect(t.memo).toBe(
      "Olof Lind heard from Pim Aalders that Tove is afraid the ferry will stop running in winter.",
    );
  });

  it("what the two talked of last time, recalled in a greeting, is no news; what follows it is", () => {
    notePronoun("Tove Berg", "she");
    const hearer = olof(["Tove Berg", "Pim Aalders"]);
    const t = offlineTakeaway(
      hearer,
      "Pim Aalders",
      [
        {
          speaker: "Pim Aalders",
          text: "Olof, good to see you again. Last time we talked about you mending the big sail. Tove told me that she is selling her boat in the spring.",
        },
        { speaker: "Olof Lind", text: "That's good to know, Pim." },
      ],
      "conversing about the sail",
      NOW,
      [],
    );
    expect(t.memo).toBe(
      "Olof Lind heard from Pim Aalders that Tove is selling her boat in the spring.",
    );
  });
});

const knowledgeOf = (persona: Knowledge["persona"], today: Knowledge["today"] = []): Knowledge => ({
  persona,
  minute: 14 * 60,
  today,
  yesterday: [],
  yesterdayItems: [],
  home: "Aalders flat",
  places: [],
  people: [],
  knowsSpeaker: false,
  doing: "resting",
});

describe("worries", () => {
  const pim = {
    name: "Pim Aalders",
    innate: "shy, patient",
    learned:
      "Pim Aalders mends nets at the harbour. He is helping Olof organise the regatta on Sunday.",
    currently: "Pim is teaching himself to carve model boats.",
    lifestyle: "Pim goes to bed at 11 pm, wakes at 5 am, and likes a long swim before work.",
  };
  const residents = ["Pim Aalders", "Olof Lind", "Tove Berg"];

  it("a pleasant habit is no worry", () => {
    const kinds = personaFacts(pim).facts.find((f) => /swim/.test(f.text))!.kinds;
    expect(kinds).not.toContain("worry");
  });

  it("asked whether anything troubles it: its worries (none here), not its news nor its habits", () => {
    for (const q of [
      "Is anything worrying you these days?",
      "Is there something that worries you at the moment?",
    ]) {
      const a = answerTo(q, {
        me: pim.name,
        residents,
        now: NOW,
        knowledge: knowledgeOf(pim),
      }).text;
      expect(a, q).not.toMatch(/^Yes/);
      expect(a, q).not.toMatch(/swim|regatta|bed at/);
    }
  });
});

describe("a day told", () => {
  it("a doing it comes back to later in the day is told once", () => {
    const f = personaFacts({
      name: "Pim Aalders",
      innate: "",
      learned: "Pim Aalders mends nets at the harbour.",
      currently: "",
      lifestyle: "",
    });
    const today = [
      { start: 6 * 60, end: 7 * 60, task: "rowing on the bay" },
      { start: 7 * 60, end: 11 * 60, task: "mending nets at the harbour" },
      { start: 11 * 60, end: 12 * 60, task: "eating lunch on the quay" },
      { start: 12 * 60, end: 16 * 60, task: "mending nets at the harbour" },
      { start: 16 * 60, end: 18 * 60, task: "selling fish" },
    ];
    const told = narrate(today, f, knowledgeOf(f as never, today), "past");
    expect(told.match(/mending nets/g)).toHaveLength(1);
    expect(told).toMatch(/selling fish/);
  });
});

describe("said to the one it names", () => {
  it("the verb agrees with 'you', an auxiliary too", () => {
    expect(toListener("I want it my own way, which Tove does not like.", "Tove Berg")).toBe(
      "I want it my own way, which you do not like.",
    );
    expect(toListener("Tove has a new boat.", "Tove Berg")).toBe("You have a new boat.");
  });
});

describe("a goodbye", () => {
  it("does not go back to the doing the same line just named", () => {
    const knows = knowledgeOf(
      {
        name: "Pim Aalders",
        innate: "shy",
        learned: "Pim Aalders mends nets at the harbour.",
        currently: "",
        lifestyle: "",
      },
      [
        { start: 6 * 60, end: 9 * 60, task: "rowing on the bay" },
        { start: 13 * 60, end: 16 * 60, task: "sketching by the pond" },
      ],
    );
    const pim = {
      id: "pim",
      name: "Pim Aalders",
      brief: "",
      action: "sketching by the pond",
      relationship: "",
      memories: [],
      people: [],
      knows,
    };
    const lines = ["Tove Berg", "Olof Lind", "Marta Lind", "Hal Ostrom", "Ines Roy", "Bo Dahl"].map(
      (other) => {
        const soFar = [{ speaker: other, text: `Hello Pim. What have you been up to today?` }];
        return talkLine(
          pim,
          { name: other, action: "walking" },
          soFar,
          NOW,
          [],
          2,
          undefined,
          [null],
          ["day"],
        ).text;
      },
    );
    for (const l of lines) expect(l).not.toMatch(/sketching by the pond.*get back to sketching/);
    expect(lines.some((l) => /Now I'm sketching by the pond/.test(l))).toBe(true);
  });
});

describe("a recalled talk", () => {
  it("said to the other with 'you' in it, is no topic to remember the new talk by", () => {
    for (const line of [
      "Last time we talked about you preparing for Saturday's pool tournament at the bar.",
      "Last time we talked about you and the new roof.",
    ])
      expect(topicPhrase(line, "Ada Okafor"), line).not.toMatch(/\byou\b/);
  });
});
