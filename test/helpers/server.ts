// Starts a real Simulacra server in this process on a free port, with its own data folder, and
// the harness the integration tests share: one server per test file, the people who join it,
// and a pause that waits for the step in flight (never for a fixed time).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { startServer } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { removeFolder } from "./childProcess.ts";
import { joinAs, type Person, type TestServer, type TownRoomClient } from "./people.ts";
import { sleep, waitFor } from "./wait.ts";

export type { TestServer } from "./people.ts";

export async function startTestServer(
  env: Record<string, string> = {},
  /** Where the server logs (default: nowhere). */
  log = pino({ level: "silent" }),
): Promise<TestServer> {
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
 * so a room that is closed is skipped and each leave is bounded (`ms` is a bound, not a wait).
 */
export async function leaveAll(
  rooms: readonly { leave(): Promise<unknown>; connection: { isOpen: boolean } }[],
  ms = 2_000,
): Promise<void> {
  await Promise.all(
    rooms
      .filter((r) => r.connection.isOpen)
      // A bound on a busy server's answer, not a wait.
      .map((r) => Promise.race([r.leave().catch(() => {}), sleep(ms)])),
  );
}

/**
 * Pauses the default town through a moderator and waits until the step that was under way, if
 * any, has been published: the clock the moderator sees shows the last step the Town began. After
 * this, residents stay where they are.
 */
export async function pauseTown(server: TestServer, moderator: Person): Promise<void> {
  moderator.room.send("control", { action: "pause" });
  await waitFor("the clock paused", () => !moderator.room.state.clock.running);
  await waitFor(
    "the step in flight published",
    () => moderator.room.state.clock.step === server.host.town.step,
  );
}

/** One test file's server and the people in it (useTestServer). */
export interface TestHarness {
  /** The server, started before the file's first test (reading it earlier throws). */
  readonly server: TestServer;
  /** Every room joined through `join` (or pushed here): left after the file's last test. */
  readonly rooms: TownRoomClient[];
  /** Joins the default town (or `town`) as a person and waits for its first state. */
  join(name: string, role?: "visitor" | "reporter" | "moderator", token?: string): Promise<Person>;
  /** pauseTown on this server. */
  pause(moderator: Person): Promise<void>;
  /**
   * Closes this server (its rooms left) and starts another with `env` on the same data folder
   * unless `env` names one: the next start of the same process, resuming what it saved.
   */
  restart(env: Record<string, string>): Promise<TestServer>;
}

/**
 * The set-up every integration test file with a server shares: a server started with `env` before
 * the file's tests, and after them every room left and the server closed (its data folder
 * removed). Call it at the top of the file, after the hooks that start what `env` names (a fake
 * model): `env` may be a function, read when the server starts.
 */
export function useTestServer(
  env: Record<string, string> | (() => Record<string, string>) = {},
  startMs = 60_000,
): TestHarness {
  let server: TestServer | undefined;
  /** The data folder the first server made for itself (restarts reuse it): removed at the end. */
  let ownFolder: string | undefined;
  const rooms: TownRoomClient[] = [];
  beforeAll(async () => {
    const first = typeof env === "function" ? env() : env;
    server = await startTestServer(first);
    if (!first.DATA_DIR) ownFolder = server.dataDir;
  }, startMs);
  afterAll(async () => {
    await leaveAll(rooms);
    await server?.cleanup();
    if (ownFolder) removeFolder(ownFolder);
  });
  const harness: TestHarness = {
    get server(): TestServer {
      if (!server) throw new Error("the test server is not started yet (read it inside a test)");
      return server;
    },
    rooms,
    join: (name, role = "visitor", token) => joinAs(harness.server, rooms, name, role, token),
    pause: (moderator) => pauseTown(harness.server, moderator),
    async restart(next) {
      const old = harness.server;
      await leaveAll(rooms);
      rooms.length = 0;
      server = undefined;
      await old.close();
      server = await startTestServer({ ...next, DATA_DIR: next.DATA_DIR ?? old.dataDir });
      return server;
    },
  };
  return harness;
}
