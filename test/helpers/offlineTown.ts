// A town of generative minds with no model (the offline engine), stepped in lockstep: what the
// town tests, the scenario harness and the benches build. Nothing is stepped here but what `at`
// asks for (the town moved to an hour of its first day, nobody having planned yet).
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import type { MindSettings } from "../../server/agents/settings.ts";
import type { TownTemplate } from "../../server/content/template.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { startTownAt } from "../../server/hosting/startTime.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { Town } from "../../server/world/town.ts";
import { townLayout } from "../../server/world/layout.ts";

export interface OfflineTownOptions {
  /** The town's seed (1 unless given). */
  seed?: number;
  /** Each town its own copies of the personas, so an edit or a newcomer reaches no other town. */
  ownPersonas?: boolean;
  gateway?: OfflineGateway;
  settings?: Partial<MindSettings>;
  /** "06:00": the town starts at that hour of its first day (startTownAt). */
  at?: string;
}

export function offlineTown(t: TownTemplate, opts: OfflineTownOptions = {}) {
  const personas = opts.ownPersonas ? structuredClone(t.personas) : t.personas;
  const gateway = opts.gateway ?? new OfflineGateway({ meter: false });
  const mind = new GenerativeMind({
    gateway,
    personas,
    addresses: t.map.addresses(),
    layout: townLayout(t.map),
    ...(opts.settings ? { settings: opts.settings } : {}),
  });
  const town = new Town({
    template: t.key,
    map: t.map,
    personas,
    mind,
    mode: "lockstep",
    seed: opts.seed ?? 1,
  });
  if (opts.at) startTownAt(town, opts.at);
  return { mind, town, gateway, personas };
}

/** The same, loading the template by name first. */
export async function offlineTownOf(template: string, opts: OfflineTownOptions = {}) {
  const t = await loadTemplate(template);
  return { t, ...offlineTown(t, opts) };
}
