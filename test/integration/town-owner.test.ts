// One owner per town over the real Redis (127.0.0.1:6379 or TEST_REDIS_URL): a town that takes
// longer to open than a claim lives (resuming a big save, starting its minds' thread on a busy
// machine) stays with the process opening it; a town that fails to open is let go at once.
import { afterAll, describe, expect, it } from "vitest";
import { TownOwner } from "../../server/scale/townOwner.ts";
import { openTestRedis, REDIS_URL } from "../helpers/testRedis.ts";
import { sleep, waitFor } from "../helpers/wait.ts";

const { redis, problem, skip, cleanup } = await openTestRedis("town-owner.test");

const owners: TownOwner[] = [];
afterAll(async () => {
  await Promise.all(owners.map((o) => o.release()));
  await cleanup();
});

const owner = (town: string, me: string) => {
  const o = new TownOwner(redis, town, me, { ttlMs: 300, everyMs: 100 });
  owners.push(o);
  return o;
};

describe.skipIf(skip)("a town's owner in Redis", () => {
  it("keeps the claim while the town opens, however long that takes", async () => {
    if (problem)
      throw new Error(`Redis at ${REDIS_URL} is unreachable (${problem}); CI=true needs it`);
    const a = owner("slow", "process-a");
    const b = owner("slow", "process-b");
    let bOpened = false;
    // A opens for four times the claim's life; B keeps trying to take the town meanwhile.
    const claimedA = a.claim(() => sleep(1_200)); // time on purpose: a slow opening
    await waitFor("A's claim", async () => (await redis.get(a.key)) === "process-a");
    expect(await b.claim(() => Promise.resolve(void (bOpened = true)))).toBe(false);
    expect(await claimedA).toBe(true);
    // Time on purpose: B must not take the town over for a while after A opened it.
    await sleep(400);
    expect(bOpened).toBe(false);
    expect(await redis.get(a.key)).toBe("process-a");
    expect(a.isOwner).toBe(true);
  });

  it("lets go of a town that fails to open, so another process takes it", async () => {
    if (problem)
      throw new Error(`Redis at ${REDIS_URL} is unreachable (${problem}); CI=true needs it`);
    const a = owner("broken", "process-a");
    await expect(
      a.claim(() => Promise.reject(new Error("the save does not load"))),
    ).rejects.toThrow(/does not load/);
    expect(await redis.get(a.key)).toBeNull();
    const b = owner("broken", "process-b");
    expect(await b.claim(() => Promise.resolve())).toBe(true);
  });
});
