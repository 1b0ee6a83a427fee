// A persona's "currently" is written for the day its resident's life starts: its days ("the day
// after tomorrow", "tomorrow evening") are said from the day it is said on, and a plan whose day
// has gone by is no longer told as ahead.
import { describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import { offlineTown } from "../helpers/offlineTown.ts";
import { visitorTalk } from "../../bench/visitorTalk.ts";

describe("a resident's own plans, days later", () => {
  it("are said from the day it speaks: tomorrow, then today, then no longer ahead", async () => {
    const t = await loadTemplate("base-25");
    const personas = structuredClone(t.personas);
    const p = personas[personas.length - 1];
    const first = p.name.split(" ")[0];
    p.currently = `${first} is hosting a quiz night at the library the day after tomorrow. ${first} hopes the whole town comes to it.`;
    const { mind, town } = offlineTown({ ...t, personas }, { at: "14:00" });
    await town.advance();
    const said: string[] = [];
    for (let d = 0; d < 3; d++) {
      const target = town.time + 86_400_000 - 10_000;
      while (town.time < target) await town.advance();
      const talk = visitorTalk(mind, () => town.time, { id: p.id, name: p.name });
      said.push(await talk.say("Hello! What are you up to these days?"));
    }
    const [day2, day3, day4] = said;
    expect(day2).toMatch(/quiz night at the library tomorrow\b/);
    expect(day3).toMatch(/quiz night at the library today\b/);
    for (const a of said) expect(a).not.toMatch(/day after tomorrow/);
    expect(day4).not.toMatch(/quiz night/);
    expect(day4).not.toMatch(/\bcomes to it\b/);
  }, 240_000);

  it("on the day of its own event, tells it as what is on and what it looks forward to, and not as tomorrow's", async () => {
    const t = await loadTemplate("base-25");
    const personas = structuredClone(t.personas);
    const p = personas[personas.length - 1];
    const first = p.name.split(" ")[0];
    p.currently = `${first} is hosting a quiz night at the library the day after tomorrow. ${first} hopes the whole town comes to it.`;
    const { mind, town } = offlineTown({ ...t, personas }, { at: "14:00" });
    await town.advance();
    const target = town.time + 2 * 86_400_000 - 10_000;
    while (town.time < target) await town.advance();
    const talk = visitorTalk(mind, () => town.time, { id: p.id, name: p.name });
    await talk.say("Hello! What are you up to these days?");
    const tomorrow = await talk.say("What's happening tomorrow?");
    const ahead = await talk.say("What are you looking forward to?");
    const week = await talk.say("Is there anything on in town this week?");
    expect(tomorrow).not.toMatch(/\btoday\b/);
    expect(ahead).toMatch(/quiz night/);
    expect(week).toMatch(/quiz night/);
    expect(week).not.toMatch(/quiet/);
  }, 240_000);
});
