// The offline engine's embeddings: hashed bag of words. Each lower-cased word (and each pair
// of neighbouring words) is hashed into one of `dims` buckets with a sign; the vector is then
// scaled to unit length, so the cosine of two texts grows with the words they share.

/** Dimensions of offline embeddings. */
export const HASH_EMBEDDING_DIMS = 256;

const STOP_WORDS = new Set(
  "a an the and or but of to in on at for with by from is are was were be been being am it its this that these those as into about over after before i you he she we they me him her us them my your his our their".split(
    " ",
  ),
);

/** Lower-case word tokens with stop words removed. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [])
    .map((w) => w.replace(/'s$/, "").replace(/'/g, ""))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

/** FNV-1a, 32 bit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function hashEmbed(text: string, dims = HASH_EMBEDDING_DIMS): Float32Array {
  const v = new Float32Array(dims);
  const ws = words(text);
  const add = (feature: string, weight: number) => {
    const h = hash(feature);
    v[h % dims] += h & 0x80000000 ? -weight : weight;
  };
  for (let i = 0; i < ws.length; i++) {
    add(ws[i], 1);
    if (i > 0) add(`${ws[i - 1]} ${ws[i]}`, 0.5);
  }
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += v[i] * v[i];
  if (norm === 0) {
    // An empty text still gets a unit vector, so cosine stays defined.
    v[0] = 1;
    return v;
  }
  const s = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i++) v[i] *= s;
  return v;
}
