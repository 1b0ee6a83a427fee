// `npm run new-town -- --name <town> (--map <file.tmj> --personas <personas.json> | --template <t>) [--start <iso>] [--seed <n>]`
// makes a town as the join dialog's "New town" does (server/content/newTown.ts, the same checks
// and messages): from a Tiled map drawn with the shipped tileset and its residents, or from a
// template; written under DATA_DIR/towns/<town>/ (never the source tree). `TOWN=<town> npm start`
// opens it (the browser's New town also opens it at once and at every start; this one does not).
import { Command } from "commander";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NewTownRequest } from "../../shared/newTown.ts";
import { newTownFiles, writeNewTown } from "../content/newTown.ts";
import { loadTemplate } from "../content/template.ts";
import { townWarnings } from "../content/townCheck.ts";
import { userTownsDir } from "../content/townDirs.ts";

const program = new Command("new-town")
  .description(
    "Make a town from a Tiled map and its personas.json (or from a template) under DATA_DIR/towns.",
  )
  .requiredOption("--name <town>", "the town's folder name under DATA_DIR/towns")
  .option("--map <file>", "a Tiled map (.tmj or .json) drawn with assets/tiles/town.png")
  .option("--personas <file>", "its residents (with --template: instead of the template's)")
  .option("--template <town>", "a template to copy instead of a map (base-3, base-25, yours)")
  .option("--start <iso>", "date and time of the town's first step, e.g. 2026-04-18T08:00:00Z")
  .option("--seed <n>", "the seed of the town's rules and minds (default: the server's SEED)")
  .showHelpAfterError()
  .addHelpText(
    "after",
    "\nExample: npm run new-town -- --name fernhollow --map docs/tiled/fernhollow.tmj --personas docs/tiled/personas.json",
  );

async function upload(file: string | undefined) {
  if (!file) return undefined;
  try {
    return { file: path.basename(file), text: await readFile(file, "utf8") };
  } catch (e) {
    throw new Error(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`, {
      cause: e,
    });
  }
}

async function main(argv: string[]): Promise<void> {
  program.parse(argv);
  const o = program.opts<{
    name: string;
    map?: string;
    personas?: string;
    template?: string;
    start?: string;
    seed?: string;
  }>();
  const req = NewTownRequest.safeParse({
    name: o.name,
    template: o.template,
    map: await upload(o.map),
    personas: await upload(o.personas),
    start: o.start,
    seed: o.seed === undefined ? undefined : Number(o.seed),
  });
  if (!req.success) {
    const issue = req.error.issues[0];
    return program.error(`--${String(issue.path[0])}: ${issue.message}`);
  }
  const dir = path.join(userTownsDir(), req.data.name);
  const files = await newTownFiles(req.data, dir);
  await writeNewTown(req.data.name, files, {
    from: files.from,
    madeAt: new Date().toISOString(),
    ...(req.data.start ? { start: req.data.start } : {}),
    ...(req.data.seed !== undefined ? { seed: req.data.seed } : {}),
    opensAtStart: false,
  });
  const town = await loadTemplate(dir);
  console.log(
    `${dir}: ${town.map.world}, ${town.map.width}×${town.map.height} tiles, ${town.personas.length} residents (${files.from})`,
  );
  for (const w of townWarnings(town.map, town.personas)) console.warn(`warning: ${w}`);
  console.log(
    `start it: TOWN=${req.data.name} npm start${process.env.DATA_DIR ? " (with the same DATA_DIR)" : ""}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv).catch((e: Error) => {
    console.error(`new-town: ${e.message}`);
    process.exit(1);
  });
}
