// Where towns live. The templates that ship with Simulacra stay read-only in assets/towns/; every
// town a user makes or imports is written under DATA_DIR/towns/ (default ./data/towns), never into
// the source tree. A town is found by its folder name in either place: a shipped template's name
// always means the template; any other name is looked up in DATA_DIR/towns first, then in
// assets/towns, where older versions wrote their imports (those keep working; a note at start-up
// says where they are).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The shipped templates' folder (read-only: nothing is written there). */
export const SHIPPED_TOWNS_DIR = fileURLToPath(new URL("../../assets/towns/", import.meta.url));

/** The templates assets/scripts/make-all.ts makes and the repository ships. */
export const SHIPPED_TOWNS: readonly string[] = ["base-3", "base-25"];

/** A town's folder name: letters, digits, ".", "_", "-", not starting with "." */
const TOWN_KEY = /^[\w-][\w.-]{0,63}$/;

/** Whether a name can be a town's folder (no path, no leading "."). */
export const isTownKey = (key: string): boolean => TOWN_KEY.test(key);

let dataDir: string | undefined;

/** Sets the process's DATA_DIR (the server and the tools do, from their configuration). */
export function useDataDir(dir: string): void {
  dataDir = dir;
}

/** DATA_DIR/towns: where users' towns are written (DATA_DIR from the configuration or the environment). */
export function userTownsDir(): string {
  return path.resolve(dataDir ?? (process.env.DATA_DIR || "./data"), "towns");
}

export type TownKind = "shipped" | "user" | "legacy";

export interface TownFolder {
  key: string;
  dir: string;
  /** shipped: a template of assets/towns; user: under DATA_DIR/towns; legacy: a user's town an older version wrote into assets/towns. */
  kind: TownKind;
}

const hasTown = (dir: string) => existsSync(path.join(dir, "town.json"));

/** The folder of the town of that name, wherever it is; undefined when there is none. */
export function findTown(key: string): TownFolder | undefined {
  if (!TOWN_KEY.test(key)) return undefined;
  const shipped = path.join(SHIPPED_TOWNS_DIR, key);
  if (SHIPPED_TOWNS.includes(key))
    return hasTown(shipped) ? { key, dir: shipped, kind: "shipped" } : undefined;
  const user = path.join(userTownsDir(), key);
  if (hasTown(user)) return { key, dir: user, kind: "user" };
  if (hasTown(shipped)) return { key, dir: shipped, kind: "legacy" };
  return undefined;
}

function foldersIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && TOWN_KEY.test(e.name) && hasTown(path.join(dir, e.name)))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** Every town there is, by name: the shipped templates, the user's, older imports in assets/towns. */
export function listTowns(): TownFolder[] {
  const keys = new Set([...foldersIn(SHIPPED_TOWNS_DIR), ...foldersIn(userTownsDir())]);
  return [...keys]
    .sort()
    .map((k) => findTown(k))
    .filter((t): t is TownFolder => t !== undefined);
}

/**
 * Where a new town of that name is written: DATA_DIR/towns/<key>. Refused for a shipped
 * template's name, and for the name of a town an older version wrote into assets/towns (two towns
 * of one name would be confused): the message says what to do.
 */
export function newTownDir(key: string): string {
  if (!TOWN_KEY.test(key))
    throw new Error(`"${key}": a town name is letters, digits, ".", "_" or "-"`);
  if (SHIPPED_TOWNS.includes(key))
    throw new Error(`"${key}" is a template that ships with Simulacra: choose another name`);
  const legacy = path.join(SHIPPED_TOWNS_DIR, key);
  if (hasTown(legacy))
    throw new Error(
      `${legacy} holds a town of that name (written by an older version): move it to ${userTownsDir()}/ or choose another name`,
    );
  return path.join(userTownsDir(), key);
}

/** A start-up note on towns older versions wrote into assets/towns (they keep working); null when none. */
export function legacyTownsNote(): string | null {
  const legacy = listTowns().filter((t) => t.kind === "legacy");
  if (legacy.length === 0) return null;
  return `${legacy.length === 1 ? "a town" : `${legacy.length} towns`} written by an older version into ${SHIPPED_TOWNS_DIR}: ${legacy.map((t) => t.key).join(", ")} (they still work; user towns now live in ${userTownsDir()}/, move them there to keep the source tree clean)`;
}
