// made.json: what a town made with "New town" (the join dialog, POST /api/towns) keeps beside its
// town.json and personas.json under DATA_DIR/towns/<town>/: what it was made from, the start and
// seed its maker chose, and that the server opens it at every start (it was running when made).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { listTowns } from "./townDirs.ts";

export const MADE_FILE = "made.json";

export const TownMade = z.object({
  /** "template base-3", or "upload town.tmj + personas.json". */
  from: z.string(),
  madeAt: z.string(),
  /** The first step's date-time its maker chose (the map's "start"): START_TIME leaves it as it is. */
  start: z.string().optional(),
  /** The seed of its rules and minds (else the server's SEED). */
  seed: z.number().int().optional(),
  /** Opened at every start of the server. */
  opensAtStart: z.boolean(),
});
export type TownMade = z.infer<typeof TownMade>;

/** The made.json of a town's folder; undefined when there is none (or it is not one of ours). */
export async function readMade(dir: string): Promise<TownMade | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MADE_FILE), "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = TownMade.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The user towns made with "New town" that open at every start, by name. */
export async function townsToReopen(): Promise<string[]> {
  const out: string[] = [];
  for (const t of listTowns()) {
    if (t.kind !== "user") continue;
    if ((await readMade(t.dir))?.opensAtStart) out.push(t.key);
  }
  return out;
}
