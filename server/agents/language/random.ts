// The offline engine's only source of variety: a hash of what a choice is about, mixed with the
// seed of the town it is made for (world/random.ts), so a run repeats and another seed varies it.
import { townSeed } from "../../world/random.ts";

/** FNV-1a of the town's seed and a string: the offline engine's only source of variety. */
export function seeded(...parts: (string | number)[]): number {
  const seed = townSeed();
  // Outside any town (a tool, a unit test of one answer) the draw depends on its parts alone.
  const text = seed === undefined ? parts.join("|") : `${seed}#${parts.join("|")}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Picks one of `options`, deterministically from the seed parts. */
export function pick<T>(options: readonly T[], ...parts: (string | number)[]): T {
  return options[seeded(...parts) % options.length];
}
