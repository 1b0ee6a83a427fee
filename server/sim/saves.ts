// What the command line starts from and writes to: town templates (folders of assets/towns and
// DATA_DIR/towns) and saves (towns in the store, each with its newest snapshot). Every mistake a
// person can make here (an unknown name, a save that exists already) is a UsageError that lists
// the choices.
import type { PrismaStore } from "../store/prismaStore.ts";
import type { SnapshotRecord, TownRecord } from "../store/store.ts";
import { TownSnapshot } from "../world/snapshot.ts";
import { loadTemplate, type TownTemplate } from "../content/template.ts";
import { listTowns } from "../content/townDirs.ts";

/** A mistake in what the person asked for: printed as is (no stack), exit code 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Names a save may have: the server's TOWN_NAME rule. */
export const SAVE_NAME = /^[\w.-]{1,64}$/;

/** The templates a town can start from: the shipped ones and the user's. */
export function listTemplates(): Promise<string[]> {
  return Promise.resolve(listTowns().map((t) => t.key));
}

async function describeSaves(store: PrismaStore): Promise<string> {
  const saves = await store.listTowns();
  if (saves.length === 0) return "none yet";
  return saves
    .map(
      (s) =>
        `${s.name} (${s.template}, ${s.latestStep === null ? "never saved" : `step ${s.latestStep}`})`,
    )
    .join(", ");
}

/** The choices, for error messages. */
export async function choices(store: PrismaStore): Promise<string> {
  return `templates: ${(await listTemplates()).join(", ") || "none"}; saves: ${await describeSaves(store)}`;
}

export type Source =
  | { kind: "template"; label: string; template: TownTemplate }
  | {
      kind: "save";
      label: string;
      template: TownTemplate;
      save: TownRecord;
      snapshot: TownSnapshot | null;
      step: number;
      /** Its memory rows' mark (null: memories inside the snapshot). */ mark: number | null;
    };

/**
 * What `--from` names: `template:<key>` or `save:<name>` explicitly; a bare name is a template
 * when there is one (assets/towns or DATA_DIR/towns) (the server names its save after its template, so `--from base-3`
 * keeps meaning a fresh town), else a save. `notes` gets a line when a bare name is both.
 */
export async function resolveSource(
  store: PrismaStore,
  from: string,
  notes: string[] = [],
): Promise<Source> {
  const m = /^(template|save):(.*)$/.exec(from);
  const kind = m?.[1] as "template" | "save" | undefined;
  const name = (m ? m[2] : from).trim();
  const templates = await listTemplates();
  const isTemplate = templates.includes(name);
  if (kind !== "save" && isTemplate) {
    if (!kind && (await store.findTown(name)))
      notes.push(
        `"${name}" is both a template and a save: starting from the template (--from save:${name} for the save)`,
      );
    return { kind: "template", label: `template ${name}`, template: await loadTemplate(name) };
  }
  if (kind !== "template") {
    const save = await store.findTown(name);
    if (save) return loadSave(store, save);
  }
  throw new UsageError(
    `unknown --from "${from}": not a ${kind ?? "template or a save"}. Known ${await choices(store)}`,
  );
}

/** A save's template and newest snapshot (null when it was never saved). */
export async function loadSave(
  store: PrismaStore,
  save: TownRecord,
): Promise<Extract<Source, { kind: "save" }>> {
  const template = await loadTemplate(save.template).catch((e: Error) => {
    throw new UsageError(
      `save "${save.name}" was made from template "${save.template}", which cannot be loaded: ${e.message}`,
    );
  });
  const latest: SnapshotRecord | null = await store.latestSnapshot(save.id);
  let snapshot: TownSnapshot | null = null;
  if (latest) {
    const parsed = TownSnapshot.safeParse(latest.data);
    if (!parsed.success)
      throw new UsageError(
        `save "${save.name}": its snapshot at step ${latest.step} is not readable (${parsed.error.issues[0]?.message})`,
      );
    snapshot = parsed.data;
  }
  return {
    kind: "save",
    label: `save ${save.name}`,
    template,
    save,
    snapshot,
    step: latest?.step ?? 0,
    mark: latest?.mark ?? null,
  };
}

/** The save a person names (exactly), or a UsageError listing the saves. */
export async function findSave(
  store: PrismaStore,
  name: string,
): Promise<Extract<Source, { kind: "save" }>> {
  const save = await store.findTown(name);
  if (!save) throw new UsageError(`no save named "${name}". Saves: ${await describeSaves(store)}`);
  return loadSave(store, save);
}
