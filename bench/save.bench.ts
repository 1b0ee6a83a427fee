// Saving and restoring base-25 after a game day (8,640 steps, offline engine, lockstep): the
// snapshot (the whole Town: memories with embeddings, plans, spatial memory, objects, clock), its
// size, writing it to the store, and reading it back into a new town. Medians of 3 runs, on
// embedded PGlite and on PostgreSQL when it answers.
import { existsSync } from "node:fs";
import path from "node:path";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import type { PrismaStore } from "../server/store/prismaStore.ts";
import { buildTown } from "../server/townFactory.ts";
import { stepsPerDay } from "../server/world/clock.ts";
import { TownSnapshot } from "../server/world/snapshot.ts";
import { loadTemplate, TOWNS_DIR } from "../server/content/template.ts";
import { fmt, machine, summarize } from "./stats.ts";
import { onBothStores } from "./stores.ts";

const KEY = existsSync(path.join(TOWNS_DIR, "base-25")) ? "base-25" : "base-3";
const template = await loadTemplate(KEY);
const RUNS = 3;

console.log(machine());
const { town, mind } = buildTown(template, {
  gateway: new OfflineGateway({ meter: false }),
  mode: "lockstep",
  seed: 1,
});
const t0 = performance.now();
for (let i = 0; i < stepsPerDay(town.stepSeconds); i++) await town.advance();
const memories = template.personas.reduce((n, p) => n + mind.agent(p.id)!.memory.size, 0);
console.log(
  `${KEY} after a game day (${town.step} steps in ${((performance.now() - t0) / 1000).toFixed(1)} s): ${memories} memories`,
);

async function bench(label: string, store: PrismaStore): Promise<void> {
  const record = await store.ensureTown(`bench-save-${Date.now()}`, KEY);
  const snap: number[] = [],
    write: number[] = [],
    read: number[] = [],
    restore: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    const data = town.snapshot();
    snap.push(performance.now() - t);
    bytes = Buffer.byteLength(JSON.stringify(data));
    t = performance.now();
    await store.saveSnapshot(record.id, town.step + run, data);
    write.push(performance.now() - t);
    t = performance.now();
    const saved = await store.latestSnapshot(record.id);
    read.push(performance.now() - t);
    t = performance.now();
    const fresh = buildTown(template, {
      gateway: new OfflineGateway({ meter: false }),
      mode: "lockstep",
      seed: 1,
    });
    fresh.town.restore(TownSnapshot.parse(saved!.data));
    restore.push(performance.now() - t);
  }
  const m = (s: number[]) => fmt(summarize(s).median);
  console.log(`${label}: snapshot ${(bytes / 2 ** 20).toFixed(2)} MiB`);
  console.log(
    `  save: take ${m(snap)} + write ${m(write)}; restore: read ${m(read)} + parse and restore ${m(restore)} (medians of ${RUNS})`,
  );
}

await onBothStores("save", bench);
