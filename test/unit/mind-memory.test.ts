import { describe, expect, it } from "vitest";
import { MemoryStream } from "../../server/agents/memory/stream.ts";
import type { MemoryRecord, NewMemory } from "../../server/agents/memory/port.ts";
import { hashEmbed } from "../../server/llm/hashEmbedding.ts";
import { Random } from "../../server/world/random.ts";

const H = 3_600_000;
const mem = (
  description: string,
  created: number,
  importance: number,
  type: NewMemory["type"] = "observation",
): NewMemory => ({
  type,
  created,
  description,
  subject: "x",
  predicate: "is",
  object: description,
  importance,
  embedding: hashEmbed(description),
});

describe("memory stream (the mind's port)", () => {
  it("scores recency (0.995 per game hour since last access) + importance + relevance, each normalised", () => {
    const m = new MemoryStream();
    m.add(mem("Ann is watering the garden", 0, 2));
    m.add(mem("Ann is planning a party at the plaza", 0, 8));
    m.add(mem("Bob is reading the paper", 10 * H, 2));
    const top = m.retrieve(hashEmbed("party"), 10 * H, 3, { touch: false });
    expect(top[0].memory.description).toContain("party"); // relevance + importance win
    // recency alone: the newest first when everything else is equal
    const r = new MemoryStream({
      recencyDecay: 0.995,
      recencyWeight: 1,
      importanceWeight: 0,
      relevanceWeight: 0,
    });
    r.add(mem("a", 0, 3));
    r.add(mem("b", 5 * H, 3));
    const [best, worst] = r.retrieve(hashEmbed("zzz"), 10 * H, 2);
    expect(best.memory.description).toBe("b");
    expect(best.score).toBe(1);
    expect(worst.score).toBe(0);
    // retrieval touched them: both now equally recent
    expect(r.retrieve(hashEmbed("zzz"), 10 * H, 2).map((x) => x.score)).toEqual([0.5, 0.5]);
  });

  it("dedupes by the latest `retention` observations and sums the importance of new memories for reflection", () => {
    const m = new MemoryStream();
    m.add({ ...mem("Ann is idle", 0, 1), subject: "Ann", predicate: "is", object: "idle" });
    expect(m.seenRecently("Ann", "is", "idle", 8)).toBe(true);
    for (let i = 0; i < 8; i++) m.add(mem(`thing ${i}`, i, 5));
    expect(m.seenRecently("Ann", "is", "idle", 8)).toBe(false);
    m.add(mem("a thought", 9, 9, "thought"));
    // Every new memory counts (the thought too), reflections themselves do not.
    expect(m.importanceSinceReflection).toBe(50);
    m.add({ ...mem("an insight", 10, 7, "thought"), depth: 1 });
    expect(m.importanceSinceReflection).toBe(50);
    m.markReflected();
    expect(m.importanceSinceReflection).toBe(0);
  });

  it("survives a snapshot exactly (embeddings included, shared ones stored once)", () => {
    const m = new MemoryStream();
    m.add(mem("same text", 0, 3));
    m.add(mem("same text", H, 3));
    m.add({
      ...mem("a chat", 2 * H, 6, "chat"),
      lines: [
        ["Ann", "Hi"],
        ["Bob", "Hello"],
      ],
      evidence: [1],
    });
    m.retrieve(hashEmbed("chat"), 3 * H, 1);
    const saved = JSON.parse(JSON.stringify(m.snapshot()));
    expect(saved.embeddings).toHaveLength(2);
    const r = MemoryStream.restore(saved);
    expect(r.latest(10)).toEqual(m.latest(10));
    expect(r.retrieve(hashEmbed("text"), 4 * H, 3)).toEqual(
      m.retrieve(hashEmbed("text"), 4 * H, 3),
    );
    expect(r.add(mem("new", 5 * H, 2)).id).toBe(4);
  });
});

// The paper's retrieval written out plainly (a full dot product, a full sort): the stream's
// indexed, partial-selection retrieval must rank and score exactly as this does.
function plainRetrieve(
  items: MemoryRecord[],
  query: Float32Array,
  now: number,
  n: number,
  filter?: (m: MemoryRecord) => boolean,
) {
  const pool = filter ? items.filter(filter) : items;
  if (pool.length === 0 || n <= 0) return [];
  const dot = (a: Float32Array, b: Float32Array) => {
    let s = 0;
    for (let i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i];
    return s;
  };
  const norm = (a: number[]) => {
    const lo = Math.min(...a);
    const span = Math.max(...a) - lo;
    return a.map((x) => (span > 1e-12 ? (x - lo) / span : 0.5));
  };
  const rec = norm(
    pool.map((m) => Math.exp(Math.log(0.995) * Math.max(0, (now - m.lastAccessed) / H))),
  );
  const imp = norm(pool.map((m) => m.importance));
  const rel = norm(pool.map((m) => dot(m.embedding, query)));
  return pool
    .map((m, i) => ({ id: m.id, score: rec[i] + imp[i] + rel[i] }))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, n);
}

describe("retrieval ranking (pinned against the plain computation)", () => {
  const words =
    "party cafe coffee pond dragonflies breakfast paper library garden piano Valentine plaza bakery study exam notebook kettle bench".split(
      " ",
    );
  const rng = new Random(9);
  const sentence = () =>
    Array.from({ length: 2 + rng.int(7) }, () => words[rng.int(words.length)]).join(" ");
  /** A dense vector (a model's embedding), now and then shorter than the hashed ones. */
  const denseVector = () => {
    const v = new Float32Array(rng.next() < 0.5 ? 256 : 64);
    for (let i = 0; i < v.length; i++) v[i] = rng.next() * 2 - 1;
    return v;
  };
  const notIdle = (m: MemoryRecord) => !/\bis idle\b/.test(m.description);

  it("returns the same memories, in the same order, with the same scores, as a full sort", () => {
    const stream = new MemoryStream();
    const twin: MemoryRecord[] = [];
    let now = 0;
    for (let round = 0; round < 30; round++) {
      for (let k = 0; k < 40; k++) {
        now += rng.int(4) * 10_000; // several memories share a time, as a step's batch does
        const text = rng.next() < 0.1 ? "Theo Brandt is idle" : sentence();
        const embedding =
          rng.next() < 0.1
            ? denseVector()
            : rng.next() < 0.05
              ? new Float32Array(256)
              : hashEmbed(text);
        const rec = stream.add({ ...mem(text, now, 1 + rng.int(10)), embedding });
        twin.push({ ...rec });
      }
      for (let q = 0; q < 5; q++) {
        const query = rng.next() < 0.2 ? denseVector() : hashEmbed(sentence());
        const n = [1, 5, 30, 10_000][rng.int(4)];
        const filter = rng.next() < 0.5 ? notIdle : undefined;
        const touch = rng.next() < 0.5;
        const got = stream.retrieve(query, now, n, { filter, touch });
        const want = plainRetrieve(twin, query, now, n, filter);
        expect(got.map((s) => ({ id: s.memory.id, score: s.score }))).toEqual(want);
        if (touch) for (const w of want) twin[w.id - 1].lastAccessed = now;
      }
    }
  });

  it("ties go to the newer memory and n larger than the stream returns it all", () => {
    const m = new MemoryStream();
    for (let i = 0; i < 5; i++) m.add(mem("the same words", 0, 4));
    const top = m.retrieve(hashEmbed("same words"), H, 10, { touch: false });
    expect(top.map((s) => s.memory.id)).toEqual([5, 4, 3, 2, 1]);
    expect(top.every((s) => s.score === 1.5)).toBe(true);
    expect(m.retrieve(hashEmbed("same words"), H, 0)).toEqual([]);
    expect(m.retrieve(hashEmbed("same words"), H, 3, { filter: () => false })).toEqual([]);
  });
});
