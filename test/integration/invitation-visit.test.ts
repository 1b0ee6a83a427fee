// An invitation a resident accepted enters its life (issue 29): a visitor asks a resident at 14:00
// to come by "tomorrow" at an hour; the resident accepts with the hour; the next day the day
// planner's schedule holds the visit at that hour at the place the invitation's words mean, and
// the resident is there then. Through the Town, offline, lockstep; two towns, places and hours, so
// the mechanism is checked, not one wording.
import { describe, expect, it } from "vitest";
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { startTownAt } from "../../server/hosting/startTime.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { Town } from "../../server/world/town.ts";

interface Case {
  template: string;
  id: string;
  name: string;
  words: string;
  /** The hour asked for (minutes since midnight) and the sector the words mean. */
  minute: number;
  sector: string;
}

const CASES: Case[] = [
  {
    template: "base-25",
    id: "ada",
    name: "Ada Okafor",
    words:
      "I've just opened a little bookshop by the park. Would you come by tomorrow around 4 pm?",
    minute: 16 * 60,
    sector: "Larkspur Park",
  },
  {
    template: "base-3",
    id: "theo",
    name: "Theo Brandt",
    words: "I'm showing my paintings on the green. Would you come and see them tomorrow at 11 am?",
    minute: 11 * 60,
    sector: "Willow Green",
  },
];

describe("an accepted visit enters the next day's plan", () => {
  for (const c of CASES)
    it(`${c.template}: ${c.name}, "${c.words}"`, async () => {
      const t = await loadTemplate(c.template);
      const mind = new GenerativeMind({
        gateway: new OfflineGateway({ meter: false }),
        personas: t.personas,
        addresses: t.map.addresses(),
      });
      const town = new Town({
        template: c.template,
        map: t.map,
        personas: t.personas,
        mind,
        mode: "lockstep",
        seed: 1,
      });
      startTownAt(town, "14:00");
      await town.advance();
      const reply = await mind.hear({
        agent: { id: c.id, name: c.name } as never,
        now: town.time,
        speaker: { name: "Nora Vale", role: "visitor" } as never,
        words: [c.words],
        soFar: [] as never,
      });
      // Accepted, with the hour asked.
      const hour = `${c.minute / 60 > 12 ? c.minute / 60 - 12 : c.minute / 60}`;
      expect(reply.text).toMatch(new RegExp(`tomorrow (at|around) ${hour}( |:00 )(am|pm)`));
      const day = Math.floor(town.time / 86_400_000) * 86_400_000 + 86_400_000;
      // The next day, until an hour after the visit's start: where the resident is.
      let there = 0;
      while (town.time < day + (c.minute + 60) * 60_000) {
        await town.advance();
        const a = town.agent(c.id)!;
        if (
          town.time >= day + (c.minute + 15) * 60_000 &&
          town.time < day + (c.minute + 60) * 60_000
        )
          if (t.map.addressAt(a.x, a.y).split(":")[1] === c.sector) there += town.stepSeconds / 60;
      }
      const s = mind.agent(c.id)!;
      expect(s.schedule!.day).toBe(day);
      const block = s.schedule!.blocks.find((b) => b.start === c.minute);
      expect(
        block,
        s.schedule!.blocks.map((b) => `${b.start} ${b.task} @ ${b.place}`).join("\n"),
      ).toBeDefined();
      expect(block!.task).toMatch(/visit/);
      expect(block!.place?.split(":")[1]).toBe(c.sector);
      // And it went: most of the next three quarters of an hour at the place.
      expect(there).toBeGreaterThanOrEqual(30);
    }, 300_000);
});

describe("an invitation is not accepted over a promise", () => {
  it("base-25: a second invitation for the hour already promised is declined, another hour taken", async () => {
    const { townAt, visitorSays } = await import("../../bench/visitorTalk.ts");
    const { mind, town } = await townAt("base-25", "14:00");
    const ada = { id: "ada", name: "Ada Okafor" };
    const first = await visitorSays(
      mind,
      town.time,
      ada,
      "I'm reading poems at the town hall. Would you come tomorrow at 3 pm?",
    );
    expect(first.text).toMatch(/tomorrow (at|around) 3( |:00 )pm/);
    // Another person, the same hour: the promise holds, and the answer says where it is kept.
    const second = await visitorSays(
      mind,
      town.time + 60_000,
      ada,
      "We're planting trees by the pond. Could you join us tomorrow at 3 pm?",
      [],
      "Owen Price",
    );
    expect(second.text).not.toMatch(/tomorrow (at|around) 3/);
    expect(second.text).toMatch(/already/);
    // A free hour is still taken.
    const third = await visitorSays(
      mind,
      town.time + 120_000,
      ada,
      "We're planting trees by the pond. Could you join us tomorrow at 7 am?",
      [],
      "Owen Price",
    );
    expect(third.text).toMatch(/tomorrow (at|around) 7( |:00 )am/);
  }, 300_000);
});
