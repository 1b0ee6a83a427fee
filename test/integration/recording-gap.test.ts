// A recording over a database outage that outlasts its memory bound (issue 30): the recorder drops
// its oldest waiting steps (a gap) up to a keyframe; the recording says where the gap is (the API's
// `gaps`), a seek on either side of it gives the town as it was, and the browser's player plays
// across it, says so, and shows the state after it. PostgreSQL is reached through a TCP proxy the
// test cuts; the bound is a few kilobytes (RECORDING_BUFFER_BYTES is 64 MiB by default).
import { afterAll, beforeAll, expect, it } from "vitest";
import { Player, type Gap } from "../../client/replay/player.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { openStore } from "../../server/store/open.ts";
import type { PrismaStore } from "../../server/store/prismaStore.ts";
import { Recorder } from "../../server/store/recorder.ts";
import { RecordingStore } from "../../server/store/recordings.ts";
import { buildTown } from "../../server/townFactory.ts";
import type { Command } from "../../server/world/commands.ts";
import { frameOf, type ReplayFrame } from "../../shared/replay/frame.ts";
import { adminQuery, PG_URL, pgUrlWithSchema } from "../helpers/databases.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcpProxy.ts";
import { waitFor } from "../helpers/wait.ts";

const schema = `gap_${process.pid}_${Date.now().toString(36)}`;
/** The memory bound of the test: a few dozen steps of base-3 before dawn. */
const BOUND = 1_000;
let pg: TcpProxy;
let store: PrismaStore;
let server: TestServer | undefined;

beforeAll(async () => {
  const target = new URL(PG_URL);
  pg = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(pgUrlWithSchema(schema));
  url.hostname = "127.0.0.1";
  url.port = String(pg.port);
  store = await openStore({ databaseUrl: url.toString(), dataDir: "unused" });
}, 60_000);

afterAll(async () => {
  await server?.cleanup();
  await store?.close();
  await pg?.close();
  await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
});

/** JSON's view of a frame (as the API sends it). */
const plain = (f: ReplayFrame) => JSON.parse(JSON.stringify(f)) as ReplayFrame;

it("a gap left by the memory bound is reported, and the replay seeks and plays across it to the right state", async () => {
  const { town } = buildTown(await loadTemplate("base-3"), {
    gateway: new OfflineGateway({ meter: false }),
    mode: "lockstep",
    seed: 4,
  });
  const recorder = await Recorder.start(store, null, town, {
    flushSteps: 10,
    flushMs: 0,
    keyframeSteps: 25,
    maxBufferedBytes: BOUND,
  });
  const truth = new Map<number, ReplayFrame>([[town.step, plain(frameOf(town))]]);
  const apply = (cmd: Command) => {
    const r = town.apply(cmd);
    expect(r.ok).toBe(true);
    if (r.ok) recorder.record(r.events);
  };
  const step = async () => {
    recorder.afterStep(await town.advance());
    truth.set(town.step, plain(frameOf(town)));
  };
  apply({ kind: "joinAvatar", avatarId: "dana", name: "Dana", role: "visitor" });
  for (let i = 0; i < 30; i++) await step();
  await recorder.flush();
  expect(recorder.bufferedSteps).toBe(0);

  // The database goes away for longer than the bound lasts; meanwhile Dana walks off and a
  // moderator sets an object's state: both only in the steps that will be dropped.
  pg.cut();
  const object = town.map.addresses().find((a) => a.split(":").length === 4)!;
  apply({ kind: "setObjectState", address: object, state: "out of order", by: "Mo" });
  const dana = town.avatarViews().find((a) => a.id === "dana")!;
  const far = [-4, -3, 3, 4]
    .flatMap((dx) => [0, 1, -1].map((dy) => ({ x: dana.x + dx, y: dana.y + dy })))
    .find((t) => town.map.isWalkable(t.x, t.y))!;
  apply({ kind: "moveAvatar", avatarId: "dana", ...far });
  recorder.record(town.tickHumans(5_000));
  for (let i = 0; i < 400 && !recorder.droppedSteps; i++) await step();
  const dropped = recorder.droppedSteps;
  expect(dropped, "the bound was reached").not.toBeNull();
  for (let i = 0; i < 10; i++) await step();
  pg.restore();
  for (let i = 0; i < 30; i++) await step();
  await waitFor(
    "the recording written after the outage",
    async () => {
      await recorder.flush();
      return recorder.bufferedSteps === 0;
    },
    20_000,
  );
  await recorder.close();

  // The recording says what it lacks: the dropped steps, up to the keyframe the gap ends at.
  const recordings = new RecordingStore(store);
  const info = (await recordings.get(recorder.id))!;
  expect(info.toStep).toBe(town.step);
  expect(info.gaps).toHaveLength(1);
  const gap = info.gaps![0];
  expect(gap.from).toBe(dropped!.from);
  expect(gap.to).toBeGreaterThanOrEqual(dropped!.to);
  // Either side of the gap, a seek gives the town exactly as it was.
  for (const s of [gap.from - 1, gap.to, gap.to + 1, gap.to + 7, info.toStep])
    expect(await recordings.frame(recorder.id, s), `step ${s}`).toEqual(truth.get(s));
  const after = truth.get(gap.to)!;
  expect(after.avatars.find((a) => a.id === "dana")).toMatchObject(far);
  expect(after.objects).toContainEqual({ address: object, state: "out of order", by: "Mo" });

  // The player in the browser, on a server over the same database: played from before the gap,
  // it says there is one, goes on after it, and shows what the recording shows.
  server = await startTestServer({ DATABASE_URL: pgUrlWithSchema(schema) });
  const loaded = await Player.load(recorder.id, server.url);
  expect(loaded.gaps).toEqual(info.gaps);
  const gaps: Gap[] = [];
  const errors: string[] = [];
  const seen = new Map<number, ReplayFrame>();
  const player = new Player(
    loaded,
    {
      onFrame: (f) => seen.set(f.step, plain(f)),
      onError: (m) => errors.push(m),
      onGap: (g) => gaps.push(g),
    },
    server.url,
  );
  await player.seek(gap.from - 5);
  player.speed = 8;
  player.play();
  await waitFor(
    "the replay past the gap",
    () => {
      player.tick(250);
      return player.step > gap.to + 10;
    },
    20_000,
  );
  expect(errors).toEqual([]);
  expect(gaps).toEqual([gap]);
  // It never showed a step inside the gap, and what it showed after it is the town as it was.
  expect([...seen.keys()].filter((s) => s >= gap.from && s < gap.to)).toEqual([]);
  for (const [s, f] of seen) if (s >= gap.to) expect(f, `step ${s}`).toEqual(truth.get(s));
  expect(seen.get(gap.to)).toEqual(after);
}, 120_000);
