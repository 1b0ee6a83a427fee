// Starts a real Simulacra server in this process on a free port, with its own data folder.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { startServer, type RunningServer } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { removeFolder } from "./childProcess.ts";

export async function startTestServer(
  env: Record<string, string> = {},
  /** Where the server logs (default: nowhere). */
  log = pino({ level: "silent" }),
): Promise<RunningServer & { dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "simulacra-test-"));
  // The map's own start (05:30) unless a test sets START_TIME: tests count steps from a new town's first.
  const config = readConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    TOWN: "base-3",
    STEPS_PER_SECOND: "10",
    START_TIME: "",
    ...env,
    DATA_DIR: dataDir,
  });
  const server = await startServer(config, log);
  return {
    ...server,
    dataDir,
    async cleanup() {
      await server.close();
      if (!env.DATA_DIR) removeFolder(dataDir);
    },
  };
}

export { waitFor } from "./wait.ts";

/**
 * Leaves every room still open. The SDK's leave() on a room that already left never settles,
 * so a room that is closed is skipped and each leave is bounded.
 */
export async function leaveAll(
  rooms: readonly { leave(): Promise<unknown>; connection: { isOpen: boolean } }[],
  ms = 2_000,
): Promise<void> {
  await Promise.all(
    rooms
      .filter((r) => r.connection.isOpen)
      .map((r) =>
        Promise.race([
          r.leave().catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, ms)),
        ]),
      ),
  );
}
