// An eval scenario (assets/scenarios/<name>.json): a town template, memories whispered to chosen
// residents at chosen times, how long to run, and what to ask. The harness knows nothing of the
// events but what a scenario says of them: `about` is the judge's description of each study.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { MindOverrides } from "../agents/settings.ts";

export const SCENARIOS_DIR = fileURLToPath(new URL("../../assets/scenarios/", import.meta.url));

const isoTime = z.iso
  .datetime({ offset: true, error: "an ISO time, e.g. 2026-02-14T17:00:00Z" })
  .transform((t) => Date.parse(t));
const id = z.string().regex(/^[\w-]{1,40}$/, "letters, digits, '_' or '-'");

export const Whisper = z.object({
  /** Resident id. */
  resident: id,
  /** Game time; default the town's start. */
  at: isoTime.optional(),
  /** Addressed to the resident ("You are ..."), as the paper's inner voice. */
  text: z.string().trim().min(1).max(2000),
});

/** An event with a time and a place: who was invited and who came (coordination). */
const EventWindow = z.object({
  /** An address prefix: a sector ("Oakmere:Hearth & Crumb cafe") or an arena. */
  place: z.string().trim().min(1),
  start: isoTime,
  end: isoTime,
  /** Time at the place that counts as attending (game minutes). */
  minMinutes: z.number().int().min(1).default(10),
});

/** One information-diffusion study (the paper's party and candidacy). */
export const Study = z
  .object({
    id,
    label: z.string().trim().min(1).max(80),
    /** The judge's description of what there is to know: one plain sentence of the fact. */
    about: z.string().trim().min(1).max(500),
    /** Asked of every resident, off the record. */
    question: z.string().trim().min(1).max(300),
    /** The resident(s) who know at the start (seeded by the whispers). */
    sources: z.array(id).min(1),
    event: EventWindow.optional(),
  })
  .refine((s) => !s.event || s.event.end > s.event.start, {
    message: "event.end must come after event.start",
  });

export const Scenario = z
  .object({
    name: id,
    description: z.string().trim().max(2000).default(""),
    /** A town template: assets/towns/<town>. */
    town: z.string().regex(/^[\w.-]+$/),
    /** Game hours to run from the town's start. */
    hours: z
      .number()
      .positive()
      .max(24 * 14),
    /** Diffusion is asked at the start, every this many game hours, and at the end. */
    checkEveryHours: z.number().positive().default(12),
    whispers: z.array(Whisper).default([]),
    studies: z.array(Study).default([]),
    /** Ask every ordered pair "Do you know <name>?" at the start and the end. */
    relationships: z.boolean().default(true),
    /** The minds' settings to change for this scenario (a cost lever to measure: reusePlans,
     *  restWhileAsleep, conversationMode, ...); the rest keep their defaults. */
    mind: MindOverrides.default({}),
    /** The paper's interview battery at the end, under its four memory conditions. */
    battery: z
      .object({
        /** How many residents (drawn by seed) are interviewed; default all, 0 skips the battery. */
        residents: z.number().int().min(0).max(100).optional(),
      })
      .default({}),
  })
  .superRefine((s, ctx) => {
    const ids = new Set<string>();
    for (const st of s.studies) {
      if (ids.has(st.id))
        ctx.addIssue({
          code: "custom",
          path: ["studies"],
          message: `study "${st.id}" appears twice`,
        });
      ids.add(st.id);
    }
  });
export type Scenario = z.infer<typeof Scenario>;
export type Study = z.infer<typeof Study>;

export class ScenarioError extends Error {}

/** "reusePlans=true,conversationMode=brief" (the eval's --mind) → validated settings, or a ScenarioError saying what is wrong. */
export function parseMindFlag(text: string): MindOverrides {
  const raw: Record<string, unknown> = {};
  for (const pair of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, ...rest] = pair.split("=");
    const v = rest.join("=").trim();
    if (!key.trim() || !v) throw new ScenarioError(`"${pair}": give key=value`);
    raw[key.trim()] = /^(true|on|yes)$/i.test(v)
      ? true
      : /^(false|off|no)$/i.test(v)
        ? false
        : /^-?\d+(\.\d+)?$/.test(v)
          ? Number(v)
          : v;
  }
  const r = MindOverrides.safeParse(raw);
  if (!r.success)
    throw new ScenarioError(
      r.error.issues.map((i) => `${i.path.join(".") || "settings"}: ${i.message}`).join("; "),
    );
  return r.data;
}

/** Reads a scenario by name (assets/scenarios/<name>.json) or from a file path; every problem names the file. */
export async function loadScenario(nameOrFile: string): Promise<Scenario> {
  const file = /[\\/]|\.json$/.test(nameOrFile)
    ? path.resolve(nameOrFile)
    : path.join(SCENARIOS_DIR, `${nameOrFile}.json`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new ScenarioError(
      `scenario ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  return parseScenario(text, file);
}

export function parseScenario(text: string, file = "scenario"): Scenario {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const parsed = Scenario.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScenarioError(`${file}: ${issue.path.join(".") || "(top)"}: ${issue.message}`);
  }
  return parsed.data;
}

/** Checks a scenario against its town: residents and places exist. */
export function checkAgainstTown(
  s: Scenario,
  residents: readonly string[],
  hasPlace: (prefix: string) => boolean,
): void {
  const known = new Set(residents);
  for (const w of s.whispers)
    if (!known.has(w.resident))
      throw new ScenarioError(
        `scenario ${s.name}: whisper to "${w.resident}", who does not live in ${s.town}`,
      );
  for (const st of s.studies) {
    for (const r of st.sources)
      if (!known.has(r))
        throw new ScenarioError(
          `scenario ${s.name}: study ${st.id}: source "${r}" does not live in ${s.town}`,
        );
    if (st.event && !hasPlace(st.event.place))
      throw new ScenarioError(
        `scenario ${s.name}: study ${st.id}: no place "${st.event.place}" in ${s.town}`,
      );
  }
}
