// Saves that cost what changed (issue 17): base-25 run for DAYS game days (offline engine,
// lockstep) on PostgreSQL with memories as rows, saved every AUTOSAVE_STEPS steps exactly as
// Autosave does it. Per save: the time on the town's thread (small snapshot + draining the memory
// journal), the snapshot's bytes, the rows and their bytes written since the previous save, and
// the write's wall time; per day, medians. Then the restore of the last save (rows up to its mark
// + the small snapshot, into a new town), medians of 3. Usage: npx tsx bench/save-rows.bench.ts [DAYS]
import { MemoryJournal } from "../server/agents/memory/journal.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import { MemoryRows } from "../server/store/memoryRows.ts";
import type { PrismaStore } from "../server/store/prismaStore.ts";
import { buildTown } from "../server/townFactory.ts";
import { stepsPerDay } from "../server/world/clock.ts";
import { TownSnapshot } from "../server/world/snapshot.ts";
import { loadTemplate } from "../server/content/template.ts";
import { fmt, machine, summarize } from "./stats.ts";
import { onBothStores } from "./stores.ts";

const DAYS = Number(process.argv[2] ?? 7);
const EVERY = 60;
const template = await loadTemplate("base-25");
console.log(machine());
const only = process.env.BENCH_STORE; // "embedded" | "postgres" to run one

await onBothStores("rows", async (label, store: PrismaStore) => {
  if (only && !label.toLowerCase().includes(only)) return;
  const record = await store.ensureTown(`bench-rows-${Date.now()}`, "base-25");
  const journal = new MemoryJournal();
  const { town } = buildTown(template, { gateway: new OfflineGateway({ meter: false }), mode: "lockstep", seed: 1, journal });
  const rows = new MemoryRows(store, record.id, journal, null);
  const perDay = stepsPerDay(town.stepSeconds);
  const t0 = performance.now();
  let day: { onThread: number[]; bytes: number[]; rows: number[]; rowBytes: number[]; write: number[] } = { onThread: [], bytes: [], rows: [], rowBytes: [], write: [] };
  let lastMark = 0;
  let writing: Promise<void> = Promise.resolve();
  console.log(`${label}: base-25, autosave every ${EVERY} steps, memories as rows`);
  console.log("  day | on thread (median, max) | snapshot bytes | rows/save | row bytes/save | write wall (median)");
  for (let step = 1; step <= DAYS * perDay; step++) {
    await town.advance();
    if (step % 30 === 0 && step % EVERY !== 0) rows.flushSoon();
    if (step % EVERY === 0) {
      await writing; // one save at a time, as Autosave
      const t = performance.now();
      const { data, mark } = rows.split(town.snapshot());
      day.onThread.push(performance.now() - t);
      const json = JSON.stringify(data);
      day.bytes.push(Buffer.byteLength(json));
      day.rows.push(mark - lastMark);
      lastMark = mark;
      const w = performance.now();
      writing = (async () => {
        await rows.flush();
        await store.saveSnapshot(record.id, town.step, data, mark);
        await rows.compact(mark);
        day.write.push(performance.now() - w);
      })();
    }
    if (step % perDay === 0) {
      await writing;
      const rowBytes = await store.prisma.$queryRaw<{ b: bigint }[]>`SELECT COALESCE(SUM(octet_length(embedding) + octet_length(description) + 64), 0)::bigint AS b FROM "Memory" WHERE "townId" = ${record.id}`;
      const perSave = Number(rowBytes[0].b) / (step / EVERY);
      const m = (s: number[]) => fmt(summarize(s).median);
      const n = (s: number[]) => Math.round(summarize(s).median);
      console.log(`  ${step / perDay} | ${m(day.onThread)}, ${fmt(Math.max(...day.onThread))} | ${n(day.bytes)} B | ${n(day.rows)} | ~${Math.round(perSave)} B (mean so far) | ${m(day.write)}  [${((performance.now() - t0) / 1000).toFixed(0)} s]`);
      day = { onThread: [], bytes: [], rows: [], rowBytes: [], write: [] };
    }
  }
  await writing;
  const memories = await store.prisma.memory.count({ where: { townId: record.id } });
  const restore: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const saved = await store.latestSnapshot(record.id);
    const fresh = buildTown(template, { gateway: new OfflineGateway({ meter: false }), mode: "lockstep", seed: 1, journal: new MemoryJournal() });
    fresh.town.restore(TownSnapshot.parse(saved!.data));
    restore.push(performance.now() - t);
    if (fresh.town.step !== town.step) throw new Error("restore went wrong");
  }
  console.log(`  restore after ${DAYS} days (${memories} memory rows): ${fmt(summarize(restore).median)} (median of 3; read + restore into a new town)`);
});
