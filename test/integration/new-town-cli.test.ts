// `npm run new-town` (issue 32, part 4, the guide's command line): the guide's Tiled map and its
// residents become a town under DATA_DIR/towns with the same checks as the browser's New town, a
// broken map is refused with the layer and tile named, and the source tree is left as it was.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import { ROOT } from "../helpers/serverProcess.ts";

const tmp = mkdtempSync(path.join(tmpdir(), "simulacra-new-town-cli-"));
const data = path.join(tmp, "data");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function newTown(args: string[]): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(LLM_|EMBEDDING_|OPENAI_|DATABASE_URL|DATA_DIR|TOWN)/.test(k)) env[k] = v;
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "server/cli/newTown.ts"), ...args],
      // A bound on a loaded machine's start of tsx, not a wait.
      { cwd: ROOT, env: { ...env, DATA_DIR: data }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({
          code: err ? Number((err as { code?: number }).code ?? 1) : 0,
          out: stdout + stderr,
        }),
    ),
  );
}

describe("npm run new-town", () => {
  it("makes the guide's town under DATA_DIR/towns; refuses a broken map; the checkout stays clean", async () => {
    const status = () => execFileSync("git", ["status", "--porcelain"], { cwd: ROOT }).toString();
    const before = status();
    const map = path.join(ROOT, "docs/tiled/fernhollow.tmj");
    const personas = path.join(ROOT, "docs/tiled/personas.json");
    const made = await newTown(["--name", "fern", "--map", map, "--personas", personas]);
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(/Fernhollow, 34×26 tiles, 3 residents/);
    expect(made.out).toMatch(/start it: TOWN=fern npm start/);
    const town = await loadTemplate(path.join(data, "towns", "fern"));
    expect(town.personas.map((p) => p.name)).toEqual(["Mara Quill", "Tomas Reed", "Lena Reed"]);
    expect(town.made).toMatchObject({ opensAtStart: false });

    const broken = JSON.parse(readFileSync(map, "utf8"));
    broken.layers.find((l: { name: string }) => l.name === "walls").data[35] = 99_999;
    const brokenFile = path.join(tmp, "broken.tmj");
    writeFileSync(brokenFile, JSON.stringify(broken));
    const refused = await newTown(["--name", "fern2", "--map", brokenFile, "--personas", personas]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(
      /new-town: broken\.tmj: layer "walls", tile 1,1: tile id 99999 is not in the tileset/,
    );
    expect(readdirSync(path.join(data, "towns"))).toEqual(["fern"]);
    expect(status()).toBe(before);
  }, 240_000);
});
