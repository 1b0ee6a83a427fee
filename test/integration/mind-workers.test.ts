// Minds beyond the machine (MIND_WORKERS=redis, server/scale/mindQueue.ts): a town's minds run in
// two mind worker processes (`npm run mind-worker`) fed through the real Redis. One worker is
// killed (SIGKILL) mid-run; its partitions go to the other, which starts them from their last
// checkpoint and runs the calls since again, and the town carries on within 10 s with nothing
// lost: every step's events (and the saved minds) are the same as a town with the same seed and
// its minds on one thread of this process.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import { mindKeys, redisMembers } from "../../server/scale/mindQueue.ts";
import { buildThreadedTown } from "../../server/townFactory.ts";
import { stopChild } from "../helpers/childProcess.ts";
import { openTestRedis, REDIS_URL, type TestRedis } from "../helpers/testRedis.ts";
import { waitFor } from "../helpers/wait.ts";

const json = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (x instanceof Float32Array ? Array.from(x) : x));

let redis: TestRedis;
const workers: ChildProcess[] = [];
const closing: { close(): Promise<void> }[] = [];

function startWorker(prefix: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli/mindWorker.ts"], {
    // A checkpoint every 2 s: the takeover starts from one and runs only the calls since.
    env: { ...process.env, REDIS_URL, MIND_QUEUE_PREFIX: prefix, MIND_CHECKPOINT_MS: "2000" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  redis = await openTestRedis("mind-workers");
});
afterAll(async () => {
  await Promise.all(closing.splice(0).map((m) => m.close()));
  await Promise.all(workers.map((w) => stopChild(w, { signal: "SIGKILL" })));
  await redis?.cleanup();
});

describe("minds in worker processes through Redis", () => {
  it("a town runs on two workers; one killed mid-run, the other carries its residents on within 10 s, nothing lost", async () => {
    const prefix = `${redis.prefix}minds:`;
    const keys = mindKeys(prefix);
    // The keys live under the run's prefix: read them with a client without one.
    const plain = redis.redis.duplicate({ keyPrefix: "" });
    await plain.connect().catch(() => {});
    const [a, b] = [startWorker(prefix), startWorker(prefix)];
    await waitFor(
      "both workers' heartbeats",
      async () => (await plain.zcard(keys.workers)) === 2,
      60_000,
    ); // bound: two tsx processes start

    const template = await loadTemplate("base-25");
    const here = await buildThreadedTown(template, {
      mode: "lockstep",
      seed: 11,
      minds: { env: {}, journal: true },
    });
    closing.push(here.mind);
    const far = await buildThreadedTown(template, {
      mode: "lockstep",
      seed: 11,
      threads: 2,
      startMember: redisMembers(REDIS_URL, { prefix, readyMs: 60_000 }),
      minds: { env: {}, journal: true },
    });
    closing.push(far.mind);

    const open = await plain.smembers(keys.open);
    expect(open).toHaveLength(2);
    /** How many entries a stream was ever given (its length counts only those not trimmed). */
    const entriesAdded = async (key: string) => {
      const info = (await plain.xinfo("STREAM", key)) as unknown[];
      return Number(info[info.indexOf("entries-added") + 1]);
    };
    const holders = async () => Promise.all(open.map((p) => plain.get(keys.part(p, "lease"))));
    // Each worker took one partition (its fair share).
    const first = await holders();
    expect(new Set(first).size).toBe(2);

    let said = 0;
    let failoverMs = 0;
    let longest = 0;
    let longestIn = 0;
    let messages = 0;
    for (let step = 1; step <= 600; step++) {
      if (step === 300) {
        // The partitions were checkpointed on the way (a takeover starts from there).
        for (const p of open) expect(await plain.exists(keys.part(p, "checkpoint"))).toBe(1);
        a.kill("SIGKILL");
        const t0 = performance.now();
        const want = await here.town.advance();
        const got = await far.town.advance();
        failoverMs = performance.now() - t0;
        expect(got.map(json)).toEqual(want.map(json));
        continue;
      }
      const want = await here.town.advance();
      const got = await far.town.advance();
      if (step % 50 === 0) {
        // The streams stay short whatever the run's length: the town trims what it has read of
        // the output, a worker the input up to its checkpoint (every 2 s here).
        const outs = await Promise.all(open.map((p) => plain.xlen(keys.part(p, "out"))));
        const ins = await Promise.all(open.map((p) => plain.xlen(keys.part(p, "in"))));
        longest = Math.max(longest, ...outs);
        longestIn = Math.max(longestIn, ...ins);
        const added = await Promise.all(open.map((p) => entriesAdded(keys.part(p, "out"))));
        messages = Math.min(...added);
      }
      if (got.map(json).join("\n") !== want.map(json).join("\n"))
        expect({ step, events: got }).toEqual({ step, events: want });
      said += want.filter((e) => e.kind === "said").length;
    }
    console.log(
      `[mind-workers] failover: the step after the kill took ${Math.round(failoverMs)} ms`,
    );
    expect(failoverMs).toBeLessThan(10_000);
    // Hundreds of messages went through each output stream; it held a few at most.
    console.log(
      `[mind-workers] output stream: ${messages} messages, ${longest} at most held; input: ${longestIn} at most`,
    );
    expect(messages).toBeGreaterThan(200);
    expect(longest).toBeLessThan(20);
    // The input is trimmed up to a checkpoint, taken every 2 s of wall time when everything is
    // answered: how much it holds depends on the machine's speed, not the run's length; that it
    // was trimmed does not.
    const inAdded = await Promise.all(open.map((p) => entriesAdded(keys.part(p, "in"))));
    const inHeld = await Promise.all(open.map((p) => plain.xlen(keys.part(p, "in"))));
    inHeld.forEach((held, i) => expect(held).toBeLessThan(inAdded[i]));
    expect(longestIn).toBeLessThan(Math.min(...inAdded));
    expect(said).toBeGreaterThan(5);
    // Both partitions are now the surviving worker's.
    const after = await holders();
    expect(new Set(after)).toEqual(new Set([`${first.find((h) => h?.endsWith(`:${b.pid}`))}`]));
    // The saved minds are the same too.
    expect(json(await far.town.capture())).toBe(json(await here.town.capture()));
    plain.disconnect();
  }, 600_000);
});
