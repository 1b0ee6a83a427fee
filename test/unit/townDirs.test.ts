// Issue 32, part 1: a user's towns live under DATA_DIR/towns, the shipped templates stay in
// assets/towns; a town is found by name in either, a shipped template's name always meaning the
// template, and a town an older version wrote into assets/towns still found (and noted).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import {
  findTown,
  legacyTownsNote,
  listTowns,
  newTownDir,
  SHIPPED_TOWNS,
  SHIPPED_TOWNS_DIR,
  userTownsDir,
  useDataDir,
} from "../../server/content/townDirs.ts";
import { templateExists } from "../../server/hosting/townSpec.ts";
import { listTemplates } from "../../server/sim/saves.ts";
import { ROOT } from "../helpers/serverProcess.ts";

const tmp = mkdtempSync(path.join(tmpdir(), "town-dirs-"));
const data = path.join(tmp, "data");
// A town an older version imported into assets/towns: test-owned, ignored by git while it exists.
const LEGACY = `legacy-town-${process.pid}`;
const legacyDir = path.join(SHIPPED_TOWNS_DIR, LEGACY);

/** A town folder made from base-3's files. */
function townAt(dir: string): void {
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(SHIPPED_TOWNS_DIR, "base-3"), dir, { recursive: true });
}

beforeAll(() => {
  useDataDir(data);
  townAt(path.join(data, "towns", "mine"));
  townAt(path.join(data, "towns", "base-3")); // a user's folder may not shadow a shipped template
  townAt(legacyDir);
  writeFileSync(path.join(legacyDir, ".gitignore"), "*\n");
});
afterAll(() => {
  rmSync(legacyDir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

describe("where towns live", () => {
  it("users' towns go under DATA_DIR/towns, never into assets/towns", () => {
    expect(userTownsDir()).toBe(path.join(data, "towns"));
    expect(newTownDir("ville")).toBe(path.join(data, "towns", "ville"));
    expect(newTownDir("ville").startsWith(SHIPPED_TOWNS_DIR)).toBe(false);
    // A shipped template's name, an older import's name and a bad name are refused, saying why.
    expect(() => newTownDir("base-25")).toThrow(/ships with Simulacra: choose another name/);
    expect(() => newTownDir(LEGACY)).toThrow(/written by an older version\): move it to/);
    expect(() => newTownDir("../x")).toThrow(/a town name is letters/);
  });

  it("finds a town by name in either place: shipped templates first, then the user's, then older imports", async () => {
    expect(findTown("base-3")).toMatchObject({
      kind: "shipped",
      dir: path.join(SHIPPED_TOWNS_DIR, "base-3"),
    });
    expect(findTown("mine")).toMatchObject({ kind: "user", dir: path.join(data, "towns", "mine") });
    expect(findTown(LEGACY)).toMatchObject({ kind: "legacy", dir: legacyDir });
    expect(findTown("nope")).toBeUndefined();
    expect(findTown("..")).toBeUndefined();
    expect((await loadTemplate("mine")).dir).toBe(path.join(data, "towns", "mine"));
    expect((await loadTemplate(LEGACY)).key).toBe(LEGACY);
    await expect(loadTemplate("nope")).rejects.toThrow(
      /no town "nope": neither .* nor .* holds nope\/town\.json/,
    );
    // Starting (TOWN=, TOWNS=) and the command line's --from see the same towns.
    expect(["base-3", "mine", LEGACY].every(templateExists)).toBe(true);
    expect(templateExists("nope")).toBe(false);
    expect(await listTemplates()).toEqual(
      expect.arrayContaining(["base-25", "base-3", "mine", LEGACY]),
    );
    expect(listTowns().filter((t) => t.key === "base-3")).toHaveLength(1);
  });

  it("a start-up note says where the older imports are", () => {
    expect(legacyTownsNote()).toContain(`${SHIPPED_TOWNS_DIR}: ${LEGACY}`);
    expect(legacyTownsNote()).toContain(`user towns now live in ${path.join(data, "towns")}/`);
  });

  it("the shipped templates are exactly the towns the repository holds", () => {
    const tracked = execFileSync("git", ["ls-files", "assets/towns"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter((f) => f.endsWith("/town.json"))
      .map((f) => f.split("/")[2]);
    expect([...tracked].sort()).toEqual([...SHIPPED_TOWNS].sort());
  });
});
