// A town template: a folder under assets/towns/ holding town.json (the map) and personas.json
// (the residents). Loading checks the two agree; every problem names the file it is in.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PersonaFile, type Persona } from "../../shared/persona.ts";
import { TownFileError, TownMap } from "../world/townMap.ts";

export const TOWNS_DIR = fileURLToPath(new URL("../../assets/towns/", import.meta.url));

export interface TownTemplate {
  key: string;
  dir: string;
  map: TownMap;
  personas: Persona[];
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

/** Loads a template by key ("base-3") from assets/towns, or from a folder path. */
export async function loadTemplate(keyOrDir: string): Promise<TownTemplate> {
  if (!/^[\w.-]+$/.test(keyOrDir) && !keyOrDir.includes(path.sep)) {
    throw new Error(`"${keyOrDir}" is not a town name`);
  }
  const dir = keyOrDir.includes(path.sep) ? path.resolve(keyOrDir) : path.join(TOWNS_DIR, keyOrDir);
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
  const ids = new Set<string>();
  for (const p of personas) {
    const where = `resident "${p.id}"`;
    if (ids.has(p.id)) throw new TownFileError(personaFile, `${where} appears twice`);
    ids.add(p.id);
    if (!map.spawns.has(p.spawn))
      throw new TownFileError(
        personaFile,
        `${where}: spawn "${p.spawn}" is not in ${path.basename(mapFile)}`,
      );
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
  return { key, dir, map, personas };
}
