// The reports `npm run eval` wrote under EVALS_DIR (one folder per eval: report.json and
// report.html), read for the server: a listing, and one report's page. A folder whose report
// does not parse is left out of the listing, never served half-read.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { EvalListing, EvalReport } from "../../shared/evalReport.ts";

export const EVAL_ID = /^[\w.-]{1,40}$/;

export async function readReport(dir: string, id: string): Promise<EvalReport | null> {
  if (!EVAL_ID.test(id) || id.startsWith(".")) return null;
  try {
    return EvalReport.parse(JSON.parse(await readFile(path.join(dir, id, "report.json"), "utf8")));
  } catch {
    return null;
  }
}

/** Newest first. */
export async function listReports(dir: string): Promise<EvalListing[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
  const out: EvalListing[] = [];
  for (const name of names) {
    const r = await readReport(dir, name);
    if (!r) continue;
    out.push(
      EvalListing.parse({
        id: name,
        scenario: r.scenario.name,
        createdAt: r.createdAt,
        engine: r.engine,
        judge: r.judge,
        seeds: r.seeds.length,
        fallbackMarked: r.fallbackMarked,
        recordings: r.seeds.map((s) => s.recording).filter(Boolean),
      }),
    );
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The report's page, when the folder holds a valid report. */
export async function readReportPage(dir: string, id: string): Promise<string | null> {
  if (!(await readReport(dir, id))) return null;
  try {
    return await readFile(path.join(dir, id, "report.html"), "utf8");
  } catch {
    return null;
  }
}
