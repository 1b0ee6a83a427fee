// A lockstep game day with the minds on 1 thread or over a pool (issue 33):
//   npx tsx bench/mind-threads.ts [template=base-25] [steps=8640] [threads=3]
// Prints wall time, the events' hash (the same for any number of threads), the saved state's
// hash, rows journaled and, for a pool, the residents moved between threads.
import { createHash } from "node:crypto";
import { loadTemplate } from "../server/content/template.ts";
import { buildThreadedTown } from "../server/townFactory.ts";

const key = process.argv[2] ?? "base-25";
const steps = Number(process.argv[3] ?? 8640);
const threads = Number(process.argv[4] ?? 3);
const template = await loadTemplate(key);
const t0 = performance.now();
const { town, mind } = await buildThreadedTown(template, {
  mode: "lockstep",
  seed: 11,
  threads,
  minds: { env: {}, journal: true },
});
const h = createHash("sha256");
const json = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (x instanceof Float32Array ? Array.from(x) : x));
let said = 0;
for (let s = 1; s <= steps; s++) {
  const ev = await town.advance();
  said += ev.filter((e) => e.kind === "said").length;
  h.update(json(ev));
}
const snap = await town.capture();
const rows = mind.journal.drain().length;
console.log(
  JSON.stringify({
    template: key,
    threads,
    steps,
    ms: Math.round(performance.now() - t0),
    said,
    events: h.digest("hex").slice(0, 16),
    saved: createHash("sha256").update(json(snap)).digest("hex").slice(0, 16),
    rows,
    moves: (mind as { moves?: number }).moves ?? 0,
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  }),
);
if (process.env.SNAPSHOT_TO)
  (await import("node:fs")).writeFileSync(
    process.env.SNAPSHOT_TO,
    JSON.stringify(JSON.parse(json(snap)), null, 1),
  );
await mind.close();
