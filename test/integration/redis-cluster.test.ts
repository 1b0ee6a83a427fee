// Several server processes on one Redis (the real one at 127.0.0.1:6379, or TEST_REDIS_URL):
// a client matchmaking through one process plays in the town hosted by the other, next to a
// client of that other process; the town has exactly one room; /api/ops reports it; and the
// LLM answers one process paid for are cache hits in another.
//
// Each run uses a key prefix of its own and deletes only its own keys afterwards. When Redis is
// unreachable the tests are skipped with a message; with CI=true they fail instead. The processes
// share a PostgreSQL schema of their own (dropped afterwards) when PostgreSQL answers, which
// boots much faster than an embedded database per process.
import { Client, type Room } from "@colyseus/sdk";
import { PrismaPg } from "@prisma/adapter-pg";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avatarAt, type TownState } from "../../shared/state.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { FakeOpenAI } from "../helpers/fakeOpenAI.ts";
import { leaveAll, startTestServer, waitFor } from "../helpers/server.ts";
import { spawnServer, type ServerProcess } from "../helpers/serverProcess.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const IN_CI = process.env.CI === "true";
const PREFIX = `simulacra-test:${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const SCHEMA = `redis_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

async function pgQuery(sql: string): Promise<void> {
  await pgRows(sql);
}

async function pgRows<R>(sql: string, params: unknown[] = []): Promise<R[]> {
  const adapter = await new PrismaPg({
    connectionString: PG_URL,
    connectionTimeoutMillis: 3_000,
  }).connect();
  try {
    return (await adapter.underlyingDriver().query(sql, params)).rows as R[];
  } finally {
    await adapter.dispose();
  }
}
const usePostgres = await pgQuery("SELECT 1").then(
  () => true,
  () => false,
);

async function probeRedis(): Promise<string | null> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  r.on("error", () => {});
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    r.disconnect();
  }
}

const redisProblem = await probeRedis();
const skip = redisProblem !== null && !IN_CI;
if (skip)
  console.warn(
    `\n[redis-cluster.test] SKIPPING: Redis at ${REDIS_URL} is unreachable (${redisProblem}). With CI=true this fails.\n`,
  );

type Proc = ServerProcess;
const procs: Proc[] = [];
let model: FakeOpenAI | undefined;
/** The process hosting town base-3 and the one standing by (the first test starts them). */
let hosting: Proc | undefined;
let standby: Proc | undefined;
/** Every process asks the same fake model (answers: the smallest JSON its schema allows). */
let llm: Record<string, string> = {};
const rooms: Room<any, TownState>[] = [];

/** The real server in a child process, on a port of its own, sharing Redis. */
async function startProcess(env: Record<string, string>): Promise<Proc> {
  const db: Record<string, string> = usePostgres
    ? { DATABASE_URL: `${PG_URL}?schema=${SCHEMA}` }
    : {};
  const proc = await spawnServer({
    TOWN_LEASE_SECONDS: "3",
    AUTOSAVE_STEPS: "10",
    HOST: "127.0.0.1",
    STEPS_PER_SECOND: "10",
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    ...llm,
    ...db,
    ...env,
  });
  procs.push(proc);
  // Started once it says where it runs, with its whole summary (presence is its last line).
  await waitFor(
    "the server to start",
    () => {
      if (proc.child.exitCode !== null) throw new Error(`the server exited:\n${proc.output()}`);
      return proc.output().includes("presence:");
    },
    30_000,
  );
  return proc;
}

async function stopProcess(p: Proc): Promise<void> {
  await p.stop();
}

const json = async (url: string) => (await fetch(url)).json();

async function join(url: string, name: string): Promise<Room<any, TownState>> {
  const room = await new Client(url).joinOrCreate<TownState>("town", { name });
  rooms.push(room);
  await waitFor(`${name}'s state`, () => room.state?.agents?.size > 0);
  return room;
}

afterAll(async () => {
  await leaveAll(rooms);
  await Promise.all(procs.map(stopProcess));
  await model?.close();
  if (usePostgres) await pgQuery(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).catch(() => {});
  if (redisProblem) return;
  // Only this run's keys.
  const r = new Redis(REDIS_URL);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await r.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await r.del(...keys);
    } while (cursor !== "0");
  } finally {
    r.disconnect();
  }
});

describe.skipIf(skip)("several processes on one Redis", () => {
  beforeAll(async () => {
    if (redisProblem)
      throw new Error(`Redis at ${REDIS_URL} is unreachable (${redisProblem}); CI=true needs it`);
    model = await new FakeOpenAI().start();
    llm = { LLM_BASE_URL: model.url, LLM_MODEL: "fake-small", LLM_API_KEY: "test", SEED: "7" };
  });

  it("a client joining through process B plays in the town hosted by process A", async () => {
    // Both start at once: whichever claims the town first hosts it (A), the other (B) does not.
    const [p, q] = await Promise.all([startProcess({}), startProcess({})]);
    const hostId = (await json(`${p.url}/api/ops`)).clients.rooms[0]?.processId;
    const [a, b] = hostId === (await json(`${p.url}/api/ops`)).process.id ? [p, q] : [q, p];
    hosting = a;
    standby = b;
    expect(a.output()).toMatch(
      /presence: redis \(127\.0\.0\.1:6379, prefix .*, this process at 127\.0\.0\.1:\d+, hosts town base-3\)/,
    );
    expect(b.output()).toMatch(/presence: redis .*town base-3 hosted by another process/);
    for (const p of [a, b])
      expect(await json(`${p.url}/api/health`)).toMatchObject({ ok: true, presence: "redis" });

    const ann = await join(a.url, "Ann"); // through A
    const bob = await join(b.url, "Bob"); // through B, into A's room
    expect(bob.roomId).toBe(ann.roomId);
    const opsA = await json(`${a.url}/api/ops`);
    const opsB = await json(`${b.url}/api/ops`);
    // One room for the town, on A, whichever process is asked.
    expect(opsA.clients.rooms).toHaveLength(1);
    expect(opsB.clients.rooms).toEqual(opsA.clients.rooms);
    expect(opsA.clients.rooms[0]).toMatchObject({
      processId: opsA.process.id,
      clients: 2,
      publicAddress: new URL(a.url).host,
    });
    expect(opsB.process.id).not.toBe(opsA.process.id);
    // Both websockets are on A: B only reserved Bob's seat.
    expect(opsA.clients.here).toBe(2);
    expect(opsB.clients.here).toBe(0);

    // Bob sees Ann's avatar, sees her walk, and sees residents move.
    await waitFor("Bob sees Ann", () => bob.state.avatars.get(ann.sessionId));
    const start = avatarAt(bob.state.avatars.get(ann.sessionId))!;
    const target = await nearbyWalkable(start.x, start.y);
    ann.send("move", target);
    await waitFor("Bob sees Ann arrive", () => {
      const av = avatarAt(bob.state.avatars.get(ann.sessionId));
      return av && av.x === target.x && av.y === target.y;
    });
    const before = new Map(
      [...bob.state.agents.entries()].map(([id, ag]) => [id, `${ag.x},${ag.y}`]),
    );
    await waitFor(
      "a resident to move",
      () =>
        [...bob.state.agents.entries()].some(([id, ag]) => before.get(id) !== `${ag.x},${ag.y}`),
      20_000,
    );
    expect(ann.state.avatars.get(bob.sessionId)?.name).toBe("Bob");

    // The ops view of the hosting process: steps timed, bytes sent to each client.
    const ops = await waitFor("steps and bytes in /api/ops", async () => {
      const o = await json(`${a.url}/api/ops`);
      return o.step.count > 5 && o.network.bytesPerClientPerSecond > 0 ? o : undefined;
    });
    expect(ops).toMatchObject({ town: "base-3", presence: "redis", llm: { engine: "fake-small" } });
    expect(ops.llm.asks).toBeGreaterThan(0);
    expect(ops.llm.inFlight).toBeGreaterThanOrEqual(0);
    expect(ops.llm.queued).toBeGreaterThanOrEqual(0);
    expect(ops.step.medianMs).toBeGreaterThan(0);
    expect(ops.step.p99Ms).toBeGreaterThanOrEqual(ops.step.medianMs);
    expect(ops.process.rssMB).toBeGreaterThan(10);
    expect((await fetch(`${a.url}/ops`)).headers.get("content-type")).toMatch(/text\/html/);
  });

  it("an LLM answer paid for by one process is a cache hit in another, not a request", async () => {
    // A town of the same template and seed asks the same prompts as the one already running
    // (started by the test above, or here); this process owns it.
    const first = hosting ?? (await startProcess({}));
    await waitFor(
      "the first town to pay for answers",
      async () => (await json(`${first.url}/api/metrics`)).calls >= 3,
    );
    const second = await startProcess({ TOWN_NAME: "cache-second" });
    const r = new Redis(REDIS_URL);
    try {
      expect(second.output()).toMatch(/hosts town cache-second/);
      // A prompt the second process asked and never sent: every ask of it was a hit. (Read until
      // one shows: the first hit can come while another ask of the same prompt is still going.)
      const servedOf = (m: any) =>
        Object.entries<any>(m.byPrompt).filter(
          ([, p]) => p.asks > 0 && p.calls === 0 && p.cacheHits === p.asks,
        );
      const m2 = await waitFor("the second town to hit the shared cache", async () => {
        const m = await json(`${second.url}/api/metrics`);
        return m.cacheHits > 0 && servedOf(m).length > 0 ? m : undefined;
      });
      const servedByCache = servedOf(m2);
      expect(servedByCache.length).toBeGreaterThan(0);
      // The answers live in Redis under this run's prefix, keyed by model and prompt hash.
      const [, keys] = await r.scan("0", "MATCH", `${PREFIX}llm:r:*`, "COUNT", 10_000);
      expect(keys.length).toBeGreaterThan(0);
      expect(await r.ttl(keys[0])).toBeGreaterThan(0);

      // Two towns, one per process: each process lists both, and a client joins either town
      // through either process.
      const listed = await json(`${first.url}/api/towns`);
      expect(listed.map((t: any) => [t.name, t.here])).toEqual(
        expect.arrayContaining([
          ["base-3", true],
          ["cache-second", false],
        ]),
      );
      const xi = await new Client(first.url).joinOrCreate<TownState>("town", {
        name: "Xi",
        town: "cache-second",
      });
      rooms.push(xi);
      await waitFor("Xi's state", () => xi.state?.agents?.size > 0);
      expect(xi.state.name).toBe("cache-second");
      const secondRooms = (await json(`${second.url}/api/ops`)).clients.rooms;
      expect(secondRooms.find((room: any) => room.town === "cache-second")?.roomId).toBe(xi.roomId);
      // The inspector's API answers through either process: the town's room is asked for it.
      const residents = await json(`${first.url}/api/agents?town=cache-second`);
      expect(residents.map((a: any) => a.id).sort()).toEqual([...xi.state.agents.keys()].sort());
      const details = await json(
        `${first.url}/api/agents/${residents[0].id}?town=cache-second&limit=2`,
      );
      expect(details).toMatchObject({ id: residents[0].id, persona: { name: residents[0].name } });
      expect(details.memories.length).toBeLessThanOrEqual(2);
      await leaveAll([xi]);
    } finally {
      r.disconnect();
      // Its room is another town's; the takeover below counts base-3's rooms only.
      await stopProcess(second);
    }
  });
});

// The new owner resumes from the shared database (PostgreSQL); with embedded databases each
// process has its own saves.
describe.skipIf(skip || (!usePostgres && !IN_CI))("a town whose process dies", () => {
  it("is taken over by another process, from the latest save, and clients join it there", async () => {
    if (!usePostgres) throw new Error(`PostgreSQL at ${PG_URL} is unreachable; CI=true needs it`);
    if (!hosting || !standby) throw new Error("needs the processes of the first test");
    const [a, b] = [hosting, standby];
    await leaveAll(rooms); // clients of A would otherwise keep trying to reconnect to it
    const before = await json(`${a.url}/api/health`);
    expect(before.step).toBeGreaterThan(10); // autosaved at least once (every 10 steps)
    a.child.kill("SIGKILL");
    // Within the lease (3 s here) and a renewal, B owns the town and runs its only room.
    const ops = await waitFor(
      "B to host the town",
      async () => {
        const o = await json(`${b.url}/api/ops`);
        return o.clients.rooms.length === 1 && o.clients.rooms[0].processId === o.process.id
          ? o
          : undefined;
      },
      20_000,
    );
    // Resumed from A's last autosave (every 10 steps; the one under way may be lost): B opens
    // the town only when it takes it over, from the shared database.
    expect(ops.step.current).toBeGreaterThanOrEqual(before.step - 20);
    const cid = await join(b.url, "Cid");
    expect(cid.roomId).toBe(ops.clients.rooms[0].roomId);
    expect(b.output()).toMatch(/took the town over/);

    // B restored the memories from A's rows (up to the save's mark) and goes on writing rows
    // after them: a later save of B's finds each resident's memories in the rows, none lost (a
    // memory B wrote again would fail on the key and be missing too).
    type Saved = {
      townId: string;
      step: number;
      mark: number;
      data: { mind: { agents: { id: string; memory: { size: number } }[] } };
    };
    const latest = await waitFor(
      "B to autosave after the takeover",
      async () => {
        const [s] = await pgRows<Saved>(
          `SELECT s."townId", s.step, s.mark, s.data FROM "${SCHEMA}"."Snapshot" s JOIN "${SCHEMA}"."Town" t ON t.id = s."townId"
         WHERE t.template = 'base-3' AND t.name <> 'cache-second' ORDER BY s.step DESC LIMIT 1`,
        );
        return s && s.step >= ops.step.current + 20 ? s : undefined;
      },
      30_000,
    );
    const rows = await pgRows<{ agentId: string; n: number }>(
      `SELECT "agentId", count(*)::int AS n FROM "${SCHEMA}"."Memory" WHERE "townId" = $1 AND seq <= $2 GROUP BY "agentId"`,
      [latest.townId, latest.mark],
    );
    const counted = new Map(rows.map((r) => [r.agentId, r.n]));
    for (const a of latest.data.mind.agents)
      expect(counted.get(a.id) ?? 0, a.id).toBe(a.memory.size);
    expect(latest.data.mind.agents.reduce((n, a) => n + a.memory.size, 0)).toBeGreaterThan(0);
    expect(b.output()).not.toMatch(/memory rows write failed/);
  });
});

describe("configuration", () => {
  it("refuses to start when REDIS_URL points at nothing, and says why", async () => {
    await expect(startTestServer({ REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(
      /REDIS_URL: cannot reach Redis at 127\.0\.0\.1:1/,
    );
  });
});

/** A walkable tile two steps from (x, y), read from the town's own map. */
async function nearbyWalkable(x: number, y: number): Promise<{ x: number; y: number }> {
  const { map } = await loadTemplate("base-3");
  for (const [dx, dy] of [
    [2, 0],
    [-2, 0],
    [0, 2],
    [0, -2],
    [1, 1],
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 0],
    [0, 1],
  ]) {
    if (map.isWalkable(x + dx, y + dy)) return { x: x + dx, y: y + dy };
  }
  throw new Error("no walkable tile near the spawn");
}
