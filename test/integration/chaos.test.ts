// Chaos (issue 30): the server reaches PostgreSQL and Redis through TCP proxies the test cuts and
// restores, with 20 people connected. PostgreSQL is cut for 20 s, then Redis for 20 s (the Redis
// presence and driver on), then both: the town steps throughout, nobody is dropped, /api/health
// answers 503 while the store cannot write and 200 after, every step is in the recording
// afterwards, and the latest save after recovery restores exactly. The outages last as long as the
// issue asks (20 s each); nothing else waits longer than it must.
import { Client, type Room } from "@colyseus/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Health } from "../../shared/health.ts";
import type { TownState } from "../../shared/state.ts";
import { openStore } from "../../server/store/open.ts";
import { RecordingStore } from "../../server/store/recordings.ts";
import { adminQuery, PG_URL, pgUrlWithSchema } from "../helpers/databases.ts";
import { leaveAll, startTestServer } from "../helpers/server.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcpProxy.ts";
import { REDIS_URL } from "../helpers/testRedis.ts";
import { sleep, waitFor } from "../helpers/wait.ts";

const PEOPLE = 20;
/** How long each outage lasts: the 20 s (the test measures time on purpose). */
const OUTAGE_MS = 20_000;
const schema = `chaos_${process.pid}_${Date.now().toString(36)}`;
const prefix = `simulacra-chaos-${process.pid}:`;

let pg: TcpProxy;
let redis: TcpProxy;
let server: Awaited<ReturnType<typeof startTestServer>>;
const rooms: Room<any, TownState>[] = [];
const dropped: string[] = [];
/** The server's log lines (messages). */
const logged: string[] = [];
const log = pino(
  { level: "info" },
  { write: (line: string) => void logged.push(String(JSON.parse(line).msg)) },
);

function proxiedUrl(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
}

async function health(): Promise<{ status: number; body: Health }> {
  const res = await fetch(`${server.url}/api/health`);
  return { status: res.status, body: Health.parse(await res.json()) };
}

beforeAll(async () => {
  const pgTarget = new URL(PG_URL);
  const redisTarget = new URL(REDIS_URL);
  pg = await startTcpProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
  redis = await startTcpProxy({
    host: redisTarget.hostname,
    port: Number(redisTarget.port || 6379),
  });
  server = await startTestServer(
    {
      DATABASE_URL: proxiedUrl(pgUrlWithSchema(schema), pg.port),
      REDIS_URL: proxiedUrl(REDIS_URL, redis.port),
      REDIS_PREFIX: prefix,
      STEPS_PER_SECOND: "5",
      AUTOSAVE_STEPS: "10",
    },
    log,
  );
  for (let i = 0; i < PEOPLE; i++) {
    const room = await new Client(server.url).joinOrCreate<TownState>("town", {
      name: `Person ${i + 1}`,
    });
    room.onLeave((code: number) => dropped.push(`Person ${i + 1}: ${code}`));
    room.onDrop((code: number) => dropped.push(`Person ${i + 1} (drop): ${code}`));
    rooms.push(room);
  }
}, 90_000);

afterAll(async () => {
  await leaveAll(rooms);
  await server?.cleanup();
  await pg?.close();
  await redis?.close();
  await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
});

/** Cuts the proxies for OUTAGE_MS, checking meanwhile that the town steps and what health says. */
async function outage(cut: TcpProxy[], storeDown: boolean): Promise<void> {
  const before = server.host.town.step;
  for (const p of cut) p.cut();
  if (storeDown)
    await waitFor("health 503", async () => (await health()).status === 503, 10_000, 200);
  else if (cut.includes(redis))
    await waitFor(
      "Redis down in health",
      async () => (await health()).body.dependencies.redis.state === "down",
      10_000,
      200,
    );
  const h = await health();
  if (storeDown) {
    expect(h.body).toMatchObject({ ok: false, dependencies: { database: { state: "down" } } });
  } else expect(h.status).toBe(200);
  // The outage lasts OUTAGE_MS: time on purpose (the issue asks for 20 s cuts).
  await sleep(OUTAGE_MS);
  // The town stepped throughout (5 steps a second; a few may be skipped on a busy machine).
  expect(server.host.town.step - before).toBeGreaterThan(OUTAGE_MS / 1000);
  for (const p of cut) p.restore();
  await waitFor(
    "health 200 with everything up",
    async () => {
      const now = await health();
      return (
        now.status === 200 &&
        now.body.dependencies.database.state === "up" &&
        now.body.dependencies.redis.state === "up" &&
        now.body.waiting.recordingSteps < 40
      );
    },
    20_000,
    200,
  );
  expect(dropped).toEqual([]);
}

it("the town steps through database and Redis outages, nobody is dropped, and nothing is lost", async () => {
  expect((await health()).body).toMatchObject({ ok: true, db: "postgres", presence: "redis" });
  // From a step the town has taken since the people came (on a quiet machine the test may begin
  // before the first step).
  await waitFor("the town's first step", () => server.host.town.step > 0, 10_000);
  const firstStep = server.host.town.step;
  await outage([pg], true);
  await outage([redis], false);
  await outage([pg, redis], true);
  expect(rooms.every((r) => r.connection.isOpen)).toBe(true);
  // One line when a dependency goes down and one when it is back, per outage; none per attempt.
  const count = (re: RegExp) => logged.filter((m) => re.test(m)).length;
  expect(count(/^database is down/)).toBe(2);
  expect(count(/^database is back after [\d.]+ s \(retried: .*save/)).toBe(2);
  expect(count(/^redis is down/)).toBe(2);
  expect(count(/^redis is back after/)).toBe(2);
  expect(count(/failed/) - count(/is down \(/)).toBe(0);

  // Every step since the people came is in the recording (flushed after recovery).
  const host = server.host;
  const recordingId = server.towns.hostedHere[0].recordingId;
  const store = await openStore({ databaseUrl: pgUrlWithSchema(schema), dataDir: "unused" });
  try {
    const last = host.town.step - 1;
    await waitFor(
      "the recording to catch up",
      async () => (await new RecordingStore(store).entries(recordingId, last, last)).length === 1,
      15_000,
      200,
    );
    const steps = (await new RecordingStore(store).entries(recordingId, firstStep, last)).map(
      (e) => e.step,
    );
    expect(steps).toEqual(Array.from({ length: last - firstStep + 1 }, (_, i) => firstStep + i));
  } finally {
    await store.close();
  }

  // The latest save after recovery restores exactly: closing saves; a new server resumes it.
  await leaveAll(rooms);
  await server.close();
  const step = host.town.step;
  const agents = host.town.agentViews();
  const again = await startTestServer({
    DATABASE_URL: pgUrlWithSchema(schema),
    STEPS_PER_SECOND: "0.1",
  });
  try {
    expect(again.host.town.step).toBe(step);
    expect(again.host.town.agentViews()).toEqual(agents);
  } finally {
    await again.cleanup();
  }
}, 240_000);
