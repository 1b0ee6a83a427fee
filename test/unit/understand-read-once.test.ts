// A line of a talk is read by each of its readers, at other minutes, by other listeners: what its
// words alone say (what it asks, whether it invites or takes leave, whether it looks ahead) is
// read once, and the same line read again reads the same. Measured as the work the tagger does:
// documents tagged and match patterns run (compromise), the costliest part of an offline day.
import nlp from "compromise";
import { describe, expect, it } from "vitest";
import { understand } from "../../server/agents/language/understand.ts";

const world = nlp.world() as { compute: Record<string, () => void>; hooks: string[] };
let tagged = 0;
world.compute.countTagged = () => {
  tagged++;
};
world.hooks.push("countTagged");
const one = (nlp.methods() as { one: { parseMatch: (...a: unknown[]) => unknown } }).one;
const readPattern = one.parseMatch;
let matched = 0;
one.parseMatch = (...a: unknown[]) => {
  matched++;
  return readPattern(...a);
};

const NOW = Date.UTC(2027, 2, 9, 10);
const residents = ["Maren Tull", "Osgood Fairweather", "Ilse Brandt"];
const ctx = (listener: string, speaker: string, now = NOW) => ({
  now,
  residents,
  listener,
  speaker,
});
const work = (read: () => unknown) => {
  const [t, m] = [tagged, matched];
  read();
  return { tagged: tagged - t, matched: matched - m };
};

describe("a line read once for what its words say", () => {
  it("read again by another listener at another hour, it reads the same with little matching", () => {
    const line = "Morning, Maren! Would you like to join me for a walk along the weir?";
    const a = understand(line, ctx("Maren Tull", "Osgood Fairweather"));
    let b = a;
    const again = work(() => {
      b = understand(line, ctx("Ilse Brandt", "Osgood Fairweather", NOW + 3 * 3_600_000));
    });
    expect(a.act).toBe("invitation");
    expect(b.act).toBe("invitation");
    expect(b.topic).toEqual(a.topic);
    expect(again.tagged).toBe(0);
    // (Only the time said is read at the new hour: 4 patterns run; every reading ran 28 again.)
    expect(again.matched).toBeLessThanOrEqual(8);
  });

  it("a sentence with no word of a future form is not conjugated to look for one", () => {
    const line = "The heron was back on the weir. Did you see it on your rounds?";
    const first = work(() => understand(line, ctx("Ilse Brandt", "Maren Tull")));
    const u = understand(line, ctx("Ilse Brandt", "Maren Tull"));
    expect(u.tense).toBe("past");
    // Its sentences are tagged as the line's act is read, and no verb of them conjugated to look
    // for a future form neither has a word of (202 patterns run; 680 when each sentence's verbs
    // were conjugated).
    expect(first.tagged).toBeLessThanOrEqual(6);
    expect(first.matched).toBeLessThan(400);
    // A future form is still read, in any sentence.
    const ahead = understand(
      "The heron was back. I'll be fishing by the weir, want to come along?",
      ctx("Ilse Brandt", "Maren Tull"),
    );
    expect(ahead.tense).toBe("future");
  });
});
