// The tools finish what they start, run as a person runs them (node with tsx, a temp DATA_DIR,
// the offline engine): `import-map` writes a town that starts (a scaffold of residents, or a
// persona file of one's own); `import-reverie` finds the simulations of the folder that holds
// storage/; `recording list`; `sim --report` into a missing folder makes it and says so; a taken
// port is one line and exit code 1.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { chooseSimulation, findSimulations } from "../../server/cli/importReverie.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { buildTown } from "../../server/townFactory.ts";
import { loadTemplate } from "../../server/content/template.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const REF = path.resolve(ROOT, "../shared/reference/the_ville");
const SLOW = 150_000;
const tmp = mkdtempSync(path.join(tmpdir(), "simulacra-tools-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(LLM_|EMBEDDING_|OPENAI_|OPENROUTER_|DATABASE_URL|DATA_DIR|TOWN|AUTOSAVE|PORT)/.test(k))
      env[k] = v;
  return { ...env, LOG_LEVEL: "warn", ...extra };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv = cleanEnv({ DATA_DIR: path.join(tmp, "data") }),
  timeout = 120_000,
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, file), ...args],
      { cwd: ROOT, env, timeout },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
      },
    );
  });
}

describe("npm run import-map", () => {
  it(
    "writes a town that starts: a scaffold of residents, one per home, that live a day",
    async () => {
      const out = path.join(tmp, "ville");
      const r = await run("server/cli/importMap.ts", [
        path.join(REF, "matrix"),
        "--out",
        out,
        "--residents",
        "4",
      ]);
      // Only warnings (the open ground cut off from Smallville's town: issue 35).
      expect(r.stderr.split("\n").filter((l) => l && !l.startsWith("warning: "))).toEqual([]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/personas\.json: 4 placeholder residents/);
      const template = await loadTemplate(out);
      expect(template.personas.map((p) => p.name)).toEqual([
        "Resident 1",
        "Resident 2",
        "Resident 3",
        "Resident 4",
      ]);
      expect(new Set(template.personas.map((p) => p.home)).size).toBe(4);
      // It runs: the residents wake and go about a day planned by the offline engine.
      const gateway = new OfflineGateway({ meter: false });
      const { town } = buildTown(template, { gateway, mode: "lockstep" });
      for (let i = 0; i < 30; i++) await town.advance();
      expect(town.agentViews().every((a) => a.action !== "")).toBe(true);
      await gateway.close();
    },
    SLOW,
  );

  it(
    "takes the residents of --personas <file>, and refuses a file that does not fit the map, naming the problem",
    async () => {
      const scaffold = JSON.parse(
        readFileSync(path.join(tmp, "ville", "personas.json"), "utf8"),
      ) as { residents: { name: string; home: string }[] };
      scaffold.residents[0].name = "Isabel Ortega";
      const mine = path.join(tmp, "mine.json");
      writeFileSync(mine, JSON.stringify({ residents: [scaffold.residents[0]] }));
      const good = await run("server/cli/importMap.ts", [
        path.join(REF, "matrix"),
        "--out",
        path.join(tmp, "ville2"),
        "--personas",
        mine,
      ]);
      expect(good.code).toBe(0);
      expect(good.stdout).toMatch(/1 residents from/);
      expect((await loadTemplate(path.join(tmp, "ville2"))).personas[0].name).toBe("Isabel Ortega");

      scaffold.residents[0].home = "the Ville:nowhere at all";
      writeFileSync(mine, JSON.stringify({ residents: [scaffold.residents[0]] }));
      const bad = await run("server/cli/importMap.ts", [
        path.join(REF, "matrix"),
        "--out",
        path.join(tmp, "ville3"),
        "--personas",
        mine,
      ]);
      expect(bad.code).toBe(1);
      expect(bad.stderr.trim().split("\n")).toHaveLength(1);
      expect(bad.stderr).toMatch(
        /mine\.json does not fit this map: .*home "the Ville:nowhere at all" is not a place in the town/,
      );
    },
    SLOW,
  );
});

describe("npm run import-reverie", () => {
  it("finds the simulations of the folder that holds storage/, of storage/ itself, and of one simulation", () => {
    for (const folder of [
      REF,
      path.join(REF, "storage"),
      path.join(REF, "storage/base_the_ville_isabella_maria_klaus"),
    ]) {
      const found = findSimulations(folder);
      expect(found.simulations.map((s) => s.name)).toEqual(["base_the_ville_isabella_maria_klaus"]);
      expect(found.matrix).toBe(path.join(REF, "matrix"));
      expect(chooseSimulation(found, folder)).toBe(
        path.join(REF, "storage/base_the_ville_isabella_maria_klaus"),
      );
    }
    const two = {
      simulations: [
        { name: "a", dir: "/x/a" },
        { name: "b", dir: "/x/b" },
      ],
    };
    expect(() => chooseSimulation(two, "/x")).toThrow(
      /holds 2 simulations: choose one with --simulation <name>:\n {2}a\n {2}b/,
    );
    expect(chooseSimulation(two, "/x", "b")).toBe("/x/b");
    expect(() => chooseSimulation({ simulations: [] }, tmp)).toThrow(/no simulation found/);
  });

  it(
    "--list prints them and the map beside them",
    async () => {
      const r = await run("server/cli/importReverie.ts", [REF, "--list"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        /1 simulation in .*the_ville:\n {2}base_the_ville_isabella_maria_klaus/,
      );
      expect(r.stdout).toMatch(/map: .*the_ville\/matrix/);
      const none = await run("server/cli/importReverie.ts", [tmp, "--list"]);
      expect(none.code).toBe(1);
      expect(none.stderr).toMatch(/^import-reverie: .*no simulation found/);
    },
    SLOW,
  );
});

describe("sim --report and recording list", () => {
  it(
    "a report into a missing folder makes the folder and says so; the run is then listed",
    async () => {
      const env = cleanEnv({ DATA_DIR: path.join(tmp, "simdata") });
      const report = path.join(tmp, "reports", "day", "r.json");
      const sim = await run(
        "server/cli/sim.ts",
        ["--from", "base-3", "--name", "toolday", "--steps", "5", "--report", report],
        env,
      );
      expect(sim.code).toBe(0);
      expect(sim.stdout).toContain(`created the folder ${path.dirname(report)} for the report`);
      expect(existsSync(report)).toBe(true);
      // A report path through a file is refused before anything runs.
      writeFileSync(path.join(tmp, "afile"), "x");
      const refused = await run(
        "server/cli/sim.ts",
        [
          "--from",
          "base-3",
          "--name",
          "toolday2",
          "--steps",
          "5",
          "--report",
          path.join(tmp, "afile", "r.json"),
        ],
        env,
      );
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(
        /--report .*afile.* (is a file, not a folder|cannot create the folder)/,
      );

      const list = await run("server/cli/recording.ts", ["list"], env);
      expect(list.code).toBe(0);
      const lines = list.stdout.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^\S+ {2}toolday {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}5 steps {2}steps 0–5$/,
      );
      const empty = await run(
        "server/cli/recording.ts",
        ["list"],
        cleanEnv({ DATA_DIR: path.join(tmp, "nodata") }),
      );
      expect(empty.stdout).toMatch(/no recordings yet/);
    },
    SLOW,
  );
});

describe("npm start on a taken port", () => {
  it(
    "says so in one line and exits with code 1",
    async () => {
      const taken: Server = createServer();
      await new Promise<void>((r) => taken.listen(0, "0.0.0.0", () => r()));
      const port = (taken.address() as { port: number }).port;
      try {
        const started = Date.now();
        const r = await run(
          "server/index.ts",
          [],
          cleanEnv({ PORT: String(port), DATA_DIR: path.join(tmp, "portdata") }),
          60_000,
        );
        expect(r.code).toBe(1);
        expect(r.stdout).toBe("");
        expect(r.stderr.trim().split("\n")).toEqual([
          `Simulacra could not start: port ${port} is taken by another process (another Simulacra?): stop it, or start on another port, e.g. PORT=${port + 1} npm start`,
        ]);
        expect(Date.now() - started).toBeLessThan(55_000);
      } finally {
        taken.close();
      }
    },
    SLOW,
  );
});
