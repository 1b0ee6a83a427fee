// Dense retrieval through the quantised index (server/agents/memory/denseIndex.ts): the SIMD
// kernel computes exactly the integer dot products of its plain-JS twin, and a stream that scores
// through the index returns what exact scoring returns.
import { describe, expect, it, vi } from "vitest";
import { DenseIndex, jsDots } from "../../server/agents/memory/denseIndex.ts";
import { DOTS_WASM } from "../../server/agents/memory/dotsWasm.ts";
import { MemoryStream } from "../../server/agents/memory/stream.ts";
import { PAPER_RETRIEVAL, type MemoryRecord } from "../../server/agents/memory/port.ts";
import { Random } from "../../server/world/random.ts";
import { compileDots } from "../../scripts/build-wasm.ts";

const HOUR = 3_600_000;

function unit(v: Float32Array): Float32Array {
  let len = 0;
  for (const x of v) len += x * x;
  return v.map((x) => x / Math.sqrt(len));
}

function randomVector(rng: Random, dim: number): Float32Array {
  return unit(new Float32Array(dim).map(() => rng.next() * 2 - 1));
}

/** Vectors around a few centres, as a model's embeddings of texts on a few subjects are. */
function clustered(rng: Random, dim: number): () => Float32Array {
  const centres = Array.from({ length: 12 }, () => randomVector(rng, dim));
  return () => unit(centres[rng.int(centres.length)].map((x) => x + (rng.next() * 2 - 1) * 0.08));
}

/** Two streams of the same memories: one scoring through the index, one exactly. */
function twins(vectors: Float32Array[], seed: number): { fast: MemoryStream; exact: MemoryStream } {
  const fast = new MemoryStream();
  const exact = new MemoryStream({ ...PAPER_RETRIEVAL, denseIndex: false });
  const rng = new Random(seed);
  vectors.forEach((embedding, i) => {
    const m = {
      type: "observation" as const,
      created: Math.floor(i / 4) * 60_000,
      description: `memory ${i}`,
      subject: "Ada",
      predicate: "is",
      object: `memory ${i}`,
      importance: 1 + rng.int(10),
      embedding,
    };
    fast.add(m);
    exact.add(m);
  });
  return { fast, exact };
}

describe("the dense kernel", () => {
  it("is the compiled dots.wat (run `npm run build:wasm` after editing it)", async () => {
    expect(DOTS_WASM).toBe(await compileDots());
  });

  it("gives exactly the integer dot products of its plain-JS twin, extremes included", () => {
    const bytes = Buffer.from(DOTS_WASM, "base64");
    expect(WebAssembly.validate(bytes), "WebAssembly SIMD on this Node").toBe(true);
    const { memory, dots } = new WebAssembly.Instance(new WebAssembly.Module(bytes))
      .exports as unknown as {
      memory: WebAssembly.Memory;
      dots: (rows: number, q: number, out: number, n: number, stride: number) => void;
    };
    const stride = 1536;
    const n = 300;
    const rowsAt = stride * 2;
    const outAt = rowsAt + n * stride;
    memory.grow(Math.ceil((outAt + n * 4) / 65_536));
    const rng = new Random(7);
    const top = Math.floor((2 ** 31 - 1) / (127 * stride)); // the bound DenseIndex keeps
    const q = new Int16Array(memory.buffer, 0, stride);
    for (let d = 0; d < stride; d++) q[d] = rng.int(2 * top + 1) - top;
    q[0] = top;
    q[1] = -top;
    const rows = new Int8Array(memory.buffer, rowsAt, n * stride);
    for (let i = 0; i < rows.length; i++) rows[i] = rng.int(256) - 128;
    rows.fill(127, 0, stride); // a row at the largest magnitude everywhere
    rows.fill(-128, stride, 2 * stride);
    dots(rowsAt, 0, outAt, n, stride);
    const fromWasm = [...new Int32Array(memory.buffer, outAt, n)];
    jsDots(memory.buffer, rowsAt, 0, outAt, n, stride);
    expect(fromWasm).toEqual([...new Int32Array(memory.buffer, outAt, n)]);
    expect(fromWasm[0]).toBe(127 * q.reduce((a, b) => a + b, 0));
  });

  it("approximates every row's dot product to within a thousandth for unit vectors", () => {
    const rng = new Random(3);
    const index = new DenseIndex(1000); // not a multiple of 16: the rows are padded
    const rows = Array.from({ length: 500 }, () => randomVector(rng, 1000));
    rows.forEach((r, i) => index.add(i * 2, r));
    const query = randomVector(rng, 1000);
    const out = new Float64Array(1000).fill(NaN);
    index.approximate(query, out);
    rows.forEach((r, i) => {
      let exact = 0;
      for (let d = 0; d < r.length; d++) exact += r[d] * query[d];
      expect(Math.abs(out[i * 2] - exact)).toBeLessThan(1e-3);
      expect(out[i * 2 + 1], "positions not in the index are left alone").toBeNaN();
    });
  });
});

describe("a stream with a model's embeddings", () => {
  const cases: [string, (rng: Random) => () => Float32Array][] = [
    [
      "random unit vectors (the hardest case: their dots spread least)",
      (rng) => () => randomVector(rng, 768),
    ],
    ["vectors around a few subjects", (rng) => clustered(rng, 768)],
  ];
  for (const [label, kind] of cases) {
    it(`returns what exact scoring returns, with the same scores: ${label}`, () => {
      const rng = new Random(11);
      const make = kind(rng);
      const { fast, exact } = twins(Array.from({ length: 3000 }, make), 5);
      const spy = vi.spyOn(DenseIndex.prototype, "approximate");
      const everyThird = (m: MemoryRecord) => m.id % 3 !== 0;
      let same = 0;
      let total = 0;
      for (let k = 0; k < 60; k++) {
        const query = k % 2 ? randomVector(rng, 768) : make();
        const now = 60 * HOUR + k * HOUR;
        const opts = k % 3 === 0 ? { filter: everyThird } : {};
        const got = fast.retrieve(query, now, 30, opts);
        const want = exact.retrieve(query, now, 30, opts);
        const byId = new Map(want.map((s) => [s.memory.id, s.score]));
        for (const s of got) {
          total++;
          if (byId.get(s.memory.id) === s.score) same++;
        }
        // Touched alike, so the two streams' recencies stay the same for the next query.
        expect(new Set(got.map((s) => s.memory.lastAccessed))).toEqual(new Set([now]));
      }
      expect(spy, "the index was used").toHaveBeenCalledTimes(60);
      spy.mockRestore();
      expect(same / total, "recall@30, with equal scores").toBeGreaterThanOrEqual(0.99);
    });
  }

  it("scores exactly while small, and with embeddings of another model's length beside the index", () => {
    const rng = new Random(2);
    const spy = vi.spyOn(DenseIndex.prototype, "approximate");
    const small = twins(
      Array.from({ length: 100 }, () => randomVector(rng, 256)),
      1,
    );
    const q = randomVector(rng, 256);
    expect(small.fast.retrieve(q, HOUR, 10)).toEqual(small.exact.retrieve(q, HOUR, 10));
    expect(spy).not.toHaveBeenCalled();

    // 600 memories of 256 dimensions, then the town switched to a 128-dimension model.
    const mixed = twins(
      [
        ...Array.from({ length: 600 }, () => randomVector(rng, 256)),
        ...Array.from({ length: 300 }, () => randomVector(rng, 128)),
      ],
      4,
    );
    for (const query of [randomVector(rng, 256), randomVector(rng, 128)]) {
      const got = mixed.fast.retrieve(query, 10 * HOUR, 20, { touch: false });
      expect(got.map((s) => [s.memory.id, s.score])).toEqual(
        mixed.exact
          .retrieve(query, 10 * HOUR, 20, { touch: false })
          .map((s) => [s.memory.id, s.score]),
      );
    }
    expect(spy).toHaveBeenCalledTimes(1); // the 256-d query; the 128-d one is scored exactly
    spy.mockRestore();
  });

  it("survives a broken embedding (not a number in it) and a zero one", () => {
    const rng = new Random(9);
    const vectors = Array.from({ length: 400 }, () => randomVector(rng, 64));
    vectors[5] = vectors[5].map((x, d) => (d === 3 ? NaN : x));
    vectors[6] = new Float32Array(64).fill(0.5);
    vectors[7] = new Float32Array(64); // all zero: sparse, scored through the inverted index
    const { fast } = twins(vectors, 3);
    const got = fast.retrieve(randomVector(rng, 64), HOUR, 10);
    expect(got).toHaveLength(10);
  });
});
