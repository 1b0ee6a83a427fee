// Which towns a server hosts: the TOWNS list (or TOWN and TOWN_NAME), and the body of
// POST /api/towns. A town is named by its save; a new one also names the template it starts from.
import { z } from "zod";
import { findTown } from "../content/townDirs.ts";
import { TOWN_NAME as NAME, TOWN_NAME_RULE as NAME_RULE, TownName } from "../../shared/text.ts";

export { TownName };

/** A town to host: its name (the save) and, for a new one, its template. */
export const TownSpec = z.object({ name: TownName, template: TownName.optional() }).strict();
export type TownSpec = z.infer<typeof TownSpec>;

/**
 * The towns of the configuration, the default one first. TOWNS="a, b=base-25" hosts save or
 * template "a" and a town "b" made from base-25; without TOWNS, TOWN_NAME (or the template's
 * name) made from TOWN.
 */
export function townsOfConfig(config: {
  TOWN: string;
  TOWN_NAME?: string;
  TOWNS?: string;
}): TownSpec[] {
  if (!config.TOWNS) return [{ name: config.TOWN_NAME ?? config.TOWN, template: config.TOWN }];
  const specs: TownSpec[] = [];
  for (const raw of config.TOWNS.split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, template, extra] = raw.split("=").map((s) => s.trim());
    if (
      extra !== undefined ||
      !NAME.test(name) ||
      (template !== undefined && !NAME.test(template))
    ) {
      throw new Error(
        `TOWNS: "${raw}" is not a town: write a save or template name, or name=template (names: ${NAME_RULE})`,
      );
    }
    if (specs.some((s) => s.name === name)) throw new Error(`TOWNS: "${name}" is listed twice`);
    specs.push(template ? { name, template } : { name });
  }
  if (specs.length === 0) throw new Error("TOWNS: no town listed");
  return specs;
}

/** Why a town cannot be served: no such save or template, or a name already taken. */
export class TownRefusal extends Error {
  constructor(
    readonly code: "not_found" | "conflict",
    message: string,
  ) {
    super(message);
  }
}

/** Whether a town template of that name exists (shipped in assets/towns, or a user's in DATA_DIR/towns). */
export function templateExists(key: string): boolean {
  return NAME.test(key) && findTown(key) !== undefined;
}
