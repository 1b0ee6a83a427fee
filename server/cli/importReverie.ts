// `npm run import-reverie -- <folder> [--simulation <name>] [--map <matrix folder>] --name <save> [--history <csv>] [--force] [--list]`
// <folder> is a simulation (it holds reverie/meta.json), a storage folder of simulations, or the
// folder that holds storage/ (and matrix/: then --map may be left out), e.g. ../shared/reference/the_ville/.
// turns a base simulation of the original implementation (reverie/meta.json, environment/0.json,
// personas/<Name>/bootstrap_memory/{scratch.json, spatial_memory.json, associative_memory/}) and
// its map (the matrix folder) into a town of ours and a save of it:
//   - DATA_DIR/towns/<save>/town.json (the map, drawn with our tiles) and personas.json (scratch:
//     identity, age, traits, occupation, plans, lifestyle, home);
//   - a save <save> at step 0: the residents on their starting tiles, each mind knowing the places
//     of its spatial memory, and holding its bootstrap memories (associative memory nodes) and the
//     statements of a history file (--history, the original's agent_history_init_*.csv) if given.
// The save then runs headless (`npm run sim -- --from <save>`) and live (`TOWN=<save> TOWN_NAME=<save> npm start`).
import { Command } from "commander";
import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { MemoryType } from "../agents/memory/port.ts";
import { Persona, type PersonaFile } from "../../shared/persona.ts";
import { readConfig } from "../config.ts";
import { makeGateway, readLlmConfig } from "../llm/index.ts";
import type { Gateway } from "../llm/prompt.ts";
import { openStore } from "../store/open.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { buildTown } from "../townFactory.ts";
import { MemoryJournal } from "../agents/memory/journal.ts";
import { takeSave, writeSave } from "../store/autosave.ts";
import { MemoryRows } from "../store/memoryRows.ts";
import { loadTemplate } from "../content/template.ts";
import { newTownDir, useDataDir } from "../content/townDirs.ts";
import { townWarnings } from "../content/townCheck.ts";
import { inTown } from "../world/townRegions.ts";
import { importMap } from "./importMap.ts";
import { readJsonFile } from "./jsonFile.ts";

const Meta = z.object({
  curr_time: z.string().optional(),
  start_date: z.string().optional(),
  sec_per_step: z.number().optional(),
  persona_names: z.array(z.string().min(1)).min(1),
  step: z.number().int().nonnegative().optional(),
});

const Scratch = z.object({
  name: z.string().min(1),
  age: z.number().int().positive().catch(30),
  innate: z.string().nullish(),
  learned: z.string().nullish(),
  currently: z.string().nullish(),
  lifestyle: z.string().nullish(),
  living_area: z.string().min(1),
  daily_plan_req: z.string().nullish(),
});

const Position = z.record(z.string(), z.object({ x: z.number().int(), y: z.number().int() }));

/** An associative-memory node of the original (nodes.json). */
const Node = z.object({
  node_count: z.number().optional(),
  type: z.enum(["event", "thought", "chat"]),
  created: z.string(),
  subject: z.string().nullish(),
  predicate: z.string().nullish(),
  object: z.string().nullish(),
  description: z.string().min(1),
  poignancy: z.number().catch(3),
  keywords: z.array(z.string()).catch([]),
});

export interface ReverieImport {
  save: string;
  townId: string;
  templateDir: string;
  residents: { id: string; name: string; x: number; y: number; places: number; memories: number }[];
  /** What the map and residents leave cut off from the town (content/townCheck.ts). */
  warnings: string[];
}

export interface ImportReverieOptions {
  simDir: string;
  matrixDir: string;
  name: string;
  history?: string;
  /** Replace an existing town folder of that name (the save itself must be new). */
  force?: boolean;
  /** Where the town folder is written (default DATA_DIR/towns: content/townDirs.ts). */
  townsDir?: string;
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const data = await readJsonFile(file);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue.path.join(".") || "file"}: ${issue.message}`);
  }
  return parsed.data;
}

/** "February 13, 2023, 00:00:00" (the original's clock) → an ISO date-time, UTC. */
export function reverieTime(text: string): string {
  const ms = Date.parse(`${text.replace(/, (\d\d:\d\d:\d\d)$/, " $1")} UTC`);
  if (Number.isNaN(ms)) throw new Error(`reverie/meta.json: cannot read the time "${text}"`);
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

export const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "resident";

/** The spatial memory tree {world: {sector: {arena: [objects]}}} as addresses, every level. */
export function flattenSpatial(tree: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (Array.isArray(node)) {
      for (const o of node)
        if (typeof o === "string" && o) out.push(`${prefix}:${o.replaceAll(":", " ")}`);
      return;
    }
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      const here = prefix ? `${prefix}:${k.replaceAll(":", " ")}` : k;
      if (prefix) out.push(here);
      walk(v, here);
    }
  };
  walk(tree, "");
  return out;
}

export interface FoundSimulations {
  /** Simulation folders found (each holds reverie/meta.json), by name. */
  simulations: { name: string; dir: string }[];
  /** The matrix folder beside them, when there is one. */
  matrix?: string;
}

const isSimulation = (dir: string) => existsSync(path.join(dir, "reverie", "meta.json"));
const isDir = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();

/**
 * The simulations a folder names: itself, the simulations in it (a storage folder), or those of
 * its storage/ folder; and the original's matrix folder beside them (<root>/matrix).
 */
export function findSimulations(folder: string): FoundSimulations {
  const dir = path.resolve(folder);
  if (!isDir(dir)) throw new Error(`${folder}: no such folder`);
  const matrixNear = (root: string) =>
    [
      path.join(root, "matrix"),
      path.join(root, "..", "matrix"),
      path.join(root, "..", "..", "matrix"),
    ].find((m) => isDir(path.join(m, "maze")));
  if (isSimulation(dir))
    return {
      simulations: [{ name: path.basename(dir), dir }],
      matrix: matrixNear(path.dirname(dir)),
    };
  const storage = isDir(path.join(dir, "storage")) ? path.join(dir, "storage") : dir;
  const simulations = readdirSync(storage)
    .map((name) => ({ name, dir: path.join(storage, name) }))
    .filter((s) => isDir(s.dir) && isSimulation(s.dir))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { simulations, matrix: matrixNear(storage === dir ? path.dirname(dir) : dir) };
}

/** Picks the simulation to import: the one there is, or the one named. */
export function chooseSimulation(found: FoundSimulations, folder: string, name?: string): string {
  const list = found.simulations.map((s) => `  ${s.name}`).join("\n");
  if (found.simulations.length === 0)
    throw new Error(
      `${folder}: no simulation found (a simulation folder holds reverie/meta.json; looked in it, in it as a storage folder, and in its storage/)`,
    );
  if (name) {
    const hit = found.simulations.find((s) => s.name === name);
    if (!hit) throw new Error(`${folder}: no simulation "${name}"; found:\n${list}`);
    return hit.dir;
  }
  if (found.simulations.length > 1)
    throw new Error(
      `${folder} holds ${found.simulations.length} simulations: choose one with --simulation <name>:\n${list}`,
    );
  return found.simulations[0].dir;
}

const MEMORY_TYPE: Record<z.infer<typeof Node>["type"], MemoryType> = {
  event: "observation",
  thought: "thought",
  chat: "chat",
};

export async function importReverie(
  store: PrismaStore,
  gateway: Gateway,
  o: ImportReverieOptions,
): Promise<ReverieImport> {
  if (!/^[\w.-]{1,64}$/.test(o.name))
    throw new Error(
      `--name "${o.name}": a save name is letters, digits, ".", "_" or "-" (it also names the town folder)`,
    );
  if (await store.prisma.town.findUnique({ where: { name: o.name } }))
    throw new Error(`a save named "${o.name}" exists already: choose another --name`);
  const simDir = path.resolve(o.simDir);
  const meta = await readJson(path.join(simDir, "reverie", "meta.json"), Meta);
  const start = reverieTime(meta.curr_time ?? `${meta.start_date ?? ""}, 00:00:00`);
  const positions = await readJson(
    path.join(simDir, "environment", `${meta.step ?? 0}.json`),
    Position,
  ).catch((): z.infer<typeof Position> => ({}));
  const templateDir = o.townsDir ? path.join(o.townsDir, o.name) : newTownDir(o.name);
  if (existsSync(templateDir) && !o.force)
    throw new Error(`${templateDir} exists already: pass --force to replace it`);

  // The map first: personas name places in it.
  const map = await importMap({ matrixDir: o.matrixDir, outDir: templateDir, start, force: true });
  const spawns = map.spawns;
  const ids = new Set<string>();
  const residents: (PersonaFile["residents"][number] & {
    at?: { x: number; y: number };
    dir: string;
  })[] = [];
  try {
    for (const [i, name] of meta.persona_names.entries()) {
      const dir = path.join(simDir, "personas", name, "bootstrap_memory");
      const s = await readJson(path.join(dir, "scratch.json"), Scratch);
      let id = slug(s.name);
      while (ids.has(id)) id += "-x";
      ids.add(id);
      const at = positions[name];
      // The spawn point nearest to where the original put the persona (its living area's, usually).
      const near = at ?? spawns[0];
      const spawn = [...spawns].sort(
        (a, b) =>
          Math.abs(a.x - near.x) +
          Math.abs(a.y - near.y) -
          (Math.abs(b.x - near.x) + Math.abs(b.y - near.y)),
      )[0];
      if (!spawn) throw new Error(`${o.matrixDir}: the map has no spawn points`);
      const home = s.living_area
        .split(":")
        .map((p) => p.replaceAll(":", " "))
        .join(":");
      const persona = Persona.parse({
        id,
        name: s.name,
        age: s.age,
        innate: s.innate ?? "",
        learned: s.learned ?? "",
        currently: [s.currently, s.daily_plan_req].filter(Boolean).join(" "),
        lifestyle: s.lifestyle ?? "",
        home,
        sprite: i % 25,
        spawn: spawn.name,
        // The generative mind plans its own days; this line only serves the scripted mind.
        schedule: [{ at: "00:00", action: "sleeping", emoji: "😴", address: home }],
      });
      residents.push({ ...persona, at, dir });
    }
    const personaFile: PersonaFile = { residents: residents.map(({ at: _a, dir: _d, ...p }) => p) };
    await writeFile(
      path.join(templateDir, "personas.json"),
      `${JSON.stringify(personaFile, null, 2)}\n`,
    );
    const template = await loadTemplate(templateDir);

    // The town at step 0 with each resident's mind as the original had it.
    const journal = new MemoryJournal();
    const { town, mind } = buildTown(template, { gateway, mode: "lockstep", journal });
    // Only the places change here (the minds stay as built: their memories are journaled).
    const snap = town.worldSnapshot();
    const warnings = townWarnings(template.map, template.personas);
    for (const a of snap.agents) {
      const r = residents.find((x) => x.id === a.id);
      if (!r?.at || !template.map.isWalkable(r.at.x, r.at.y)) continue;
      // A tile cut off from the town would keep the resident out of it for good: its spawn instead.
      if (!inTown(template.map, r.at)) {
        warnings.push(
          `resident "${r.id}": its starting tile ${r.at.x},${r.at.y} is cut off from the town; it starts at its spawn "${r.spawn}" instead`,
        );
        continue;
      }
      a.x = r.at.x;
      a.y = r.at.y;
    }
    town.restore(snap);
    const report: ReverieImport["residents"] = [];
    const ctx = mind.context();
    for (const r of residents) {
      const s = mind.agent(r.id)!;
      const spatialFile = path.join(r.dir, "spatial_memory.json");
      if (existsSync(spatialFile)) {
        const places = flattenSpatial(await readJson(spatialFile, z.unknown())).filter((a) =>
          template.map.hasAddress(a),
        );
        s.spatial.addAll(places);
      }
      const nodesFile = path.join(r.dir, "associative_memory", "nodes.json");
      const nodes = existsSync(nodesFile)
        ? Object.values(await readJson(nodesFile, z.record(z.string(), Node)))
        : [];
      // Oldest first, as the original numbered them; embedded with this server's engine.
      nodes.sort((a, b) => (a.node_count ?? 0) - (b.node_count ?? 0));
      const vectors = nodes.length ? await ctx.embed(nodes.map((n) => n.description)) : [];
      nodes.forEach((n, k) => {
        const created = Date.parse(`${n.created.replace(" ", "T")}Z`);
        s.memory.add({
          type: MEMORY_TYPE[n.type],
          created: Number.isNaN(created) ? town.time : created,
          description: n.description,
          subject: n.subject ?? r.name,
          predicate: n.predicate ?? "is",
          object: n.object ?? "",
          keywords: n.keywords,
          importance: n.poignancy,
          embedding: vectors[k],
        });
      });
      report.push({
        id: r.id,
        name: r.name,
        x: 0,
        y: 0,
        places: s.spatial.addresses().length,
        memories: 0,
      });
    }
    if (o.history) {
      const seeded = await mind.seedHistory(
        await readFile(o.history, "utf8").catch((e: NodeJS.ErrnoException) => {
          throw new Error(`${o.history}: cannot be read (${e.code ?? String(e)})`);
        }),
        town.time,
      );
      if (seeded.unknown.length)
        throw new Error(
          `${o.history}: names no resident of this simulation: ${seeded.unknown.join(", ")}`,
        );
    }
    for (const r of report) {
      const view = town.agent(r.id)!;
      Object.assign(r, { x: view.x, y: view.y, memories: mind.agent(r.id)!.memory.size });
    }
    const record = await store.ensureTown(o.name, template.key);
    // Written as a town's autosave is: every memory as rows, the small snapshot with their mark.
    const rows = new MemoryRows(store, record.id, journal, null);
    await writeSave(store, record.id, await takeSave(town, rows), rows);
    return {
      save: o.name,
      townId: record.id,
      templateDir,
      residents: report,
      warnings,
    };
  } catch (err) {
    // Nothing half-made stays behind.
    await rm(templateDir, { recursive: true, force: true });
    throw err;
  }
}

const program = new Command("import-reverie")
  .description(
    "Turn a base simulation of the original implementation into a town and a save of ours.",
  )
  .argument(
    "<folder>",
    "a simulation folder, a storage folder, or the folder holding storage/ (e.g. ../shared/reference/the_ville)",
  )
  .option("--simulation <name>", "which simulation, when the folder holds several")
  .option(
    "--map <matrix folder>",
    "the original's matrix folder (default: the matrix/ folder beside storage/)",
  )
  .option("--name <save>", "name of the new save (and of its town folder under DATA_DIR/towns)")
  .option(
    "--history <csv>",
    "statements to seed as memories (the original's agent_history_init_*.csv)",
  )
  .option("--force", "replace an existing town folder of that name", false)
  .option("--list", "list the simulations found and stop", false)
  .showHelpAfterError()
  .addHelpText(
    "after",
    "\nExample: npm run import-reverie -- ../shared/reference/the_ville --name ville --history ../shared/reference/the_ville/agent_history_init_n3.csv",
  );

async function main(argv: string[]): Promise<void> {
  program.parse(argv);
  const [folder] = program.args;
  const opts = program.opts<{
    simulation?: string;
    map?: string;
    name?: string;
    history?: string;
    force: boolean;
    list: boolean;
  }>();
  const found = findSimulations(folder);
  if (opts.list) {
    if (found.simulations.length === 0)
      throw new Error(
        `${folder}: no simulation found (a simulation folder holds reverie/meta.json)`,
      );
    console.log(
      `${found.simulations.length} simulation${found.simulations.length === 1 ? "" : "s"} in ${folder}:`,
    );
    for (const s of found.simulations)
      console.log(`  ${s.name}  (${path.relative(process.cwd(), s.dir) || "."})`);
    console.log(
      found.matrix
        ? `map: ${path.relative(process.cwd(), found.matrix)}`
        : "no matrix folder beside them: give --map <matrix folder>",
    );
    return;
  }
  const simDir = chooseSimulation(found, folder, opts.simulation);
  const matrixDir = opts.map ?? found.matrix;
  if (!matrixDir) throw new Error(`no matrix folder beside ${folder}: give --map <matrix folder>`);
  if (!opts.name)
    throw new Error(
      "give --name <save>: the name of the new save (--list shows the simulations found)",
    );
  const config = readConfig({ LOG_LEVEL: "warn", ...process.env });
  useDataDir(config.DATA_DIR);
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "db"),
  });
  const gateway = makeGateway(readLlmConfig(config.env));
  try {
    const r = await importReverie(store, gateway, {
      simDir,
      matrixDir,
      name: opts.name,
      history: opts.history,
      force: opts.force,
    });
    console.log(
      `imported ${path.relative(process.cwd(), simDir)} as save "${r.save}" (town ${r.templateDir})`,
    );
    for (const x of r.residents)
      console.log(
        `  ${x.name} (${x.id}) at ${x.x},${x.y}: knows ${x.places} places, ${x.memories} memories`,
      );
    for (const w of r.warnings) console.warn(`warning: ${w}`);
    console.log(
      `run it: npm run sim -- --from ${r.save} --name <new save> --steps 360   or   TOWN=${r.save} TOWN_NAME=${r.save} npm start`,
    );
  } finally {
    await store.close();
    await gateway.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv).catch((e: Error) => {
    console.error(`import-reverie: ${e.message}`);
    process.exit(1);
  });
}
