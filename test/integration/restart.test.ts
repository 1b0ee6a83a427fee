// A town outlives its process: stop the server, start it again on the same data folder, and the
// clock and residents continue where they were.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, waitFor } from "../helpers/server.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("restart", () => {
  it("resumes the town's clock and residents from the embedded database", async () => {
    const first = await startTestServer({
      DATA_DIR: dataDir,
      STEPS_PER_SECOND: "50",
      AUTOSAVE_STEPS: "20",
    });
    await waitFor("some steps", () => first.host.town.step >= 60, 20_000);
    await first.close(); // saves on the way out
    const step = first.host.town.step;
    const agents = first.host.town.agentViews();

    // Slow clock, so nothing steps between start-up and the checks.
    const second = await startTestServer({ DATA_DIR: dataDir, STEPS_PER_SECOND: "0.5" });
    try {
      expect(second.summary[0]).toMatch(new RegExp(`resumed at step ${step}`));
      expect(second.host.town.step).toBe(step);
      expect(second.host.town.agentViews()).toEqual(agents);
      await waitFor("the clock runs on", () => second.host.town.step > step);
    } finally {
      await second.close();
    }
  });
});
