// What a reader of two days of residents' talks noticed (session 26): a line that calls the other
// by name in each of its sentences; a husband greeted as a stranger ("I don't think we've really
// met"); a worry found "good to know"; a crush told as one's work; "What about you?" asked back
// after one's family answered with one's day; "you said something about flood"; a doing done in
// two places told "at the bar at home".
import { describe, expect, it } from "vitest";
import {
  answerEvent,
  topicPhrase,
  type ChatSideInput,
} from "../../server/agents/offline/dialogue.ts";
import { addressedOnce, asSaid, talkLine } from "../../server/agents/offline/talk.ts";
import { activities, doingPhrase } from "../../server/agents/offline/answers/day.ts";
import { inTalk } from "../../server/agents/language/understand.ts";
import { personaFacts } from "../../server/agents/language/facts.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { workplaceOf } from "../../server/agents/language/workplace.ts";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const QUAY = ["Wren Holloway", "Bram Holloway", "Edda Quist", "Lars Fenn", "Oona Pike"];

const side = (name: string, knows: Knowledge): ChatSideInput & { knows: Knowledge } => ({
  id: name.split(" ")[0].toLowerCase(),
  name,
  brief: "",
  action: "mending a sail",
  relationship: "",
  memories: [],
  people: QUAY,
  knows,
});

describe("the other called by name", () => {
  it("once a line, where it first addresses them", () => {
    expect(
      addressedOnce(
        "That's good to know, Edda. It was good to catch up, Edda. See you around!",
        "Edda",
      ),
    ).toBe("That's good to know, Edda. It was good to catch up. See you around!");
    expect(
      addressedOnce(
        "Hi Lars! Oh, and another thing, Lars: Oona told me so. How about you, Lars?",
        "Lars",
      ),
    ).toBe("Hi Lars! Oh, and another thing: Oona told me so. How about you?");
    expect(addressedOnce("How kind of you, Edda, but I'm rowing then. Bye, Edda!", "Edda")).toBe(
      "How kind of you, Edda, but I'm rowing then. Bye!",
    );
    // (Named as who did something, the name stays.)
    expect(addressedOnce("Thanks, Lars. Lars told me you sail.", "Lars")).toBe(
      "Thanks, Lars. Lars told me you sail.",
    );
  });
});

describe("kin by the other's persona", () => {
  it("is greeted as someone one knows, not told one's name", () => {
    const bram = {
      name: "Bram Holloway",
      innate: "calm",
      learned: "Bram Holloway keeps bees.",
      currently: "",
      lifestyle: "",
    };
    const wren = {
      name: "Wren Holloway",
      innate: "cheerful",
      learned: "Wren Holloway runs the ferry. She is married to Bram.",
      currently: "",
      lifestyle: "",
    };
    const knows = knowledgeOf(bram, { townsfolk: [{ persona: wren }] });
    const line = talkLine(
      side("Bram Holloway", knows),
      { name: "Wren Holloway", action: "rowing" },
      [],
      NOW,
      [],
      8,
      undefined,
      [],
      [],
    ).text;
    expect(line, line).not.toMatch(/really met|seen you around|I'm Bram/);
  });
  it("and so is one who shares one's home", () => {
    const lars = {
      name: "Lars Fenn",
      innate: "calm",
      learned: "Lars Fenn paints boats.",
      currently: "",
      lifestyle: "",
    };
    const oona = {
      name: "Oona Pike",
      innate: "calm",
      learned: "Oona Pike sells fish.",
      currently: "",
      lifestyle: "",
    };
    const knows = knowledgeOf(lars, {
      home: "Lars's room of Harbour hostel",
      townsfolk: [{ persona: oona, home: "Oona's room of Harbour hostel" }],
    });
    const line = talkLine(
      side("Lars Fenn", knows),
      { name: "Oona Pike", action: "rowing" },
      [],
      NOW,
      [],
      8,
      undefined,
      [],
      [],
    ).text;
    expect(line, line).not.toMatch(/really met|seen you around|I'm Lars/);
  });
});

describe("a worry told", () => {
  it("is felt with, not found good to know", () => {
    const hears = (news: string) =>
      answerEvent(
        [{ speaker: "Edda Quist", text: `Hi Lars! ${news}` }],
        0,
        side(
          "Lars Fenn",
          knowledgeOf({ name: "Lars Fenn", innate: "", learned: "", currently: "", lifestyle: "" }),
        ),
        NOW,
        [],
        QUAY,
      );
    for (const news of [
      "I am afraid that my son sails too far out, and am thinking of selling the boat.",
      "I am upset that the bakery is closing.",
    ]) {
      const a = hears(news);
      expect(a, a).not.toMatch(/good to know/);
      expect(a, a).toMatch(/sorry|Oh dear/);
    }
    // (A sad thing named is no sorrow of the teller's.)
    expect(hears("I am painting the storm of 1911 for the museum.")).not.toMatch(/sorry|Oh dear/);
  });
});

describe("what one is working on", () => {
  it("is a doing of one's 'currently', not a state of one's heart", () => {
    const a = answerTo("What are you working on these days?", {
      me: "Edda Quist",
      residents: QUAY,
      now: NOW,
      speaker: "Oona Pike",
      knowledge: knowledgeOf({
        name: "Edda Quist",
        innate: "diligent",
        learned: "Edda Quist repairs clocks.",
        currently: "Edda is restoring the church clock. She hopes that Lars notices her.",
        lifestyle: "",
      }),
    }).text;
    expect(a, a).toMatch(/restoring the church clock/);
    expect(a, a).not.toMatch(/Lars|hope/);
  });
});

describe("'What about you?' asked back", () => {
  it("is the question asked before", () => {
    const ctx = { now: NOW, residents: QUAY, listener: "Lars Fenn", speaker: "Oona Pike" };
    expect(inTalk("What about you?", ctx, "How is your family, Oona?").topic).toContain("family");
    expect(inTalk("And you?", ctx, "What do you worry about these days?").topic).toContain("worry");
  });
  it("after one's family is answered with one's family, not one's day", () => {
    const knows = knowledgeOf(
      {
        name: "Wren Holloway",
        innate: "cheerful",
        learned: "Wren Holloway runs the ferry. She is married to Bram Holloway.",
        currently: "",
        lifestyle: "",
      },
      {
        today: [
          { start: 15 * 60, end: 17 * 60, task: "rowing the ferry", place: "quay of Harbour" },
        ],
      },
    );
    const line = talkLine(
      side("Wren Holloway", knows),
      { name: "Oona Pike", action: "walking" },
      [
        { speaker: "Wren Holloway", text: "How is your family, Oona?" },
        {
          speaker: "Oona Pike",
          text: "I don't have any family here, to be honest. What about you?",
        },
      ],
      NOW,
      [],
      12,
      undefined,
      [null, null],
      ["family", "family"],
    ).text;
    expect(line, line).toMatch(/Bram/);
    expect(line, line).not.toMatch(/^(Later today|Tomorrow|This evening)/);
  });
});

describe("what one is doing now", () => {
  it("is not told twice in a line, as done so far and as doing now", () => {
    const a = answerTo("How has your day been so far?", {
      me: "Edda Quist",
      residents: QUAY,
      now: NOW,
      speaker: "Oona Pike",
      knowledge: knowledgeOf(
        {
          name: "Edda Quist",
          innate: "diligent",
          learned: "Edda Quist repairs clocks.",
          currently: "",
          lifestyle: "",
        },
        {
          minute: 12 * 60,
          home: "Edda's cottage",
          today: [
            { start: 7 * 60, end: 8 * 60, task: "having porridge", place: "Edda's cottage" },
            {
              start: 8 * 60,
              end: 10 * 60,
              task: "mending the church clock",
              place: "tower of St Brendan's church",
            },
            {
              start: 10 * 60,
              end: 14 * 60,
              task: "mending the church clock",
              place: "tower of St Brendan's church",
            },
          ],
        },
      ),
    }).text;
    expect(a, a).toMatch(/Now I'm mending the church clock/);
    expect(a.match(/mending the church clock/g) ?? [], a).toHaveLength(1);
    expect(a, a).toMatch(/porridge/);
  });
});

describe("a noun said back to the one who said it", () => {
  it("keeps its article and number", () => {
    expect(asSaid("storm", "We spent all night talking about the storm.")).toBe("the storm");
    expect(asSaid("map", "I am drawing old maps.")).toBe("maps");
    expect(asSaid("kite", "I fixed my kite.")).toBe("your kite");
    expect(asSaid("supper", "I am making supper.")).toBe("supper");
    expect(asSaid("reef", "I am diving at the harbour reef.")).toBe("the reef");
    expect(asSaid("oar", "I need a new oar.")).toBe("an oar");
  });
  it("and whose it is, never a bare noun ('you said something about book')", () => {
    expect(asSaid("book", "I am illustrating a children's book about gulls.")).toBe(
      "a children's book",
    );
    expect(asSaid("book", "Bram is writing his book on the harbour.")).toBe("his book");
    expect(asSaid("wedding", "I am nervous about my sister's wedding.")).toBe(
      "your sister's wedding",
    );
    expect(asSaid("race", "I am rowing in Wren's race on Sunday.")).toBe("Wren's race");
    // (A noun naming a kind of another is the thing it is: "pool" of "a pool match".)
    expect(asSaid("pool", "I am training for Friday's pool match.")).toBe("pool");
  });
});

describe("a doing done in two places", () => {
  it("is not told at home when part of it is elsewhere", () => {
    const persona = { name: "Lars Fenn", innate: "", learned: "", currently: "", lifestyle: "" };
    const k = knowledgeOf(persona, { home: "Lars's room of Harbour hostel" });
    const [b] = activities([
      { start: 18 * 60, end: 20 * 60, task: "playing darts", place: "lounge of Harbour hostel" },
      {
        start: 20 * 60,
        end: 22 * 60,
        task: "playing darts at the pub",
        place: "back room of The Salty Gull",
      },
    ]);
    const said = doingPhrase(b, personaFacts(persona), k);
    expect(said).toBe("playing darts at the pub");
  });
});

describe("residents of long standing", () => {
  const greet = (
    me: { name: string; learned: string },
    them: { name: string; learned: string },
    homes: [string, string] = ["Lars's cottage", "Oona's cottage"],
  ) => {
    const p = (x: { name: string; learned: string }) => ({
      ...x,
      innate: "calm",
      currently: "",
      lifestyle: "",
    });
    const knows = knowledgeOf(p(me), {
      home: homes[0],
      townsfolk: [{ persona: p(them), home: homes[1] }],
    });
    return talkLine(
      side(me.name, knows),
      { name: them.name, action: "rowing" },
      [],
      NOW,
      [],
      8,
      undefined,
      [],
      [],
    ).text;
  };
  it("greet the one who works for them as someone they know", () => {
    const line = greet(
      { name: "Lars Fenn", learned: "Lars Fenn owns the Salt Anchor, the inn by the quay." },
      { name: "Oona Pike", learned: "Oona Pike cooks at the Salt Anchor for Lars Fenn." },
    );
    expect(line, line).not.toMatch(/really met|seen you around|I'm Lars/);
  });
  it("and workmates of one place, neighbours of one building, and the town's old hands", () => {
    const workmates = greet(
      { name: "Lars Fenn", learned: "Lars Fenn mends nets at Saltmarsh Boatyard." },
      { name: "Oona Pike", learned: "Oona Pike paints hulls at Saltmarsh Boatyard." },
    );
    expect(workmates, workmates).not.toMatch(/really met|seen you around|I'm Lars/);
    const neighbours = greet(
      { name: "Lars Fenn", learned: "Lars Fenn paints boats." },
      { name: "Oona Pike", learned: "Oona Pike sells fish." },
      ["flat 1 of Gull Terrace", "flat 4 of Gull Terrace"],
    );
    expect(neighbours, neighbours).not.toMatch(/really met|seen you around|I'm Lars/);
    const old = greet(
      { name: "Lars Fenn", learned: "Lars Fenn has kept the lighthouse for thirty years." },
      { name: "Oona Pike", learned: "Oona Pike opened the fish stall nineteen years ago." },
    );
    expect(old, old).not.toMatch(/really met|seen you around|I'm Lars/);
  });
  it("and those whose days are spent in the same building, by their plans", () => {
    const p = (name: string, learned: string) => ({
      name,
      learned,
      innate: "calm",
      currently: "",
      lifestyle: "",
    });
    const day = (place: string) => [
      { start: 7 * 60, end: 8 * 60, task: "having breakfast", place: "Lars's cottage" },
      { start: 8 * 60, end: 12 * 60, task: "keeping the ledgers", place },
      { start: 12 * 60, end: 13 * 60, task: "having lunch", place: "Gull cafe" },
    ];
    const greeting = (theirs: string) =>
      talkLine(
        side(
          "Lars Fenn",
          knowledgeOf(p("Lars Fenn", "Lars Fenn keeps the harbour's ledgers."), {
            home: "Lars's cottage",
            today: day("office of Harbour hall"),
            townsfolk: [
              {
                persona: p("Oona Pike", "Oona Pike chairs the harbour board."),
                home: "Oona's cottage",
                workplaces: [theirs],
              },
            ],
          }),
        ),
        { name: "Oona Pike", action: "reading" },
        [],
        NOW,
        [],
        8,
        undefined,
        [],
        [],
      ).text;
    const same = greeting("Harbour hall");
    expect(same, same).not.toMatch(/really met|seen you around|I'm Lars/);
    const apart = greeting("Saltmarsh Boatyard");
    expect(apart, apart).toMatch(/really met|seen you around/);
  });
  it("a day's building is where the plan keeps one for hours, not a meal out", () => {
    const blocks = [
      { start: 7 * 60, end: 8 * 60, task: "breakfast", place: "kitchen of Lars's cottage" },
      { start: 8 * 60, end: 10 * 60, task: "filing", place: "office of Harbour hall" },
      { start: 10 * 60, end: 12 * 60, task: "meeting", place: "hall of Harbour hall" },
      { start: 12 * 60, end: 13 * 60, task: "lunch", place: "Gull cafe" },
      { start: 18 * 60, end: 23 * 60, task: "reading", place: "den of Lars's cottage" },
    ];
    expect(workplaceOf(blocks, "bedroom of Lars's cottage")).toBe("Harbour hall");
    expect(workplaceOf(blocks.slice(3), "bedroom of Lars's cottage")).toBeUndefined();
  });
  it("while a newcomer is still met", () => {
    const line = greet(
      { name: "Lars Fenn", learned: "Lars Fenn has kept the lighthouse for thirty years." },
      { name: "Oona Pike", learned: "Oona Pike arrived in town last week." },
    );
    expect(line, line).toMatch(/really met|seen you around/);
  });
});

describe("what a talk was about", () => {
  /** The topic Lars keeps of a talk where he asked Oona about her work and she answered `says`
   *  (their backstories `his` and `hers`). */
  const topicAfter = (his: string, hers: string, asked: string, says: string) => {
    const p = (name: string, learned: string) => ({
      name,
      learned,
      innate: "calm",
      currently: "",
      lifestyle: "",
    });
    const knows = knowledgeOf(p("Lars Fenn", his), {
      townsfolk: [{ persona: p("Oona Pike", hers) }],
    });
    const soFar = [
      { speaker: "Lars Fenn", text: asked },
      { speaker: "Oona Pike", text: says },
    ];
    return talkLine(
      side("Lars Fenn", knows),
      { name: "Oona Pike", action: "rowing" },
      soFar,
      NOW,
      [],
      8,
      undefined,
      [null, null],
      ["work", "work"],
    ).topic;
  };
  it("is what an answer told of the days ahead, not the question it answered", () => {
    const topic = topicAfter(
      "Lars Fenn paints boats. His best friend is Oona Pike.",
      "Oona Pike sells fish. Her best friend is Lars Fenn.",
      "Oona, good to see you. What are you working on these days?",
      "I'm training for Sunday's rowing race on the lake, which I mean to win. And you, Lars? How is work going?",
    );
    expect(topic).not.toMatch(/their work/);
    expect(topic).toMatch(/\brace\b/);
  });
  it("but not a clause of one's persona said in an answer", () => {
    const topic = topicAfter(
      "Lars Fenn paints boats. He is married to Oona.",
      "Oona Pike sells fish. She is married to Lars.",
      "Oona! What are you working on these days?",
      "I sell fish. I'm married to you, and Edda Quist buys my cod. And you, Lars? How is work going?",
    );
    expect(topic).not.toMatch(/married|Edda/);
  });
});

describe("one's work asked after one told it as news", () => {
  it("is pointed back to by what it is, not 'Much the same as I said.'", () => {
    const oona = {
      name: "Oona Pike",
      learned: "Oona Pike keeps the lighthouse.",
      innate: "calm",
      currently:
        "Oona is restoring the old lighthouse lamp on Gull Point and is looking for brass fittings.",
      lifestyle: "",
    };
    const soFar = [
      { speaker: "Lars Fenn", text: "Hi Oona! How are you?" },
      {
        speaker: "Oona Pike",
        text: "Hello Lars. Before I forget: I am restoring the old lighthouse lamp on Gull Point and am looking for brass fittings.",
      },
      { speaker: "Lars Fenn", text: "That's good to know. What are you working on these days?" },
    ];
    const line = talkLine(
      side("Oona Pike", knowledgeOf(oona)),
      { name: "Lars Fenn", action: "mending nets" },
      soFar,
      NOW,
      [],
      8,
      undefined,
      [null, null, null],
      [null, null, "work"],
    ).text;
    expect(line, line).not.toMatch(/Much (?:the same )?as I said/);
    expect(line, line).toMatch(/As I said, I'm restoring the old lighthouse lamp on Gull Point\./);
  });
});

describe("a talk's topic from a line that opens on when", () => {
  it("is who and what, not 'how This evening ...'", () => {
    const topic = topicPhrase("This evening I'll be mending nets at the quay.", "Lars Fenn");
    expect(topic).toBe("Lars Fenn mending nets at the quay");
    // (A day named is kept: the topic is recalled on later days.)
    expect(topicPhrase("On Sunday Oona Pike is rowing in the regatta.", "Lars Fenn")).toMatch(
      /^Oona Pike rowing in the regatta on Sunday$/,
    );
  });
});

describe("one's day's list", () => {
  it("is not said again in other words in the same talk", () => {
    const lars = {
      name: "Lars Fenn",
      learned: "Lars Fenn is a fisherman. His best friend is Oona Pike.",
      innate: "calm",
      currently: "",
      lifestyle: "",
    };
    const oona = {
      name: "Oona Pike",
      learned: "Oona Pike sells fish. Her best friend is Lars Fenn.",
      innate: "calm",
      currently: "",
      lifestyle: "",
    };
    const blocks = [
      { start: 6 * 60, end: 12 * 60, task: "mending nets at the quay", place: "quay" },
      { start: 12 * 60, end: 17 * 60, task: "tarring the hull of his boat", place: "boatyard" },
      { start: 17 * 60, end: 22 * 60, task: "reading by the stove", place: "Lars's cottage" },
    ];
    const knows = knowledgeOf(lars, {
      today: blocks,
      yesterday: blocks,
      home: "Lars's cottage",
      townsfolk: [{ persona: oona }],
    });
    const me = { ...side("Lars Fenn", knows), people: ["Lars Fenn", "Oona Pike"] };
    const soFar = [{ speaker: "Oona Pike", text: "Lars! What are you working on these days?" }];
    const asked: ("work" | "plans" | null)[] = ["work"];
    const first = talkLine(
      me,
      { name: "Oona Pike", action: "selling fish" },
      soFar,
      NOW,
      [],
      10,
      undefined,
      [null],
      asked,
    );
    expect(first.text).toMatch(/mending nets at the quay/);
    soFar.push({ speaker: "Lars Fenn", text: first.text });
    asked.push(null);
    soFar.push({ speaker: "Oona Pike", text: "Busy, busy. What are your plans for tomorrow?" });
    asked.push("plans");
    const again = talkLine(
      me,
      { name: "Oona Pike", action: "selling fish" },
      soFar,
      NOW,
      [],
      10,
      undefined,
      [null, null, null],
      asked,
    ).text;
    expect(again, again).not.toMatch(/mending nets/);
    expect(again, again).toMatch(/as I said/i);
  });
});
