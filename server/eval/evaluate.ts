// An eval: the scenario run once per seed (each its own recorded save), the report built over the
// seeds and written as report.json and a self-contained report.html into the output folder.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { EvalReport } from "../../shared/evalReport.ts";
import type { Gateway } from "../llm/prompt.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import type { TownTemplate } from "../content/template.ts";
import { renderReportHtml } from "./html.ts";
import { buildEvalReport } from "./report.ts";
import { runSeed } from "./runner.ts";
import { checkAgainstTown, type Scenario } from "./scenario.ts";

export interface EvalOptions {
  id: string;
  scenario: Scenario;
  template: TownTemplate;
  seeds: number[];
  gateway: Gateway;
  store?: PrismaStore;
  /** Folder for report.json and report.html; none: nothing is written. */
  outDir?: string;
  autosaveSteps: number;
  log: Logger;
  /** Describes the judge: the strong model's name, or the offline rubric. */
  judge: string;
  concurrency?: number;
  progress?: (seed: number, done: number, total: number, phase: string) => void;
}

/** The save of one seed of an eval. */
export const seedSaveName = (id: string, seed: number) => `eval-${id}-s${seed}`.slice(0, 64);

export async function runEval(o: EvalOptions): Promise<EvalReport> {
  checkAgainstTown(
    o.scenario,
    o.template.personas.map((p) => p.id),
    (prefix) => o.template.map.addresses().some((a) => a === prefix || a.startsWith(`${prefix}:`)),
  );
  if (o.store) {
    for (const seed of o.seeds) {
      const name = seedSaveName(o.id, seed);
      if (await o.store.findTown(name))
        throw new Error(`a save named "${name}" exists already: choose another eval id (--id)`);
    }
  }
  const t0 = performance.now();
  const seeds = [];
  for (const seed of o.seeds) {
    seeds.push(
      await runSeed({
        scenario: o.scenario,
        template: o.template,
        seed,
        gateway: o.gateway,
        store: o.store,
        saveName: seedSaveName(o.id, seed),
        autosaveSteps: o.autosaveSteps,
        log: o.log,
        concurrency: o.concurrency,
        progress: (done, total, phase) => o.progress?.(seed, done, total, phase),
      }),
    );
  }
  const report = buildEvalReport({
    id: o.id,
    scenario: o.scenario,
    engine: o.gateway.engine,
    judge: o.judge,
    wallSeconds: (performance.now() - t0) / 1000,
    seeds,
    llm: o.gateway.metrics(),
  });
  if (o.outDir) await writeReport(o.outDir, report, o.template.personas);
  return report;
}

export async function writeReport(
  dir: string,
  report: EvalReport,
  residents: { id: string; name: string }[],
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "report.json"), `${JSON.stringify(report)}\n`);
  await writeFile(path.join(dir, "report.html"), renderReportHtml(report, residents));
}
