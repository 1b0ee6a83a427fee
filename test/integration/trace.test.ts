// The trace of the residents' minds (issue 31), on both databases: one step of base-3 leaves a
// row for every ask the gateway's metrics counted, in the order the asks began, with the text
// that would have been sent and its tokens; the minds on their own thread send it back the same
// way; rows older than TRACE_KEEP_DAYS game days are deleted; rows go with the autosave's batches.
import express from "express";
import { mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryJournal } from "../../server/agents/memory/journal.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import type { LlmMetrics } from "../../server/llm/prompt.ts";
import { Autosave } from "../../server/store/autosave.ts";
import { MemoryRows } from "../../server/store/memoryRows.ts";
import { pageTrace, readTrace, type TraceSource } from "../../server/store/traceRows.ts";
import { exportRecording, importRecording } from "../../server/cli/recording.ts";
import { startRecordedRun } from "../../server/sim/recordedRun.ts";
import { RecordingStore } from "../../server/store/recordings.ts";
import { forkSave } from "../../server/store/saves.ts";
import { formatTranscript, transcriptOf } from "../../server/store/transcripts.ts";
import { encodeEntry } from "../../shared/replay/codec.ts";
import type { TownEvent } from "../../shared/events.ts";
import { buildThreadedTown, buildTown } from "../../server/townFactory.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { mountTrace } from "../../server/http/trace.ts";
import type { PrismaStore } from "../../server/store/prismaStore.ts";
import { TracePage, type TraceEntry } from "../../shared/trace.ts";
import { backends } from "../helpers/databases.ts";

const template = await loadTemplate("base-3");
const { list } = await backends("trace");
afterAll(async () => {
  for (const b of list) await b.dispose();
});
const silent = pino({ level: "silent" });
const TOKEN = "trace-moderator";

/** The trace's API over a store, on loopback. */
async function serve(store: PrismaStore, tracePublic: boolean) {
  const app = express();
  mountTrace(app, { store, primary: () => "base-3", moderatorToken: TOKEN, tracePublic });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Asks per prompt, between two readings of the metrics. */
function asksBetween(before: LlmMetrics, after: LlmMetrics): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, m] of Object.entries(after.byPrompt)) {
    const n = m.asks - (before.byPrompt[name]?.asks ?? 0);
    if (n) out[name] = n;
  }
  return out;
}

function countByPrompt(entries: readonly TraceEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) out[e.prompt] = (out[e.prompt] ?? 0) + 1;
  return out;
}

async function allOf(store: PrismaStore, townId: string): Promise<TraceEntry[]> {
  const out: TraceEntry[] = [];
  let before: string | undefined;
  do {
    const page = await readTrace(store.raw, { townId, limit: 100, before });
    out.push(...page.entries);
    before = page.next ?? undefined;
  } while (before);
  return out.reverse();
}

for (const backend of list) {
  describe(`the minds' trace on ${backend.name}`, () => {
    it("one step of base-3: every ask the metrics counted, in order, with its text and tokens", async () => {
      const store = await backend.open();
      const record = await store.ensureTown(`trace-step-${backend.name}`, "base-3");
      const journal = new MemoryJournal();
      const gateway = new OfflineGateway();
      const { town } = buildTown(template, { gateway, mode: "lockstep", seed: 3, journal });
      const rows = new MemoryRows(store, record.id, journal, null);
      const autosave = new Autosave(town, store, record.id, 1_000, silent, rows);
      const before = gateway.metrics();
      await town.advance();
      const after = gateway.metrics();
      await autosave.save();
      const entries = await allOf(store, record.id);
      const counted = asksBetween(before, after);
      expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(countByPrompt(entries)).toEqual(counted);
      // In the order they began, none missing between.
      const ns = entries.map((e) => e.n);
      expect(ns).toEqual(ns.map((_, i) => ns[0] + i));
      expect(entries.every((e) => e.step === town.step && e.time === town.time)).toBe(true);
      // The text that would have been sent, and what it would have cost in tokens.
      expect(entries.reduce((n, e) => n + e.tokensIn, 0)).toBe(after.tokensIn - before.tokensIn);
      expect(entries.reduce((n, e) => n + e.tokensOut, 0)).toBe(after.tokensOut - before.tokensOut);
      for (const e of entries) {
        expect(e.engine).toBe("offline");
        expect(e.system).toContain("JSON");
        expect(e.user.length).toBeGreaterThan(0);
        expect(e.purpose.length).toBeGreaterThan(0);
        expect(template.personas.map((p) => p.id)).toContain(e.agentId);
      }
      // Plans name the resident they are for.
      const plan = entries.find((e) => e.prompt === "day-plan")!;
      const persona = template.personas.find((p) => p.id === plan.agentId)!;
      expect(plan.user).toContain(persona.name);
      // The offline engine's answer lists what it drew on: the plan's blocks from the persona's
      // habits, each with its time and what is done then.
      const drewPlan = (plan.drew ?? []).filter((d) => d.kind === "plan");
      expect(drewPlan.length).toBeGreaterThan(0);
      for (const d of drewPlan)
        expect(persona.schedule.map((h) => h.action)).toContain(d.text.replace(/ \(.*\)$/, ""));

      // The API: a moderator reads it, a page at a time; a visitor only with TRACE_PUBLIC.
      const url = (pub: boolean) => serve(store, pub);
      const closed = await url(false);
      const route = `/api/agents/${persona.id}/trace?town=trace-step-${backend.name}`;
      const visitor = await fetch(`${closed.base}${route}`);
      expect(visitor.status).toBe(403);
      expect(((await visitor.json()) as { error: { code: string } }).error.code).toBe("forbidden");
      const wrong = await fetch(`${closed.base}${route}`, {
        headers: { authorization: "Bearer nope" },
      });
      expect(wrong.status).toBe(403);
      const mine = entries.filter((e) => e.agentId === persona.id).reverse();
      const pages: TraceEntry[] = [];
      let next: string | null = null;
      do {
        const res = await fetch(
          `${closed.base}${route}&limit=1${next ? `&before=${encodeURIComponent(next)}` : ""}`,
          { headers: { authorization: `Bearer ${TOKEN}` } },
        );
        expect(res.status).toBe(200);
        const page = TracePage.parse(await res.json());
        expect(page.prompts).toEqual([...new Set(mine.map((e) => e.prompt))].sort());
        pages.push(...page.entries);
        next = page.next;
      } while (next);
      expect(pages).toEqual(mine);
      const onlyPlans = await fetch(`${closed.base}${route}&prompt=day-plan`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(TracePage.parse(await onlyPlans.json()).entries.map((e) => e.prompt)).toEqual([
        "day-plan",
      ]);
      const bad = await fetch(`${closed.base}${route}&limit=0`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(bad.status).toBe(400);
      await closed.close();
      const open = await url(true);
      const anyone = await fetch(`${open.base}${route}`);
      expect(anyone.status).toBe(200);
      expect(TracePage.parse(await anyone.json()).entries).toEqual(mine);
      await open.close();
      await store.close();
    });

    it("retrieved memories come with their three scores; old rows are deleted past TRACE_KEEP_DAYS", async () => {
      const store = await backend.open();
      const record = await store.ensureTown(`trace-keep-${backend.name}`, "base-3");
      const journal = new MemoryJournal();
      const { town } = buildTown(template, {
        gateway: new OfflineGateway({ meter: false }),
        mode: "lockstep",
        seed: 4,
        journal,
      });
      const rows = new MemoryRows(store, record.id, journal, null);
      const autosave = new Autosave(town, store, record.id, 100_000, silent, rows);
      for (let i = 0; i < 1_500; i++) await town.advance(); // four game hours
      await autosave.save({ compact: false });
      const all = await allOf(store, record.id);
      // Keep the newest asks only (TRACE_KEEP_DAYS takes fractions of a game day).
      const cutoff = all[all.length - 1].time;
      expect(cutoff).toBeGreaterThan(all[0].time);
      rows.traceClock = { ...rows.traceClock!, keepDays: (town.time - cutoff) / 86_400_000 };
      const scored = all.filter((e) => e.memories.length > 0);
      expect(scored.length, "asks with retrieved memories").toBeGreaterThan(0);
      for (const e of scored)
        for (const m of e.memories) {
          for (const s of [m.recency, m.importance, m.relevance]) {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(1);
          }
          // Weights are the paper's (all 1): the total is the three scores' sum.
          expect(m.total).toBeCloseTo(m.recency + m.importance + m.relevance, 6);
        }
      await autosave.save({ compact: true });
      const kept = await allOf(store, record.id);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(all.length);
      expect(kept).toEqual(all.filter((e) => e.time >= cutoff));
      await store.close();
    });
  });
}

for (const backend of list) {
  describe(`the trace of forks and recordings on ${backend.name}`, () => {
    it("a fork starts with its parent's trace up to the fork point; the keep spares what a recording covers", async () => {
      const store = await backend.open();
      const name = `trace-fork-${backend.name}`;
      const record = await store.ensureTown(name, "base-3");
      const journal = new MemoryJournal();
      const { town } = buildTown(template, {
        gateway: new OfflineGateway({ meter: false }),
        mode: "lockstep",
        seed: 5,
        journal,
      });
      const rows = new MemoryRows(store, record.id, journal, null);
      const autosave = new Autosave(town, store, record.id, 100_000, silent, rows);
      for (let i = 0; i < 800; i++) await town.advance(); // two game hours and more
      await autosave.save({ compact: false });
      const atFork = await allOf(store, record.id);
      expect(atFork.length).toBeGreaterThan(0);
      const fork = await forkSave(store.prisma, name, `${name}-fork`);
      // The parent goes on; the fork's trace stays what the parent's was at the fork.
      for (let i = 0; i < 700; i++) await town.advance();
      await autosave.save({ compact: false });
      const parent = await allOf(store, record.id);
      expect(parent.length).toBeGreaterThan(atFork.length);
      expect(await allOf(store, fork.id)).toEqual(atFork);
      const agent = template.personas[0].id;
      const page = await pageTrace(store, { town: `${name}-fork` }, agent, { limit: 500 });
      expect(page!.entries).toEqual(atFork.filter((e) => e.agentId === agent).reverse());

      // A recording of the parent covering its first third of steps with asks is stored; the keep
      // is set so that only the newest asks are young enough to stay.
      const steps = [...new Set(parent.map((e) => e.step!))].sort((a, b) => a - b);
      expect(steps.length, "asks at three steps at least").toBeGreaterThanOrEqual(3);
      const covered = { from: steps[0], to: steps[Math.floor((steps.length - 1) / 3)] };
      const recording = await store.prisma.recording.create({
        data: {
          townId: record.id,
          save: name,
          template: "base-3",
          fromStep: covered.from,
          toStep: covered.to,
        },
      });
      const cutoff = parent[parent.length - 1].time;
      rows.traceClock = { ...rows.traceClock!, keepDays: (town.time - cutoff) / 86_400_000 };
      await autosave.save({ compact: true });
      const kept = await allOf(store, record.id);
      const inRecording = (e: TraceEntry) => e.step! >= covered.from && e.step! <= covered.to;
      expect(parent.filter(inRecording).length).toBeGreaterThan(0);
      expect(parent.filter((e) => !inRecording(e) && e.time < cutoff).length).toBeGreaterThan(0);
      expect(kept).toEqual(parent.filter((e) => inRecording(e) || e.time >= cutoff));
      // The recording's replay still explains itself.
      const replay = await pageTrace(store, { recording: recording.id }, agent, { limit: 500 });
      expect(replay!.entries).toEqual(
        parent.filter((e) => e.agentId === agent && inRecording(e)).reverse(),
      );
      // Once the recording is deleted, the next compaction lets its rows go.
      await store.prisma.recording.delete({ where: { id: recording.id } });
      await autosave.save({ compact: true });
      expect(await allOf(store, record.id)).toEqual(parent.filter((e) => e.time >= cutoff));
      // The fork's own rows are its own: the parent's keep never touched them.
      expect(await allOf(store, fork.id)).toEqual(atFork);
      await store.close();
    });
  });
}

for (const backend of list) {
  describe(`a recording's trace on ${backend.name}`, () => {
    it("the replay at step N shows no ask after N; an exported and imported recording keeps its trace", async () => {
      const store = await backend.open();
      const dir = mkdtempSync(path.join(tmpdir(), "trace-rec-"));
      try {
        const record = await store.ensureTown(`trace-rec-${backend.name}`, "base-3");
        const journal = new MemoryJournal();
        const { town } = buildTown(template, {
          gateway: new OfflineGateway({ meter: false }),
          mode: "lockstep",
          seed: 4,
          journal,
        });
        const run = await startRecordedRun(
          store,
          town,
          { id: record.id, name: record.name },
          { autosaveSteps: 60, log: silent, rows: { journal, mark: null } },
        );
        for (let i = 0; i < 1_500; i++) await run.afterStep(await town.advance());
        await run.close();
        const agent = template.personas[0].id;
        const every = async (source: TraceSource) => {
          const page = await pageTrace(store, source, agent, { limit: 500 });
          return page!.entries;
        };
        const all = await every({ recording: run.recordingId });
        const steps = [...new Set(all.map((e) => e.step!))].sort((a, b) => a - b);
        expect(steps.length, "asks at more than one step").toBeGreaterThan(1);
        const n = steps[1] - 1;
        const atN = await every({ recording: run.recordingId, step: n });
        expect(atN.length).toBeGreaterThan(0);
        expect(atN.every((e) => e.step! <= n)).toBe(true);
        expect(atN).toEqual(all.filter((e) => e.step! <= n));
        // Exported and imported: the new recording has the same trace, and the same at step N.
        const file = path.join(dir, "rec.json");
        await exportRecording(store, run.recordingId, file);
        const imported = await importRecording(store, file);
        expect(imported.id).not.toBe(run.recordingId);
        expect(await every({ recording: imported.id })).toEqual(all);
        expect(await every({ recording: imported.id, step: n })).toEqual(atN);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await store.close();
      }
    });
  });
}

describe("transcripts", () => {
  it("every line said, with time, place, speaker and listeners; a resident's own; three formats", async () => {
    const store = await list[0].open();
    try {
      const town = await store.ensureTown("transcripts", "base-3");
      const t0 = Date.UTC(2026, 1, 13, 9, 0);
      const agent = (id: string, name: string, address: string) => ({
        id,
        name,
        x: 1,
        y: 1,
        action: "",
        emoji: "",
        address,
        talkingTo: "",
        sprite: 0,
        facing: "down" as const,
      });
      const entry = (step: number, events: TownEvent[]) =>
        encodeEntry({ step, time: t0 + step * 10_000, events });
      const file = {
        format: "simulacra-recording",
        v: 1,
        save: "transcripts",
        template: "base-3",
        startedAt: new Date().toISOString(),
        fromStep: 0,
        toStep: 3,
        keyframes: [
          {
            step: 0,
            time: t0,
            agents: [
              agent("ada", "Ada Finch", "W:Copper Kettle cafe:dining room:table"),
              agent("bo", "Bo Reyes", "W:Copper Kettle cafe:dining room:table"),
            ],
            avatars: [],
            objects: [],
          },
        ],
        chunks: [
          {
            seq: 0,
            fromStep: 1,
            toStep: 3,
            events: [
              entry(1, [{ kind: "said", speaker: "ada", listener: "bo", text: 'Hello, "Bo"' }]),
              entry(2, [
                {
                  kind: "actionStarted",
                  agentId: "bo",
                  action: "walking",
                  emoji: "",
                  address: "W:Willow Green:garden",
                  talkingTo: "",
                },
                { kind: "chatJoined", chat: "c1", id: "bo", name: "Bo Reyes" },
                { kind: "chatJoined", chat: "c1", id: "v1", name: "Vera" },
                {
                  kind: "avatarSaid",
                  avatarId: "v1",
                  name: "Vera",
                  agentId: "bo",
                  text: "Nice garden",
                  chat: "c1",
                },
              ]),
              entry(3, [
                { kind: "said", speaker: "bo", listener: "v1", text: "Thank you", chat: "c1" },
              ]),
            ],
          },
        ],
      };
      const rec = await new RecordingStore(store).import(file);
      await store.prisma.recording.update({ where: { id: rec.id }, data: { townId: town.id } });
      const lines = await transcriptOf(store, town.id);
      expect(lines.map((l) => [l.step, l.place, l.speaker, l.listeners, l.text])).toEqual([
        [1, "Copper Kettle cafe › dining room", "Ada Finch", ["Bo Reyes"], 'Hello, "Bo"'],
        [2, "Willow Green › garden", "Vera", ["Bo Reyes"], "Nice garden"],
        [3, "Willow Green › garden", "Bo Reyes", ["Vera"], "Thank you"],
      ]);
      expect(lines[0].time).toBe(new Date(t0 + 10_000).toISOString());
      expect((await transcriptOf(store, town.id, "Vera")).map((l) => l.step)).toEqual([2, 3]);
      const jsonl = formatTranscript(lines, "jsonl").trim().split("\n");
      expect(jsonl.map((l) => (JSON.parse(l) as { text: string }).text)).toEqual(
        lines.map((l) => l.text),
      );
      const csv = formatTranscript(lines, "csv").trim().split("\n");
      expect(csv[0]).toBe("time,step,place,speaker,listeners,text");
      expect(csv[1]).toContain('"Hello, ""Bo"""');
      expect(formatTranscript(lines, "md")).toMatch(/\*\*Vera\*\* → Bo Reyes: Nice garden/);
    } finally {
      await store.close();
    }
  });
});

describe("the minds' trace from their own thread", () => {
  it("comes back with the journal's rows: one step's asks, in order", async () => {
    const store = await list[0].open();
    const record = await store.ensureTown("trace-thread", "base-3");
    const { town, mind } = await buildThreadedTown(template, {
      mode: "lockstep",
      seed: 3,
      minds: { env: {}, journal: true },
    });
    try {
      const rows = new MemoryRows(store, record.id, mind.journal, null);
      const autosave = new Autosave(town, store, record.id, 1_000, silent, rows);
      const before = (await mind.refresh()).metrics;
      await town.advance();
      const after = (await mind.refresh()).metrics;
      await autosave.save();
      const entries = await allOf(store, record.id);
      expect(countByPrompt(entries)).toEqual(asksBetween(before, after));
      const ns = entries.map((e) => e.n);
      expect(ns).toEqual(ns.map((_, i) => ns[0] + i));
    } finally {
      await mind.close();
      await store.close();
    }
  });
});
