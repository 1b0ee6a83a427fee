// The offline engine's reading of language, with general tools only: dates and times (relative
// and absolute, in words or digits), events of any kind, places from the resident's own places,
// organisers, importance from general cues, and the person of a sentence.
import { describe, expect, it } from "vitest";
import {
  describeEvent,
  eventOnDay,
  extractEvent,
  knownEvents,
  readTime,
} from "../../server/agents/language/events.ts";
import { aboutTheFuture, importanceOf } from "../../server/agents/language/importance.ts";
import {
  iToThirdPerson,
  toFirstPerson,
  youToThirdPerson,
} from "../../server/agents/language/person.ts";
import { topicPhrase } from "../../server/agents/offline/dialogue.ts";

const REF = Date.UTC(2026, 1, 13, 9, 0); // Friday, February 13, 09:00
const PLACES = [
  { name: "Copper Kettle cafe", address: "W:Copper Kettle cafe" },
  { name: "Willow Green", address: "W:Willow Green" },
  { name: "Brandt house", address: "W:Brandt house" },
  { name: "Calloway house", address: "W:Calloway house" },
  { name: "town library", address: "W:town library" },
];
const PEOPLE = ["Ines Calloway", "Theo Brandt", "Edmund Hale"];

describe("dates and times in words", () => {
  it.each([
    ["tomorrow evening around five", { month: 1, day: 14, start: 17 * 60 }],
    ["on February 14th from 5pm to 7pm", { month: 1, day: 14, start: 17 * 60, end: 19 * 60 }],
    [
      "from five to seven in the evening on February 14",
      { month: 1, day: 14, start: 17 * 60, end: 19 * 60 },
    ],
    ["tonight at nine", { month: 1, day: 13, start: 21 * 60 }],
    ["on Sunday at 10 am", { month: 1, day: 15, start: 10 * 60 }],
    ["the 20th of February at noon", { month: 1, day: 20, start: 12 * 60 }],
  ])("reads %s", (text, want) => {
    expect(readTime(`a meeting ${text}`, REF)).toMatchObject(want);
  });

  it("finds no time where there is none", () => {
    expect(readTime("Theo Brandt is counting dragonflies at the pond", REF)).toBeUndefined();
    // Idioms the date parser takes for tomorrow: "one day" is someday, "the day" no day at all.
    expect(readTime("Theo hopes to sail around the lake one day", REF)).toBeUndefined();
    expect(readTime("Theo spends a good part of the day at the pond", REF)).toBeUndefined();
    expect(readTime("Theo is reading letters from the 1950s about the pond", REF)).toBeUndefined();
    // The ordinal "a second" is no second from now: the day named stands, with no hour.
    expect(
      readTime(
        "Theo is holding a chess match at the library on Sunday and needs a second referee",
        REF,
      ),
    ).toEqual({ month: 1, day: 15 });
    expect(readTime("Theo is sailing in two days", REF)).toMatchObject({ day: 15 });
  });
});

describe("events of any kind", () => {
  it.each([
    [
      "Ines Calloway is planning a book club at the Copper Kettle cafe tomorrow evening around five",
      "book club",
      "Copper Kettle cafe",
      "Ines Calloway",
      14,
    ],
    [
      "Theo Brandt will give a talk about dragonflies at the town library on Sunday at 10 am",
      "talk",
      "town library",
      "Theo Brandt",
      15,
    ],
    [
      "Edmund Hale is going to lead a bird walk on Willow Green at 7 am on February 20",
      "bird walk",
      "Willow Green",
      "Edmund Hale",
      20,
    ],
    [
      "Theo Brandt heard from Ines Calloway that Ines Calloway is hosting a get-together at the Copper Kettle from five to seven in the evening on February 14",
      "get together",
      "Copper Kettle cafe",
      "Ines Calloway",
      14,
    ],
  ])("%s", (text, what, place, host, day) => {
    const e = extractEvent(text, PLACES, REF, PEOPLE)!;
    expect(e).toMatchObject({ what, host, day, month: 1 });
    expect(e.place?.name).toBe(place);
    expect(eventOnDay(e, Date.UTC(2026, 1, day, 12))).toBe(true);
  });

  it("takes 'I' as the speaker, and a surname is not a place", () => {
    expect(
      extractEvent(
        "I'm hosting a quiz night at Willow Green on Saturday at 8 pm!",
        PLACES,
        REF,
        PEOPLE,
        "Edmund Hale",
      ),
    ).toMatchObject({ what: "quiz night", host: "Edmund Hale", day: 14, start: 20 * 60 });
    expect(
      extractEvent("Theo Brandt is throwing a picnic on February 16 at noon", PLACES, REF, PEOPLE)
        ?.place,
    ).toBeUndefined();
  });

  it("names as organiser only who the event is done by, not who talks of it or goes to it", () => {
    const talked = extractEvent(
      "Theo Brandt and Edmund Hale were conversing about the quiz night at Willow Green on Saturday at 8 pm",
      PLACES,
      REF,
      PEOPLE,
    );
    expect(talked).toMatchObject({ what: "quiz night", day: 14 });
    expect(talked?.host).toBeUndefined();
    expect(
      extractEvent(
        "I'm going to the bird walk on Willow Green at 7 am on February 20",
        PLACES,
        REF,
        PEOPLE,
        "Theo Brandt",
      )?.host,
    ).toBeUndefined();
    expect(
      extractEvent(
        "Ines Calloway told Theo about the book club on Sunday at 10 am",
        PLACES,
        REF,
        PEOPLE,
      )?.host,
    ).toBeUndefined();
    expect(
      extractEvent(
        "Ines Calloway is organising a book club on Sunday at 10 am",
        PLACES,
        REF,
        PEOPLE,
      )?.host,
    ).toBe("Ines Calloway");
    // A planning note's header names whose note it is, not who organises.
    expect(
      extractEvent(
        "For Ines Calloway's planning: A quiz night at Willow Green on Saturday at 8 pm; Ines means to go.",
        PLACES,
        REF,
        PEOPLE,
      )?.host,
    ).toBeUndefined();
    // A holiday's name in the possessive is not a person who organises (the tagger reads
    // "Valentine" as a first name).
    expect(
      extractEvent(
        "Ines Calloway is hosting a Valentine's Day dinner at Willow Green on February 14 at 6 pm",
        PLACES,
        REF,
        PEOPLE,
      )?.host,
    ).toBe("Ines Calloway");
  });

  it("reads a deadline as no event on that day", () => {
    expect(
      extractEvent(
        "Theo Brandt is building a henhouse and wants it finished by the end of the week",
        PLACES,
        REF,
        PEOPLE,
      ),
    ).toBeUndefined();
    expect(
      extractEvent("Theo Brandt must hand in the accounts before Monday", PLACES, REF, PEOPLE),
    ).toBeUndefined();
    // A deadline named after the event's own day leaves the event as it is.
    expect(
      extractEvent(
        "Theo Brandt is throwing a picnic on Saturday at noon; tell him by Friday",
        PLACES,
        REF,
        PEOPLE,
      ),
    ).toMatchObject({ what: "picnic", day: 14, start: 12 * 60 });
  });

  it("keeps the place of the event's own clause", () => {
    const e = extractEvent(
      "going to the tasting at 5 pm, having a drink at Willow Green at 8 pm",
      PLACES,
      REF,
      PEOPLE,
    );
    expect(e?.place).toBeUndefined();
  });

  it("merges what several memories say about one event", () => {
    const known = knownEvents(
      [
        {
          text: "Theo Brandt heard from Edmund Hale about a card night on February 15 at 8 pm.",
          created: REF,
        },
        { text: "Edmund Hale is organising the card night at Brandt house.", created: REF },
      ],
      PLACES,
      "Theo Brandt",
      PEOPLE,
    );
    expect(known).toHaveLength(1);
    expect(describeEvent(known[0].event)).toBe(
      "the card night at Brandt house on February 15 at 8 pm",
    );
  });

  it("keeps the same kind of thing on two days as two events (two visits agreed)", () => {
    const known = knownEvents(
      [
        {
          text: "For Theo Brandt's planning: a visit from Edmund Hale at Willow Green on February 13 at 4 pm; Theo means to be there.",
          created: REF,
        },
        {
          text: "For Theo Brandt's planning: a visit to Ines Calloway at Calloway house on February 14 at 11 am; Theo means to go.",
          created: REF,
        },
      ],
      PLACES,
      "Theo Brandt",
      PEOPLE,
    );
    expect(known.map((k) => describeEvent(k.event))).toEqual([
      "the visit at Willow Green on February 13 at 4 pm",
      "the visit at Calloway house on February 14 at 11 am",
    ]);
  });

  it("a day's routine is not an event", () => {
    expect(
      knownEvents(
        [
          {
            text: "This is Ines Calloway's plan for Friday: wake up at 5:30 am, bake at 6 am",
            created: REF,
            kind: "plan",
          },
        ],
        PLACES,
        "Ines Calloway",
        PEOPLE,
      ),
    ).toEqual([]);
  });
});

describe("importance from general cues", () => {
  it("idle is 1, routine 2, something ahead or about someone more", () => {
    expect(importanceOf("Theo Brandt is idle")).toBe(1);
    expect(importanceOf("the oven is baking")).toBe(2);
    const ahead = importanceOf("the choir meets at the library tomorrow at 6 pm", { at: REF });
    const person = importanceOf("Ines Calloway and Edmund Hale are old friends", {
      at: REF,
      people: PEOPLE,
    });
    expect(ahead).toBeGreaterThanOrEqual(5);
    expect(person).toBeGreaterThanOrEqual(4);
    expect(
      importanceOf("Theo Brandt said Ines Calloway will open a bakery next week", {
        at: REF,
        people: ["Ines Calloway"],
      }),
    ).toBeGreaterThan(ahead);
  });

  it("tells the past from the future", () => {
    expect(aboutTheFuture("we met yesterday at noon", REF)).toBe(false);
    expect(aboutTheFuture("we will meet on Monday", REF)).toBe(true);
    // A time ahead named by no day is still ahead.
    expect(aboutTheFuture("Theo is standing for the council in the election next month", REF)).toBe(
      true,
    );
    expect(aboutTheFuture("Theo moved to the lake last month", REF)).toBe(false);
  });
});

describe("changing the person of a sentence", () => {
  it("turns whispers to 'you' into statements about the agent", () => {
    expect(youToThirdPerson("you love your work at Hobbs Cafe", "Isabella Rodriguez")).toBe(
      "Isabella Rodriguez loves their work at Hobbs Cafe",
    );
    // Said back by its owner, its own again; a sentence that does not name it first keeps the name.
    expect(
      toFirstPerson(
        youToThirdPerson("you are behind on your term paper", "Theo Brandt"),
        "Theo Brandt",
      ),
    ).toBe("I am behind on my term paper");
    expect(iToThirdPerson("My sister visits me", "Ines Calloway")).toBe(
      "Ines's sister visits Ines",
    );
    // The verb after "and" agrees with "I" too.
    expect(
      toFirstPerson(
        "Ines Calloway is planning an evening with cakes and music, and is trying to find a pianist",
        "Ines Calloway",
      ),
    ).toBe("I am planning an evening with cakes and music, and am trying to find a pianist");
    expect(
      toFirstPerson(
        "Edmund Hale is getting the beds ready and wants to plant a tree",
        "Edmund Hale",
      ),
    ).toBe("I am getting the beds ready and want to plant a tree");
    // What follows the "and" may bring in another subject; the verb still agrees with "I".
    expect(
      toFirstPerson(
        "Edmund Hale is mending the fence and is thinking about Theo's hint that he should sell",
        "Edmund Hale",
      ),
    ).toBe("I am mending the fence and am thinking about Theo's hint that he should sell");
    expect(
      toFirstPerson(
        "Edmund Hale is writing a poem, secretly for Ines, and hopes to read it soon",
        "Edmund Hale",
      ),
    ).toBe("I am writing a poem, secretly for Ines, and hope to read it soon");
    // An adverb before the verb, however it ends ("always", "sometimes" are no verbs), and two
    // named as the subject: the other first.
    for (const [text, said] of [
      ["Mira Holt often comes across Jem Cole", "I often come across Jem Cole"],
      ["Mira always has tea at four", "I always have tea at four"],
      ["Mira Holt sometimes goes fishing", "I sometimes go fishing"],
      [
        "Mira also runs the kiln, and sometimes teaches",
        "I also run the kiln, and sometimes teach",
      ],
      ["Mira Holt and Jem Cole talk often", "Jem Cole and I talk often"],
    ])
      expect(toFirstPerson(text, "Mira Holt"), text).toBe(said);
    expect(
      iToThirdPerson("I am getting the beds ready and want to plant a tree", "Edmund Hale"),
    ).toBe("Edmund Hale is getting the beds ready and wants to plant a tree");
    // (The verb past an adverb or a "never" agrees too: memories read "Wren Talbot still" where
    // "still live" did not.)
    for (const [said, told] of [
      ["I still live above the forge", "Wren Talbot still lives above the forge"],
      ["I never drink tea, I often walk", "Wren Talbot never drinks tea, Wren Talbot often walks"],
      ["I just opened the kiln", "Wren Talbot just opened the kiln"],
    ])
      expect(iToThirdPerson(said, "Wren Talbot"), said).toBe(told);
    // (A relative clause after the second verb brings in no other subject before it.)
    expect(
      iToThirdPerson(
        "I am sorting the old maps and am looking for anyone who drew them",
        "Wren Talbot",
      ),
    ).toBe("Wren Talbot is sorting the old maps and is looking for anyone who drew them");
    // After a comma, where no other person is named: the pronouns are one's own, and a verb that
    // goes on with what one does agrees with "I".
    expect(
      toFirstPerson("Cleo Moss runs the clock shop, which she bought from her uncle.", "Cleo Moss"),
    ).toBe("I run the clock shop, which I bought from my uncle.");
    expect(
      toFirstPerson(
        "Cleo goes to bed at 11 pm, rises at 6 am, and walks to the shop.",
        "Cleo Moss",
      ),
    ).toBe("I go to bed at 11 pm, rise at 6 am, and walk to the shop.");
    expect(
      toFirstPerson(
        "Tom Reyes keeps the lighthouse, which he calls his ship, and paints it every spring.",
        "Tom Reyes",
      ),
    ).toBe("I keep the lighthouse, which I call my ship, and paint it every spring.");
    // Beside another person they may be that person's: left as they are.
    expect(
      toFirstPerson("Cleo Moss is mending Dara Quinn's clock, which she dropped.", "Cleo Moss"),
    ).toBe("I am mending Dara Quinn's clock, which she dropped.");
    // ...but not the verb of someone else the sentence reports.
    expect(
      toFirstPerson(
        "Ines Calloway heard from Edmund Hale that Edmund Hale is getting the beds ready and wants to plant a tree",
        "Ines Calloway",
      ),
    ).toBe("Edmund told me he is getting the beds ready and wants to plant a tree");
    expect(
      youToThirdPerson(
        "This is very important -- you have a secret crush on Klaus Mueller",
        "Maria Lopez",
      ),
    ).toBe("This is very important -- Maria Lopez has a secret crush on Klaus Mueller");
    expect(youToThirdPerson("You rarely talk to him", "Theo Brandt")).toBe(
      "Theo Brandt rarely talks to him",
    );
    // Beside another person the verb stays plural; a verb in the past takes no -s.
    expect(
      iToThirdPerson("Edmund Hale and I were talking about the seed swap", "Ines Calloway"),
    ).toBe("Edmund Hale and Ines Calloway were talking about the seed swap");
    expect(iToThirdPerson("I went to the market and I have a plan", "Ines Calloway")).toBe(
      "Ines Calloway went to the market and Ines Calloway has a plan",
    );
    expect(youToThirdPerson("you met Klaus at the library", "Maria Lopez")).toBe(
      "Maria Lopez met Klaus at the library",
    );
  });

  it("turns memories about the agent into the first person", () => {
    expect(toFirstPerson("Theo Brandt is going to the fair", "Theo Brandt")).toBe(
      "I am going to the fair",
    );
    expect(toFirstPerson("Theo Brandt and Ines Calloway were conversing", "Theo Brandt")).toBe(
      "Ines Calloway and I were conversing",
    );
    // The possessive that pointed back to the subject follows it into the first person.
    expect(toFirstPerson("Klaus Mueller is behind on his term paper", "Klaus Mueller")).toBe(
      "I am behind on my term paper",
    );
    expect(toFirstPerson("Maria Lopez is working on her thesis", "Maria Lopez")).toBe(
      "I am working on my thesis",
    );
    expect(toFirstPerson("Maria Lopez went with her to the park", "Maria Lopez")).toBe(
      "I went with her to the park",
    );
  });

  it("a topic told in the first person reads as a topic, also when retold in the first person", () => {
    const t = topicPhrase(
      "I keep thinking about this: I am getting the garden beds ready.",
      "Ines Calloway",
    );
    expect(t).toBe("Ines Calloway getting the garden beds ready");
    expect(toFirstPerson(`They last talked about ${t}.`, "Ines Calloway")).toBe(
      "They last talked about me getting the garden beds ready.",
    );
    // What was told, not who told it.
    expect(topicPhrase("Theo told me that the bakery is closing.", "Ines Calloway")).toBe(
      "the bakery closing",
    );
    expect(
      topicPhrase("Theo told me that Edmund Hale is planting an orchard.", "Ines Calloway"),
    ).toBe("Edmund Hale planting an orchard");
    // A fact's topic has no speaker: a possessive stays as it is ("Valentinetheir Day" before).
    expect(topicPhrase("Rosa is planning a Valentine's Day party at the cafe.", "")).toBe(
      "Rosa planning a Valentine's Day party at the cafe",
    );
  });

  it.each([
    ["Pavel is reading his sea stories aloud at The Salty Anchor Inn tonight.", "Salty Anchor Inn"],
    ["I am baking bread for the party at Hearth & Crumb today.", "Hearth & Crumb"],
    ["Greta says the lamps along the old canal by Willow Green Lane are out.", "Willow Green Lane"],
  ])("a topic never cuts a proper name in half: %s", (line, name) => {
    // The tenth word falls inside the name: the whole name is said, or none of it.
    const t = topicPhrase(line, "Tomas Berg");
    const first = name.split(" ")[0];
    expect(t.includes(first) ? t.includes(name) : true, t).toBe(true);
    expect(t).not.toMatch(/\b(at|the|The|by)$/);
  });
});
