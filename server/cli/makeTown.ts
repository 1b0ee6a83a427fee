// `npm run make-town -- --residents 1000 --name town-1000 [--seed 7] [--out <dir>] [--force]`
// generates a town of any size from 10 to 2,000 residents (server/content/makeTown.ts): a map of
// homes, workplaces, a park and a town hall drawn with our tiles (a Tiled map, editable), and a
// persona for each resident. It writes DATA_DIR/towns/<name>/ (town.json, personas.json), never
// the source tree; `TOWN=<name> npm start` and `npm run sim -- --from <name>` open it.
import { Command } from "commander";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTown } from "../content/makeTown.ts";
import { readTileIndex } from "../content/tileIndex.ts";
import { newTownDir } from "../content/townDirs.ts";

const TILESET_PNG = fileURLToPath(new URL("../../assets/tiles/town.png", import.meta.url));

export async function makeTownFolder(o: {
  residents: number;
  seed: number;
  outDir: string;
  force?: boolean;
}): Promise<ReturnType<typeof makeTown> & { dir: string }> {
  const dir = path.resolve(o.outDir);
  if (existsSync(path.join(dir, "town.json")) && !o.force)
    throw new Error(`${dir}/town.json exists already: pass --force to replace it`);
  const image = path.relative(dir, TILESET_PNG).split(path.sep).join("/");
  const town = makeTown({
    residents: o.residents,
    seed: o.seed,
    index: await readTileIndex(),
    image,
  });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "town.json"), town.townJson);
  await writeFile(path.join(dir, "personas.json"), town.personasJson);
  return { ...town, dir };
}

const program = new Command("make-town")
  .description("Generate a town of any size (10 to 2,000 residents) from a seed.")
  .requiredOption("--residents <n>", "how many residents (10 to 2,000)")
  .requiredOption("--name <town>", "the town's folder name under DATA_DIR/towns")
  .option("--seed <n>", "seed of everything drawn (names, households, the map)", "1")
  .option("--out <dir>", "write into <dir> instead of DATA_DIR/towns/<name>")
  .option("--force", "replace a town of that name", false)
  .showHelpAfterError()
  .addHelpText(
    "after",
    "\nExample: npm run make-town -- --residents 1000 --name town-1000 --seed 7",
  );

async function main(argv: string[]): Promise<void> {
  program.parse(argv);
  const o = program.opts<{
    residents: string;
    name: string;
    seed: string;
    out?: string;
    force: boolean;
  }>();
  const residents = Number(o.residents);
  if (!Number.isInteger(residents) || residents < 10 || residents > 2000)
    program.error(`--residents "${o.residents}": a whole number from 10 to 2,000`);
  const seed = Number(o.seed);
  if (!Number.isInteger(seed) || seed < 0) program.error(`--seed "${o.seed}": a whole number`);
  if (!/^[\w.-]+$/.test(o.name))
    program.error(`--name "${o.name}": a town name is letters, digits, ".", "_" or "-"`);
  const t0 = performance.now();
  const town = await makeTownFolder({
    residents,
    seed,
    outDir: o.out ?? newTownDir(o.name),
    force: o.force,
  });
  console.log(
    `${town.dir}: ${town.world}, ${town.residents} residents in ${town.households} homes, ${town.workplaces} workplaces, ${town.width}×${town.height} tiles (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  console.log(`Start it: TOWN=${o.out ? town.dir : o.name} npm start`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv).catch((e: unknown) => {
    console.error(`make-town: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
