// Replay determinism: a town recorded step by step and replayed from its recording shows, at
// every step, the residents exactly where they were and doing exactly what they did (and the
// people who walked in, and the objects' states). Seeking any step through the store agrees.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { applyEntry, frameAt } from "../../shared/replay/seek.ts";
import { frameOf, type ReplayFrame } from "../../shared/replay/frame.ts";
import { Recorder } from "../../server/store/recorder.ts";
import { RecordingStore } from "../../server/store/recordings.ts";
import { buildTown } from "../../server/townFactory.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { backends } from "../helpers/databases.ts";

const HISTORY = readFileSync(
  new URL("../fixtures/mind-history-base3.csv", import.meta.url),
  "utf8",
);
const template = await loadTemplate("base-3");
const { list } = await backends("replay");
afterAll(async () => {
  for (const b of list) await b.dispose();
});

for (const backend of list) {
  describe(`replay on ${backend.name}`, () => {
    it("replayed positions, actions, avatars and objects equal the recorded ones at every step", async () => {
      const store = await backend.open();
      try {
        const { town, mind } = buildTown(template, {
          gateway: new OfflineGateway({ meter: false }),
          mode: "lockstep",
          seed: 3,
        });
        await mind.seedHistory(HISTORY, town.time);
        for (let i = 0; i < 700; i++) await town.advance(); // into the morning: residents get up
        const record = await store.ensureTown(`replay-${backend.name}`, "base-3");
        const recorder = await Recorder.start(store, record.id, town, {
          flushSteps: 25,
          flushMs: 0,
          keyframeSteps: 40,
        });

        const truth = new Map<number, ReplayFrame>([[town.step, frameOf(town)]]);
        const from = town.step;
        const STEPS = 1500;
        for (let i = 1; i <= STEPS; i++) {
          // A person drops in for a while and walks around between steps.
          const apply = (cmd: Parameters<typeof town.apply>[0]) => {
            const r = town.apply(cmd);
            if (r.ok) recorder.record(r.events);
          };
          if (i === 100)
            apply({ kind: "joinAvatar", avatarId: "av1", name: "Dana", role: "visitor" });
          if (i === 101 || i === 160)
            apply({
              kind: "moveAvatar",
              avatarId: "av1",
              x: i === 101 ? 12 : 20,
              y: i === 101 ? 20 : 22,
            });
          if (i > 100 && i < 300) recorder.record(town.tickHumans(200));
          if (i === 300) apply({ kind: "leaveAvatar", avatarId: "av1" });
          recorder.afterStep(await town.advance());
          truth.set(town.step, frameOf(town));
        }
        await recorder.close();
        const moved = [...truth.values()].some((f) =>
          f.avatars.some((a) => a.x !== 12 || a.y !== 20),
        );
        expect(moved, "the avatar walked").toBe(true);
        expect(
          new Set([...truth.values()].flatMap((f) => f.agents.map((a) => a.action))).size,
        ).toBeGreaterThan(5);

        const recordings = new RecordingStore(store);
        const info = await recordings.get(recorder.id);
        expect(info).toMatchObject({
          save: `replay-${backend.name}`,
          template: "base-3",
          fromStep: from,
          toStep: from + STEPS,
          steps: STEPS,
        });

        // Played through from the first keyframe, step by step.
        const entries = await recordings.entries(recorder.id, from + 1, from + STEPS);
        expect(entries.map((e) => e.step)).toEqual(
          Array.from({ length: STEPS }, (_, i) => from + 1 + i),
        );
        const played = frameAt(truth.get(from)!, [], from);
        for (const entry of entries) {
          applyEntry(played, entry);
          expect(played, `step ${entry.step}`).toEqual(truth.get(entry.step));
        }
        // Seeking through the store (keyframe + events) from anywhere, in any order.
        for (const step of [
          from + STEPS,
          from,
          from + 1,
          from + 39,
          from + 40,
          from + 41,
          from + 777,
          from + 299,
          from + 300,
          from + 123,
        ]) {
          expect(await recordings.frame(recorder.id, step), `seek ${step}`).toEqual(
            truth.get(step),
          );
        }
        for (let step = from; step <= from + STEPS; step += 37)
          expect(await recordings.frame(recorder.id, step)).toEqual(truth.get(step));
      } finally {
        await store.close();
      }
    });
  });
}
