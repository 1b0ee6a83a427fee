// Where `npm run sim` runs the embedded database when --db-thread is left to it ("auto"): on a
// thread of its own for a big town, in the run's thread for a small one. At 25 residents the
// thread cost more than it moved off (a base-25 day with autosave 1.30× the day without, against
// 1.15× in the run's thread, bench/RESULTS.md session 22); at 1,000 the database's writes (the
// minds' trace, the memory rows, the snapshots) are 11 % of the run's thread (session 27), work
// a second core can do beside the steps.
import { readFileSync } from "node:fs";
import path from "node:path";
import { findTown } from "../content/townDirs.ts";

/** Towns of at least this many residents run their database on a thread of its own by default. */
export const DB_THREAD_RESIDENTS = 500;

/** How many residents the template folder `--from` names has (undefined: not a template, or unreadable). */
export function templateResidents(from: string | undefined): number | undefined {
  if (!from) return undefined;
  const m = /^(template|save):(.*)$/.exec(from);
  if (m?.[1] === "save") return undefined;
  const folder = findTown((m ? m[2] : from).trim());
  if (!folder) return undefined;
  try {
    const file = JSON.parse(readFileSync(path.join(folder.dir, "personas.json"), "utf8")) as {
      residents?: unknown;
    };
    return Array.isArray(file.residents) ? file.residents.length : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the database runs on its own thread: as asked, or for "auto" by the town's size. */
export function embeddedThreadFor(
  choice: "on" | "off" | "auto",
  residents: number | undefined,
): boolean {
  if (choice !== "auto") return choice === "on";
  return (residents ?? 0) >= DB_THREAD_RESIDENTS;
}
