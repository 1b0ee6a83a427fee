// `npm run import-map -- <matrix folder> --name <town> [--out <dir>] [--start <iso>] [--personas <file>] [--residents <n>] [--force]`
// converts a map of the original implementation (its "matrix" folder: maze/*.csv,
// special_blocks/*.csv, maze_meta_info.json) into our Tiled-compatible town.json, drawn with our
// tiles (server/content/importPalette.ts, with the tile index assets/tiles/town.index.json), every
// address and spawn point kept. It writes DATA_DIR/towns/<name>/town.json (default
// ./data/towns: never into the source tree, whose assets/towns holds the shipped templates), or
// <dir>/town.json with --out, and a personas.json beside it so the town starts at once: the residents of --personas
// <file> (checked against the map), or a scaffold of --residents <n> (default 3) placeholder
// residents, one per home with a spawn point, to rename and describe. Importing the original's own
// personas is `npm run import-reverie`'s job. It warns of walkable regions cut off from the town
// and places no path from it reaches (server/content/townCheck.ts), with their tile counts.
import { Address } from "../../shared/address.ts";
import { Command } from "commander";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importMatrix, type MatrixImport } from "../content/importMatrix.ts";
import { importPalette } from "../content/importPalette.ts";
import { readTileIndex } from "../content/tileIndex.ts";
import { readMatrixFolder } from "../content/matrixFiles.ts";
import { newTownDir, userTownsDir } from "../content/townDirs.ts";
import { TownMap } from "../world/townMap.ts";
import { loadTemplate } from "../content/template.ts";
import { townWarnings } from "../content/townCheck.ts";
import { Persona, PersonaFile } from "../../shared/persona.ts";
import { readJsonFile } from "./jsonFile.ts";
import { formatTown } from "../content/townJson.ts";

const TILESET_PNG = fileURLToPath(new URL("../../assets/tiles/town.png", import.meta.url));
export const DEFAULT_START = "2023-02-13T07:00:00Z";

export interface ImportMapOptions {
  matrixDir: string;
  outDir: string;
  /** ISO date-time of the town's first step. */
  start?: string;
  /** Replace an existing town.json. */
  force?: boolean;
  /** A persona file to use (checked against the map); none: a scaffold. */
  personas?: string;
  /** Residents of the scaffold (default 3). */
  residents?: number;
}

/** Imports a matrix folder into outDir/town.json; returns what was imported. */
export async function importMap(
  o: ImportMapOptions,
): Promise<MatrixImport & { file: string; warnings: string[] }> {
  const start = o.start ?? DEFAULT_START;
  if (Number.isNaN(Date.parse(start)) || !/^\d{4}-\d\d-\d\dT/.test(start))
    throw new Error(`--start "${start}" is not an ISO date-time such as ${DEFAULT_START}`);
  const outDir = path.resolve(o.outDir);
  const file = path.join(outDir, "town.json");
  if (existsSync(file) && !o.force)
    throw new Error(`${file} exists already: pass --force to replace it`);
  const files = await readMatrixFolder(path.resolve(o.matrixDir));
  // The map names its tileset by a path relative to its own folder, as Tiled expects.
  const image = path.relative(outDir, TILESET_PNG).split(path.sep).join("/");
  const imported = importMatrix(files, importPalette(image, await readTileIndex()), start);
  const json = JSON.parse(JSON.stringify(imported.map)) as unknown;
  // Whatever we write must load: check it the way the server will.
  const town = TownMap.fromJson(json, file);
  await mkdir(outDir, { recursive: true });
  await writeFile(file, formatTown(json, imported.width));
  return { ...imported, file, warnings: townWarnings(town) };
}

/**
 * Placeholder residents for an imported map, one per home (the arena of a spawn point), for the
 * user to rename and describe. Their day is left to the generative mind, which plans it; the
 * one schedule line (sleeping at home) serves the scripted mind.
 */
export function scaffoldPersonas(
  world: string,
  spawns: readonly { name: string }[],
  count: number,
): PersonaFile {
  // Spawn points are named "<sector>:<arena>:<point>"; a home is the sector (an apartment, a house).
  const homes = new Map<string, string>();
  for (const s of spawns) {
    const home = `${world}:${Address.levels(s.name)[0]}`;
    if (!homes.has(home)) homes.set(home, s.name);
  }
  const residents = [...homes].slice(0, count).map(([home, spawn], i) =>
    Persona.parse({
      id: `resident-${i + 1}`,
      name: `Resident ${i + 1}`,
      age: 30,
      innate: "curious, friendly",
      learned: `Resident ${i + 1} lives in ${Address.last(home)}. (A placeholder: describe who they are, what they do, whom they know.)`,
      currently: `Resident ${i + 1} is settling into town.`,
      lifestyle: `Resident ${i + 1} goes to bed around 11pm and wakes up around 7am.`,
      home,
      sprite: i % 25,
      spawn,
      schedule: [{ at: "00:00", action: "sleeping", emoji: "😴", address: home }],
    }),
  );
  if (residents.length === 0)
    throw new Error("the map has no spawn points: residents need one each");
  return { residents };
}

/** Writes outDir/personas.json: the file given (checked), or a scaffold; then loads the town as a server would. */
export async function writePersonas(
  outDir: string,
  world: string,
  spawns: readonly { name: string }[],
  o: { personas?: string; residents?: number; force?: boolean },
): Promise<{ file: string; residents: number; scaffold: boolean }> {
  const file = path.join(outDir, "personas.json");
  if (existsSync(file) && !o.force && !o.personas) return { file, residents: -1, scaffold: false };
  let data: PersonaFile;
  if (o.personas) {
    const parsed = PersonaFile.safeParse(await readJsonFile(o.personas));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${o.personas}: ${issue.path.join(".") || "file"}: ${issue.message}`);
    }
    data = parsed.data;
  } else data = scaffoldPersonas(world, spawns, o.residents ?? 3);
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  // Whatever we write must start: spawn points and places checked the way the server will.
  await loadTemplate(outDir).catch((e: Error) => {
    throw new Error(
      o.personas
        ? `${o.personas} does not fit this map: ${e.message.replace(`${file}: `, "")}`
        : e.message,
    );
  });
  return { file, residents: data.residents.length, scaffold: !o.personas };
}

const program = new Command("import-map")
  .description(
    "Convert a map of the original implementation (its matrix folder) into a town of ours.",
  )
  .argument(
    "<matrix folder>",
    "the original's matrix folder, e.g. ../shared/reference/the_ville/matrix",
  )
  .option("--name <town>", "write DATA_DIR/towns/<town>/town.json (DATA_DIR default ./data)")
  .option("--out <dir>", "write <dir>/town.json instead")
  .option("--start <iso>", "date and time of the town's first step (UTC)", DEFAULT_START)
  .option(
    "--personas <file>",
    "the town's residents (a persona file, see the README); default: a scaffold to fill in",
  )
  .option("--residents <n>", "how many placeholder residents the scaffold has", "3")
  .option("--force", "replace an existing town.json (and personas.json)", false)
  .showHelpAfterError()
  .addHelpText(
    "after",
    "\nExample: npm run import-map -- ../shared/reference/the_ville/matrix --name the-ville",
  );

/** DATA_DIR/towns/<name>, or the usage error saying why not. */
function newDir(name: string): string {
  try {
    return newTownDir(name);
  } catch (e) {
    return program.error(`--name: ${(e as Error).message}`);
  }
}

async function main(argv: string[]): Promise<void> {
  program.parse(argv);
  const [matrixDir] = program.args;
  const opts = program.opts<{
    name?: string;
    out?: string;
    start: string;
    force: boolean;
    personas?: string;
    residents: string;
  }>();
  const residents = Number(opts.residents);
  if (!Number.isInteger(residents) || residents < 1 || residents > 200)
    program.error(`--residents "${opts.residents}": a whole number from 1 to 200`);
  if (!opts.name && !opts.out)
    program.error("give --name <town> (writes DATA_DIR/towns/<town>) or --out <dir>");
  const outDir = opts.out ?? newDir(opts.name!);
  const r = await importMap({ matrixDir, outDir, start: opts.start, force: opts.force });
  console.log(
    `${r.file}: ${r.world}, ${r.width}×${r.height} tiles, ${r.counts.sectors} sectors, ${r.counts.arenas} arenas, ${r.counts.objects} objects, ${r.spawns.length} spawn points, ${r.counts.blocked} blocked tiles`,
  );
  const p = await writePersonas(outDir, r.world, r.spawns, {
    personas: opts.personas,
    residents,
    force: opts.force,
  });
  if (p.residents < 0)
    console.log(
      `${p.file}: kept as it was (--force replaces it with a scaffold, --personas with a file of yours)`,
    );
  else if (p.scaffold)
    console.log(
      `${p.file}: ${p.residents} placeholder residents to rename and describe (or pass --personas <file>)`,
    );
  else console.log(`${p.file}: ${p.residents} residents from ${opts.personas}`);
  const town = await loadTemplate(outDir);
  for (const w of townWarnings(town.map, town.personas)) console.warn(`warning: ${w}`);
  console.log(
    opts.name
      ? `start it: TOWN=${opts.name} npm start${process.env.DATA_DIR ? ` (with the same DATA_DIR)` : ""}`
      : `start it: move ${outDir} into ${userTownsDir()}/, then TOWN=<its folder name> npm start`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv).catch((e: Error) => {
    console.error(`import-map: ${e.message}`);
    process.exit(1);
  });
}
