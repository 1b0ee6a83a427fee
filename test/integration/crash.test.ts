// Crash recovery: the real server process (`tsx server/index.ts`) is killed with SIGKILL in the
// middle of a run. Started again on the same data folder it resumes from its last autosave,
// losing at most the steps since then, with the residents' memories and plans; the recording of
// the killed session is intact up to its last flush and agrees with the resumed town.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { Health } from "../../shared/health.ts";
import { removeFolder, stopChild } from "../helpers/childProcess.ts";
import { startServerProcess, type ServerProcess } from "../helpers/serverProcess.ts";
import { waitFor } from "../helpers/wait.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-crash-"));
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => stopChild(c, { group: true, signal: "SIGKILL" })));
  removeFolder(dataDir);
});

const AUTOSAVE_STEPS = 15;

/** The server on the shared data folder, once it says where it runs (killed with SIGKILL at the end). */
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ HOST: "127.0.0.1", ...env }, 45_000, { dataDir });
  children.push(server.child);
  return server;
}

const json = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;
type Agent = { id: string; plan: unknown; memories: unknown[] };
type Rec = { id: string; save: string; fromStep: number; toStep: number; steps: number };
type Frame = { step: number; agents: { id: string; x: number; y: number; action: string }[] };

it("after kill -9 the server resumes from its last autosave, with its residents' minds, and the recording is intact", async () => {
  // The map's own start (step 0): the test counts steps from a new town's first.
  const first = await start({
    AUTOSAVE_STEPS: String(AUTOSAVE_STEPS),
    STEPS_PER_SECOND: "40",
    START_TIME: "",
  });
  await waitFor(
    "130 steps",
    async () => (await json<Health>(`${first.url}/api/health`)).step! >= 130,
    60_000,
    100,
  );
  const before = await json<Agent>(`${first.url}/api/agents/ines?limit=500`);
  const stepBeforeKill = (await json<Health>(`${first.url}/api/health`)).step!;
  await stopChild(first.child, { group: true, signal: "SIGKILL" });

  // Slow clock: nothing steps while we look.
  const second = await start({
    AUTOSAVE_STEPS: String(AUTOSAVE_STEPS),
    STEPS_PER_SECOND: "0.1",
    START_TIME: "",
  });
  try {
    const resumed = Number(/resumed at step (\d+)/.exec(second.output())?.[1]);
    expect(resumed, second.output()).toBeGreaterThan(0);
    // At most the steps since the last autosave are lost (plus one save that was being written).
    expect(resumed).toBeLessThanOrEqual(stepBeforeKill + 2);
    expect(resumed).toBeGreaterThanOrEqual(stepBeforeKill - 2 * AUTOSAVE_STEPS);
    const h = await json<Health>(`${second.url}/api/health`);
    expect(h.step).toBe(resumed);
    expect(Date.parse(h.time!)).toBe(Date.parse("2026-02-13T05:30:00Z") + resumed * 10_000);
    const after = await json<Agent>(`${second.url}/api/agents/ines?limit=500`);
    expect(after.plan).toEqual(before.plan === null ? null : expect.anything());
    expect(after.memories.length).toBeGreaterThan(0);
    expect(after.memories.length).toBeLessThanOrEqual(before.memories.length);

    const recs = await json<Rec[]>(`${second.url}/api/recordings`);
    expect(recs).toHaveLength(2);
    const [now, killed] = recs; // newest first
    expect(now.fromStep).toBe(resumed);
    expect(killed.fromStep).toBe(0);
    // Flushed up to the autosave at least; every step from its start to its last flush is there.
    expect(killed.toStep).toBeGreaterThanOrEqual(resumed);
    expect(killed.toStep).toBeLessThanOrEqual(stepBeforeKill + 2);
    const steps: number[] = [];
    for (let from = 1; from <= killed.toStep; from += 600) {
      const part = await json<[number][]>(
        `${second.url}/api/recordings/${killed.id}/steps?from=${from}&to=${Math.min(killed.toStep, from + 599)}`,
      );
      steps.push(...part.map((e) => e[0]));
    }
    expect(steps).toEqual(Array.from({ length: killed.toStep }, (_, i) => i + 1));
    // The killed session's recording at the resumed step shows the town the restart resumed.
    const old = await json<Frame>(
      `${second.url}/api/recordings/${killed.id}/frame?step=${resumed}`,
    );
    const fresh = await json<Frame>(`${second.url}/api/recordings/${now.id}/frame?step=${resumed}`);
    expect(old.step).toBe(resumed);
    expect(old.agents).toEqual(fresh.agents);
  } finally {
    await stopChild(second.child, { group: true });
  }
}, 120_000);
