// End to end: an eval of the small scenario is run (offline), then the real server lists it at
// /api/evals and headless Chromium shows its report at /eval/<id>: the summary beside the paper,
// the diffusion curve, the relationship graphs, the coordination table, the TrueSkill bars, the
// judgements; the report's replay link plays the eval's recording.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvalListing, EvalReport } from "../../shared/evalReport.ts";
import { runEval } from "../../server/eval/evaluate.ts";
import { loadScenario } from "../../server/eval/scenario.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { openStore } from "../../server/store/open.ts";
import { loadTemplate } from "../../server/content/template.ts";
import {
  artifact,
  ensureClientBuilt,
  launchBrowser,
  startServerProcess,
  type ServerProcess,
} from "./helpers.ts";

let server: ServerProcess;
let browser: Browser;
let report: EvalReport;
const dir = mkdtempSync(path.join(tmpdir(), "simulacra-eval-e2e-"));
const pageErrors: string[] = [];
declare const window: { __replay: { status: string } };

beforeAll(async () => {
  ensureClientBuilt();
  const store = await openStore({ dataDir: path.join(dir, "data", "db") });
  try {
    const scenario = await loadScenario("garden-3");
    report = await runEval({
      id: "e2e1",
      scenario,
      template: await loadTemplate(scenario.town),
      seeds: [1, 2],
      gateway: new OfflineGateway(),
      store,
      outDir: path.join(dir, "evals", "e2e1"),
      autosaveSteps: 600,
      log: pino({ level: "silent" }),
      judge: "offline rubric",
    });
  } finally {
    await store.close();
  }
  [server, browser] = await Promise.all([
    startServerProcess({ DATA_DIR: path.join(dir, "data"), EVALS_DIR: path.join(dir, "evals") }),
    launchBrowser(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("an eval's report in a browser", () => {
  it("is listed, shows every measure beside the paper, and links to the replay of each seed", async () => {
    const list = (await (await fetch(`${server.url}/api/evals`)).json()) as EvalListing[];
    expect(list).toEqual([
      expect.objectContaining({
        id: "e2e1",
        scenario: "garden-3",
        seeds: 2,
        fallbackMarked: false,
        recordings: report.seeds.map((s) => s.recording),
      }),
    ]);
    expect((await fetch(`${server.url}/eval/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/eval/..%2f..%2fetc`)).status).toBe(404);

    const page: Page = await browser.newPage({ viewport: { width: 1200, height: 1600 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/eval/e2e1`);
    await expect.poll(() => page.textContent("h1")).toContain("garden-3");
    const summary = await page.textContent("#summary");
    expect(summary).toContain("diffusion: apple-tree planting");
    expect(summary).toContain("relationship density η");
    expect(summary).toContain("0.167 → 0.74");
    expect(summary).toContain("TrueSkill μ: full");
    // One diffusion line per seed, with a point per time asked; two relationship graphs of 3 residents.
    expect(
      await page.locator('svg[aria-label="diffusion of apple-tree planting"] polyline').count(),
    ).toBe(2);
    expect(
      await page.locator('svg[aria-label="diffusion of apple-tree planting"] circle').count(),
    ).toBe(2 * report.seeds[0].diffusion[0].points.length);
    const graphs = page.locator('svg[aria-label^="before"], svg[aria-label^="after"]');
    expect(await graphs.count()).toBe(2);
    expect(await graphs.first().locator("circle").count()).toBe(3);
    // TrueSkill: four conditions of ours, five of the paper's (the crowdworkers too).
    expect(await page.locator('svg[aria-label="TrueSkill"] rect').count()).toBe(4 + 5);
    expect(await page.textContent('svg[aria-label="TrueSkill"]')).toContain("paper 29.89");
    // Every judgement, with its reason, is on the page (collapsed).
    const judged = report.seeds.reduce((n, s) => n + s.judgements.length, 0);
    expect(await page.locator("table.judgements tr").count()).toBe(
      judged + report.seeds.reduce((n, s) => n + new Set(s.judgements.map((j) => j.kind)).size, 0),
    );
    // What the town cost by game day, per seed (garden-3 runs within one day).
    for (const sd of report.seeds) expect(sd.days.map((d) => d.day)).toEqual(["2026-02-13"]);
    expect(report.seeds[0].days[0].calls).toBeGreaterThan(0);
    expect(await page.locator("#cost-by-day tr").count()).toBe(1 + report.seeds.length);
    expect(await page.textContent("#cost-by-day")).toContain(
      String(report.seeds[0].days[0].tokensIn),
    );
    await page.screenshot({ path: artifact("eval-report.png"), fullPage: false });

    // The first seed's replay link plays its recording.
    await page.click(`a[href="/replay/${report.seeds[0].recording}"]`);
    await page.waitForFunction(() => window.__replay?.status === "ready", undefined, {
      timeout: 30_000,
    });
    expect(page.url()).toContain(`/replay/${report.seeds[0].recording}`);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
