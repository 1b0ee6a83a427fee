// Saves that cost what changed (issue 17): base-25 run for DAYS game days (offline engine,
// lockstep) on PostgreSQL with memories as rows, saved every AUTOSAVE_STEPS steps exactly as
// Autosave does it (takeSave + writeSave, touches folded every COMPACT_EVERY_SAVES-th save). Per
// save: the time on the town's thread (small snapshot + draining the memory journal + the JSON
// text the write sends; on the embedded database the write's own work is on that thread too, so
// its "write" counts there), the snapshot's bytes, the rows and their bytes written since the
// previous save, and the write's wall time, timed alone; per day, medians. Then the restore of the last save (rows up to its mark
// + the small snapshot, into a new town), medians of 3. Usage: npx tsx bench/save-rows.bench.ts [DAYS]
import { MemoryJournal } from "../server/agents/memory/journal.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import {
  COMPACT_EVERY_SAVES,
  ROW_FLUSH_STEPS,
  takeSave,
  writeSave,
} from "../server/store/autosave.ts";
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
  const { town } = buildTown(template, {
    gateway: new OfflineGateway({ meter: false }),
    mode: "lockstep",
    seed: 1,
    journal,
  });
  const rows = new MemoryRows(store, record.id, journal, null);
  const perDay = stepsPerDay(town.stepSeconds);
  const t0 = performance.now();
  let day: {
    onThread: number[];
    bytes: number[];
    rows: number[];
    rowBytes: number[];
    write: number[];
  } = { onThread: [], bytes: [], rows: [], rowBytes: [], write: [] };
  let lastMark = 0;
  let saves = 0;
  console.log(`${label}: base-25, autosave every ${EVERY} steps, memories as rows`);
  console.log(
    "  day | on thread (median, max) | snapshot bytes | rows/save | row bytes/save | write alone (median, max)",
  );
  for (let step = 1; step <= DAYS * perDay; step++) {
    await town.advance();
    if (step % ROW_FLUSH_STEPS === 0 && step % EVERY !== 0) rows.flushSoon();
    if (step % EVERY === 0) {
      const t = performance.now();
      const taken = await takeSave(town, rows);
      const json = JSON.stringify(taken.data); // what saveSnapshot sends, on the same thread
      day.onThread.push(performance.now() - t);
      day.bytes.push(Buffer.byteLength(json));
      day.rows.push(taken.mark! - lastMark);
      lastMark = taken.mark!;
      const compact = ++saves % COMPACT_EVERY_SAVES === 0;
      // Timed alone (the steps wait for it): on the embedded database all of it is the thread's time.
      const w = performance.now();
      await writeSave(store, record.id, taken, rows, undefined, { compact });
      day.write.push(performance.now() - w);
    }
    if (step % perDay === 0) {
      const rowBytes = await store.prisma.$queryRaw<
        { b: bigint }[]
      >`SELECT COALESCE(SUM(octet_length(embedding) + octet_length(description) + 64), 0)::bigint AS b FROM "Memory" WHERE "townId" = ${record.id}`;
      const perSave = Number(rowBytes[0].b) / (step / EVERY);
      const m = (s: number[]) => fmt(summarize(s).median);
      const n = (s: number[]) => Math.round(summarize(s).median);
      console.log(
        `  ${step / perDay} | ${m(day.onThread)}, ${fmt(Math.max(...day.onThread))} | ${n(day.bytes)} B | ${n(day.rows)} | ~${Math.round(perSave)} B (mean so far) | ${m(day.write)}, ${fmt(Math.max(...day.write))}  [${((performance.now() - t0) / 1000).toFixed(0)} s]`,
      );
      day = { onThread: [], bytes: [], rows: [], rowBytes: [], write: [] };
    }
  }
  const memories = await store.prisma.memory.count({ where: { townId: record.id } });
  const restore: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const saved = await store.latestSnapshot(record.id);
    const fresh = buildTown(template, {
      gateway: new OfflineGateway({ meter: false }),
      mode: "lockstep",
      seed: 1,
      journal: new MemoryJournal(),
    });
    fresh.town.restore(TownSnapshot.parse(saved!.data));
    restore.push(performance.now() - t);
    if (fresh.town.step !== town.step) throw new Error("restore went wrong");
  }
  console.log(
    `  restore after ${DAYS} days (${memories} memory rows): ${fmt(summarize(restore).median)} (median of 3; read + restore into a new town)`,
  );
});
