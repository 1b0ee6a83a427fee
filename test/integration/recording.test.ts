// Recordings on both databases: every live session is recorded in chunks written off the step's
// path; the API lists them and serves frames and steps; a recording exports to a file and imports
// on another server (another database), where it replays the same; a broken file is refused whole.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exportRecording, importRecording } from "../../server/cli/recording.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { openStore } from "../../server/store/open.ts";
import { Recorder } from "../../server/store/recorder.ts";
import { RecordingStore } from "../../server/store/recordings.ts";
import { buildTown } from "../../server/townFactory.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { backends } from "../helpers/databases.ts";
import { startTestServer, waitFor } from "../helpers/server.ts";
import { sleep } from "../helpers/wait.ts";

const template = await loadTemplate("base-3");
const { list } = await backends("recording");
const tmp = mkdtempSync(path.join(tmpdir(), "simulacra-recording-files-"));
afterAll(async () => {
  for (const b of list) await b.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

type Info = {
  id: string;
  save: string;
  startedAt: string;
  steps: number;
  fromStep: number;
  toStep: number;
};

for (const backend of list) {
  describe(`recordings on ${backend.name}`, () => {
    it("buffers steps and writes them in chunks, not at every step", async () => {
      const store = await backend.open();
      try {
        const { town } = buildTown(template, {
          gateway: new OfflineGateway({ meter: false }),
          mode: "lockstep",
          seed: 5,
        });
        const record = await store.ensureTown("chunks", "base-3");
        const recorder = await Recorder.start(store, record.id, town, {
          flushSteps: 25,
          flushMs: 0,
          keyframeSteps: 10,
        });
        const chunks = () =>
          store.prisma.recordingChunk.count({ where: { recordingId: recorder.id } });
        for (let i = 0; i < 24; i++) {
          const events = await town.advance();
          // afterStep returns at once: the step never waits for the database.
          expect(recorder.afterStep(events)).toBeUndefined();
        }
        // Time on purpose: nothing may be written while the chunk is not full, not even later.
        await sleep(50);
        expect(await chunks()).toBe(0);
        recorder.afterStep(await town.advance());
        await recorder.flush();
        expect(await chunks()).toBe(1);
        for (let i = 0; i < 7; i++) recorder.afterStep(await town.advance());
        await recorder.close();
        expect(await chunks()).toBe(2);
        const rows = await store.prisma.recordingChunk.findMany({
          where: { recordingId: recorder.id },
          orderBy: { seq: "asc" },
        });
        expect(rows.map((r) => [r.fromStep, r.toStep])).toEqual([
          [1, 25],
          [26, 32],
        ]);
        const keyframes = await store.prisma.recordingKeyframe.findMany({
          where: { recordingId: recorder.id },
          orderBy: { step: "asc" },
          select: { step: true },
        });
        expect(keyframes.map((k) => k.step)).toEqual([0, 10, 20, 30]);
        expect(await new RecordingStore(store).get(recorder.id)).toMatchObject({
          save: "chunks",
          fromStep: 0,
          toStep: 32,
          steps: 32,
        });
      } finally {
        await store.close();
      }
    });

    it("records a live session: listed by the API, seekable, exported and imported on another server", async () => {
      const server = await startTestServer({
        ...backend.env,
        DATA_DIR: mkdtempSync(path.join(tmp, "srv-")),
        TOWN_NAME: `live-${backend.name}`,
        STEPS_PER_SECOND: "60",
        AUTOSAVE_STEPS: "20",
      });
      let info: Info;
      try {
        await waitFor("some steps", () => server.host.town.step >= 70, 20_000);
        const listed = (await (await fetch(`${server.url}/api/recordings`)).json()) as Info[];
        const mine = listed.find((r) => r.save === `live-${backend.name}`);
        expect(mine).toMatchObject({
          id: expect.any(String),
          startedAt: expect.any(String),
          steps: expect.any(Number),
        });
        // Flushed at least up to the last autosave.
        expect(mine!.toStep).toBeGreaterThanOrEqual(40);
        const one = await fetch(`${server.url}/api/recordings/${mine!.id}`);
        expect(await one.json()).toMatchObject({ id: mine!.id, save: `live-${backend.name}` });
        expect((await fetch(`${server.url}/api/recordings/nope`)).status).toBe(404);
        expect(
          (await fetch(`${server.url}/api/recordings/${mine!.id}/frame?step=abc`)).status,
        ).toBe(400);
        expect(
          (await fetch(`${server.url}/api/recordings/${mine!.id}/steps?from=5&to=5000`)).status,
        ).toBe(400);
        const frame = (await (
          await fetch(`${server.url}/api/recordings/${mine!.id}/frame?step=30`)
        ).json()) as { step: number; agents: unknown[] };
        expect(frame.step).toBe(30);
        expect(frame.agents).toHaveLength(3);
        const steps = (await (
          await fetch(`${server.url}/api/recordings/${mine!.id}/steps?from=1&to=30`)
        ).json()) as [number, number, unknown[]][];
        expect(steps.map((s) => s[0])).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
        // The replay page is the client's page.
        const page = await fetch(`${server.url}/replay/${mine!.id}`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="game"');
        info = mine!;
      } finally {
        await server.close();
      }
      // Shutdown flushed everything: the recording ends at the town's last step.
      const store = await openStore(
        backend.name === "postgres"
          ? { databaseUrl: backend.env.DATABASE_URL, dataDir: "unused" }
          : { dataDir: path.join(server.dataDir, "db") },
      );
      const file = path.join(tmp, `rec-${backend.name}.json`);
      let frames: unknown[];
      try {
        const rec = await new RecordingStore(store).get(info.id);
        expect(rec!.toStep).toBe(server.host.town.step);
        expect(await exportRecording(store, info.id, file)).toMatchObject({ steps: rec!.steps });
        await expect(exportRecording(store, "nope", file + ".x")).rejects.toThrow(
          /no recording "nope"/,
        );
        const recs = new RecordingStore(store);
        frames = await Promise.all([0, 17, 33, rec!.toStep].map((s) => recs.frame(info.id, s)));
      } finally {
        await store.close();
      }

      // Another server: a fresh embedded database.
      const other = await openStore({
        dataDir: path.join(mkdtempSync(path.join(tmp, "other-")), "db"),
      });
      try {
        const imported = await importRecording(other, file);
        expect(imported).toMatchObject({
          save: `live-${backend.name}`,
          steps: info.steps > 0 ? expect.any(Number) : 0,
        });
        const recs = new RecordingStore(other);
        const rec = await recs.get(imported.id);
        expect(
          await Promise.all([0, 17, 33, rec!.toStep].map((s) => recs.frame(imported.id, s))),
        ).toEqual(frames);

        // A broken file adds nothing and says what is wrong.
        const broken = path.join(tmp, "broken.json");
        writeFileSync(
          broken,
          JSON.stringify({
            format: "simulacra-recording",
            v: 1,
            save: "x",
            template: "base-3",
            startedAt: new Date().toISOString(),
            fromStep: 0,
            toStep: 5,
            keyframes: [],
            chunks: [],
          }),
        );
        await expect(importRecording(other, broken)).rejects.toThrow(
          /broken\.json: not a Simulacra recording: keyframes/,
        );
        writeFileSync(broken, "{ nope");
        await expect(importRecording(other, broken)).rejects.toThrow(/broken\.json: not JSON/);
        await expect(importRecording(other, path.join(tmp, "missing.json"))).rejects.toThrow(
          /cannot be read \(ENOENT\)/,
        );
        expect(await recs.list()).toHaveLength(1);
      } finally {
        await other.close();
      }
    });
  });
}
