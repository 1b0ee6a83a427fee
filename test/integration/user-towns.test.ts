// Issue 32, part 1, as a person runs the tools (node with tsx, DATA_DIR set, offline engine):
// `import-map` and `import-reverie` write their towns under DATA_DIR/towns and nothing into the
// source tree (git status as it was, assets/towns as it was); the server started with that
// DATA_DIR opens them (TOWNS=), serves their maps where the client loads every town's, and warns
// of what the map leaves cut off from the town (issue 35). A town an older version wrote into
// assets/towns still opens, and a note at start-up says where it is.
import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SHIPPED_TOWNS_DIR } from "../../server/content/townDirs.ts";
import { ROOT, startServerProcess } from "../helpers/serverProcess.ts";

const REF = path.resolve(ROOT, "../shared/reference/the_ville");
const tmp = mkdtempSync(path.join(tmpdir(), "simulacra-user-towns-"));
const data = path.join(tmp, "data");
const LEGACY = `older-import-${process.pid}`;
afterAll(() => {
  rmSync(path.join(SHIPPED_TOWNS_DIR, LEGACY), { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

function tool(file: string, args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(LLM_|EMBEDDING_|OPENAI_|OPENROUTER_|DATABASE_URL|DATA_DIR|TOWN)/.test(k)) env[k] = v;
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, file), ...args],
      { cwd: ROOT, env: { ...env, DATA_DIR: data, LOG_LEVEL: "warn" }, timeout: 150_000 },
      (err, stdout, stderr) =>
        resolve({
          code: err ? Number((err as { code?: number }).code ?? 1) : 0,
          out: stdout + stderr,
        }),
    ),
  );
}

const gitStatus = () =>
  execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
    cwd: ROOT,
    encoding: "utf8",
  });
const shipped = () => readdirSync(SHIPPED_TOWNS_DIR).sort();

describe("towns a user imports live under DATA_DIR/towns", () => {
  it("import-map and import-reverie leave the source tree as it was; the server opens both towns", async () => {
    const before = { git: gitStatus(), shipped: shipped() };
    const map = await tool("server/cli/importMap.ts", [
      path.join(REF, "matrix"),
      "--name",
      "my-ville",
    ]);
    expect(map.code, map.out).toBe(0);
    expect(map.out).toContain(path.join(data, "towns", "my-ville", "town.json"));
    expect(map.out).toMatch(/warning: .* cut off from the town/);
    const reverie = await tool("server/cli/importReverie.ts", [REF, "--name", "my-reverie"]);
    expect(reverie.code, reverie.out).toBe(0);
    for (const t of ["my-ville", "my-reverie"])
      for (const f of ["town.json", "personas.json"])
        expect(existsSync(path.join(data, "towns", t, f)), `${t}/${f}`).toBe(true);
    // Nothing written into the checkout.
    expect(gitStatus()).toBe(before.git);
    expect(shipped()).toEqual(before.shipped);
    // A shipped template's name is refused, not overwritten.
    const refused = await tool("server/cli/importMap.ts", [
      path.join(REF, "matrix"),
      "--name",
      "base-3",
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/"base-3" is a template that ships with Simulacra/);

    // An older version's import in assets/towns (test-owned, ignored by git while it exists).
    const legacy = path.join(SHIPPED_TOWNS_DIR, LEGACY);
    cpSync(path.join(SHIPPED_TOWNS_DIR, "base-3"), legacy, { recursive: true });
    writeFileSync(path.join(legacy, ".gitignore"), "*\n");

    const server = await startServerProcess(
      { TOWNS: `my-ville,my-reverie,${LEGACY}`, MIND_THREAD: "off" },
      90_000,
      { dataDir: data },
    );
    try {
      const out = server.output();
      expect(out).toMatch(/town: my-ville \(template my-ville, 3 residents\) new, the default/);
      expect(out).toMatch(
        /town: my-reverie \(template my-reverie, 3 residents\) resumed at step 0/,
      );
      expect(out).toMatch(new RegExp(`town: ${LEGACY} \\(template ${LEGACY}, 3 residents\\) new`));
      expect(out).toContain(
        `towns: templates in assets/towns, yours in ${path.join(data, "towns")}`,
      );
      expect(out).toContain(
        `note: a town written by an older version into ${SHIPPED_TOWNS_DIR}: ${LEGACY}`,
      );
      // The start-up check of each town's map (a warning, the town runs all the same).
      expect(out).toMatch(/town map: \d+ walkable regions .* cut off from the town/);
      // The client loads each town's map from one address, wherever the town lives.
      for (const [town, world] of [
        ["my-ville", "the Ville"],
        ["my-reverie", "the Ville"],
        [LEGACY, "Willowbrook"],
      ]) {
        const res = await fetch(`${server.url}/assets/towns/${town}/town.json`);
        expect(res.status, town).toBe(200);
        const json = (await res.json()) as { properties: { name: string; value: string }[] };
        expect(json.properties.find((p) => p.name === "world")?.value).toBe(world);
      }
      expect((await fetch(`${server.url}/assets/towns/my-ville/nothing.json`)).status).toBe(404);
      expect((await fetch(`${server.url}/assets/towns/nobody/town.json`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
