// What residents know of the town's places (knowledgeOf: what people do at each place, read from
// every resident's plan) follows the plans as they change: a resident's new task at a place is
// then among that place's uses in the others' knowledge, a task taken off its plan is gone again,
// and after steps in which residents re-plan, what they know is what a fresh reading of the plans
// gives (the uses are kept between talks and read again only when some resident's tasks changed).
import { describe, expect, it } from "vitest";
import { knowledgeOf } from "../../server/agents/knowing.ts";
import { placeOf } from "../../server/agents/language/knowledge.ts";
import { addTasks, replanFrom } from "../../server/agents/schedule.ts";
import type { MindContext } from "../../server/agents/state.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { offlineTown } from "../helpers/offlineTown.ts";

const t = await loadTemplate("base-3");

describe("what residents know of places", () => {
  it("follows the residents' plans as they are planned and re-planned", async () => {
    const { mind, town } = offlineTown(t);
    const ctx = mind.context();
    const theo = mind.agent("theo")!;
    const edmund = mind.agent("edmund")!;
    // Each resident's day planned into tasks (bound: a day of steps).
    for (let i = 0; i < 3000 && ![theo, edmund].every((a) => a.schedule?.tasks.length); i++)
      await town.advance();
    expect(theo.schedule?.tasks.length).toBeGreaterThan(0);
    expect(edmund.schedule?.tasks.length).toBeGreaterThan(0);

    const usesIn = (c: MindContext) =>
      Object.fromEntries(
        knowledgeOf(c, theo, town.time, "Edmund Hale").places.map((p) => [p.name, p.uses]),
      );
    // The same residents in a map never read before: the plans as they are now, read afresh.
    const fresh = (): MindContext => ({ ...ctx, agents: new Map(ctx.agents) });
    const before = usesIn(ctx);
    expect(usesIn(fresh())).toEqual(before);

    // Edmund plans something new at a place Theo knows, where nobody plans it yet.
    const place = Object.keys(before).find((p) => p.includes(" of "))!;
    const address = t.map.addresses().find((a) => placeOf(a) === place)!;
    expect(address, place).toBeDefined();
    const last = edmund.schedule!.tasks.at(-1)!;
    const task = "mending the fishing nets";
    expect(before[place]).not.toContain(task);
    addTasks(edmund.schedule!, [{ ...last, start: last.end, end: last.end + 30, task, address }]);
    const planned = usesIn(ctx);
    expect(planned[place], "the new task is known as a use of its place").toContain(task);
    expect(planned).toEqual(usesIn(fresh()));

    // Edmund re-plans from before that task: it is known no longer.
    replanFrom(edmund.schedule!, last.end);
    const replanned = usesIn(ctx);
    expect(replanned[place]).not.toContain(task);
    expect(replanned).toEqual(before);

    // The town runs on; residents plan and re-plan their days. After each step in which the
    // known uses change, what Theo knows is what the plans say.
    let changed = 0;
    let seen = replanned;
    for (let i = 0; i < 2000 && changed < 3; i++) {
      await town.advance();
      const now = usesIn(fresh());
      if (JSON.stringify(now) === JSON.stringify(seen)) continue;
      changed++;
      expect(usesIn(ctx), `after step ${i}`).toEqual(now);
      seen = now;
    }
    expect(changed, "the plans changed what is known of places").toBe(3);
  }, 120_000);
});
