// Talks between residents, offline (issue 29, items 3, 5 and 6), with residents made up for the
// test: what a line answered or proposed is no news for anyone else; an invitation to come by has
// a reason the other cares for; one's own family is not asked about its family; talks open in
// more than one way; and what is told keeps its people straight ("our daughter", "Rosa told me
// she ...").
import { describe, expect, it } from "vitest";
import { talkLine } from "../../server/agents/offline/talk.ts";
import type { Ask, ChatSideInput, Line } from "../../server/agents/offline/dialogue.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { knowledgeWith } from "../helpers/askResident.ts";
import type { PlaceName } from "../../server/agents/language/events.ts";
import { extractEvent } from "../../server/agents/language/events.ts";
import { inFirstPerson, toListener } from "../../server/agents/language/realise.ts";
import { ownMemoryAsI } from "../../server/agents/language/person.ts";

const NOW = Date.UTC(2024, 3, 9, 8, 0);
const PLACES: PlaceName[] = [
  { name: "Quay Hardware", address: "Bay:Quay Hardware:shop floor" },
  { name: "Gull Point lighthouse", address: "Bay:Gull Point lighthouse:lamp room" },
  { name: "Lantern cafe", address: "Bay:Lantern cafe:dining room" },
  { name: "Fosse cottage", address: "Bay:Fosse cottage:kitchen" },
  { name: "Brandt house", address: "Bay:Brandt house:kitchen" },
];

function side(
  name: string,
  learned: string,
  today: Knowledge["today"],
  home: string,
  over: Partial<ChatSideInput> = {},
): ChatSideInput & { knows: Knowledge } {
  const knows = knowledgeWith({
    persona: {
      name,
      innate: "warm, steady",
      learned,
      currently: "",
      lifestyle: "",
    },
    minute: 8 * 60,
    today,
    home,
    places: PLACES.map((p) => ({ name: p.name, parts: [] })),
    knowsSpeaker: true,
    doing: "drinking coffee",
  });
  return {
    id: name.toLowerCase().replace(/ /g, "-"),
    name,
    brief: learned,
    action: "drinking coffee",
    relationship: "",
    memories: [],
    people: ["Lena Fosse", "Otto Brandt", "Mara Holt", "Erik Fosse"],
    home: `Bay:${home}`,
    knows,
    ...over,
  };
}

const lena = (over: Partial<ChatSideInput> = {}) =>
  side(
    "Lena Fosse",
    "Lena Fosse keeps the lighthouse at Gull Point. She is married to Erik Fosse, a boatbuilder, and their son Per fishes.",
    [
      { start: 7 * 60, end: 9 * 60, task: "drinking coffee", place: "Lantern cafe" },
      {
        start: 10 * 60,
        end: 12 * 60,
        task: "polishing the lamp lens",
        place: "Gull Point lighthouse",
      },
      {
        start: 14 * 60,
        end: 16 * 60,
        task: "painting the railings",
        place: "Gull Point lighthouse",
      },
    ],
    "Fosse cottage",
    over,
  );
const otto = (over: Partial<ChatSideInput> = {}) =>
  side(
    "Otto Brandt",
    "Otto Brandt runs Quay Hardware.",
    [
      { start: 7 * 60, end: 9 * 60, task: "drinking coffee", place: "Lantern cafe" },
      { start: 10 * 60, end: 17 * 60, task: "mending a lawnmower", place: "Quay Hardware" },
    ],
    "Brandt house",
    over,
  );

/** The next line of a talk, by `s`, to `to`, after the lines given (with what each asked). */
function next(
  s: ChatSideInput & { knows: Knowledge },
  to: string,
  lines: Line[],
  asked: (Ask | null)[],
  now = NOW,
) {
  return talkLine(
    s,
    { name: to, action: "drinking coffee" },
    lines,
    now,
    PLACES,
    12,
    undefined,
    lines.map(() => null),
    asked,
  );
}

describe("what a line answered or proposed is no news", () => {
  it("a talk whose answer names a time of day ('in the evenings') and a proposal's hour is not about an event", () => {
    for (const [study, hour] of [
      ["I study accounting in the evenings.", "8:10 am"],
      ["I practise the cello at weekends.", "3 pm"],
    ]) {
      const lines: Line[] = [
        { speaker: "Otto Brandt", text: "Hi Lena! What are you working on these days?" },
        {
          speaker: "Lena Fosse",
          text: "I keep the lighthouse at Gull Point. And you, Otto? How is work going?",
        },
        {
          speaker: "Otto Brandt",
          text: `I run Quay Hardware. ${study} I'll be at Quay Hardware around ${hour} today. Would you like to come by, Lena?`,
        },
        { speaker: "Lena Fosse", text: `I'd love to, Otto. I'll come by today at ${hour}.` },
      ];
      const line = next(otto(), "Lena Fosse", lines, ["work", "work", "invite", null]);
      // The old engine read the answer and the proposal as news: "conversing about a evenings".
      expect(line.topic, study).not.toMatch(/evenings|weekends|Quay Hardware on/);
    }
  });

  it("a time of day alone is never an event's name", () => {
    const at = Date.UTC(2024, 3, 9, 7, 0);
    for (const t of [
      "I study accounting in the evenings, and at 6 pm today I open the shop.",
      "She swims in the mornings; tomorrow at 9 am she opens the kiosk.",
    ])
      expect(extractEvent(t, [], at, [], "Ann Lee")?.what ?? "", t).not.toMatch(
        /^(?:evenings|mornings)$/,
      );
    // A named occasion with a time word in it stays one.
    expect(extractEvent("a quiz night at the pub on Thursday at 8 pm", [], at)?.what).toBe(
      "quiz night",
    );
  });
});

describe("an invitation has a reason", () => {
  it("one proposes to meet only over something the other said they care for, and says so", () => {
    const asked: (Ask | null)[] = ["work", "work"];
    // Otto's talk of lawnmowers bears on nothing of Lena's day: no proposal.
    const plain: Line[] = [
      { speaker: "Lena Fosse", text: "Hi Otto! What are you working on these days?" },
      {
        speaker: "Otto Brandt",
        text: "I am mending a lawnmower for the harbour master. How is work going, Lena?",
      },
    ];
    for (let d = 0; d < 6; d++) {
      const l = next(lena(), "Otto Brandt", plain, asked, NOW + d * 86_400_000);
      expect(l.asks).not.toBe("invite");
      expect(l.text).not.toMatch(/come by/);
    }
    // Otto spoke of painting: Lena paints the railings this afternoon, and asks him along.
    const shared: Line[] = [
      plain[0],
      {
        speaker: "Otto Brandt",
        text: "I am selling railings paint to half the town. How is work going, Lena?",
      },
    ];
    const invites = [0, 1, 2, 3, 4, 5]
      .map((d) => next(lena(), "Otto Brandt", shared, asked, NOW + d * 86_400_000))
      .filter((l) => l.asks === "invite");
    expect(invites.length).toBeGreaterThan(0);
    for (const l of invites) {
      expect(l.text).toMatch(/painting the railings at Gull Point lighthouse around 2 pm/);
      expect(l.text).toMatch(/railing|paint/);
    }
  });
});

describe("kin and openings", () => {
  it("one's husband or sister is not asked how their family is", () => {
    const erik = side(
      "Erik Fosse",
      "Erik Fosse builds boats. He is married to Lena Fosse.",
      [{ start: 7 * 60, end: 9 * 60, task: "drinking coffee", place: "Lantern cafe" }],
      "Fosse cottage",
    );
    const mara = side(
      "Mara Holt",
      "Mara Holt runs the Lantern cafe. Her sister is Lena Fosse.",
      [{ start: 7 * 60, end: 9 * 60, task: "drinking coffee", place: "Lantern cafe" }],
      "Fosse cottage",
    );
    for (const s of [erik, mara])
      for (let d = 0; d < 12; d++) {
        const l = next(s, "Lena Fosse", [], [], NOW + d * 86_400_000);
        expect(l.asks ?? "", l.text).not.toBe("family");
      }
  });

  it("one's husband or wife is not told how they stand to one ('I am married to you')", () => {
    for (const [name, learned, to] of [
      ["Erik Fosse", "Erik Fosse builds boats. He is married to Lena Fosse.", "Lena Fosse"],
      [
        "Tomas Berg",
        "Tomas Berg bakes bread at the Quay bakery. He lives with his wife Petra Berg above the shop.",
        "Petra Berg",
      ],
    ]) {
      const s = side(
        name,
        learned,
        [{ start: 7 * 60, end: 9 * 60, task: "drinking coffee", place: "Lantern cafe" }],
        "Fosse cottage",
      );
      // (Asked who one spends one's time with, one's husband alone is still the answer.)
      for (const q of ["How is work going?", "What are you working on these days?"]) {
        const lines: Line[] = [{ speaker: to, text: `Hi ${name.split(" ")[0]}! ${q}` }];
        const l = next(s, to, lines, ["work"]);
        expect(l.text, q).not.toMatch(/married to you|with you above/);
      }
    }
  });

  it("a talk does not always open on the opener's news", () => {
    const mem = {
      text: "Otto Brandt is restoring an old sailing dinghy in his back yard.",
      created: NOW - 3_600_000,
      importance: 5,
      kind: "thought",
    };
    const firsts = [...Array(12).keys()].map((d) =>
      next(otto({ memories: [mem] }), "Lena Fosse", [], [], NOW + d * 86_400_000),
    );
    expect(firsts.some((l) => /dinghy/.test(l.text))).toBe(true);
    expect(firsts.some((l) => !/dinghy/.test(l.text) && !!l.asks)).toBe(true);
  });
});

describe("who is who in what is told", () => {
  it("the couple's child is 'our' child, said to the spouse or to anyone", () => {
    const a = inFirstPerson(
      "Lena Fosse is married to Erik Fosse, a boatbuilder, and their son Per fishes.",
      "Lena Fosse",
      "she",
    );
    expect(a).toBe("I am married to Erik Fosse, a boatbuilder, and our son Per fishes.");
    expect(toListener(a, "Erik Fosse")).toBe("I am married to you, and our son Per fishes.");
    const b = inFirstPerson(
      "Tomas lives with his wife Petra above the bakery; their daughter Ilse sings.",
      "Tomas Berg",
      "he",
    );
    expect(b).toBe("I live with my wife Petra above the bakery; our daughter Ilse sings.");
    expect(toListener(b, "Petra Berg")).toMatch(/^I live with you above the bakery; our daughter/);
    // Others' "their" stays theirs.
    expect(inFirstPerson("People bring her their worries.", "Grace Okafor", "she")).toBe(
      "People bring me their worries.",
    );
  });

  it("news heard from its teller about the teller: 'Karl told me he ...'", () => {
    expect(
      ownMemoryAsI(
        "Otto Brandt heard from Mara Holt that Mara is opening a second cafe on the pier.",
        "Otto Brandt",
      ),
    ).toBe("Mara told me she is opening a second cafe on the pier.");
    expect(
      ownMemoryAsI("Lena Fosse heard from Karl Berg that Karl has lost his spaniel.", "Lena Fosse"),
    ).toBe("Karl told me he has lost his spaniel.");
    expect(
      inFirstPerson(
        "Otto heard from Karl Berg that Karl has lost his spaniel.",
        "Otto Brandt",
        "he",
      ),
    ).toBe("Karl told me he has lost his spaniel.");
    // A name the tagger does not know is read by the pronoun the news itself uses of them.
    expect(
      ownMemoryAsI(
        "Lena Fosse heard from Tavi Roon that Tavi is training for the regatta, which he means to win.",
        "Lena Fosse",
      ),
    ).toBe("Tavi told me he is training for the regatta, which he means to win.");
    // Someone else's news stays heard from the teller.
    expect(
      ownMemoryAsI("Otto Brandt heard from Mara Holt that Erik is moving away.", "Otto Brandt"),
    ).toBe("I heard from Mara Holt that Erik is moving away.");
  });
});
