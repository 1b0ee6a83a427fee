// Who spends the day in the same building as whom (language/workplace.ts) is read from the
// residents' plans. A talk used to read it for every other resident whenever anyone's plan turned
// to a new day; in a town of a thousand someone's does every minute or so, and the live town's
// loop lagged 60-300 ms (bench/RESULTS.md, the end of session 28). Now a resident's workplaces
// are read when a talk asks of them, and again only when its plan has changed.
import { describe, expect, it, vi } from "vitest";
import { knowledgeOf } from "../../server/agents/knowing.ts";
import type { DaySchedule } from "../../server/agents/schedule.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { offlineTown } from "../helpers/offlineTown.ts";

// (Counted, not replaced: the real reading of plans, its calls tallied.)
const reads = vi.hoisted(() => ({ n: 0 }));
vi.mock("../../server/agents/language/workplace.ts", async (original) => {
  const real = await original<typeof import("../../server/agents/language/workplace.ts")>();
  return {
    ...real,
    workplaceOf: (...args: Parameters<typeof real.workplaceOf>) => {
      reads.n++;
      return real.workplaceOf(...args);
    },
  };
});

const t = await loadTemplate("base-25");
const DAY = 86_400_000;

const planFor = (day: number, address: string): DaySchedule => ({
  day,
  wake: 6 * 60,
  currently: "",
  items: ["work"],
  blocks: [{ start: 9 * 60, end: 17 * 60, task: "working", address } as DaySchedule["blocks"][0]],
  tasks: [],
});

describe("the workplaces a talk reads", () => {
  it("are those of the people it is about, not the whole town, when a plan turns over", () => {
    const { mind, town } = offlineTown(t, { ownPersonas: true });
    const ctx = mind.context();
    const everyone = [...ctx.agents.values()];
    const [me, other, ...rest] = everyone;
    const address = t.map.addresses().find((a) => a.includes(" of "))!;
    const today = Math.floor(town.time / DAY) * DAY;
    for (const a of everyone) a.schedule = planFor(today, address);
    knowledgeOf(ctx, me, town.time, other.persona.name);

    // Residents' plans turn to the next day one at a time, as they wake; the talk goes on.
    let worst = 0;
    for (const a of rest.slice(0, 10)) {
      a.schedule = planFor(today + DAY, address);
      const before = reads.n;
      knowledgeOf(ctx, me, town.time, other.persona.name);
      worst = Math.max(worst, reads.n - before);
    }
    // (Before: each turned plan made the talk read all 24 others' plans, two days each: 48.)
    expect(worst).toBeLessThanOrEqual(4);
  });
});
