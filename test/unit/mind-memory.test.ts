import { describe, expect, it } from "vitest";
import { SimpleMemory, type NewMemory } from "../../server/agents/memoryPort.ts";
import { hashEmbed } from "../../server/llm/hashEmbedding.ts";

const H = 3_600_000;
const mem = (description: string, created: number, importance: number, type: NewMemory["type"] = "observation"): NewMemory => ({
  type, created, description, subject: "x", predicate: "is", object: description, importance, embedding: hashEmbed(description),
});

describe("memory stream (the mind's port)", () => {
  it("scores recency (0.995 per game hour since last access) + importance + relevance, each normalised", () => {
    const m = new SimpleMemory();
    m.add(mem("Ann is watering the garden", 0, 2));
    m.add(mem("Ann is planning a party at the plaza", 0, 8));
    m.add(mem("Bob is reading the paper", 10 * H, 2));
    const top = m.retrieve(hashEmbed("party"), 10 * H, 3, { touch: false });
    expect(top[0].memory.description).toContain("party"); // relevance + importance win
    // recency alone: the newest first when everything else is equal
    const r = new SimpleMemory({ recencyDecay: 0.995, recencyWeight: 1, importanceWeight: 0, relevanceWeight: 0 });
    r.add(mem("a", 0, 3));
    r.add(mem("b", 5 * H, 3));
    const [best, worst] = r.retrieve(hashEmbed("zzz"), 10 * H, 2);
    expect(best.memory.description).toBe("b");
    expect(best.score).toBe(1);
    expect(worst.score).toBe(0);
    // retrieval touched them: both now equally recent
    expect(r.retrieve(hashEmbed("zzz"), 10 * H, 2).map((x) => x.score)).toEqual([0.5, 0.5]);
  });

  it("dedupes by the latest `retention` observations and sums importance for reflection", () => {
    const m = new SimpleMemory();
    m.add({ ...mem("Ann is idle", 0, 1), subject: "Ann", predicate: "is", object: "idle" });
    expect(m.seenRecently("Ann", "is", "idle", 8)).toBe(true);
    for (let i = 0; i < 8; i++) m.add(mem(`thing ${i}`, i, 5));
    expect(m.seenRecently("Ann", "is", "idle", 8)).toBe(false);
    m.add(mem("a thought", 9, 9, "thought"));
    expect(m.importanceSinceReflection).toBe(41);
    m.markReflected();
    expect(m.importanceSinceReflection).toBe(0);
  });

  it("survives a snapshot exactly (embeddings included, shared ones stored once)", () => {
    const m = new SimpleMemory();
    m.add(mem("same text", 0, 3));
    m.add(mem("same text", H, 3));
    m.add({ ...mem("a chat", 2 * H, 6, "chat"), lines: [["Ann", "Hi"], ["Bob", "Hello"]], evidence: [1] });
    m.retrieve(hashEmbed("chat"), 3 * H, 1);
    const saved = JSON.parse(JSON.stringify(m.snapshot()));
    expect(saved.embeddings).toHaveLength(2);
    const r = SimpleMemory.restore(saved);
    expect(r.latest(10)).toEqual(m.latest(10));
    expect(r.retrieve(hashEmbed("text"), 4 * H, 3)).toEqual(m.retrieve(hashEmbed("text"), 4 * H, 3));
    expect(r.add(mem("new", 5 * H, 2)).id).toBe(4);
  });
});
