// Runs a town of generative minds offline in lockstep, optionally seeded with history whispers,
// and records who was inside a given place during a given window: the scenario tests' harness.
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import type { MindSettings } from "../../server/agents/settings.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { stepsPerDay } from "../../server/world/clock.ts";
import { Town } from "../../server/world/town.ts";
import { offlineTownOf } from "./offlineTown.ts";

export interface Watch {
  /** "Willowbrook:Copper Kettle cafe" (an address prefix). */
  place: string;
  from: number;
  to: number;
}

export interface ScenarioRun {
  mind: GenerativeMind;
  town: Town;
  gateway: OfflineGateway;
  /** Minutes each resident spent inside the watched place during the window. */
  minutesAt: Map<string, number>;
  wall: number;
  personas: { id: string; name: string }[];
}

export async function runScenario(opts: {
  template: string;
  days: number;
  history?: string;
  watch?: Watch;
  settings?: Partial<MindSettings>;
  meter?: boolean;
}): Promise<ScenarioRun> {
  const { t, gateway, mind, town } = await offlineTownOf(opts.template, {
    gateway: new OfflineGateway({ meter: opts.meter ?? false }),
    ...(opts.settings ? { settings: opts.settings } : {}),
  });
  if (opts.history) {
    const seeded = await mind.seedHistory(opts.history, town.time);
    if (seeded.unknown.length)
      throw new Error(`unknown residents in the history: ${seeded.unknown.join(", ")}`);
  }
  const minutesAt = new Map<string, number>();
  const steps = opts.days * stepsPerDay(town.stepSeconds);
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) {
    await town.advance();
    const w = opts.watch;
    if (w && town.time >= w.from && town.time < w.to) {
      for (const a of town.agentViews())
        if (t.map.addressAt(a.x, a.y).startsWith(w.place))
          minutesAt.set(a.id, (minutesAt.get(a.id) ?? 0) + town.stepSeconds / 60);
    }
  }
  return {
    mind,
    town,
    gateway,
    minutesAt,
    wall: (performance.now() - t0) / 1000,
    personas: t.personas.map((p) => ({ id: p.id, name: p.name })),
  };
}
