// The room's thread's CPU per step of a town with its minds on a thread of their own, as the live
// server runs it, but lockstep: every step waits for all minds, so both sides of a comparison
// adopt the same answers (same path searches, same perception) whatever CPU the machine gives.
// CPU is the main thread's own (/proc/self/task/<pid>/stat, 10 ms ticks), not the minds' thread.
// `npx tsx bench/room-step.bench.ts [town-1000] [steps 60] [warmup 20] [timeout ms]`: with a
// timeout the town gives up on answers after it as a live town does (MIND_TIMEOUT_MS: 300000).
import { readFileSync } from "node:fs";
import { loadTemplate } from "../server/content/template.ts";
import { buildThreadedTown } from "../server/townFactory.ts";
import { machine } from "./stats.ts";

const [key = "town-1000", stepsArg = "60", warmArg = "20", timeoutArg] = process.argv.slice(2);
const steps = Number(stepsArg);
const warmup = Number(warmArg);

/** The main thread's user + system CPU in ms. */
function mainThreadMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
}

const template = await loadTemplate(key);
const { town, mind } = await buildThreadedTown(template, {
  mode: "lockstep",
  seed: 7,
  mindTimeoutMs: timeoutArg ? Number(timeoutArg) : undefined,
  minds: { env: {}, journal: false },
});
for (let i = 0; i < warmup; i++) await town.advance();
const cpu0 = mainThreadMs();
const t0 = performance.now();
let events = 0;
for (let i = 0; i < steps; i++) events += (await town.advance()).length;
const cpu = mainThreadMs() - cpu0;
const wall = performance.now() - t0;
console.log(machine());
console.log(
  `${key}: ${steps} lockstep steps after ${warmup}: room thread CPU ${(cpu / steps).toFixed(1)} ms a step, ` +
    `wall ${(wall / steps).toFixed(0)} ms a step, ${(events / steps).toFixed(0)} events a step`,
);
const { hits, misses } = town.paths.cacheStats;
console.log(
  `walks to an address (warm-up included): ${hits + misses}, ${hits} from the path cache ` +
    `(${((100 * hits) / Math.max(1, hits + misses)).toFixed(0)} %)`,
);
await mind.close();
