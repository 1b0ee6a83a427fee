// What a reader of two days of talks between residents noticed (issue 29 item 6, session 23),
// with residents made up for the test: asked what it is working on, a resident whose current
// doing is its secret speaks of its work, not of news it heard; asked whom it spends time with,
// not of kin it only remembers; a worry question asked back is answered as the other answered
// it (agreeing with their words), not by who one is; a persona's list of doings ("sands, paints and launches
// the boats") is never cut to a fragment; and a talk recalled says "my" of one's own things.
import { describe, expect, it } from "vitest";
import { talkLine } from "../../server/agents/offline/talk.ts";
import {
  topicPhrase,
  type Ask,
  type ChatSideInput,
  type Line,
} from "../../server/agents/offline/dialogue.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { knowledgeWith } from "../helpers/askResident.ts";
import type { PlaceName } from "../../server/agents/language/events.ts";
import { personaFacts } from "../../server/agents/language/facts.ts";
import { notePronoun } from "../../server/agents/language/pronouns.ts";
import { inFirstPerson } from "../../server/agents/language/realise.ts";

const NOW = Date.UTC(2024, 4, 14, 9, 0);
const PLACES: PlaceName[] = [
  { name: "Net loft", address: "Harbour:Net loft:work room" },
  { name: "Tide cafe", address: "Harbour:Tide cafe:dining room" },
  { name: "Holm cottage", address: "Harbour:Holm cottage:kitchen" },
];
const TOWN = ["Tove Berg", "Nils Holm", "Ivo Kral", "Dana Kral", "Vera Lind", "Pim Aalders"];

function side(
  name: string,
  learned: string,
  currently = "",
  people: Knowledge["people"] = [],
  knowsSpeaker = true,
): ChatSideInput & { knows: Knowledge } {
  const knows = knowledgeWith({
    persona: { name, innate: "calm, kind", learned, currently, lifestyle: "" },
    minute: 9 * 60,
    today: [{ start: 8 * 60, end: 10 * 60, task: "drinking tea", place: "Tide cafe" }],
    home: "Holm cottage",
    places: PLACES.map((p) => ({ name: p.name, parts: [] })),
    people,
    knowsSpeaker,
    doing: "drinking tea",
  });
  return {
    id: name.toLowerCase().replace(/ /g, "-"),
    name,
    brief: learned,
    action: "drinking tea",
    relationship: "",
    memories: [],
    people: TOWN,
    home: "Harbour:Holm cottage",
    knows,
  };
}

/** The next line of a talk, by `s`, to `to`, after the lines given (with what each asked). */
function next(
  s: ChatSideInput & { knows: Knowledge },
  to: string,
  lines: Line[],
  asked: (Ask | null)[],
  past?: { minutesAgo: number; topic: string },
) {
  return talkLine(
    s,
    { name: to, action: "drinking tea" },
    lines,
    NOW,
    PLACES,
    12,
    past,
    lines.map(() => null),
    asked,
  ).text;
}

describe("answers in a talk", () => {
  it("asked what it is working on, one whose current doing is a secret tells its work, not news", () => {
    const tove = side(
      "Tove Berg",
      "Tove Berg is a sailmaker who came to the harbour two winters ago.",
      "Tove is sewing a new flag, secretly for Pim Aalders, and hopes to raise it at the regatta.",
      [],
      false,
    );
    tove.memories = [
      {
        text: "Dana Kral told Tove Berg that Nils Holm is preparing for the rowing race on Sunday, which he intends to win.",
        kind: "chat",
        importance: 5,
      } as (typeof tove.memories)[number],
    ];
    for (const q of [
      "What are you working on these days?",
      "What have you been working on lately?",
    ]) {
      const a = next(
        tove,
        "Vera Lind",
        [{ speaker: "Vera Lind", text: `Hello Tove. ${q}` }],
        ["work"],
      );
      expect(a, q).toMatch(/sailmaker/);
      expect(a, q).not.toMatch(/rowing race|flag/);
    }
  });

  it("asked whom it spends its time with, it names the people it sees, not kin it remembers", () => {
    const ivo = side(
      "Ivo Kral",
      "Ivo Kral tends the bar at the Net loft for Nils Holm.",
      "Ivo is teaching himself to bake the bread his grandmother made.",
      [
        { name: "Vera Lind", relationship: "", talks: 4 },
        { name: "Nils Holm", relationship: "", talks: 2 },
      ] as Knowledge["people"],
    );
    const a = next(
      ivo,
      "Nils Holm",
      [{ speaker: "Nils Holm", text: "Hello Ivo! Who have you been spending time with lately?" }],
      ["lately"],
    );
    expect(a).toMatch(/Vera/);
    expect(a).not.toMatch(/grandmother|bread/);
  });

  it("a worry question asked back after the other's answer is answered as a worry, not by who one is", () => {
    const nils = side(
      "Nils Holm",
      "Nils Holm is a boatbuilder who lives in Holm cottage. He works afternoons at the Net loft.",
      "Nils is tarring the hull of an old ketch.",
    );
    for (const q of [
      "What do you worry about these days?",
      "Is anything worrying you these days?",
    ]) {
      const a = next(
        nils,
        "Pim Aalders",
        [
          { speaker: "Pim Aalders", text: "Hi Nils! I am mending the nets for the spring." },
          {
            speaker: "Nils Holm",
            text: "That's good to know, Pim. Does anything trouble you lately?",
          },
          {
            speaker: "Pim Aalders",
            text: `Nothing much troubles me, honestly. I'm content with how things are. How about you, Nils? ${q}`,
          },
        ],
        [null, "feelings", "feelings"],
      );
      expect(a, q).not.toMatch(/boatbuilder|Net loft|ketch/);
      // (Agreeing with their own words: "... either, honestly.", session 25.)
      expect(a, q).toMatch(/^Same here| either\b| too\./);
    }
  });
});

describe("what a persona says is never cut to a fragment", () => {
  it("a list of doings that share their object stays one fact", () => {
    const f = personaFacts({
      name: "Nils Holm",
      innate: "calm",
      learned:
        "Nils Holm sands, paints and launches the rowing boats of the harbour, the bay's oldest fleet, from his shed. He has been married to Greta for thirty years.",
      currently: "",
      lifestyle: "",
    });
    const texts = f.facts.map((x) => x.text);
    expect(texts.some((t) => /sands, paints and launches the rowing boats/.test(t))).toBe(true);
    expect(
      texts.every((t) => !/, \w+\.$/.test(t)),
      texts.join(" | "),
    ).toBe(true);
  });
});

describe("a list of one's own doings said with 'I'", () => {
  it("each verb of the list agrees with 'I', whatever the tagger took it for", () => {
    expect(
      inFirstPerson(
        "Nils Holm sands, paints and launches the rowing boats of the harbour.",
        "Nils Holm",
        "he",
      ),
    ).toBe("I sand, paint and launch the rowing boats of the harbour.");
    expect(
      inFirstPerson("Ivo Kral writes, prints and posts the harbour bulletin.", "Ivo Kral", "he"),
    ).toBe("I write, print and post the harbour bulletin.");
  });
});

describe("a talk recalled", () => {
  it("one's own things in the topic recalled are 'my', not 'their'", () => {
    const vera = side(
      "Vera Lind",
      "Vera Lind paints portraits in the Net loft. She lives above the Tide cafe.",
    );
    notePronoun("Vera Lind", "she");
    const topic = `conversing about ${topicPhrase(
      "I am hanging an exhibition of my seascapes at the Tide cafe.",
      "Vera Lind",
    )}`;
    const a = next(vera, "Tove Berg", [], [], { minutesAgo: 2 * 24 * 60, topic });
    expect(a, a).toMatch(/me hanging an exhibition of my seascapes/);
  });
});
