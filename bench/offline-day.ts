// One offline game day of a town (default base-25), in process, lockstep, no store: wall time, user
// CPU, the mind's calls and the talks' transcript lines (what `npm run sim -- --from base-25` pays
// for its minds, without the saves). `--talks <file>` writes every talk between residents, line by
// line, for reading.
//
//   npx tsx bench/offline-day.ts [--town base-25] [--seed 1] [--days 1] [--talks /tmp/talks.txt]
//
// `--town smallville` runs the original's 25 residents on the original's map, seeded with their
// history file (bench/mind-smallville.ts), as bench/mind-day.bench.ts does.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { GenerativeMind } from "../server/agents/generativeMind.ts";
import { loadTemplate } from "../server/content/template.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import { buildTown } from "../server/townFactory.ts";
import { stepsPerDay } from "../server/world/clock.ts";
import { townLayout } from "../server/world/layout.ts";
import { Town } from "../server/world/town.ts";
import { SMALLVILLE_HISTORY, smallville25 } from "./mind-smallville.ts";
import { machine } from "./stats.ts";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const key = opt("--town") ?? "base-25";
const seed = Number(opt("--seed") ?? 1);
const talksFile = opt("--talks");

const gateway = new OfflineGateway();
async function open() {
  if (key !== "smallville") {
    const template = await loadTemplate(key);
    const { town } = buildTown(template, { gateway, mode: "lockstep", seed });
    return { town, personas: template.personas };
  }
  const s = await smallville25();
  const mind = new GenerativeMind({
    gateway,
    personas: s.personas,
    addresses: s.map.addresses(),
    layout: townLayout(s.map),
  });
  const town = new Town({
    template: key,
    map: s.map,
    personas: s.personas,
    mind,
    mode: "lockstep",
    seed,
  });
  await mind.seedHistory(SMALLVILLE_HISTORY, town.time);
  return { town, personas: s.personas };
}
const { town, personas } = await open();
const names = new Map(personas.map((p) => [p.id, p.name]));
const days = Number(opt("--days") ?? 1);
const steps = stepsPerDay(town.stepSeconds) * days;
let lines = 0;
const talks = new Map<string, string[]>();
const load = os.loadavg()[0];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < steps; i++) {
  const events = await town.advance();
  for (const e of events) {
    if (e.kind !== "said") continue;
    lines++;
    if (!talksFile) continue;
    const pair = [e.speaker, e.listener].sort().join(" & ");
    const clock = new Date(town.time).toISOString().slice(11, 16);
    if (!talks.has(pair)) talks.set(pair, []);
    talks.get(pair)!.push(`  [${clock}] ${names.get(e.speaker) ?? e.speaker}: ${e.text}`);
  }
}
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const m = gateway.metrics();
console.log(
  `${key} seed ${seed}, ${days} game day(s) (${steps} steps), ${machine()}, load ${load.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`,
);
console.log(
  `wall ${wall.toFixed(2)} s, user CPU ${(cpu.user / 1e6).toFixed(2)} s, system ${(cpu.system / 1e6).toFixed(2)} s, calls ${m.calls}, transcript lines ${lines}`,
);
const { hits, misses } = town.paths.cacheStats;
console.log(
  `walks to an address: ${hits + misses}, ${hits} from the path cache ` +
    `(${((100 * hits) / Math.max(1, hits + misses)).toFixed(0)} %), ${town.paths.keptSize} kept`,
);
if (talksFile)
  writeFileSync(
    talksFile,
    [...talks].map(([pair, ls]) => `== ${pair}\n${ls.join("\n")}`).join("\n\n") + "\n",
  );
