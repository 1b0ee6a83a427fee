// Where a headless day's time goes, by town size: a generated town (npm run make-town) run in
// lockstep with the offline engine, in process and without a store, with the world's parts timed
// (perception, path finding, the minds). Finds what grows faster than the town.
//
//   DATA_DIR=/tmp/scale-data npx tsx bench/scale-phases.ts town-25 town-100 [--steps 8640]
import { loadTemplate } from "../server/content/template.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import { buildTown } from "../server/townFactory.ts";
import { PathFinder } from "../server/world/path.ts";
import { Residents } from "../server/world/town/residents.ts";
import { machine } from "./stats.ts";

const args = process.argv.slice(2);
const stepsAt = args.indexOf("--steps");
const steps = stepsAt >= 0 ? Number(args[stepsAt + 1]) : 8640;
const towns = args.filter((a, i) => !a.startsWith("--") && (stepsAt < 0 || i !== stepsAt + 1));

/** Wraps a prototype method to add its time to `time[name]` and its calls to `calls[name]`. */
function timed(proto: object, method: string, name: string): void {
  const p = proto as Record<string, (...a: unknown[]) => unknown>;
  const original = p[method];
  time[name] = 0;
  calls[name] = 0;
  p[method] = function (this: unknown, ...a: unknown[]) {
    const t = performance.now();
    calls[name]++;
    try {
      return original.apply(this, a);
    } finally {
      time[name] += performance.now() - t;
    }
  };
}

const time: Record<string, number> = {};
const calls: Record<string, number> = {};
timed(PathFinder.prototype, "find", "path");
timed(Residents.prototype, "think", "think");

console.log(`# scale phases, ${machine()}, ${steps} steps`);
for (const key of towns) {
  const template = await loadTemplate(key);
  const gateway = new OfflineGateway();
  const { town, mind } = buildTown(template, { gateway, mode: "lockstep", seed: 1 });
  for (const k of Object.keys(time)) time[k] = calls[k] = 0;
  const n = template.personas.length;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let last = t0;
  for (let i = 0; i < steps; i++) {
    await town.advance();
    if ((i + 1) % 1440 === 0) {
      const now = performance.now();
      console.log(`  ${key} step ${i + 1}: ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    }
  }
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  // CPU time (user + system): less inflated than wall by others' work on a shared machine.
  const cpu = (used.user + used.system) / 1000;
  const m = gateway.metrics();
  console.log(
    `${key}: ${n} residents ${(wall / 1000).toFixed(1)} s (${(wall / n).toFixed(0)} ms/resident), ` +
      `cpu ${(cpu / 1000).toFixed(1)} s (${(cpu / n).toFixed(0)} ms/resident), ` +
      Object.entries(time)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s (${calls[k]} calls)`)
        .join(", ") +
      `, llm calls ${m.calls}, tokens in ${m.tokensIn}, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
  // What each resident did, per resident: what grows here grows the minds' work.
  const stats: Record<string, number> = { ...mind.stats };
  console.log(
    `  per resident: ` +
      Object.entries(stats)
        .map(([k, v]) => `${k} ${(v / n).toFixed(1)}`)
        .join(", "),
  );
}
