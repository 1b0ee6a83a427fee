// Everyday questions put to a resident of a made-up town through the offline engine
// (understand → answerPeople) with knowledge as values: a persona, a day of blocks, the places it
// knows. What a person would notice: a time of the week asked of is answered with how those times
// are spent (not "I'm well"), "how long" by the fact that says how long (never the day recited), a
// category of work is no opinion, a spouse the persona names is a yes and a name, a place is
// recommended by what it is (never a park for a meal because of a picnic blanket), an earlier
// answer is not said again inside a longer one, and a bare "yes" points back to what it said.
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Talk } from "../../server/agents/offline/answerPeople.ts";
import { unsaid } from "../../server/agents/offline/answers/voice.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const ME = "Tomas Berg";
const persona = {
  name: ME,
  innate: "patient, dry, loyal",
  learned:
    "Tomas Berg has run the ferry across Lake Veld for twenty-two years. He is married to Ingrid, who teaches at the village school. His oldest friend is Pavel Novak.",
  currently: "Tomas is repainting the ferry's hull before the spring crossings.",
  lifestyle: "Tomas goes to bed at 10 pm, wakes up at 5 am, and fishes off the jetty on Sundays.",
};
const RESIDENTS = [ME, "Ingrid Berg", "Pavel Novak"];

const knowledge = (over: Partial<Knowledge> = {}): Knowledge =>
  knowledgeOf(persona, {
    minute: 14 * 60,
    today: [
      { start: 5 * 60, end: 6 * 60, task: "making coffee", place: "kitchen of Berg cottage" },
      { start: 6 * 60, end: 12 * 60, task: "running the ferry", place: "Veld ferry dock" },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch with Ingrid", place: "Berg cottage" },
      { start: 13 * 60, end: 18 * 60, task: "repainting the hull", place: "Veld ferry dock" },
      { start: 18 * 60, end: 20 * 60, task: "playing cards with Pavel", place: "Anchor Inn" },
      { start: 20 * 60, end: 22 * 60, task: "mending nets", place: "Berg cottage" },
    ],
    home: "Berg cottage",
    places: [
      { name: "Berg cottage", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Veld ferry dock", parts: ["jetty", "ticket booth"], things: ["ferry"] },
      {
        name: "Alder Park",
        parts: ["meadow", "pond"],
        things: ["picnic blanket", "bench"],
        uses: ["having a picnic lunch on the meadow"],
      },
      { name: "Anchor Inn", parts: ["dining room", "bar"], things: ["dining table"] },
    ],
    doing: "repainting the hull",
    ...over,
  });

function ask(
  text: string,
  said: { me: string[]; heard: string[] } = { me: [], heard: [] },
  over: Partial<Knowledge> = {},
) {
  const k = knowledge(over);
  return answerTo(text, {
    me: ME,
    residents: RESIDENTS,
    now: NOW,
    knowledge: k,
    said: said.me,
    heard: said.heard,
  }).text;
}

describe("everyday questions answered from what the resident knows", () => {
  it("a time of the week or day asked of is answered with how those times go, not with how it is", () => {
    const evenings = ask("How do you usually spend your evenings?");
    expect(evenings).not.toMatch(/I'm well|And you\?|How about you\?/);
    expect(evenings).toMatch(/cards with Pavel|mending nets/);
    const sundays = ask("How do you spend your Sundays?");
    expect(sundays).not.toMatch(/I'm well/);
    // A day off is its free time: its evenings and its habits (fishing off the jetty).
    expect(sundays).toMatch(/fish|cards|nets/);
  });

  it("'how long' is answered by the fact that says how long, or honestly; never the day recited", () => {
    const ferry = ask("How long have you been running the ferry?");
    expect(ferry).toMatch(/twenty-two years/);
    const friend = ask("How long have you and your oldest friend known each other?");
    expect(friend).toMatch(/Pavel/);
    expect(friend).not.toMatch(/So far today|Today I was|This morning/);
  });

  it("a category of work asked of is its work, not its liking of it", () => {
    const work = ask("What kind of business do you run?");
    expect(work).toMatch(/ferry/);
    expect(work).not.toMatch(/^(I like it|Mostly, yes|I love)/);
  });

  it("a spouse its persona names: 'yes' to being married, and the name when asked who", () => {
    const married = ask("Are you married?");
    expect(married).toMatch(/^Yes\b/);
    expect(married).toMatch(/Ingrid/);
    const who = ask("Who is your wife?");
    expect(who).toMatch(/Ingrid/);
    // What the persona says of her is hers, not his: he does not teach at the school.
    expect(who).not.toMatch(/\bI teach/);
  });

  it("a place is recommended by what it is (its name, its rooms), not by a thing lying in it", () => {
    const meal = ask("Where could I get a decent meal around here?");
    expect(meal).not.toMatch(/Alder Park/);
    expect(meal).toMatch(/Anchor Inn/);
  });

  it("an earlier answer is not said again inside a longer one", () => {
    const earlier = "I am worried that the hull will not be ready for spring.";
    const out = unsaid(
      [
        "I like it, mostly. I have run the ferry for years. Though I am worried that the hull will not be ready for spring.",
      ],
      { said: [earlier], heard: [] } as unknown as Talk,
    );
    expect(out.join(" ")).not.toContain(earlier.replace(/\.$/, ""));
    expect(out.join(" ")).toMatch(/run the ferry/);
  });

  it("a bare 'yes' whose news was said points back to it in brief, not 'Yes, as I said.' alone", () => {
    const news = "Pavel Novak is organising a regatta on Lake Veld on February 14 at 3 pm.";
    const out = unsaid([`Yes. ${news}`], { said: [news], heard: [] } as unknown as Talk);
    expect(out[0]).toMatch(/^Yes, as I said: Pavel Novak is organising a regatta on Lake Veld\.$/);
  });

  it("news with no time in it, said inside a longer answer, is pointed back to by its first clause, and once", () => {
    const news =
      "Marit told me that Jorund is building a sauna by the fjord, which he hopes to finish, and is short of timber.";
    const first = unsaid([`Yes. ${news}`], {
      said: [`I'm mending nets later. ${news}`],
      heard: [],
    } as unknown as Talk);
    expect(first[0]).toBe(
      "Yes, as I said: Marit told me that Jorund is building a sauna by the fjord.",
    );
    // Asked for news again: the pointer back is not said twice, word for word.
    const again = unsaid([`Yes. ${news}`], {
      said: [`I'm mending nets later. ${news}`, first[0]],
      heard: [],
    } as unknown as Talk);
    expect(again[0]).not.toBe(first[0]);
    expect(again.join(" ")).not.toContain("which he hopes to finish");
  });

  it("a pastime asked of is its free time; where it works is its work, not its home", () => {
    const pastimes = ask("Have you got any hobbies?");
    expect(pastimes).toMatch(/cards|nets|fish/);
    expect(pastimes).not.toMatch(/^(No|Not really)/);
    const spare = ask("What do you do in your spare time?");
    expect(spare).toMatch(/cards|nets|fish/);
    const work = ask("Where do you work?");
    expect(work).toMatch(/ferry/);
    expect(work).not.toMatch(/I live at/);
  });

  it("a question about its own doings or wishes is not read as a request for a place", () => {
    const going = ask("Are you off anywhere this evening?");
    expect(going).not.toMatch(/^Try /);
    expect(going).toMatch(/cards|Pavel|nets|Anchor Inn/);
    const change = ask("Is there anything you would change about your work?");
    expect(change).not.toMatch(/^Try /);
  });

  it("how it gets on with people of a kind is told from those it talks with, never a made-up no", () => {
    const people = [{ name: "Pavel Novak", relationship: "", talks: 4 }];
    const colleagues = ask("Do you get on with your colleagues?", undefined, { people });
    expect(colleagues).not.toMatch(/^No\b/);
    expect(colleagues).toMatch(/Pavel/);
  });

  it("never gives the same answer twice in a talk, even when it knows nothing of five things asked", () => {
    const said = { me: [] as string[], heard: [] as string[] };
    for (const q of [
      "Why do the gulls circle so low?",
      "Why is the water so green this year?",
      "Why did the old lighthouse close?",
      "Why are the bells silent on Tuesdays?",
      "Why does the wind always turn at noon?",
    ]) {
      const a = ask(q, said);
      expect(said.me, `${q} → ${a}`).not.toContain(a);
      said.me.push(a);
      said.heard.push(q);
    }
  });

  it("the same excuse is not given twice in a talk", () => {
    const first = ask("Could you carry these boxes for me?");
    const again = ask("Could you hold my coat for a minute?", {
      me: [first],
      heard: ["Could you carry these boxes for me?"],
    });
    expect(again).not.toBe(first);
  });
});

describe("a topic in talk", () => {
  it("a part of today asked of by name is told from its day, not from its persona's habits", () => {
    // (Its habits speak of mornings too: they are not what it did this morning.)
    const early = {
      ...persona,
      lifestyle:
        "Tomas goes to bed at 10 pm, wakes at 5 am, and never eats breakfast before the first crossing.",
    };
    const morning = ask("What did you get up to this morning?", undefined, { persona: early });
    expect(morning).toMatch(/ferry|coffee/);
    expect(morning).not.toMatch(/bed|wake|breakfast|twenty-two years/);
  });

  it("a doing and the same doing in company are told once, with its company", () => {
    const day = ask("What have you done so far today?", undefined, {
      today: [
        { start: 5 * 60, end: 9 * 60, task: "running the ferry", place: "Veld ferry dock" },
        {
          start: 9 * 60,
          end: 11 * 60,
          task: "running the ferry with Pavel",
          place: "Veld ferry dock",
        },
        { start: 11 * 60, end: 13 * 60, task: "eating lunch with Ingrid", place: "Berg cottage" },
        { start: 13 * 60, end: 18 * 60, task: "repainting the hull", place: "Veld ferry dock" },
      ],
    });
    expect(day).toMatch(/running the ferry with Pavel/);
    expect(day.match(/running the ferry/g)).toHaveLength(1);
  });

  it("a place asked for with no thing named is never said as 'any I'm' or 'any eat'", () => {
    const nowhere = ask("I'm famished, where would you go to eat?", undefined, { places: [] });
    expect(nowhere).not.toMatch(/\bany (I'm|I|you|eat)\b/);
    expect(nowhere).toMatch(/not sure|don't know/);
  });
});
