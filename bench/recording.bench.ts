// Recording a game day (8,640 steps) of base-25, offline engine, lockstep: the cost of recording
// on the step's path (Recorder.afterStep: encode and buffer) and off it (the chunk writes), the
// bytes per agent-step, and seeking to the last step (keyframe + events, through the store).
// Embedded PGlite, and PostgreSQL when it answers (BENCH_DATABASE_URL or the test database).
import { existsSync } from "node:fs";
import path from "node:path";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import type { PrismaStore } from "../server/store/prismaStore.ts";
import { Recorder } from "../server/store/recorder.ts";
import { RecordingStore } from "../server/store/recordings.ts";
import { buildTown } from "../server/townFactory.ts";
import { stepsPerDay } from "../server/world/clock.ts";
import { loadTemplate, TOWNS_DIR } from "../server/content/template.ts";
import { fmt, machine, summarize } from "./stats.ts";
import { onBothStores } from "./stores.ts";

const KEY = existsSync(path.join(TOWNS_DIR, "base-25")) ? "base-25" : "base-3";
const template = await loadTemplate(KEY);
const RUNS = 3;

// Counts the chunk writes.
const writes: number[] = [];
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the store as `this`
const append = RecordingStore.prototype.append;
RecordingStore.prototype.append = async function (
  this: RecordingStore,
  ...args: Parameters<typeof append>
) {
  const t = performance.now();
  try {
    return await append.apply(this, args);
  } finally {
    writes.push(performance.now() - t);
  }
};

async function bench(label: string, store: PrismaStore): Promise<void> {
  const hot: number[] = [];
  const perRun: {
    writeMsPerStep: number;
    bytesPerAgentStep: number;
    seek: number;
    chunks: number;
    keyframes: number;
  }[] = [];
  for (let run = 0; run < RUNS; run++) {
    writes.length = 0;
    const { town } = buildTown(template, {
      gateway: new OfflineGateway({ meter: false }),
      mode: "lockstep",
      seed: run + 1,
    });
    const record = await store.ensureTown(`bench-rec-${run}-${Date.now()}`, KEY);
    // Everything is written at the end, so the writes are timed alone (in a live server they
    // overlap the steps' idle time; in a lockstep run they would share the CPU with the steps).
    const recorder = await Recorder.start(store, record.id, town, {
      flushMs: 0,
      flushSteps: Number.POSITIVE_INFINITY,
    });
    const steps = stepsPerDay(town.stepSeconds);
    for (let i = 0; i < steps; i++) {
      const events = await town.advance();
      const t = performance.now();
      recorder.afterStep(events);
      hot.push(performance.now() - t);
    }
    const w = performance.now();
    await recorder.close();
    const writeMs = performance.now() - w;
    const recs = new RecordingStore(store);
    const info = (await recs.get(recorder.id))!;
    const seeks: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const f = await recs.frame(recorder.id, info.toStep);
      seeks.push(performance.now() - t);
      if (f?.step !== info.toStep) throw new Error("seek landed elsewhere");
    }
    perRun.push({
      writeMsPerStep: writeMs / steps,
      bytesPerAgentStep: info.bytes / (steps * template.personas.length),
      seek: summarize(seeks).median,
      chunks: writes.length,
      keyframes: await store.prisma.recordingKeyframe.count({
        where: { recordingId: recorder.id },
      }),
    });
  }
  const med = (k: keyof (typeof perRun)[number]) => summarize(perRun.map((r) => r[k])).median;
  const h = summarize(hot);
  console.log(
    `${label}: ${KEY}, ${RUNS} game days of ${stepsPerDay(10)} steps, ${template.personas.length} residents (medians of ${RUNS} runs)`,
  );
  console.log(
    `  on the step's path (afterStep): median ${fmt(h.median)}, p99 ${fmt(h.p99)} per step`,
  );
  console.log(
    `  chunk writes (off the path): ${fmt(med("writeMsPerStep"))} per step amortised, ${med("chunks")} chunks and ${med("keyframes")} keyframes a day`,
  );
  console.log(`  size: ${med("bytesPerAgentStep").toFixed(1)} bytes per agent-step (event JSON)`);
  console.log(
    `  seek to the last step (${stepsPerDay(10)}): ${fmt(med("seek"))} (target < 200 ms)`,
  );
}

console.log(machine());
await onBothStores("rec", bench);
