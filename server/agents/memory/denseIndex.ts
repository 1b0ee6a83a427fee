// Dense (model) embeddings of a memory stream, kept for fast approximate scoring: every row
// quantised to int8 with its own scale, in one contiguous block of WebAssembly memory, scored
// against a query quantised to int16 by one SIMD loop (dots.wat). 10,000 rows of 1536 dimensions
// take ~1 ms where the float rows, one by one, took ~40 ms. The stream uses these scores only to
// pick candidates and rescores the candidates exactly (stream.ts), so what it returns is what
// exact scoring returns (recall measured in bench/retrieve.bench.ts, tested in
// test/unit/memory-dense.test.ts).
//
// Error: a row's quantisation moves each term by at most half a step (max|row|/254), so for unit
// vectors an approximate dot is off by ~2e-4 (the spread of dots among 10,000 random 1536-d unit
// vectors is ~0.2; among a model's embeddings it is wider).
import { DOTS_WASM } from "./dotsWasm.ts";

const PAGE = 65_536;
const I32_MAX = 2 ** 31 - 1;

interface Kernel {
  memory: WebAssembly.Memory;
  /** out[i] = Σ_d rows[i][d] * q[d] for i < n (int8 rows of `stride` bytes at byte `rows`, int16 q, int32 out). */
  dots: (rows: number, q: number, out: number, n: number, stride: number) => void;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly SIMD is missing (the same loop then runs in JS). */
function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    const bytes = Buffer.from(DOTS_WASM, "base64");
    compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

function newKernel(): Kernel {
  const module = kernelModule();
  if (module) {
    const exports = new WebAssembly.Instance(module).exports as unknown as Kernel;
    return { memory: exports.memory, dots: exports.dots };
  }
  const memory = new WebAssembly.Memory({ initial: 1 });
  return {
    memory,
    dots: (rows, q, out, n, stride) => jsDots(memory.buffer, rows, q, out, n, stride),
  };
}

/** The kernel's loop in plain JS: the fallback, and the reference the tests hold the kernel to. */
export function jsDots(
  buffer: ArrayBufferLike,
  rows: number,
  q: number,
  out: number,
  n: number,
  stride: number,
): void {
  const r8 = new Int8Array(buffer, rows, n * stride);
  const q16 = new Int16Array(buffer, q, stride);
  const o32 = new Int32Array(buffer, out, n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let d = 0, b = i * stride; d < stride; d++) s += r8[b + d] * q16[d];
    o32[i] = s;
  }
}

/** Quantises `v` into `into` (scaled so that the largest magnitude is `top`); returns the scale. */
function quantise(v: Float32Array, into: Int8Array | Int16Array, top: number): number {
  let max = 0;
  for (let d = 0; d < v.length; d++) {
    const a = Math.abs(v[d]);
    if (a > max) max = a; // NaN is never > max: a broken component counts as 0
  }
  into.fill(0);
  if (max === 0) return 0;
  const k = top / max;
  for (let d = 0; d < v.length; d++) {
    const x = Math.round(v[d] * k);
    into[d] = Number.isFinite(x) ? x : 0;
  }
  return max / top;
}

export class DenseIndex {
  /** Row length in bytes: the dimension rounded up to the kernel's 16. */
  private readonly stride: number;
  /** The query's largest magnitude: sum |row[d]| * |q[d]| ≤ 127 * top * stride stays within int32. */
  private readonly queryTop: number;
  private readonly kernel = newKernel();
  /** Each row's scale (its int8 values times the scale approximate the floats). */
  private scales = new Float64Array(64);
  /** The stream position of each row. */
  private positions = new Int32Array(64);
  private n = 0;

  constructor(readonly dim: number) {
    this.stride = Math.ceil(dim / 16) * 16;
    this.queryTop = Math.min(32_767, Math.floor(I32_MAX / (127 * this.stride)));
  }

  get size(): number {
    return this.n;
  }

  /** Byte offsets in the kernel's memory: the query, then the rows, then the results. */
  private get rowsAt(): number {
    return this.stride * 2;
  }

  private ensure(rows: number): void {
    const need = this.rowsAt + rows * this.stride + rows * 4;
    const have = this.kernel.memory.buffer.byteLength;
    if (need > have) this.kernel.memory.grow(Math.ceil((Math.max(need, have * 1.5) - have) / PAGE));
    if (rows > this.scales.length) {
      const cap = Math.max(rows, this.scales.length * 2);
      const scales = new Float64Array(cap);
      scales.set(this.scales);
      const positions = new Int32Array(cap);
      positions.set(this.positions);
      this.scales = scales;
      this.positions = positions;
    }
  }

  /** Files the embedding of the memory at stream `position` (its length must be `dim`). */
  add(position: number, embedding: Float32Array): void {
    if (embedding.length !== this.dim)
      throw new Error(`a ${embedding.length}-d embedding in a ${this.dim}-d index`);
    this.ensure(this.n + 1);
    const row = new Int8Array(
      this.kernel.memory.buffer,
      this.rowsAt + this.n * this.stride,
      this.dim,
    );
    this.scales[this.n] = quantise(embedding, row, 127);
    this.positions[this.n++] = position;
  }

  /** The approximate dot product of `query` (length `dim`) with every row, into out[position]. */
  approximate(query: Float32Array, out: Float64Array): void {
    if (this.n === 0) return;
    this.ensure(this.n);
    const buffer = this.kernel.memory.buffer;
    const qScale = quantise(query, new Int16Array(buffer, 0, this.dim), this.queryTop);
    const resultsAt = this.rowsAt + this.n * this.stride;
    this.kernel.dots(this.rowsAt, 0, resultsAt, this.n, this.stride);
    const dots = new Int32Array(buffer, resultsAt, this.n);
    for (let r = 0; r < this.n; r++) out[this.positions[r]] = dots[r] * this.scales[r] * qScale;
  }
}
