// A new town's files ("New town": the join dialog and POST /api/towns): a template's map with the
// start chosen and its residents (or yours), or an uploaded Tiled map with its personas.json. Both
// are checked the way the server loads a town (server/world/townMap.ts, template.ts), after the
// Tiled details an editor gets wrong (an infinite map, an external or foreign tileset, compressed
// layers, tile ids the tileset has not); every problem names the file and the layer, tile, object
// or field. Then written under DATA_DIR/towns/<name>/ in one move (a hidden folder beside it,
// renamed), so a refused or failed town leaves nothing behind.
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NEW_TOWN_LIMITS, type NewTownRequest } from "../../shared/newTown.ts";
import { PersonaFile } from "../../shared/persona.ts";
import { textProblem } from "../../shared/text.ts";
import type { TownTemplateInfo } from "../../shared/newTown.ts";
import { TownFileError, TownMap } from "../world/townMap.ts";
import { checkPersonas, loadTemplate } from "./template.ts";
import { readTileIndex, townTileset, type TileIndex } from "./tileIndex.ts";
import { findTown, listTowns, newTownDir } from "./townDirs.ts";
import { formatTown } from "./townJson.ts";
import { MADE_FILE, type TownMade } from "./townMade.ts";

const TILESET_PNG = fileURLToPath(new URL("../../assets/tiles/town.png", import.meta.url));

export type NewTownField = "name" | "template" | "map" | "personas" | "start";

/** Why a new town is refused: the field at fault and what is wrong ("conflict": the name is taken). */
export class NewTownError extends Error {
  constructor(
    readonly field: NewTownField,
    message: string,
    readonly kind: "invalid" | "conflict" | "not_found" = "invalid",
  ) {
    super(message);
    this.name = "NewTownError";
  }
}

/** What a new town's folder holds, ready to write. */
export interface NewTownFiles {
  map: Record<string, unknown>;
  width: number;
  personas: PersonaFile;
  /** "template base-3", "upload town.tmj + personas.json". */
  from: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const mb = (chars: number) => `${(chars / 1_000_000).toFixed(1)} MB`;

/** JSON.parse's complaint, with the line and column of its position when it gives one. */
export function jsonProblem(message: string, text: string): string {
  const at = / in JSON at position (\d+)/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[1]));
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    return `${message.slice(0, at.index)} (line ${line}, column ${column})`;
  }
  // V8 quotes the text around an unexpected token: the token is enough.
  return message.replace(/, ".*$/s, "");
}

function parseUpload(
  field: "map" | "personas",
  upload: { file: string; text: string },
  limit: number,
): unknown {
  const { file, text } = upload;
  if (text.length > limit)
    throw new NewTownError(
      field,
      `${file}: ${mb(text.length)}, more than the ${mb(limit)} a ${field === "map" ? "map" : "personas file"} may be`,
    );
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new NewTownError(
      field,
      `${file}: not valid JSON: ${jsonProblem((e as Error).message, text)}`,
    );
  }
}

/**
 * What a Tiled editor can save that a town cannot be: checked before the map's schema, so the
 * message says what to change in Tiled. Tile ids are checked against the shipped tileset.
 */
export function checkTiledMap(json: unknown, file: string, index: TileIndex): void {
  const bad = (problem: string) => new NewTownError("map", `${file}: ${problem}`);
  if (!isObject(json) || json.type !== "map")
    throw bad(
      `not a Tiled map (a map's JSON has "type": "map"; a tileset's or a project's will not do)`,
    );
  if (json.infinite === true)
    throw bad(
      "an infinite map: a town has a fixed size (Tiled: Map > Map Properties, untick Infinite)",
    );
  if (json.orientation !== "orthogonal")
    throw bad(`a ${String(json.orientation)} map: a town's map is orthogonal`);
  if (json.tilewidth !== 32 || json.tileheight !== 32)
    throw bad(
      `tiles of ${String(json.tilewidth)}×${String(json.tileheight)} px: the town's are 32×32`,
    );
  const tilesets = Array.isArray(json.tilesets) ? json.tilesets : [];
  if (tilesets.length !== 1)
    throw bad(
      `${tilesets.length} tilesets: a town is drawn with one, the shipped assets/tiles/town.png`,
    );
  const ts = tilesets[0] as Json;
  const tsName = typeof ts.name === "string" ? ts.name : "(no name)";
  if (typeof ts.source === "string")
    throw bad(
      `the tileset "${ts.source}" is a file of its own: embed it in the map (Tiled: Embed Tileset, in the Tilesets view)`,
    );
  const image = typeof ts.image === "string" ? ts.image.replace(/\\/g, "/") : "";
  if (path.posix.basename(image) !== "town.png")
    throw bad(
      `tileset "${tsName}" is drawn from "${image || "no image"}": a town is drawn with assets/tiles/town.png`,
    );
  if (ts.firstgid !== 1) throw bad(`tileset "${tsName}": its firstgid must be 1`);
  // Tiled counts every cell of the image (the last row's empty ones too); our files, the tiles drawn.
  const cells = index.columns * index.rows;
  if ((ts.tilecount !== index.tileCount && ts.tilecount !== cells) || ts.columns !== index.columns)
    throw bad(
      `tileset "${tsName}" has ${String(ts.tilecount)} tiles in ${String(ts.columns)} columns; assets/tiles/town.png has ${cells} in ${index.columns} (32×32 px, no margin or spacing)`,
    );
  for (const p of Array.isArray(json.properties) ? json.properties : []) {
    const problem = isObject(p) && typeof p.value === "string" ? textProblem(p.value) : null;
    if (problem) throw bad(`map property "${String((p as Json).name)}" ${problem}`);
  }
  const layers = Array.isArray(json.layers) ? json.layers : [];
  if (layers.length > NEW_TOWN_LIMITS.layers)
    throw bad(`${layers.length} layers, more than the ${NEW_TOWN_LIMITS.layers} a map may have`);
  const width = typeof json.width === "number" ? json.width : 0;
  let objects = 0;
  layers.forEach((raw, i) => {
    const l = isObject(raw) ? raw : {};
    const name = typeof l.name === "string" ? `layer "${l.name}"` : `layer #${i + 1}`;
    if (l.type === "objectgroup") {
      const list: unknown[] = Array.isArray(l.objects) ? l.objects : [];
      objects += list.length;
      for (const o of list) {
        const named = isObject(o) && typeof o.name === "string" ? o.name : "";
        const problem = textProblem(named);
        if (problem) throw bad(`${name}, object id ${String((o as Json).id)}: its name ${problem}`);
      }
      return;
    }
    if (l.type === "group")
      throw bad(`${name} is a group: a town's layers stand on their own (move them out of it)`);
    if (l.type !== "tilelayer")
      throw bad(
        `${name} is ${l.type === "imagelayer" ? "an image layer" : `a layer of type "${String(l.type)}"`}: a town has tile layers and the object layers sectors, arenas, objects and spawns`,
      );
    if (!Array.isArray(l.data))
      throw bad(
        `${name}: its tiles are stored ${typeof l.encoding === "string" ? l.encoding : "encoded"}${typeof l.compression === "string" && l.compression ? ` and ${l.compression}-compressed` : ""}: save them as CSV (Tiled: Map > Map Properties, Tile Layer Format: CSV)`,
      );
    let wrong = 0;
    let first = -1;
    l.data.forEach((gid: unknown, k: number) => {
      if (gid === 0) return;
      if (typeof gid === "number" && Number.isInteger(gid) && gid >= 1 && gid <= index.tileCount)
        return;
      if (first === -1) first = k;
      wrong++;
    });
    if (wrong > 0) {
      const gid = (l.data as unknown[])[first];
      const at = width > 0 ? `${first % width},${Math.floor(first / width)}` : `#${first}`;
      const what =
        typeof gid === "number" && gid >= 0x10000000
          ? `a flipped or rotated tile (gid ${gid}): a town draws its tiles as the tileset has them`
          : typeof gid === "number" && gid > index.tileCount && gid <= cells
            ? `tile id ${gid} is an empty cell at the end of the tileset (its tiles are 1 to ${index.tileCount})`
            : `tile id ${JSON.stringify(gid)} is not in the tileset (1 to ${index.tileCount}, or 0 for none)`;
      throw bad(
        `${name}, tile ${at}: ${what}${wrong > 1 ? ` (and ${wrong - 1} more tiles of this layer)` : ""}`,
      );
    }
  });
  if (objects > NEW_TOWN_LIMITS.objects)
    throw bad(`${objects} objects, more than the ${NEW_TOWN_LIMITS.objects} a map may have`);
}

/** The map's properties with "start" set to `start`. */
function withStart(properties: unknown, start: string): unknown[] {
  const list: unknown[] = Array.isArray(properties) ? properties : [];
  return [
    ...list.filter((p) => !(isObject(p) && p.name === "start")),
    { name: "start", type: "string", value: start },
  ];
}

/** The residents of an uploaded personas.json, checked against the map. */
function uploadedPersonas(
  upload: { file: string; text: string },
  map: TownMap,
  mapFile: string,
): PersonaFile {
  const json = parseUpload("personas", upload, NEW_TOWN_LIMITS.personasChars);
  const bad = (problem: string) => new NewTownError("personas", `${upload.file}: ${problem}`);
  if (
    isObject(json) &&
    Array.isArray(json.residents) &&
    json.residents.length > NEW_TOWN_LIMITS.residents
  )
    throw bad(
      `${json.residents.length} residents, more than the ${NEW_TOWN_LIMITS.residents} a town may have`,
    );
  const parsed = PersonaFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw bad(`${issue.path.join(".") || "file"}: ${issue.message}`);
  }
  // What residents are and say reaches prompts and every client: clean text, as people's is.
  parsed.data.residents.forEach((r, i) => {
    for (const [field, value] of Object.entries(r)) {
      const texts = typeof value === "string" ? [value] : [];
      if (field === "schedule")
        for (const item of r.schedule) texts.push(item.action, item.emoji, item.address);
      for (const text of texts) {
        const problem = textProblem(text);
        if (problem) throw bad(`residents.${i}.${field}: ${problem}`);
      }
    }
  });
  try {
    checkPersonas(map, parsed.data.residents, upload.file, mapFile);
  } catch (e) {
    if (e instanceof TownFileError) throw new NewTownError("personas", e.message);
    throw e;
  }
  return parsed.data;
}

function readMap(json: unknown, file: string): TownMap {
  try {
    return TownMap.fromJson(json, file);
  } catch (e) {
    if (e instanceof TownFileError) throw new NewTownError("map", e.message);
    throw e;
  }
}

/**
 * The files of a new town written to `dir`: from the request's template or its uploaded map,
 * checked; the tileset is the shipped one, named by its path from `dir` as Tiled expects.
 */
export async function newTownFiles(req: NewTownRequest, dir: string): Promise<NewTownFiles> {
  if (req.map && req.template)
    throw new NewTownError("map", "give a template or a map of your own, not both");
  if (!req.map && !req.template)
    throw new NewTownError("template", "choose a template, or upload a map with its personas.json");
  if (req.map && !req.personas)
    throw new NewTownError("personas", "a map needs its residents: upload a personas.json with it");
  const index = await readTileIndex();
  const image = path.relative(dir, TILESET_PNG).split(path.sep).join("/");
  let json: Json;
  let mapFile: string;
  let personas: PersonaFile | undefined;
  if (req.map) {
    mapFile = req.map.file;
    const parsed = parseUpload("map", req.map, NEW_TOWN_LIMITS.mapChars);
    checkTiledMap(parsed, mapFile, index);
    json = parsed as Json;
  } else {
    const folder = findTown(req.template!);
    if (!folder)
      throw new NewTownError(
        "template",
        `no template "${req.template}" (GET /api/towns/templates lists them)`,
        "not_found",
      );
    let template;
    try {
      template = await loadTemplate(folder.dir);
    } catch (e) {
      // Said without the server's folders.
      const problem = (e as Error).message.replaceAll(`${folder.dir}${path.sep}`, "");
      throw new NewTownError("template", `template "${req.template}" does not load: ${problem}`);
    }
    mapFile = "town.json";
    json = JSON.parse(await readFile(path.join(template.dir, "town.json"), "utf8")) as Json;
    if (!req.personas) personas = { residents: template.personas };
  }
  const map: Json = {
    ...json,
    tilesets: [townTileset(image, index)],
    ...(req.start ? { properties: withStart(json.properties, req.start) } : {}),
  };
  const town = readMap(map, mapFile);
  if (req.personas) personas = uploadedPersonas(req.personas, town, mapFile);
  return {
    map,
    width: town.width,
    personas: personas!,
    from: req.map
      ? `upload ${req.map.file} + ${req.personas!.file}`
      : `template ${req.template}${req.personas ? ` + ${req.personas.file}` : ""}`,
  };
}

/**
 * Writes a new town's folder DATA_DIR/towns/<key>/ (town.json, personas.json, made.json) in one
 * move; refused when the name is a shipped template's or a folder of that name exists.
 */
export async function writeNewTown(
  key: string,
  files: NewTownFiles,
  made: TownMade,
): Promise<string> {
  let dir: string;
  try {
    dir = newTownDir(key);
  } catch (e) {
    throw new NewTownError("name", (e as Error).message, "conflict");
  }
  const parent = path.dirname(dir);
  await mkdir(parent, { recursive: true });
  const tmp = await mkdtemp(path.join(parent, `.new-${key}-`));
  try {
    await writeFile(path.join(tmp, "town.json"), formatTown(files.map, files.width));
    await writeFile(
      path.join(tmp, "personas.json"),
      `${JSON.stringify(files.personas, null, 2)}\n`,
    );
    await writeFile(path.join(tmp, MADE_FILE), `${JSON.stringify(made, null, 2)}\n`);
    await rename(tmp, dir);
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOTEMPTY" || code === "EEXIST")
      throw new NewTownError(
        "name",
        `a town "${key}" exists already: choose another name`,
        "conflict",
      );
    throw e;
  }
  return dir;
}

const infoCache = new Map<string, { stamp: string; info: TownTemplateInfo }>();

/** What a new town can be made from: every town folder (shipped, the user's), with its size. */
export async function listTemplates(): Promise<TownTemplateInfo[]> {
  const out: TownTemplateInfo[] = [];
  for (const t of listTowns()) {
    try {
      const files = ["town.json", "personas.json"].map((f) => path.join(t.dir, f));
      const stats = await Promise.all(files.map((f) => stat(f)));
      const stamp = stats.map((s) => `${s.mtimeMs}:${s.size}`).join("|");
      const cached = infoCache.get(t.dir);
      if (cached?.stamp === stamp) {
        out.push(cached.info);
        continue;
      }
      const template = await loadTemplate(t.dir);
      const info: TownTemplateInfo = {
        name: t.key,
        kind: t.kind,
        world: template.map.world,
        residents: template.personas.length,
        width: template.map.width,
        height: template.map.height,
        start: new Date(template.map.start).toISOString(),
      };
      infoCache.set(t.dir, { stamp, info });
      out.push(info);
    } catch {
      // A folder that does not load is no template (the start-up and the import tools say why).
    }
  }
  return out;
}
