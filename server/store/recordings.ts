// The recordings' tables over Prisma: create a recording, append chunks and keyframes, list them,
// rebuild the frame of any step, read a span of steps, and export/import a whole recording.
import { z } from "zod";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import type { RawSql } from "./rawSql.ts";
import { decodeEntry, entryProblem, type StepEntry } from "../../shared/replay/codec.ts";
import type { RecordingInfo } from "../../shared/api.ts";
import type { ReplayFrame } from "../../shared/replay/frame.ts";
import { frameAt } from "../../shared/replay/seek.ts";
import { Facing } from "../../shared/view.ts";
import { TraceEntry } from "../../shared/trace.ts";
import { recordingTrace } from "./traceRows.ts";

export type { RecordingInfo };

export interface NewChunk {
  seq: number;
  fromStep: number;
  toStep: number;
  /** The entries as one JSON array text (the recorder makes it once, counting its bytes). */
  events: string;
  bytes: number;
  keyframes: ReplayFrame[];
}

const MAX_STEP = 2_147_483_647;

/** A keyframe as stored: validated when read back, so a broken row gives an error, not a crash. */
const Frame = z.object({
  step: z.number().int(),
  time: z.number(),
  agents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      x: z.number().int(),
      y: z.number().int(),
      action: z.string(),
      emoji: z.string(),
      address: z.string(),
      talkingTo: z.string(),
      sprite: z.number().int(),
      facing: Facing.catch("down").default("down"),
    }),
  ),
  avatars: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.string(),
      x: z.number().int(),
      y: z.number().int(),
      sprite: z.number().int(),
    }),
  ),
  objects: z.array(z.object({ address: z.string(), state: z.string(), by: z.string() })),
});

/** The file a recording exports to (`npm run recording -- export`). */
export const RecordingFile = z.object({
  format: z.literal("simulacra-recording"),
  v: z.literal(1),
  save: z.string().min(1).max(200),
  template: z.string().regex(/^[\w.-]+$/, "a town template name"),
  startedAt: z.string().datetime(),
  fromStep: z.number().int().nonnegative().max(MAX_STEP),
  toStep: z.number().int().nonnegative().max(MAX_STEP),
  keyframes: z.array(Frame).min(1),
  chunks: z.array(
    z.object({
      seq: z.number().int().nonnegative(),
      fromStep: z.number().int(),
      toStep: z.number().int(),
      events: z.array(z.unknown()),
    }),
  ),
  /** The residents' asks of their minds over its steps (the Mind tab of the replay); optional:
   *  files from before the trace, and towns that kept none, have none. */
  trace: z.array(TraceEntry).optional(),
});
export type RecordingFile = z.infer<typeof RecordingFile>;

type Row = {
  id: string;
  save: string;
  template: string;
  startedAt: Date;
  fromStep: number;
  toStep: number;
  bytes: number;
};
const info = (r: Row): RecordingInfo => ({
  id: r.id,
  save: r.save,
  template: r.template,
  startedAt: r.startedAt.toISOString(),
  steps: r.toStep - r.fromStep,
  fromStep: r.fromStep,
  toStep: r.toStep,
  bytes: r.bytes,
});
const select = {
  id: true,
  save: true,
  template: true,
  startedAt: true,
  fromStep: true,
  toStep: true,
  bytes: true,
} as const;

export class RecordingStore {
  private readonly prisma: PrismaClient;
  private readonly raw: RawSql;

  /** Over a store's Prisma client, and its driver for the chunks' writes. */
  constructor(store: { prisma: PrismaClient; raw: RawSql }) {
    this.prisma = store.prisma;
    this.raw = store.raw;
  }

  /** Starts a recording at `first.step` with that frame as its first keyframe. */
  async create(opts: {
    townId: string | null;
    save: string;
    template: string;
    first: ReplayFrame;
  }): Promise<string> {
    const row = await this.prisma.recording.create({
      data: {
        townId: opts.townId,
        save: opts.save,
        template: opts.template,
        fromStep: opts.first.step,
        toStep: opts.first.step,
        keyframes: {
          create: { step: opts.first.step, frame: opts.first as unknown as Prisma.InputJsonValue },
        },
      },
      select: { id: true },
    });
    return row.id;
  }

  /**
   * Appends a chunk (and the keyframes taken in it) and moves the recording's end, all or nothing:
   * one statement on the driver, the events and keyframes each as one JSON text. (Through Prisma,
   * its walk over every value of the events was a third of the room's longest stalls at 200
   * clients: bench/loadtest/RESULTS.md.)
   */
  async append(id: string, chunk: NewChunk): Promise<void> {
    await this.raw.query(
      `WITH c AS (
         INSERT INTO "RecordingChunk" ("recordingId", seq, "fromStep", "toStep", events) VALUES ($1, $2, $3, $4, $5::json)
         RETURNING 1
       ), k AS (
         INSERT INTO "RecordingKeyframe" ("recordingId", step, frame)
         SELECT $1, (f->>'step')::int, f FROM json_array_elements($6::json) AS f
         ON CONFLICT ("recordingId", step) DO UPDATE SET frame = EXCLUDED.frame
         RETURNING 1
       )
       UPDATE "Recording" SET "toStep" = $4, bytes = bytes + $7, "updatedAt" = $8::timestamp
       WHERE id = $1`,
      // (Each part of a data-modifying WITH runs whether or not it is read.) updatedAt as Prisma
      // writes it: UTC, in a column without a time zone.
      [
        id,
        chunk.seq,
        chunk.fromStep,
        chunk.toStep,
        chunk.events,
        JSON.stringify(chunk.keyframes),
        chunk.bytes,
        new Date().toISOString(),
      ],
    );
  }

  /** Newest first. */
  async list(): Promise<RecordingInfo[]> {
    return (
      await this.prisma.recording.findMany({
        orderBy: [{ startedAt: "desc" }, { id: "desc" }],
        select,
      })
    ).map(info);
  }

  async get(id: string): Promise<RecordingInfo | null> {
    const row = await this.prisma.recording.findUnique({ where: { id }, select });
    return row ? { ...info(row), gaps: await this.gaps(id, row.fromStep) } : null;
  }

  /**
   * The steps a recording lacks: between two chunks that do not follow each other (the recorder
   * dropped the steps between at its memory bound). Each gap ends at a keyframe (Recorder).
   */
  async gaps(id: string, fromStep: number): Promise<{ from: number; to: number }[]> {
    const chunks = await this.prisma.recordingChunk.findMany({
      where: { recordingId: id },
      orderBy: { seq: "asc" },
      select: { fromStep: true, toStep: true },
    });
    const out: { from: number; to: number }[] = [];
    let end = fromStep;
    for (const c of chunks) {
      if (c.fromStep > end + 1) out.push({ from: end + 1, to: c.fromStep - 1 });
      end = Math.max(end, c.toStep);
    }
    return out;
  }

  /** The frame after `step` (clamped to the recorded span); null when there is no such recording. */
  async frame(id: string, step: number): Promise<ReplayFrame | null> {
    const rec = await this.get(id);
    if (!rec) return null;
    const target = Math.max(rec.fromStep, Math.min(rec.toStep, Math.floor(step)));
    const key = await this.prisma.recordingKeyframe.findFirst({
      where: { recordingId: id, step: { lte: target } },
      orderBy: { step: "desc" },
      select: { frame: true },
    });
    if (!key) throw new Error(`recording ${id} has no keyframe at or before step ${target}`);
    const keyframe = Frame.parse(key.frame);
    return frameAt(keyframe, await this.entries(id, keyframe.step + 1, target), target);
  }

  /** The recorded steps from..to (inclusive), in order. */
  async entries(id: string, from: number, to: number): Promise<StepEntry[]> {
    if (to < from) return [];
    const chunks = await this.prisma.recordingChunk.findMany({
      where: { recordingId: id, toStep: { gte: from }, fromStep: { lte: to } },
      orderBy: { seq: "asc" },
      select: { events: true },
    });
    const out: StepEntry[] = [];
    for (const c of chunks) {
      for (const raw of c.events as unknown[]) {
        const step: unknown = Array.isArray(raw) ? raw[0] : NaN;
        if (typeof step !== "number" || step < from || step > to) continue;
        out.push(decodeEntry(raw));
      }
    }
    return out;
  }

  async export(id: string): Promise<RecordingFile | null> {
    const rec = await this.prisma.recording.findUnique({ where: { id }, select });
    if (!rec) return null;
    const full = await this.prisma.recording.findUnique({
      where: { id },
      select: { townId: true },
    });
    const trace = await recordingTrace(
      this.raw,
      id,
      full?.townId ?? null,
      rec.fromStep,
      rec.toStep,
    );
    const [keyframes, chunks] = await Promise.all([
      this.prisma.recordingKeyframe.findMany({
        where: { recordingId: id },
        orderBy: { step: "asc" },
        select: { frame: true },
      }),
      this.prisma.recordingChunk.findMany({
        where: { recordingId: id },
        orderBy: { seq: "asc" },
        select: { seq: true, fromStep: true, toStep: true, events: true },
      }),
    ]);
    return {
      format: "simulacra-recording",
      v: 1,
      save: rec.save,
      template: rec.template,
      startedAt: rec.startedAt.toISOString(),
      fromStep: rec.fromStep,
      toStep: rec.toStep,
      keyframes: keyframes.map((k) => Frame.parse(k.frame)),
      chunks: chunks.map((c) => ({
        seq: c.seq,
        fromStep: c.fromStep,
        toStep: c.toStep,
        events: c.events as unknown[],
      })),
      ...(trace.length ? { trace } : {}),
    };
  }

  /** Imports an exported recording as a new one (not tied to any town here). Throws on a broken file. */
  async import(data: unknown): Promise<RecordingInfo> {
    const parsed = RecordingFile.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `not a Simulacra recording: ${issue.path.join(".") || "file"}: ${issue.message}`,
      );
    }
    const file = parsed.data;
    if (file.toStep < file.fromStep)
      throw new Error("not a Simulacra recording: toStep is before fromStep");
    if (!file.keyframes.some((k) => k.step === file.fromStep))
      throw new Error(`not a Simulacra recording: no keyframe at its first step ${file.fromStep}`);
    // Every step is checked with the schemas the recorder writes, before anything is written;
    // a refusal names the place in the file.
    let bytes = 0;
    const seqs = new Set<number>();
    for (const [ci, c] of file.chunks.entries()) {
      if (seqs.has(c.seq))
        throw new Error(`not a Simulacra recording: chunks[${ci}]: seq ${c.seq} appears twice`);
      seqs.add(c.seq);
      if (c.toStep < c.fromStep)
        throw new Error(`not a Simulacra recording: chunks[${ci}]: toStep is before fromStep`);
      for (const [ei, e] of c.events.entries()) {
        const problem = entryProblem(e);
        const step = Array.isArray(e) && Number.isInteger(e[0]) ? ` (step ${e[0]})` : "";
        if (problem)
          throw new Error(
            `not a Simulacra recording: chunks[${ci}].events[${ei}]${step}: ${problem}`,
          );
        const s = (e as unknown[])[0] as number;
        if (s < c.fromStep || s > c.toStep)
          throw new Error(
            `not a Simulacra recording: chunks[${ci}].events[${ei}]: step ${s} is outside its chunk (${c.fromStep}..${c.toStep})`,
          );
      }
      bytes += Buffer.byteLength(JSON.stringify(c.events));
    }
    const steps = new Set<number>();
    for (const [ki, k] of file.keyframes.entries()) {
      if (steps.has(k.step))
        throw new Error(
          `not a Simulacra recording: keyframes[${ki}]: step ${k.step} appears twice`,
        );
      steps.add(k.step);
    }
    const row = await this.prisma.$transaction(async (tx) => {
      const r = await tx.recording.create({
        data: {
          townId: null,
          save: file.save,
          template: file.template,
          startedAt: new Date(file.startedAt),
          fromStep: file.fromStep,
          toStep: file.toStep,
          bytes,
        },
        select,
      });
      await tx.recordingKeyframe.createMany({
        data: file.keyframes.map((k) => ({ recordingId: r.id, step: k.step, frame: k })),
      });
      if (file.chunks.length) {
        await tx.recordingChunk.createMany({
          data: file.chunks.map((c) => ({
            recordingId: r.id,
            seq: c.seq,
            fromStep: c.fromStep,
            toStep: c.toStep,
            events: c.events as Prisma.InputJsonValue,
          })),
        });
      }
      if (file.trace?.length)
        await tx.mindTrace.createMany({
          data: file.trace.map((e, i) => ({
            id: `${r.id}:${i}`,
            recordingId: r.id,
            seq: i,
            agentId: e.agentId,
            time: e.time,
            n: e.n,
            step: e.step,
            prompt: e.prompt,
            entry: e as Prisma.InputJsonValue,
          })),
        });
      return r;
    });
    return info(row);
  }
}
