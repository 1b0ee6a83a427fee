// Readings the offline engine keeps instead of reading the same text again (a heard memory said in
// the first person, what a line told its hearer, whether a question looks ahead): a kept reading
// is what the text says, read again and again, and it follows what it depends on (a resident's
// pronoun, the one who hears, whether a word of time counts).
import { describe, expect, it } from "vitest";
import { secretIn } from "../../server/agents/language/facts.ts";
import { notePronoun } from "../../server/agents/language/pronouns.ts";
import { understand } from "../../server/agents/language/understand.ts";
import { memoryAsSaid, toldIn } from "../../server/agents/offline/answers/memories.ts";

describe("readings kept between talks", () => {
  it("a heard memory is said with the pronoun its person has now, each time it is recalled", () => {
    const heard =
      "Ann Lee heard from Bob Day that Kim Park is holding a party on Friday and Kim Park asked everyone to come.";
    // Nobody knows Kim's pronoun yet: the name is said again.
    const unknown = memoryAsSaid(heard, "Ann Lee");
    expect(unknown).toBe(
      "I heard from Bob Day that Kim Park is holding a party on Friday and Kim Park asked everyone to come.",
    );
    expect(memoryAsSaid(heard, "Ann Lee")).toBe(unknown);
    // Kim's persona is read (she), then a moderator rewrites it (he): the recalled memory follows.
    notePronoun("Kim Park", "she");
    expect(memoryAsSaid(heard, "Ann Lee")).toBe(
      "I heard from Bob Day that Kim Park is holding a party on Friday and she asked everyone to come.",
    );
    notePronoun("Kim Park", "he");
    expect(memoryAsSaid(heard, "Ann Lee")).toBe(
      "I heard from Bob Day that Kim Park is holding a party on Friday and he asked everyone to come.",
    );
    expect(memoryAsSaid(heard, "Ann Lee")).toBe(memoryAsSaid(heard, "Ann Lee"));
  });

  it("a line told to its hearer keeps what it tells and drops its pleasantries, read again or not", () => {
    const line = "Hi Ann! Kim Park is holding a party on Friday. See you!";
    const told = toldIn(line, "Ann Lee", "Bob Day");
    expect(told).toBe("Kim Park is holding a party on Friday.");
    expect(toldIn(line, "Ann Lee", "Bob Day")).toBe(told);
    expect(toldIn(line, "Carl Moss", "Bob Day")).toBe(told);
    expect(toldIn("Thanks, Ann. Take care!", "Ann Lee", "Bob Day")).toBe("");
  });

  it("a question that looks ahead by a word of time alone is about the future, not a span of it", () => {
    const ctx = {
      now: Date.UTC(2026, 1, 13, 14),
      residents: ["Ann Lee", "Bob Day"],
      listener: "Ann Lee",
      speaker: "Bob Day",
    };
    // "later" looks ahead (the tense) but names no span of its own (today's, read as general).
    for (let i = 0; i < 2; i++) {
      const later = understand("Are you free later?", ctx);
      expect(later.tense).toBe("future");
      expect(later.span).toBe("general");
      const will = understand("What will you do after lunch?", ctx);
      expect([will.span, will.tense]).toEqual(["future", "future"]);
      const did = understand("What did you do?", ctx);
      expect([did.span, did.tense]).toEqual(["recent", "past"]);
    }
  });

  it("the same words say a secret only where the sentence keeps something from someone", () => {
    // The words of telling are read first where nothing is kept, then again under a negation.
    const read = [
      ["Ann told Bob about the party.", false],
      ["Ann never told Bob about the party.", true],
      ["Ann has told her brother everything.", false],
      ["Ann has not told her brother she is moving.", true],
      ["Ben writes poems.", false],
      ["Ben secretly writes poems.", true],
      ["Kim is moving to the coast.", false],
      ["Kim is keeping the move secret from her boss.", true],
    ] as const;
    for (let i = 0; i < 2; i++)
      for (const [text, secret] of read) expect(secretIn(text), text).toBe(secret);
  });
});
