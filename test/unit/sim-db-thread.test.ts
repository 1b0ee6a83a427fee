// `npm run sim` puts the embedded database on a thread of its own for a big town (its writes,
// 11 % of a 1,000-resident run's thread, then go beside the steps) and keeps it in the run's
// thread for a small one, where the thread cost more than it saved (bench/RESULTS.md).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDataDir } from "../../server/content/townDirs.ts";
import { embeddedThreadFor, templateResidents } from "../../server/sim/dbThread.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sim-db-thread-"));
  for (const [name, n] of [
    ["harbour-700", 700],
    ["hamlet-12", 12],
  ] as const) {
    const town = path.join(dir, "towns", name);
    mkdirSync(town, { recursive: true });
    writeFileSync(path.join(town, "town.json"), "{}");
    const residents = Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `Resident ${i}` }));
    writeFileSync(path.join(town, "personas.json"), JSON.stringify({ residents }));
  }
  useDataDir(dir);
});
afterAll(() => useDataDir(process.env.DATA_DIR ?? "./data"));

describe("the sim's database thread", () => {
  it("is on for a town of hundreds and off for a hamlet when left to the sim", () => {
    expect(templateResidents("harbour-700")).toBe(700);
    expect(templateResidents("template:hamlet-12")).toBe(12);
    expect(embeddedThreadFor("auto", templateResidents("harbour-700"))).toBe(true);
    expect(embeddedThreadFor("auto", templateResidents("template:harbour-700"))).toBe(true);
    expect(embeddedThreadFor("auto", templateResidents("hamlet-12"))).toBe(false);
    expect(embeddedThreadFor("auto", templateResidents("base-25"))).toBe(false);
  });

  it("is off for a save or an unknown name, and as asked when asked", () => {
    expect(templateResidents("save:harbour-700")).toBeUndefined();
    expect(templateResidents("no-such-town")).toBeUndefined();
    expect(embeddedThreadFor("auto", undefined)).toBe(false);
    expect(embeddedThreadFor("off", 700)).toBe(false);
    expect(embeddedThreadFor("on", 12)).toBe(true);
  });
});
