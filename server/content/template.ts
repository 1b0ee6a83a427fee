// A town template: a folder holding town.json (the map) and personas.json (the residents), a
// shipped one under assets/towns/ or a user's under DATA_DIR/towns/ (townDirs.ts). Loading checks
// the two files agree; every problem names the file it is in.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PersonaFile, type Persona } from "../../shared/persona.ts";
import { TownFileError, TownMap } from "../world/townMap.ts";
import { findTown, SHIPPED_TOWNS_DIR, userTownsDir } from "./townDirs.ts";
import { readMade, type TownMade } from "./townMade.ts";

/** The shipped templates' folder, assets/towns (read-only). */
export const TOWNS_DIR = SHIPPED_TOWNS_DIR;

export interface TownTemplate {
  key: string;
  dir: string;
  map: TownMap;
  personas: Persona[];
  /** How the town was made with "New town" (made.json), when it was. */
  made?: TownMade;
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new TownFileError(
      file,
      `cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new TownFileError(file, `is not valid JSON (${(e as Error).message})`);
  }
}

/** Loads a town by name ("base-3": assets/towns or DATA_DIR/towns), or from a folder path. */
export async function loadTemplate(keyOrDir: string): Promise<TownTemplate> {
  if (!/^[\w.-]+$/.test(keyOrDir) && !keyOrDir.includes(path.sep)) {
    throw new Error(`"${keyOrDir}" is not a town name`);
  }
  let dir: string;
  if (keyOrDir.includes(path.sep)) dir = path.resolve(keyOrDir);
  else {
    const found = findTown(keyOrDir);
    if (!found)
      throw new Error(
        `no town "${keyOrDir}": neither ${SHIPPED_TOWNS_DIR} nor ${userTownsDir()} holds ${keyOrDir}/town.json`,
      );
    dir = found.dir;
  }
  const key = path.basename(dir);
  const mapFile = path.join(dir, "town.json");
  const personaFile = path.join(dir, "personas.json");
  const map = TownMap.fromJson(await readJson(mapFile), mapFile);
  const parsed = PersonaFile.safeParse(await readJson(personaFile));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TownFileError(personaFile, `${issue.path.join(".")}: ${issue.message}`);
  }
  const personas = parsed.data.residents;
  checkPersonas(map, personas, personaFile, path.basename(mapFile));
  return { key, dir, map, personas, made: await readMade(dir) };
}

/**
 * Checks that residents fit a map: ids once each, every spawn point in the map, every home and
 * scheduled place a place of the town. Each problem is a TownFileError naming `personaFile`.
 */
export function checkPersonas(
  map: TownMap,
  personas: readonly Persona[],
  personaFile: string,
  mapName: string,
): void {
  const ids = new Set<string>();
  for (const p of personas) {
    const where = `resident "${p.id}"`;
    if (ids.has(p.id)) throw new TownFileError(personaFile, `${where} appears twice`);
    ids.add(p.id);
    if (!map.spawns.has(p.spawn))
      throw new TownFileError(personaFile, `${where}: spawn "${p.spawn}" is not in ${mapName}`);
    if (!map.hasAddress(p.home))
      throw new TownFileError(personaFile, `${where}: home "${p.home}" is not a place in the town`);
    for (const item of p.schedule) {
      if (!map.hasAddress(item.address)) {
        throw new TownFileError(
          personaFile,
          `${where}: schedule item at ${item.at} goes to unknown place "${item.address}"`,
        );
      }
    }
  }
}
