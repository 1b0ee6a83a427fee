// What a person may type: one definition of a person's name, of free text (what they say, ask or
// whisper) and of a town's (or save's) name, used at join, in every message and every HTTP body.
// Text crosses to every client as schema strings (msgpack UTF-8) and into the residents' prompts
// and memories, so it must be well-formed Unicode (a lone surrogate garbles the state for every
// client) and hold no control or format character (a newline or an RTL override in a name would
// forge lines in prompts and reorder what others see).
import { z } from "zod";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "./constants.ts";

/** Longest town or save name. */
export const MAX_TOWN_NAME_LENGTH = 64;

/**
 * Characters no name or text may hold: controls (\n, NUL...), format characters (RTL overrides,
 * zero-width spaces), surrogates (only lone ones can occur in a JS string), private-use and
 * unassigned code points, and the line and paragraph separators. The zero-width joiner is the
 * one format character kept, between two other characters, as emoji sequences use it.
 */
/** A surrogate without its pair (a string a JS engine can hold but UTF-8 cannot encode). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const FORBIDDEN =
  /[\p{Cc}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?<![^\p{Cf}])\u200d|\u200d(?![^\p{Cf}])|(?!\u200d)\p{Cf}/u;

/** Why this text is not clean, or null when it is (checked before trimming). */
export function textProblem(s: string): string | null {
  if (s.search(LONE_SURROGATE) >= 0) return "must be well-formed Unicode (no lone surrogates)";
  const bad = FORBIDDEN.exec(s);
  if (bad)
    return `must not contain control or format characters (found U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`;
  return null;
}

/** Clean, trimmed, non-empty text of at most `max` characters. */
export const CleanText = (max: number) =>
  z
    .string()
    .max(max * 4) // before normalising: a bound on the work done for a hostile string
    .superRefine((s, ctx) => {
      const problem = textProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((s) => s.normalize("NFC").trim())
    .pipe(z.string().min(1, "must not be empty").max(max, `at most ${max} characters`));

/** A person's name: clean, trimmed, single spaces, with at least one letter or digit. */
export const PersonName = CleanText(MAX_NAME_LENGTH)
  .transform((s) => s.replace(/\s+/gu, " "))
  .refine((s) => /[\p{L}\p{N}]/u.test(s), "must contain a letter or a digit");

/** What a person says, asks or whispers: clean and trimmed. */
export const FreeText = CleanText(MAX_TEXT_LENGTH);

/**
 * A town's or a save's name, one rule for both (a save is hosted under its name, so a fork
 * must be named as a town can be): letters, digits, '.', '_' and '-'.
 */
export const TOWN_NAME_RULE = `letters, digits, '.', '_' or '-' (at most ${MAX_TOWN_NAME_LENGTH})`;
export const TOWN_NAME = new RegExp(`^[\\w.-]{1,${MAX_TOWN_NAME_LENGTH}}$`);
export const TownName = z.string().trim().regex(TOWN_NAME, `a town name: ${TOWN_NAME_RULE}`);

/**
 * The key two names are the same person by: compatibility-normalised, case-folded, letters and
 * digits only ("Edmund Hale", "edmund-hale" and "ＥＤＭＵＮＤ HALE" are one name).
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Why a person may not use this name here, or null: it is a resident's (full or first name:
 * prompts call residents by their first names) or another present person's.
 */
export function nameRefusal(
  name: string,
  residents: Iterable<string>,
  people: Iterable<string>,
): string | null {
  const key = nameKey(name);
  for (const r of residents) {
    if (key === nameKey(r) || key === nameKey(r.split(" ")[0]))
      return `"${name}" is the name of a resident: choose another name`;
  }
  for (const p of people)
    if (key === nameKey(p))
      return `someone called "${name}" is already in this town: choose another name`;
  return null;
}

/** The string with each lone surrogate replaced by U+FFFD (for text from elsewhere: a model's answer). */
export function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, "\uFFFD");
}

/**
 * A person's name or words as a one-line label for prompts and memories: whatever got past the
 * rules above (or was stored before them) loses its line breaks, control and format characters,
 * and double quotes, so it can neither close a quoted block nor start a line of its own.
 */
export function inlineSpeech(s: string): string {
  return s
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/"/g, "'")
    .replace(/\s+/gu, " ")
    .trim();
}
