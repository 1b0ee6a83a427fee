// A question's verbs in the infinitive ("who LIVES next door?": "live") are conjugated once per
// text: conjugating rewrites a copy of the tagging and tags it again, and the same questions come
// back talk after talk (three readers of who lives where asked it of every question).
import nlp from "compromise";
import { describe, expect, it } from "vitest";
import { verbWordsOf } from "../../server/agents/offline/answers/voice.ts";

/** Counts compromise's taggings (each ends with one sweep of its rules). */
function taggings(run: () => void): number {
  const one = (nlp.methods() as { one: { bulkMatch: (...a: unknown[]) => unknown } }).one;
  const sweep = one.bulkMatch;
  let n = 0;
  one.bulkMatch = (...a: unknown[]) => {
    n++;
    return sweep(...a);
  };
  try {
    run();
  } finally {
    one.bulkMatch = sweep;
  }
  return n;
}

describe("verbWordsOf", () => {
  it("reads a question's verbs in the infinitive", () => {
    expect(verbWordsOf("Who lives in the yellow cottage by the mill?")).toContain("live");
    expect(verbWordsOf("Who cooked dinner for the twins last night?")).toContain("cook");
  });

  it("conjugates a question once, however often it is read", () => {
    const q = "Who looks after the orchard behind the chapel?";
    const first = verbWordsOf(q);
    expect(taggings(() => verbWordsOf(q))).toBe(0);
    expect(verbWordsOf(q)).toEqual(first);
  });

  it("reads no verb in bad input", () => {
    expect(verbWordsOf("")).toEqual([]);
    expect(verbWordsOf("?!")).toEqual([]);
  });
});
