// The real server as a child process (`node --import tsx server/index.ts`), as a user runs it:
// for the browser tests, crash recovery and health. Node itself with tsx's loader (no wrapper
// that could exit before the server has saved), in its own process group so that stopping it
// stops anything it started too.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Health } from "../../shared/health.ts";
import { removeFolder, stopChild, type StopOptions } from "./childProcess.ts";
import { waitFor } from "./wait.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A port nobody listens on: listen on 0, read the port, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Stops it (SIGTERM and its own shutdown bound, unless told otherwise) and removes a data folder it was not given. */
  stop(opts?: Omit<StopOptions, "group">): Promise<void>;
}

/**
 * Spawns the server on a free port with a clean environment (nothing of the caller's LLM or
 * database settings leaks in) and returns at once: the caller decides what "started" means.
 * `dataDir` given: the caller owns it (a restart reuses it); otherwise a new one, removed on stop.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; port?: number } = {},
): Promise<ServerProcess> {
  // A restart on the same port (`port` given) is what pages that rejoin by themselves find.
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), "simulacra-server-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      ...(process.env.CI !== undefined ? { CI: process.env.CI } : {}),
      PORT: String(port),
      TOWN: "base-3",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let out = "";
  child.stdout.on("data", (b: Buffer) => {
    out += b.toString();
  });
  child.stderr.on("data", (b: Buffer) => {
    out += b.toString();
  });
  return {
    child,
    port,
    dataDir,
    url: `http://${env.HOST ?? "localhost"}:${port}`,
    output: () => out,
    async stop(o = {}) {
      await stopChild(child, { ...o, group: true });
      if (!opts.dataDir) removeFolder(dataDir);
    },
  };
}

/** Spawns the server and resolves once it says where it runs and /api/health says ready. */
export async function startServerProcess(
  env: Record<string, string> = {},
  timeoutMs = 45_000,
  opts: { dataDir?: string; port?: number } = {},
): Promise<ServerProcess> {
  const server = await spawnServer(env, opts);
  try {
    await waitFor(
      `the server to start in ${timeoutMs} ms`,
      () => {
        if (server.child.exitCode !== null || server.child.signalCode !== null)
          throw new Error(`the server exited before it was ready:\n${server.output()}`);
        return /running at http:\/\//.test(server.output());
      },
      timeoutMs,
      100,
    );
    // Printed means listening with its towns open; make sure HTTP says so too.
    await waitFor(
      "the server to be ready (/api/health)",
      () =>
        fetch(`${server.url}/api/health`).then(
          async (r) => Health.parse(await r.json()).ready,
          () => false,
        ),
      5_000,
    );
  } catch (e) {
    await server.stop();
    throw e instanceof Error && /timed out/.test(e.message)
      ? new Error(`${e.message}:\n${server.output()}`)
      : e;
  }
  return server;
}
