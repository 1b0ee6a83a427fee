// `npm run import-map -- <matrix folder> --name <town> [--out <dir>] [--start <iso>] [--force]`
// converts a map of the original implementation (its "matrix" folder: maze/*.csv,
// special_blocks/*.csv, maze_meta_info.json) into our Tiled-compatible town.json, drawn with our
// tiles (server/content/importPalette.ts, with the tile index assets/tiles/town.index.json), every address and spawn point kept. It writes
// assets/towns/<name>/town.json, or <dir>/town.json with --out. The town needs residents
// (personas.json) before a server can start on it; importing the original's personas is
// `npm run import-reverie`'s job.
import { Command } from "commander";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importMatrix, type MatrixImport } from "../content/importMatrix.ts";
import { importPalette } from "../content/importPalette.ts";
import { readTileIndex } from "../content/tileIndex.ts";
import { readMatrixFolder } from "../content/matrixFiles.ts";
import { TOWNS_DIR } from "../content/template.ts";
import { TownMap } from "../world/townMap.ts";

const TILESET_PNG = fileURLToPath(new URL("../../assets/tiles/town.png", import.meta.url));
export const DEFAULT_START = "2023-02-13T07:00:00Z";

export interface ImportMapOptions {
  matrixDir: string;
  outDir: string;
  /** ISO date-time of the town's first step. */
  start?: string;
  /** Replace an existing town.json. */
  force?: boolean;
}

/** Imports a matrix folder into outDir/town.json; returns what was imported. */
export async function importMap(o: ImportMapOptions): Promise<MatrixImport & { file: string }> {
  const start = o.start ?? DEFAULT_START;
  if (Number.isNaN(Date.parse(start)) || !/^\d{4}-\d\d-\d\dT/.test(start)) throw new Error(`--start "${start}" is not an ISO date-time such as ${DEFAULT_START}`);
  const outDir = path.resolve(o.outDir);
  const file = path.join(outDir, "town.json");
  if (existsSync(file) && !o.force) throw new Error(`${file} exists already: pass --force to replace it`);
  const files = await readMatrixFolder(path.resolve(o.matrixDir));
  // The map names its tileset by a path relative to its own folder, as Tiled expects.
  const image = path.relative(outDir, TILESET_PNG).split(path.sep).join("/");
  const imported = importMatrix(files, importPalette(image, await readTileIndex()), start);
  const json = JSON.parse(JSON.stringify(imported.map)) as unknown;
  // Whatever we write must load: check it the way the server will.
  TownMap.fromJson(json, file);
  await mkdir(outDir, { recursive: true });
  await writeFile(file, formatTown(json, imported.width));
  return { ...imported, file };
}

/** Pretty JSON with each row of a tile layer on one line, so the file stays readable in a diff. */
export function formatTown(map: unknown, width: number): string {
  return JSON.stringify(map, null, 2).replace(/"data": \[([\d,\s]*?)\]/g, (_m, body: string) => {
    const nums = body.split(",").map((s) => s.trim());
    const rows: string[] = [];
    for (let y = 0; y * width < nums.length; y++) rows.push("        " + nums.slice(y * width, (y + 1) * width).join(","));
    return `"data": [\n${rows.join(",\n")}\n      ]`;
  }) + "\n";
}

const program = new Command("import-map")
  .description("Convert a map of the original implementation (its matrix folder) into a town of ours.")
  .argument("<matrix folder>", "the original's matrix folder, e.g. ../shared/reference/the_ville/matrix")
  .option("--name <town>", "write assets/towns/<town>/town.json")
  .option("--out <dir>", "write <dir>/town.json instead")
  .option("--start <iso>", "date and time of the town's first step (UTC)", DEFAULT_START)
  .option("--force", "replace an existing town.json", false)
  .showHelpAfterError()
  .addHelpText("after", "\nExample: npm run import-map -- ../shared/reference/the_ville/matrix --name the-ville");

async function main(argv: string[]): Promise<void> {
  program.parse(argv);
  const [matrixDir] = program.args;
  const opts = program.opts<{ name?: string; out?: string; start: string; force: boolean }>();
  if (!opts.name && !opts.out) program.error("give --name <town> (writes assets/towns/<town>) or --out <dir>");
  if (opts.name && !/^[\w.-]+$/.test(opts.name)) program.error(`--name "${opts.name}": a town name is letters, digits, ".", "_" or "-"`);
  const outDir = opts.out ?? path.join(TOWNS_DIR, opts.name!);
  const r = await importMap({ matrixDir, outDir, start: opts.start, force: opts.force });
  console.log(`${r.file}: ${r.world}, ${r.width}×${r.height} tiles, ${r.counts.sectors} sectors, ${r.counts.arenas} arenas, ${r.counts.objects} objects, ${r.spawns.length} spawn points, ${r.counts.blocked} blocked tiles`);
  if (!existsSync(path.join(outDir, "personas.json"))) console.log(`no personas.json in ${outDir} yet: add residents there before starting a server on this town`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv).catch((e: Error) => {
    console.error(`import-map: ${e.message}`);
    process.exit(1);
  });
}
