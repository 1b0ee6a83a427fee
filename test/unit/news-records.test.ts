// News as typed records, asked for (issue 29): days said relative to when news was told are made
// absolute when it is recorded ("two nights ago", "last Tuesday", "on Friday") and told back
// relative to the listener's now ("two days ago", "on Tuesday"); a reporter's questions about news,
// a person or one's plans are answered from the records the resident holds (its own news as "I",
// what it heard naming who told it), not from the memory engine's English; something notable
// seen, a persona's own news and a weighty insight about what is ahead make records too.
import { describe, expect, it } from "vitest";
import { heard } from "../../server/agents/memory/fact.ts";
import { absoluteDays, factOf, tellFact } from "../../server/agents/language/news.ts";
import { dayFrom, relativeDays } from "../../server/agents/language/time.ts";
import { flushObservations, perceive } from "../../server/agents/perceive.ts";
import { rememberOne } from "../../server/agents/state.ts";
import { at, tinyMind } from "../fixtures/mind-fixtures.ts";

// Friday, February 13, 2026.
const friday = at("08:00");

describe("days said relative to when news was told", () => {
  it("are made absolute against the game clock when recorded", () => {
    expect(absoluteDays("Her grey cat went missing two nights ago", friday)).toBe(
      "Her grey cat went missing on February 11",
    );
    expect(absoluteDays("The storm broke the fence the night before last", friday)).toBe(
      "The storm broke the fence on February 11",
    );
    expect(absoluteDays("Yuki lost her keys last Tuesday", friday)).toBe(
      "Yuki lost her keys on February 10",
    );
    // A weekday of a plan is the next one; of something past, the last one.
    expect(absoluteDays("Rosa is holding a sale on Sunday", friday)).toBe(
      "Rosa is holding a sale on February 15",
    );
    expect(absoluteDays("Omar fell ill the day before yesterday", friday)).toBe(
      "Omar fell ill on February 11",
    );
    // A span under a day names no day ("a second bartender" is no time).
    expect(
      absoluteDays(
        "Daniel will hold a tournament on Saturday and needs a second bartender",
        friday,
      ),
    ).toBe("Daniel will hold a tournament on February 14 and needs a second bartender");
    expect(absoluteDays("Two days ago the bridge closed", friday)).toBe(
      "On February 11 the bridge closed",
    );
  });

  it("are told from the listener's now", () => {
    const sunday = at("14:00", 2);
    expect(dayFrom(at("12:00", -2), sunday)).toBe("on Wednesday");
    expect(dayFrom(at("12:00", 0), sunday)).toBe("two days ago");
    expect(dayFrom(at("12:00", 1), sunday)).toBe("yesterday");
    expect(dayFrom(at("12:00", 4), sunday)).toBe("on Tuesday");
    expect(dayFrom(Date.parse("2026-03-05T12:00:00Z"), sunday)).toBe("on March 5");
    expect(relativeDays("the market opens on February 16 at 9 am", sunday)).toBe(
      "the market opens tomorrow at 9 am",
    );
    // A record made on Friday of a cat gone two nights before, told on Sunday.
    const cat = factOf(
      "Wren Hollis's grey cat went missing two nights ago",
      "Wren Hollis",
      friday,
      [],
      [],
    );
    expect(cat.text).toBe("Wren Hollis's grey cat went missing on February 11");
    expect(tellFact(cat, "Wren Hollis", "Ivo Strand", sunday)).toBe(
      "My grey cat went missing on Wednesday.",
    );
    expect(tellFact(cat, "Wren Hollis", "Ivo Strand", at("09:00", 0))).toBe(
      "My grey cat went missing two days ago.",
    );
  });
});

describe("a reporter's questions answered from records", () => {
  it("news, a loss, a person: own news as 'I', heard news naming who told it, days from now", async () => {
    const mind = tinyMind();
    await mind.whisper("ann", "Your grey cat went missing two nights ago.", friday);
    const ann = mind.agent("ann")!;
    const own = ann.memory.latest(1)[0];
    expect(own.facts?.[0].text).toMatch(/grey cat went missing on February 11$/);
    // Bob heard it from Ann (the record a talk leaves, dialogue.ts offlineTakeaway).
    const bob = mind.agent("bob")!;
    await rememberOne(
      mind.context(),
      bob,
      "thought",
      at("10:00"),
      `Bob Birch heard from Ann Ash that ${own.facts![0].text}.`,
      6,
      { facts: [heard(own.facts![0], "Ann Ash", "Bob Birch")] },
    );
    const sunday = at("14:00", 2);
    const ask = (id: string, q: string) =>
      mind.interview(id, q, { offTheRecord: true, now: sunday, interviewer: "Rita Reyes" });
    expect(await ask("ann", "Has anyone lost something?")).toMatch(
      /My grey cat went missing on Wednesday/,
    );
    const lost = await ask("bob", "Has anyone lost something?");
    expect(lost).toMatch(/grey cat went missing on Wednesday/);
    expect(lost).toMatch(/Ann told me/);
    expect(await ask("bob", "Have you heard any news?")).toMatch(/grey cat.*Ann told me/);
    expect(await ask("bob", "Do you know Ann Ash?")).toMatch(/grey cat/);
    // Asked of something it has no record of: a plain no (then the news it does have), never the
    // cat as if it were the answer.
    const fire = await ask("bob", "Have you heard about a fire at the bakery?");
    expect(fire).toMatch(/^No, I haven't heard (anything )?about (that|a fire at the bakery)\./);
    expect(fire).not.toMatch(/^Yes/);
  }, 60_000);

  it("one's own plan ahead, from its record, the day said from now", async () => {
    const mind = tinyMind();
    await mind.whisper(
      "bob",
      "You are holding a kite afternoon at the plaza on Sunday at 2 pm, and you hope people come.",
      friday,
    );
    const plans = await mind.interview("bob", "What are you planning these days?", {
      offTheRecord: true,
      now: at("09:00", 1),
    });
    expect(plans).toMatch(/kite afternoon at the plaza tomorrow at 2 pm/);
  }, 60_000);
});

describe("records from what is seen", () => {
  it("a thing someone set on fire makes a record the resident tells as seen; a table in use does not", async () => {
    const mind = tinyMind();
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    perceive(
      ctx,
      ann,
      [
        {
          subject: "Tiny:Square:plaza:fountain",
          predicate: "is",
          object: "on fire",
          description: "fountain is on fire",
          address: "Tiny:Square:plaza:fountain",
          x: 1,
          y: 1,
          distance: 1,
          by: "Mod",
          byPerson: true,
        },
        {
          subject: "Tiny:Square:plaza:bench",
          predicate: "is",
          object: "in use",
          description: "bench is in use",
          address: "Tiny:Square:plaza:bench",
          x: 1,
          y: 1,
          distance: 1,
          by: "Bob Birch",
          byPerson: false,
        },
      ],
      friday,
    );
    await flushObservations(ctx, ann);
    const [bench, fire] = ann.memory.latest(2);
    expect(bench.facts).toBeUndefined();
    expect(fire.facts?.[0].text).toBe("Ann Ash saw the fountain at Square on fire on February 13");
    expect(tellFact(fire.facts![0], "Ann Ash", "Bob Birch", at("10:00", 1))).toBe(
      "I saw the fountain at Square on fire yesterday.",
    );
  });
});
