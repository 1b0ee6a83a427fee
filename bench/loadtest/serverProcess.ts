// The server under test, started by the load test itself: server/index.ts (through tsx) in a child
// process on a free loopback port, a fresh data folder, the offline engine, no Redis. A town made
// with `npm run make-town` (under DATA_DIR/towns, e.g. town-1000) is copied into that folder.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findTown } from "../../server/content/townDirs.ts";
import { removeFolder, stopChild } from "../../test/helpers/childProcess.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The Node flags `npm start` gives the server (package.json's start script), so the load test
 *  runs it as a user does. */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const m = /^tsx\s+(.*?)\s*server\/index\.ts$/.exec(pkg.scripts?.start ?? "");
  return m ? m[1].split(/\s+/).filter(Boolean) : [];
}

export interface ServerProcess {
  url: string;
  town: string;
  stop(): Promise<void>;
}

/** A shipped template, or a town made here (DATA_DIR/towns, `npm run make-town`). */
export function townAvailable(key: string): boolean {
  return (
    existsSync(path.join(ROOT, "assets", "towns", key, "town.json")) ||
    existsSync(path.join(ROOT, "assets", "towns", key)) ||
    findTown(key)?.kind === "user"
  );
}

export async function startServerProcess(
  town: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-loadtest-"));
  const made = findTown(town);
  if (made?.kind === "user")
    cpSync(made.dir, path.join(dataDir, "towns", town), { recursive: true });
  // The offline engine and local presence, whatever this shell has set.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(LLM_|OPENAI_|OPENROUTER_|EMBEDDING_|DATABASE_URL|REDIS_|PUBLIC_ADDRESS|TOWN|PORT|HOST|SEED)/.test(
          k,
        ),
    ),
  );
  // Node itself with tsx's loader (not the tsx wrapper), so the server gets the signals, and
  // npm start's flags.
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...startFlags(),
      ...(process.env.LOADTEST_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean),
      "--import",
      "tsx",
      "server/index.ts",
    ],
    {
      cwd: ROOT,
      // Every bot comes from this one machine: the limits per address would treat them as one
      // person, so they are raised to what the bots' own sessions allow.
      env: {
        ...env,
        PORT: "0",
        HOST: "127.0.0.1",
        TOWN: town,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ADDRESS_RATE_SHARE: "100000",
        SEATS_WAITING_PER_ADDRESS: "100000",
        SEATS_WAITING_PER_TOWN: "100000",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const out: string[] = [];
  const collect = (d: Buffer) => {
    out.push(d.toString());
    if (out.length > 200) out.shift();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in 90 s:\n${out.join("")}`)),
      90_000,
    );
    const look = () => {
      const m = out.join("").match(/Simulacra is running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", look);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${out.join("")}`));
    });
  });
  return {
    url,
    town,
    async stop() {
      await stopChild(child);
      removeFolder(dataDir);
    },
  };
}
