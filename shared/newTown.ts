// "New town" (the join dialog's form for a moderator, and POST /api/towns): a town made from a
// template (a shipped one or a user's) or from an uploaded Tiled map with its personas.json, with a
// name, a start and a seed. The files travel as their text in a JSON body; their limits are here,
// so the form refuses a file too large before sending it.
import { z } from "zod";
import { TownName } from "./text.ts";

/** Upload limits: characters of each file's text, residents and map contents. */
export const NEW_TOWN_LIMITS = {
  mapChars: 6_000_000,
  personasChars: 3_000_000,
  residents: 2000,
  layers: 32,
  objects: 20_000,
} as const;

/** The body limit of POST /api/towns: both files at their limit, with room for JSON escaping. */
export const NEW_TOWN_BODY_LIMIT = "12mb";

/** A date-time with its offset ("2026-02-13T08:00:00Z"): a town's clock is read in UTC. */
export const StartTime = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/,
    'a date-time with its offset, e.g. "2026-02-13T08:00:00Z"',
  )
  .refine((s) => !Number.isNaN(Date.parse(s)), "not a real date-time")
  .transform((s) => new Date(Date.parse(s)).toISOString().replace(".000Z", "Z"));

/** An uploaded file: its name (for messages) and its text. */
const Upload = z
  .object({
    file: z
      .string()
      .trim()
      .max(200)
      .transform(
        (s) =>
          s
            .split(/[\\/]/)
            .pop()!
            .replace(/[^\w .()-]/g, "_") || "file",
      ),
    text: z.string(),
  })
  .strict();

export const NewTownRequest = z
  .object({
    name: TownName,
    /** A template: a shipped town or a user's (GET /api/towns/templates). */
    template: TownName.optional(),
    /** A Tiled map (.tmj/.json), instead of a template's. */
    map: Upload.optional(),
    /** The residents (needed with a map; with a template, they replace the template's). */
    personas: Upload.optional(),
    start: StartTime.optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .strict();
export type NewTownRequest = z.infer<typeof NewTownRequest>;

/** GET /api/towns/templates: what a new town can be made from. */
export const TownTemplateInfo = z.object({
  name: z.string(),
  /** shipped: assets/towns; user: DATA_DIR/towns (imported, generated or made with New town). */
  kind: z.enum(["shipped", "user", "legacy"]),
  world: z.string(),
  residents: z.number(),
  /** The map's size in tiles. */
  width: z.number(),
  height: z.number(),
  /** Its map's start, ISO. */
  start: z.string(),
});
export type TownTemplateInfo = z.infer<typeof TownTemplateInfo>;
export const TownTemplateList = z.array(TownTemplateInfo);
