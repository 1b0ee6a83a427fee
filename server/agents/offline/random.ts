// The offline engine's only source of variety: a hash of what a choice is about, so a run repeats.

/** FNV-1a of a string: the offline engine's only source of variety (seeded, deterministic). */
export function seeded(...parts: (string | number)[]): number {
  const text = parts.join("|");
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
