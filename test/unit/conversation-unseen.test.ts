// Everyday questions the engine was not written for (issue 29, "unseen questions"), asked by a
// visitor of three base-25 residents at 14:00 through the Town's path (mind.hear), each in a talk
// of its own, rotated over the residents so every question is heard once. What a person would
// notice: a place recommended is one where the asked thing is done (never a home), a thing the
// resident knows nothing of gets an honest answer about that thing (not the day recited), an
// opinion of one's work is one's work, a parting formula ends the talk, and no answer says the
// question back or is empty.
import { beforeAll, describe, expect, it } from "vitest";
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { startTownAt } from "../../server/hosting/startTime.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { Town } from "../../server/world/town.ts";

const RESIDENTS = [
  { id: "ada", name: "Ada Okafor" },
  { id: "samuel", name: "Samuel Okafor" },
  { id: "arjun", name: "Arjun Rao" },
];

// A visitor's small talk, none of it in the engine's code or the battery.
const QUESTIONS = [
  "Where can I get a good meal?",
  "Have you seen my dog?",
  "Who is the mayor here?",
  "Do you like what you do?",
  "What's the best place for a cup of coffee?",
  "Is there somewhere I can buy medicine?",
  "Where do people go for a drink in the evening?",
  "Where can I borrow a book?",
  "Have you lost anything lately?",
  "Do you have any pets?",
  "Have you seen a red bicycle around here?",
  "Who runs the bakery?",
  "Do you enjoy living here?",
  "Are you happy with your job?",
  "What do you think of this town?",
  "How was your morning?",
  "What are you up to later?",
  "Do you have brothers or sisters?",
  "Who are your closest friends?",
  "What do you do for fun?",
  "Did you sleep well?",
  "Are you busy right now?",
  "Where do you live?",
  "Do you know a good doctor?",
  "Would you recommend anywhere for lunch?",
  "What are you working on these days?",
  "Have you eaten yet?",
  "Do you play any music?",
  "Can you tell me where the library is?",
  "How do you feel about your work?",
];

let ask: (who: number, text: string) => Promise<{ text: string; end: boolean }>;
let sectorsWhere: (test: RegExp) => Set<string>;
let homes: Set<string>;

beforeAll(async () => {
  const t = await loadTemplate("base-25");
  const mind = new GenerativeMind({
    gateway: new OfflineGateway({ meter: false }),
    personas: t.personas,
    addresses: t.map.addresses(),
  });
  const town = new Town({
    template: "base-25",
    map: t.map,
    personas: t.personas,
    mind,
    mode: "lockstep",
    seed: 1,
  });
  startTownAt(town, "14:00");
  await town.advance();
  ask = async (who, text) => {
    const r = RESIDENTS[who % RESIDENTS.length];
    return mind.hear({
      agent: r as never,
      now: town.time,
      speaker: { name: "Nora Vale", role: "visitor" } as never,
      words: [text],
      soFar: [],
    });
  };
  // Buildings by what residents do there in their plans, and the buildings people sleep in.
  const agents = [...mind.context().agents.values()];
  sectorsWhere = (test) =>
    new Set(
      agents.flatMap((a) =>
        (a.schedule?.tasks ?? [])
          .filter((x) => x.address?.includes(":") && test.test(x.task))
          .map((x) => (x.address ?? "").split(":")[1]),
      ),
    );
  homes = new Set(agents.map((a) => a.persona.home.split(":")[1]));
}, 120_000);

describe("unseen everyday questions (base-25, 14:00)", () => {
  it("recommends a place where the thing is done, never a home, or says honestly it does not know", async () => {
    const eating = sectorsWhere(/\b(lunch|dinner|breakfast|eat|eating|coffee|meal)\b/i);
    for (let who = 0; who < 3; who++) {
      const a = (await ask(who, "Where can I get a good meal?")).text;
      const named = [...a.matchAll(/(?:Try|or) (?:the [a-z' ]+ at )?([A-Z][^,.]+)/g)].map(
        (m) => m[1],
      );
      for (const n of named) {
        expect(homes.has(n), `${a} names a home`).toBe(false);
        expect(eating.has(n), `${a}: nobody eats at ${n}`).toBe(true);
      }
      if (!named.length) expect(a).toMatch(/not sure where you can get a good meal/);
    }
    // Arjun works at the market and pharmacy: he knows where medicine is sold.
    expect((await ask(2, "Is there somewhere I can buy medicine?")).text).toMatch(/Pharmacy/);
    expect((await ask(2, "Where could I grab a coffee?")).text).toMatch(/cafe/);
    // A room asked for by its name is placed, not recommended.
    expect((await ask(0, "Can you tell me where the library is?")).text).toBe(
      "The library is at Oakmere College.",
    );
  }, 60_000);

  it("answers about a thing it knows nothing of honestly, about that thing, not with its day", async () => {
    for (let who = 0; who < 3; who++) {
      const dog = (await ask(who, "Have you seen my dog?")).text;
      expect(dog).toMatch(/haven't seen your dog/);
      // It takes the question up: asks back about the dog.
      expect(dog).toMatch(/\?/);
      const mayor = (await ask(who, "Who is the mayor here?")).text;
      expect(mayor).toMatch(/know who the mayor is/);
      for (const a of [dog, mayor]) expect(a).not.toMatch(/So far today|Earlier today|I was /);
    }
  }, 60_000);

  it("gives its view of its own work and town, and its doings, from its persona and day", async () => {
    const work = (await ask(1, "Do you like what you do?")).text;
    expect(work).toMatch(/^(I do|Mostly)/);
    expect(work).toMatch(/teach history/);
    const arjun = (await ask(2, "Are you happy with your job?")).text;
    expect(arjun).toMatch(/^(I am|Mostly)/);
    expect(arjun).toMatch(/market/);
    // Its day and habits answer yes/no questions about what it does.
    expect((await ask(2, "Have you eaten yet?")).text).toMatch(/^Yes, I was eating lunch/);
    expect((await ask(1, "Do you play any music?")).text).toMatch(/^Yes\. .*piano/);
    const fun = (await ask(2, "What do you do for fun?")).text;
    expect(fun).toMatch(/^In the evenings/);
    expect(fun).not.toMatch(/till|produce stand/);
    const town = (await ask(1, "What do you think of this town?")).text;
    expect(town).toMatch(/like it here/);
    expect(town).toMatch(/park/);
  }, 60_000);

  it("answers a doing, kin, a time or a place it has none of from what it knows, not its day", async () => {
    // A doing its day does not hold: an honest no, not the day recited.
    for (let who = 0; who < 3; who++) {
      const lost = (await ask(who, "Have you lost anything lately?")).text;
      expect(lost).toMatch(/^No, I haven't lost anything/);
    }
    // Kin asked of: Arjun's persona names his sister; Ada's names only her parents.
    expect((await ask(2, "Do you have brothers or sisters?")).text).toMatch(
      /^Yes\. .*sister Priya/,
    );
    expect((await ask(0, "Do you have brothers or sisters?")).text).toMatch(/^No, I don't/);
    // A time of its day by the block it names, in one short sentence, never the plan recited.
    for (let who = 0; who < 3; who++) {
      const bed = (await ask(who, "What time do you usually go to bed?")).text;
      expect(bed).toMatch(/bed (at|after) /);
      expect(bed).not.toMatch(/plan for|wake up/);
    }
    // A place for a thing it knows none for: said by the thing, not the question's words.
    const coffee = (await ask(0, "What's the best place for a cup of coffee?")).text;
    expect(coffee).not.toMatch(/best place for a cup/);
    expect(coffee).toMatch(/coffee|Crumb/);
    for (let who = 0; who < 3; who++)
      expect((await ask(who, "Do you know a good doctor?")).text).not.toMatch(/plan for|\d am, /);
    // A time asked of is said as a habit in the simple present: "I usually have lunch at ...".
    expect((await ask(1, "When do you usually have lunch?")).text).toMatch(
      /^I usually (have|eat) lunch .*at \d/,
    );
    // Friends: those its persona names, else those its days are spent with.
    expect((await ask(0, "Who are your closest friends?")).text).toBe(
      "My best friend is Kenji Mori.",
    );
    expect((await ask(1, "Who are your closest friends?")).text).toMatch(/^I'd say Sofia/);
    // Whom it lives with: the clause of its persona with that verb, said with "I".
    expect((await ask(0, "Who do you live with?")).text).toBe(
      "I still live with my parents, Grace and Samuel.",
    );
    // A state of its day ("busy") is answered by its day.
    expect((await ask(2, "Have you been busy today?")).text).toMatch(/^So far today/);
  }, 60_000);

  it("hears a parting formula as a goodbye and ends the talk", async () => {
    for (const [i, bye] of [
      "Take care!",
      "See you later!",
      "Have a nice evening!",
      "Talk to you soon.",
    ].entries()) {
      const r = await ask(i, bye);
      expect(r.end, bye).toBe(true);
      expect(r.text).toMatch(/Bye|Goodbye|Take care|See you/);
    }
    // An invitation or a request is not a parting.
    expect((await ask(0, "Tell me about your family.")).end).toBe(false);
  }, 60_000);

  it("answers thirty everyday questions without saying them back or leaving one empty", async () => {
    const problems: string[] = [];
    for (const [i, q] of QUESTIONS.entries()) {
      const a = (await ask(i, q)).text;
      if (!a.trim()) problems.push(`${q} → (empty)`);
      if (a.includes(q.replace(/[?.!]$/, ""))) problems.push(`${q} → said back: ${a}`);
      if (/\b(\w+) \1\b/i.test(a)) problems.push(`${q} → doubled word: ${a}`);
      // A thing outside its day is never answered with the day.
      if (/dog|bicycle|pets|mayor|bakery|doctor/.test(q) && /So far today/.test(a))
        problems.push(`${q} → its day: ${a}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
