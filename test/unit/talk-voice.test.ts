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
  answerEvent,
  farewell,
  offlineTakeaway,
  topicPhrase,
  type ChatSideInput,
} from "../../server/agents/offline/dialogue.ts";
import { manyAgree } from "../../server/agents/language/person.ts";
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

/** Olof Lind as the one who hears, knowing `people` (and what `memories` hold). */
const olof = (people: string[], memories: ChatSideInput["memories"] = []): ChatSideInput => ({
  id: "olof",
  name: "Olof Lind",
  brief: "",
  action: "",
  relationship: "",
  memories,
  people,
});

describe("news retold", () => {
  it("'X told me that she ...' passes on as X's news, naming her", () => {
    notePronoun("Tove Berg", "she");
    const t = offlineTakeaway(
      olof(["Tove Berg", "Pim Aalders", "Marta Lind"]),
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
    const t = offlineTakeaway(
      olof(["Tove Berg", "Pim Aalders"]),
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

// Session 24 (issue 29): lines between residents no person would say.
const HARBOUR = ["Pim Aalders", "Tove Berg", "Olof Lind", "Marta Lind", "Hal Ostrom"];
/** Pim as most talks here have him: friendly, mending nets, nothing else said. */
const NET_MENDER = {
  name: "Pim Aalders",
  innate: "friendly",
  learned: "Pim Aalders mends nets at the harbour.",
  currently: "",
  lifestyle: "",
};
/** Olof's answer to news told in a line that opens as `opening` does, by `speaker`. */
const olofHears = (speaker: string, opening: string) => (news: string) =>
  answerEvent([{ speaker, text: `${opening} ${news}` }], 0, olof(HARBOUR), NOW, [], HARBOUR);
const pimSide = (knows: Knowledge, memories: ChatSideInput["memories"] = []) => ({
  id: "pim",
  name: "Pim Aalders",
  brief: "",
  action: "mending nets",
  relationship: "",
  memories,
  people: HARBOUR,
  knows,
});
/** Pim's line after `other` asked `question` (what the question asks: `ask`), in a long talk. */
const pimAnswers = (
  knows: Knowledge,
  other: string,
  question: string,
  ask: "family" | "work" | "day",
  memories: ChatSideInput["memories"] = [],
) =>
  talkLine(
    pimSide(knows, memories),
    { name: other, action: "walking" },
    [
      { speaker: other, text: `Hello Pim.` },
      { speaker: "Pim Aalders", text: `Hello.` },
      { speaker: other, text: question },
    ],
    NOW,
    [],
    12,
    undefined,
    [null, null, null],
    [null, null, ask],
  ).text;

describe("whom one spends time with", () => {
  const tove = {
    name: "Tove Berg",
    innate: "patient",
    learned:
      "Tove Berg runs the chandlery on the quay, which she took over from her aunt Sigrid. She lives with her brother Olof above the shop.",
    currently: "Tove is repainting the chandlery's sign.",
    lifestyle: "Tove goes to bed at 10 pm.",
  };
  it("is kin one is with, not kin named in one's history", () => {
    for (const q of ["Who have you been spending time with lately?", "How is your family?"]) {
      const a = answerTo(q, {
        me: tove.name,
        residents: HARBOUR,
        now: NOW,
        knowledge: knowledgeOf(tove),
      }).text;
      expect(a, q).toMatch(/Olof/);
      expect(a, q).not.toMatch(/Sigrid|took over/);
    }
  });
});

describe("one question a line", () => {
  it("an answer that asks back is not asked back again", () => {
    // (No family named: the answer says so and asks back.)
    const knows = knowledgeOf(NET_MENDER);
    for (const other of ["Tove Berg", "Olof Lind", "Marta Lind", "Hal Ostrom"]) {
      const line = pimAnswers(knows, other, "How is your family?", "family");
      expect(line, line).toMatch(/family/);
      expect(line.match(/\?/g)?.length ?? 0, line).toBeLessThanOrEqual(1);
    }
  });
});

describe("what one keeps from the one it is about", () => {
  const pim = {
    name: "Pim Aalders",
    innate: "shy",
    learned: "Pim Aalders mends nets at the harbour.",
    currently:
      "Pim is working up the courage to ask Tove out for dinner. He wonders whether Marta likes him.",
    lifestyle: "",
  };
  it("a feeling for them is not said to them; to someone else it may be", () => {
    const knows = { ...knowledgeOf(pim), knowsSpeaker: true };
    for (const [other, about] of [
      ["Tove Berg", /ask you out|courage/],
      ["Marta Lind", /like me|wonder/],
    ] as const)
      for (const q of ["What are you working on these days?", "What's new with you?"])
        expect(
          answerTo(q, {
            me: pim.name,
            residents: HARBOUR,
            now: NOW,
            knowledge: knows,
            speaker: other,
          }).text,
          `${other}: ${q}`,
        ).not.toMatch(about);
  });

  it("news of an admirer is not passed on to the one admired, named by title and family name", () => {
    const heard = {
      text: "Olof Lind has a crush on Miss Berg, the sailmaker.",
      created: NOW - 3_600_000,
      importance: 8,
      kind: "thought" as const,
    };
    const knows = { ...knowledgeOf(pim), knowsSpeaker: true };
    const opens = (other: string) =>
      talkLine(
        pimSide(knows, [heard]),
        { name: other, action: "walking" },
        [],
        NOW,
        [],
        8,
        undefined,
        [],
        [],
      ).text;
    expect(opens("Tove Berg")).not.toMatch(/crush/);
    // (To a friend it is news.)
    expect(opens("Marta Lind")).toMatch(/crush/);
  });
});

describe("a phrase cut short", () => {
  it("keeps a name whole with its title, or leaves both out", () => {
    const topic = topicPhrase(
      "Tove is copying old charts from the 1890s for Captain Hale's book and has found a map she thinks shows the wreck.",
      "",
    );
    expect(topic).toMatch(/^Tove copying old charts/);
    expect(topic).not.toMatch(/\bCaptain$|\bfor$/);
  });
});

describe("a subject of several, or 'you'", () => {
  it("takes the verb as 'they' does, with 'I' named last", () => {
    expect(manyAgree("Tove, Olof and I rows the ferry.")).toBe("Tove, Olof and I row the ferry.");
    expect(inFirstPerson("Pim and Tove row the ferry at dawn.", "Pim Aalders", "he")).toBe(
      "Tove and I row the ferry at dawn.",
    );
    expect(toListener("Pim rows the ferry with Olof.", "Pim Aalders")).toBe(
      "You row the ferry with Olof.",
    );
  });

  it("a verb that goes on with what 'I' does after a list of its doings agrees with 'I'", () => {
    expect(
      inFirstPerson(
        "Pim goes to bed at 9 pm, wakes up at 5 am, and rows the ferry.",
        "Pim Aalders",
        "he",
      ),
    ).toBe("I go to bed at 9 pm, wake up at 5 am, and row the ferry.");
    // (A list of things is no verb: "two dogs and cats".)
    expect(inFirstPerson("Pim has two dogs and cats.", "Pim Aalders", "he")).toBe(
      "I have two dogs and cats.",
    );
  });
});

describe("a goodbye to the one it names", () => {
  it("is 'with you'", () => {
    expect(farewell("having lunch with Tove", "Tove Berg", "Pim Aalders")).toBe(
      "I should get back to having lunch with you. See you later, Tove!",
    );
  });
});

describe("news of someone's doing", () => {
  it("is not answered with whether one can make it; an event someone holds is", () => {
    const reply = olofHears("Tove Berg", "Hello Olof.");
    expect(
      reply("Hal is training for Sunday's regatta on the bay, which he intends to win."),
    ).not.toMatch(/make it|like to come/);
    expect(reply("Hal is organising a regatta on the bay on Sunday at 2 pm.")).toMatch(
      /make it|like to come/,
    );
  });

  it("a talk recalled in a greeting is no news to answer", () => {
    const knows = knowledgeOf(NET_MENDER);
    const topic = "conversing about Hal training for Sunday's regatta on the bay";
    for (const [n, other] of ["Tove Berg", "Olof Lind", "Marta Lind", "Hal Ostrom"].entries()) {
      const opening = talkLine(
        pimSide(knows),
        { name: other, action: "walking" },
        [],
        NOW + n * 86_400_000,
        [],
        8,
        { minutesAgo: 24 * 60, topic },
        [],
        [],
      ).text;
      const said = [{ speaker: "Pim Aalders", text: opening }];
      expect(answerEvent(said, 0, olof(HARBOUR), NOW, [], HARBOUR), opening).not.toMatch(
        /make it|like to come/,
      );
    }
  });
});

// Session 25 (issue 29): talks between residents, read over two days of two towns.
describe("news of the teller's own doing", () => {
  it("is not answered with whether one can make it; the teller's own event is", () => {
    const reply = olofHears("Hal Ostrom", "Hi Olof, I'm Hal; I've seen you around.");
    expect(
      reply("I am training for Sunday's regatta on the bay, which I intend to win."),
    ).not.toMatch(/make it|like to come/);
    expect(reply("I am organising a regatta on the bay on Sunday at 2 pm.")).toMatch(
      /make it|like to come/,
    );
  });
});

describe("an answer the other gave of themselves", () => {
  const knows = knowledgeOf(NET_MENDER, [
    { start: 8 * 60, end: 12 * 60, task: "mending nets at the harbour", place: "harbour" },
    { start: 13 * 60, end: 16 * 60, task: "mending nets at the harbour", place: "harbour" },
  ]);
  const theirDay =
    "So far today I was mending nets at the harbour in the morning. Now I'm mending nets at the harbour.";
  const line = (other: string, soFar: { speaker: string; text: string }[]) =>
    talkLine(
      pimSide(knows),
      { name: other, action: "walking" },
      soFar,
      NOW,
      [],
      12,
      undefined,
      soFar.map(() => null),
      soFar.map((_, i) => (i === soFar.length - 1 ? "day" : null)),
    ).text;

  it("asked about one's own day, is one's day said as agreeing, not a bare 'Same here'", () => {
    for (const other of ["Tove Berg", "Olof Lind", "Marta Lind", "Hal Ostrom"]) {
      const said = line(other, [
        { speaker: other, text: "Hello Pim." },
        { speaker: "Pim Aalders", text: "Hello." },
        {
          speaker: other,
          text: `${theirDay} What about you, Pim? What have you been up to today?`,
        },
      ]);
      expect(said, said).not.toMatch(/Same here/);
      expect(said, said).toMatch(
        /(Like you, so far today|mending nets at the harbour[^.?]* too\.)/,
      );
    }
  });

  it("a line whose answer was said already still answers before it asks", () => {
    for (const other of ["Tove Berg", "Olof Lind", "Marta Lind", "Hal Ostrom"]) {
      const said = line(other, [
        { speaker: other, text: "Hello Pim." },
        { speaker: "Pim Aalders", text: "Same here, to be honest." },
        { speaker: other, text: `${theirDay} How has your day been so far?` },
      ]);
      const first = said.split(/(?<=[.!?])\s+/)[0];
      expect(first, said).not.toMatch(/\?$/);
    }
  });
});

describe("how one's family is", () => {
  const residents = ["Pim Aalders", "Nina Aalders", "Olof Lind", "Hal Ostrom"];
  const ask = (persona: Knowledge["persona"]) =>
    answerTo("How is your family?", {
      me: persona.name,
      residents,
      now: NOW,
      knowledge: knowledgeOf(persona),
      speaker: "Hal Ostrom",
    }).text;
  it("names kin who live in town as who they are, not a deed of one's past", () => {
    const a = ask({
      name: "Pim Aalders",
      innate: "friendly",
      learned:
        "Pim Aalders is a boatbuilder. He built the hull of his wife Nina's ferry and learned the trade from his grandfather Bram.",
      currently: "",
      lifestyle: "",
    });
    expect(a).toMatch(/Nina is my wife/);
    expect(a).not.toMatch(/built|Bram/);
  });
  it("kin only of one's past, not in town, are no family here", () => {
    const a = ask({
      name: "Olof Lind",
      innate: "friendly",
      learned: "Olof Lind keeps the lighthouse, which he took over from his aunt Sigrid.",
      currently: "",
      lifestyle: "",
    });
    expect(a).not.toMatch(/Sigrid|took over/);
  });
});

describe("what one has not noticed", () => {
  it("is no fact of one's own to tell", () => {
    const f = personaFacts({
      name: "Nina Berg",
      innate: "kind",
      learned: "Nina Berg paints boats.",
      currently:
        "Nina is restoring an old dinghy. She has not noticed that Pim is carving a model boat for her.",
      lifestyle: "",
    });
    expect(f.facts.map((x) => x.text).join(" ")).not.toMatch(/carving|noticed/);
    expect(f.facts.map((x) => x.text).join(" ")).toMatch(/dinghy/);
  });
});

describe("a doing kept from the one it is for", () => {
  it("is told without them to someone just met, and not to them", () => {
    const people = ["Pim Aalders", "Nina Berg", "Olof Lind", "Marta Lind", "Hal Ostrom"];
    const knows = knowledgeOf({
      name: "Pim Aalders",
      innate: "friendly",
      learned: "Pim Aalders mends nets at the harbour.",
      currently: "Pim is carving a model boat, secretly for Nina Berg.",
      lifestyle: "",
    });
    const plan = {
      text: "Pim Aalders is carving a model boat for Nina this evening.",
      created: NOW - 3_600_000,
      importance: 7,
      kind: "thought" as const,
    };
    const opens = (other: string) =>
      talkLine(
        { ...pimSide(knows, [plan]), people },
        { name: other, action: "walking" },
        [],
        NOW,
        [],
        8,
        undefined,
        [],
        [],
      ).text;
    for (const other of ["Olof Lind", "Marta Lind", "Hal Ostrom", "Nina Berg"])
      expect(opens(other), other).not.toMatch(/for Nina|for you/);
    expect([opens("Olof Lind"), opens("Hal Ostrom")].join(" ")).toMatch(/carving a model boat/);
  });
});

describe("a day told to someone", () => {
  it("leaves out care of one's own body", () => {
    const f = personaFacts({
      name: "Pim Aalders",
      innate: "",
      learned: "Pim Aalders mends nets at the harbour.",
      currently: "",
      lifestyle: "",
    });
    const today = [
      { start: 6 * 60, end: 9 * 60, task: "brushing his teeth and shaving at home" },
      { start: 9 * 60, end: 12 * 60, task: "mending nets at the harbour" },
      { start: 12 * 60, end: 14 * 60, task: "eating lunch on the quay" },
    ];
    const told = narrate(today, f, knowledgeOf(f as never, today), "past");
    expect(told).not.toMatch(/teeth|shaving/);
    expect(told).toMatch(/mending nets/);
  });
});
