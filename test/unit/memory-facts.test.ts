// Memories' typed records (issue 29, memory/fact.ts): kept with the memory through a save and a
// restore (snapshot and rows), older saves without them still load, a broken record is refused;
// the offline engine tells news from its record: days absolute, one's own news as "I", another's
// with who told it, and never to someone who already had it (by the record, whatever the words).
import { describe, expect, it } from "vitest";
import { MemoryStream } from "../../server/agents/memory/stream.ts";
import { rowFields } from "../../server/agents/memory/journal.ts";
import type { Fact } from "../../server/agents/memory/fact.ts";
import type { NewMemory } from "../../server/agents/memory/port.ts";
import { hashEmbed } from "../../server/llm/hashEmbedding.ts";
import { absoluteDays, factOf, tellFact } from "../../server/agents/language/news.ts";
import { offlineTakeaway, pickNews, tellNews } from "../../server/agents/offline/dialogue.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

const at = (hhmm: string, day = 13) => Date.parse(`2026-02-${day}T${hhmm}:00Z`);
const PEOPLE = ["Tomas Berg", "Wren Hollis", "Ivo Strand", "Lena Marsh"];

const fact: Fact = {
  id: "Tomas Berg@1:abc",
  who: "Tomas Berg",
  text: "Tomas Berg's rowing boat was swept off the jetty on February 12",
  source: "Tomas Berg",
};
const memory = (facts?: Fact[]): NewMemory => ({
  type: "thought",
  created: at("09:00"),
  description: "Tomas Berg's rowing boat was swept off the jetty yesterday.",
  subject: "Tomas Berg",
  predicate: "thinks",
  object: "",
  importance: 5,
  embedding: hashEmbed("boat"),
  ...(facts ? { facts } : {}),
});

describe("a memory's typed records are saved with it", () => {
  it("survive a snapshot and a load, and go into the memory's row", () => {
    const a = new MemoryStream();
    a.add(memory([fact]));
    a.add(memory());
    const b = new MemoryStream();
    b.load(JSON.parse(JSON.stringify(a.snapshot())));
    const [plain, withFact] = b.latest(2);
    expect(withFact.facts).toEqual([fact]);
    expect(plain.facts).toBeUndefined();
    const row = JSON.parse(
      `{${rowFields({ kind: "add", agent: "t", memory: withFact, lastAccessed: 0 }).fields}}`,
    );
    expect(row.facts).toEqual([fact]);
  });

  it("an older save (no records) loads; a broken record is refused and nothing is half-loaded", () => {
    const a = new MemoryStream();
    a.add(memory());
    const old = JSON.parse(JSON.stringify(a.snapshot()));
    delete old.memories[0].facts;
    const b = new MemoryStream();
    b.load(old);
    expect(b.size).toBe(1);
    const broken = JSON.parse(JSON.stringify(old));
    broken.memories[0].facts = [{ who: 3 }];
    expect(() => b.load(broken)).toThrow();
    expect(b.size).toBe(1);
  });
});

describe("news told from its record", () => {
  it("days said relative to when it was recorded are made absolute", () => {
    expect(absoluteDays("Ivo's bike was stolen yesterday", at("08:00"))).toBe(
      "Ivo's bike was stolen on February 12",
    );
    expect(absoluteDays("Lena will leave for the coast tomorrow", at("08:00"))).toBe(
      "Lena will leave for the coast on February 14",
    );
    // A part of the day alone names no day.
    expect(absoluteDays("Lena is planning a sledging afternoon", at("08:00"))).toBe(
      "Lena is planning a sledging afternoon",
    );
  });

  it("one's own news as 'I', another's naming who told it", () => {
    const mine = factOf(
      "Wren Hollis found a wounded owl in the barn last night and is nursing it",
      "Wren Hollis",
      at("08:00"),
      [],
      PEOPLE,
    );
    expect(mine.who).toBe("Wren Hollis");
    expect(tellFact(mine, "Wren Hollis", "Ivo Strand")).toMatch(/^I found a wounded owl/);
    const heard = { ...mine, told: { by: "Wren Hollis", to: "Ivo Strand" } };
    // Told by the one it is about: no pronoun to guess.
    expect(tellFact(heard, "Ivo Strand", "Lena Marsh")).toBe(`${mine.text}; Wren told me so.`);
    const twice = { ...mine, told: { by: "Ivo Strand", to: "Lena Marsh" } };
    expect(tellFact(twice, "Lena Marsh", "Tomas Berg")).toBe(`Ivo told me that ${mine.text}.`);
  });

  it("a resident tells its own news, the hearer keeps it as a record naming the teller", () => {
    const own: MemoryLine = {
      text: "Tomas Berg's rowing boat was swept off the jetty yesterday.",
      created: at("09:00"),
      importance: 4,
      kind: "thought",
      facts: [fact],
    };
    const news = pickNews([own], at("10:00"), [], "Tomas Berg", PEOPLE, "Wren Hollis")!;
    expect(news.fact).toEqual(fact);
    const line = tellNews(news, "Tomas Berg", "Wren Hollis");
    expect(line).toBe("My rowing boat was swept off the jetty on February 12.");
    const wren = {
      id: "wren",
      name: "Wren Hollis",
      brief: "",
      action: "",
      relationship: "",
      memories: [],
      people: PEOPLE,
    };
    const t = offlineTakeaway(
      wren,
      "Tomas Berg",
      [{ speaker: "Tomas Berg", text: `Hi Wren! ${line}` }],
      "conversing about a boat",
      at("10:00"),
      [],
      [fact],
    );
    expect(t.facts).toEqual([{ ...fact, told: { by: "Tomas Berg", to: "Wren Hollis" } }]);
    expect(t.memo).toBe(`Wren Hollis heard from Tomas Berg that ${fact.text}.`);
  });

  it("not told to whoever told it, nor to someone a talk already held it with, whatever the words", () => {
    const heard = { ...fact, told: { by: "Ivo Strand", to: "Lena Marsh" } };
    const memo: MemoryLine = {
      text: "Lena Marsh heard from Ivo Strand that the boat is gone.",
      created: at("09:00"),
      importance: 6,
      kind: "memo",
      facts: [heard],
    };
    expect(pickNews([memo], at("10:00"), [], "Lena Marsh", PEOPLE, "Ivo Strand")).toBeUndefined();
    expect(pickNews([memo], at("10:00"), [], "Lena Marsh", PEOPLE, "Tomas Berg")).toBeUndefined();
    expect(pickNews([memo], at("10:00"), [], "Lena Marsh", PEOPLE, "Wren Hollis")?.fact).toEqual(
      heard,
    );
    // A talk with Wren held it (told in other words): not told to Wren again.
    const talk: MemoryLine = {
      text: "Lena Marsh and Wren Hollis were conversing about the weather",
      created: at("09:30"),
      importance: 3,
      kind: "chat",
      with: "Wren Hollis",
      facts: [{ ...fact, told: { by: "Lena Marsh", to: "Wren Hollis" } }],
    };
    expect(
      pickNews([memo, talk], at("10:00"), [], "Lena Marsh", PEOPLE, "Wren Hollis"),
    ).toBeUndefined();
  });
});
