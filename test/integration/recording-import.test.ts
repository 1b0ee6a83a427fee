// Importing a recording file checks every event with the schemas the recorder writes (the codec's),
// refuses a broken file naming the place in it, and writes nothing of it: no half-imported
// recording, no raw database error.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../server/store/open.ts";
import type { PrismaStore } from "../../server/store/prismaStore.ts";
import { RecordingStore, type RecordingFile } from "../../server/store/recordings.ts";

let tmp: string;
let store: PrismaStore;
let recordings: RecordingStore;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "simulacra-import-"));
  store = await openStore({ dataDir: path.join(tmp, "db") });
  recordings = new RecordingStore(store);
}, 120_000);
afterAll(async () => {
  await store?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A small recording as the recorder writes it: a resident walks, a person speaks and leaves. */
function file(): RecordingFile {
  return {
    format: "simulacra-recording",
    v: 1,
    save: "base-3",
    template: "base-3",
    startedAt: new Date(0).toISOString(),
    fromStep: 0,
    toStep: 3,
    keyframes: [
      {
        step: 0,
        time: 0,
        agents: [
          {
            id: "ines",
            name: "Ines Calloway",
            x: 3,
            y: 4,
            action: "sleeping",
            emoji: "😴",
            address: "Willowbrook:home",
            talkingTo: "",
            sprite: 0,
            facing: "down",
          },
        ],
        avatars: [],
        objects: [],
      },
    ],
    chunks: [
      {
        seq: 0,
        fromStep: 1,
        toStep: 2,
        events: [
          [
            1,
            10_000,
            [
              ["m", "ines", 4, 4],
              ["j", "av1", "Mia", "visitor", 5, 5, 2],
            ],
          ],
          [
            2,
            20_000,
            [
              { kind: "avatarSaid", avatarId: "av1", name: "Mia", agentId: "ines", text: "hello" },
              ["s", "ines", "av1", "Hello, Mia."],
            ],
          ],
        ],
      },
      {
        seq: 1,
        fromStep: 3,
        toStep: 3,
        events: [
          [3, 30_000, [["l", "av1"], { kind: "moderated", by: "Mod", action: "speed", value: 2 }]],
        ],
      },
    ],
  };
}

const count = async () => (await recordings.list()).length;

describe("recording import", () => {
  it("imports a well-formed file", async () => {
    const before = await count();
    const info = await recordings.import(file());
    expect(info.steps).toBe(3);
    expect(await count()).toBe(before + 1);
    expect((await recordings.entries(info.id, 1, 3)).map((e) => e.step)).toEqual([1, 2, 3]);
  });

  const broken: [string, (f: RecordingFile) => void, RegExp][] = [
    [
      'an object event with x: "NaN"',
      (f) =>
        f.chunks[0].events.push([
          2,
          20_000,
          [{ kind: "agentMoved", agentId: "ines", x: "NaN", y: 1 }],
        ]),
      /chunks\[0\]\.events\[2\] \(step 2\): event 0: not a recorded event \(kind "agentMoved"\)/,
    ],
    [
      "a tuple with a coordinate that is a string",
      (f) => ((f.chunks[0].events[0] as unknown[])[2] = [["m", "ines", "NaN", 4]]),
      /chunks\[0\]\.events\[0\] \(step 1\): event 0: field 2: .*number/,
    ],
    ["a duplicate seq", (f) => (f.chunks[1].seq = 0), /chunks\[1\]: seq 0 appears twice/],
    [
      "an unknown event kind",
      (f) => ((f.chunks[1].events[0] as unknown[])[2] = [{ kind: "teleported", who: "ines" }]),
      /chunks\[1\]\.events\[0\] \(step 3\): event 0: not a recorded event \(kind "teleported"\)/,
    ],
    [
      "a step outside its chunk",
      (f) => ((f.chunks[1].events[0] as unknown[])[0] = 9),
      /chunks\[1\]\.events\[0\]: step 9 is outside its chunk/,
    ],
    [
      "a speed that is not a number",
      (f) =>
        ((f.chunks[1].events[0] as unknown[])[2] = [
          { kind: "moderated", by: "Mod", action: "speed", value: "fast" },
        ]),
      /event 0: field value/,
    ],
    [
      "a step that is not [step, time, events]",
      (f) => (f.chunks[0].events[1] = { step: 2 } as never),
      /chunks\[0\]\.events\[1\]: not a recorded step/,
    ],
    [
      "a duplicate keyframe",
      (f) => f.keyframes.push({ ...f.keyframes[0] }),
      /keyframes\[1\]: step 0 appears twice/,
    ],
  ];
  it.each(broken)(
    "refuses %s, naming the place, and writes nothing",
    async (_what, breakIt, message) => {
      const f = file();
      breakIt(f);
      const before = await count();
      await expect(recordings.import(JSON.parse(JSON.stringify(f)))).rejects.toThrow(message);
      expect(await count()).toBe(before);
    },
  );
});
