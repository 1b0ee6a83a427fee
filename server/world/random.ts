// Randomness of a town. A town has one seed (given when it is made, saved with it); everything
// that draws, the Town's rules and its minds alike, derives from it, so a town with the same seed
// and the same inputs steps the same way every run, and another seed gives another run.
import { AsyncLocalStorage } from "node:async_hooks";

/** A small seeded PRNG (mulberry32). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  get seed(): number {
    return this.state;
  }
}

/** A stable 32-bit hash of a string, for seeds and sprite choices. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// The seed of the town a mind is working for. The Town runs every call to a mind in this thread
// inside its seed's scope, which follows the call through all its awaits (several towns share one
// process, so a module-wide variable would mix them up); a mind's draws read it with townSeed().
const seedScope = new AsyncLocalStorage<number>();

/** Runs `work` (and everything it starts) as the work of the town with this seed. */
export function withTownSeed<T>(seed: number, work: () => T): T {
  return seedScope.run(seed, work);
}

// The seed of the call being made, for a mind that reads it only while the call is made (a mind
// on another thread sends it with the call: Mind.seedAtCall). No scope to carry through awaits:
// an AsyncLocalStorage's run cost the live town-1000 room's thread ~4 ms a step, and its async
// hooks slow every promise of the thread (bench/RESULTS.md, "The town's seed passed with the call").
let callSeed: number | undefined;

/** Runs `work` with this town's seed readable by townSeed() until `work` returns (not after its awaits). */
export function callWithTownSeed<T>(seed: number, work: () => T): T {
  const before = callSeed;
  callSeed = seed;
  try {
    return work();
  } finally {
    callSeed = before;
  }
}

/** The seed of the town whose work this is; undefined outside any town (a tool, a test). */
export function townSeed(): number | undefined {
  return callSeed ?? seedScope.getStore();
}
