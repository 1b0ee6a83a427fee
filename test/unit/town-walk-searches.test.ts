// A step searches at most SEARCHES_PER_STEP walks to adopted actions (a big town's wake-up hour
// adopted hundreds at once, all searched in one step): the others stand a step, then walk, in
// the order their actions came; a save taken meanwhile continues exactly as the town would have.
import { describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import type { Mind, MindOutput } from "../../server/world/mind.ts";
import { Town } from "../../server/world/town.ts";
import { SEARCHES_PER_STEP } from "../../server/world/town/residents.ts";
import type { TownEvent } from "../../shared/events.ts";

const template = await loadTemplate("base-25");
const addresses = template.map.addresses().filter((a) => a.split(":").length >= 3);

/** Every resident, asked for its first action, walks to a place of its own across town. */
function walkingMind(): Mind {
  return {
    tick({ agent, now, needsAction }): Promise<MindOutput | null> {
      if (!needsAction) return Promise.resolve(null);
      const i = template.personas.findIndex((p) => p.id === agent.id);
      const address = addresses[(i * 7) % addresses.length];
      return Promise.resolve({
        action: { action: "going out", emoji: "🚶", address, until: now + 3 * 3_600_000 },
      });
    },
  };
}

function makeTown(): Town {
  return new Town({
    template: template.key,
    map: template.map,
    personas: template.personas,
    mind: walkingMind(),
    mode: "lockstep",
    seed: 5,
  });
}

const movers = (events: readonly TownEvent[]) =>
  new Set(events.flatMap((e) => (e.kind === "agentMoved" ? [e.agentId] : [])));

describe("walks to adopted actions", () => {
  it("are searched at most SEARCHES_PER_STEP a step: the others start a step later", async () => {
    const town = makeTown();
    const first = await town.advance();
    const started = first.filter((e) => e.kind === "actionStarted").map((e) => e.agentId);
    expect(started.length).toBe(template.personas.length);
    expect(started.length).toBeGreaterThan(SEARCHES_PER_STEP);
    const movedFirst = movers(first);
    expect(movedFirst.size).toBeGreaterThan(0);
    expect(movedFirst.size).toBeLessThanOrEqual(SEARCHES_PER_STEP);
    // The next step, those that waited walk too: nobody with a walk waits two steps here.
    const movedSecond = movers(await town.advance());
    const late = [...movedSecond].filter((id) => !movedFirst.has(id));
    expect(late.length).toBeGreaterThan(0);
    // Those that waited are the last of the step's actions, in their order: none came before one searched.
    const lastSearched = Math.max(...[...movedFirst].map((id) => started.indexOf(id)));
    for (const id of late) expect(started.indexOf(id)).toBeGreaterThan(lastSearched);
  });

  it("a save taken while walks wait continues as the town does", async () => {
    const town = makeTown();
    await town.advance();
    const saved = structuredClone(town.snapshot());
    expect(saved.agents.some((a) => a.unsearched !== undefined)).toBe(true);
    const again = makeTown();
    again.restore(saved);
    for (let i = 0; i < 6; i++) expect(await again.advance()).toEqual(await town.advance());
  });
});
