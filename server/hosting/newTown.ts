// "New town" (POST /api/towns with a template or a map): checks the name against every town there
// is (running, saved, a folder), writes the town's files under DATA_DIR/towns/<name>/
// (content/newTown.ts) and opens it. It opens again at every start of the server (made.json), and
// a town that does not open leaves no folder behind.
import { rm } from "node:fs/promises";
import path from "node:path";
import type { NewTownRequest } from "../../shared/newTown.ts";
import { NewTownError, newTownFiles, writeNewTown } from "../content/newTown.ts";
import { findTown, isTownKey, userTownsDir } from "../content/townDirs.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import type { HostedTown } from "./hostedTown.ts";
import type { Towns } from "./towns.ts";

/** Makes and opens a new town; undefined when another process (with Redis) took it first. */
export async function makeNewTown(
  req: NewTownRequest,
  deps: { towns: Towns; store: Pick<PrismaStore, "findTown"> },
): Promise<HostedTown | undefined> {
  const key = req.name;
  const taken = (message: string) => new NewTownError("name", message, "conflict");
  if (!isTownKey(key))
    throw new NewTownError(
      "name",
      `"${key}": a town's name is letters, digits, ".", "_" or "-", not starting with "."`,
    );
  if (deps.towns.serves(key) || (await deps.towns.roomOf(key)))
    throw taken(`a town "${key}" is running already: choose another name`);
  if (await deps.store.findTown(key))
    throw taken(
      `a saved town is named "${key}": choose another name (or open that one: {"name": "${key}"})`,
    );
  const folder = findTown(key);
  if (folder)
    throw taken(
      folder.kind === "shipped"
        ? `"${key}" is a template that ships with Simulacra: choose another name`
        : `a town "${key}" exists already among your towns: choose another name`,
    );
  const files = await newTownFiles(req, path.join(userTownsDir(), key));
  const dir = await writeNewTown(key, files, {
    from: files.from,
    madeAt: new Date().toISOString(),
    ...(req.start ? { start: req.start } : {}),
    ...(req.seed !== undefined ? { seed: req.seed } : {}),
    opensAtStart: true,
  });
  try {
    return await deps.towns.serve({ name: key, template: key });
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}
