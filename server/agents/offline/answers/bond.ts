// What the town's personas say of a resident and the one it speaks to: the clauses everyone knows
// (a backstory's, no secret), said by the one it is about, and the tie another's persona or the
// town's homes make with it when its own persona names none ("She has been married to Henrik for
// forty-five years" makes Margit Henrik's wife; those who share a home live together).
import { personaFacts, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { closeness } from "../../language/lexicon.ts";
import { parsed } from "../../language/parse.ts";
import { sentence } from "../../language/realise.ts";
import { firstName } from "./voice.ts";
import { workplaceOf } from "../../language/workplace.ts";
import {
  marriedCandidates,
  nameWords,
  namesakes,
  publicFacts,
  townspersonNamed,
} from "./townsfolkIndex.ts";

/** A text as a regular expression matches it, as written. */
export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export { publicFacts };

/** A resident's public clause said of them by name ("He earns ..." → "Calum earns ..."), the
 *  speaker named in it as "me" and its own as "my" ("inside Nadia Petrova's market" → "inside my
 *  market"); their pronouns stay theirs. */
export function saidOf(name: string, x: Fact, f: PersonaFacts): string {
  const self = `(?:${esc(f.name)}|${esc(f.first)})`;
  return sentence(
    x.text
      .replace(/^(He|She|They)\b/, firstName(name))
      .replace(new RegExp(`\\b${self}'s\\b`, "g"), "my")
      .replace(new RegExp(`\\b${self}\\b`, "g"), "me"),
  );
}

/** The building of a home ("bedroom of Artists' loft" → "Artists' loft"). */
const building = (home: string) => home.split(" of ").at(-1) ?? home;
/** The home one lives in with others: its building, or a numbered part of one, a flat or a room
 *  of its own ("flat 2 of Maple Court": its neighbours in flat 1 live apart). */
const dwelling = (home: string) => (/\d/.test(home.split(" of ")[0]) ? home : building(home));

/** Whom another's persona says it is married to, as it says it ("Grace is my wife."), by the
 *  other's pronoun; undefined when no clause of theirs marries them to it. (Other kin a clause of
 *  theirs names it by, "her brother Arjun", its own persona names: not read back from theirs.) */
export function kinBond(name: string, f: PersonaFacts, k: Knowledge): string | undefined {
  const t = townspersonNamed(k.townsfolk, name);
  if (!t) return undefined;
  const marries = publicFacts(t).find(
    (x) =>
      x.kinds.includes("family") &&
      x.words.some((w) => w === "married" || closeness(w, "marry") >= 0.9) &&
      new RegExp(`\\bmarried to ${esc(f.first)}\\b`).test(x.text),
  );
  if (!marries) return undefined;
  const p = personaFacts(t.persona).pronoun;
  return `${firstName(name)} is my ${p === "she" ? "wife" : p === "he" ? "husband" : "partner"}.`;
}

/** The marriages the town's personas give it, as it says them, one for each of the townsfolk in
 *  order (as kinBond of each of their names): read only of those whose backstory may marry them
 *  to its first name (townsfolkIndex.ts), not of every resident. */
export function spouses(f: PersonaFacts, k: Knowledge): string[] {
  const townsfolk = k.townsfolk ?? [];
  return marriedCandidates(townsfolk, f.first).flatMap((t) => {
    // (kinBond reads the first of a name; the others of that name say it as often.)
    if (townspersonNamed(townsfolk, t.persona.name) !== t) return [];
    const kin = kinBond(t.persona.name, f, k);
    return kin ? Array<string>(namesakes(townsfolk, t.persona.name)).fill(kin) : [];
  });
}

/** Its tie with a named resident that its own persona does not name, as it says it: kin by the
 *  other's persona ("Margit has been married to me for forty-five years."), else a home shared
 *  ("We live together at the Artists' loft."); undefined when neither. */
export function bondWith(name: string, f: PersonaFacts, k: Knowledge): string | undefined {
  const t = townspersonNamed(k.townsfolk, name);
  if (!t) return undefined;
  const kin = kinBond(name, f, k);
  if (kin) return kin;
  if (t.home && k.home && dwelling(t.home) === dwelling(k.home))
    return `We live together at ${building(k.home)}.`;
  return undefined;
}

/** Its work with a named resident that its own persona does not name, as the town knows it: a
 *  clause of the other's work that names it ("Omar tends the bar for me."), said of them by name;
 *  undefined when none. */
export function workBond(name: string, f: PersonaFacts, k: Knowledge): string | undefined {
  const t = townspersonNamed(k.townsfolk, name);
  if (!t) return undefined;
  const named = new RegExp(`\\b${esc(f.first)}\\b`);
  const work = publicFacts(t).find(
    (x) =>
      named.test(x.text) &&
      (x.kinds.includes("occupation") ||
        x.words.some((w) => x.pos[w] === "verb" && closeness(w, "work") >= 0.3)),
  );
  return work ? saidOf(name, work, f) : undefined;
}

/** What a backstory says of a resident's standing in the town, read once a text: the places it
 *  names by a proper name of two words or more ("Cobb's Supply Store", "Larkspur Park", "Maple
 *  Court"; no one's name) and whether it counts years ("opened twelve years ago", "for forty
 *  years"). */
interface Standing {
  places: string[];
  years: boolean;
}
/** Each backstory's standing, its places with the names of people in them too (see standingOf). */
const standings = new Map<string, Standing>();
function standingOf(learned: string, own: (word: string) => boolean): Standing {
  let s = standings.get(learned);
  if (!s) {
    const doc = parsed(learned);
    const places = (doc.match("#ProperNoun+").out("array") as string[])
      .map((x) =>
        x
          .replace(/'s?\b/g, "")
          .replace(/[^\p{L}\p{N}& ]/gu, "")
          .trim(),
      )
      .filter((x) => x.split(/\s+/).length >= 2);
    // (compromise's numbers plugin is untyped for the linter: its view as the values it gets.)
    const spans = doc.match("#Value+ (year|years)") as unknown as {
      numbers(): { get(): unknown[] };
    };
    const counts = spans
      .numbers()
      .get()
      .filter((n): n is number => typeof n === "number");
    s = { places, years: counts.some((n) => n >= 2) };
    if (standings.size > 2000) standings.clear();
    standings.set(learned, s);
  }
  // (No one's name: the town's people are the caller's; read once a backstory, not once a town.)
  return { ...s, places: s.places.filter((x) => !x.split(/\s+/).some(own)) };
}

/** Whether the town makes two residents acquainted though neither's persona names the other:
 *  the other's backstory names it (its employer, its teacher), the two backstories name the same
 *  place (a workplace, a park, a building: "Cobb's Supply Store", "Maple Court"), they share a
 *  building, their plans keep both in one building most of today or yesterday, or both have lived in the town for years (each backstory counts years). `people`:
 *  the town's residents' names. */
export function acquainted(
  name: string,
  f: PersonaFacts,
  k: Knowledge,
  people: readonly string[],
): boolean {
  const t = townspersonNamed(k.townsfolk, name);
  if (!t) return false;
  const named = new RegExp(`\\b(?:${esc(f.name)}|${esc(f.first)})\\b`);
  if (publicFacts(t).some((x) => named.test(x.text))) return true;
  if (t.home && k.home && building(t.home) === building(k.home)) return true;
  // (Those whose days are spent in the same building, a town hall's clerk and its mayor.)
  const workplaces = new Set([k.today, k.yesterday].flatMap((d) => workplaceOf(d, k.home) ?? []));
  if (t.workplaces?.some((w) => workplaces.has(w))) return true;
  // (The town's names read once a list, townsfolkIndex.ts, not once a question.)
  const own = (w: string) =>
    nameWords(people).has(w) || name.split(" ").includes(w) || f.name.split(" ").includes(w);
  const mine = standingOf(k.persona.learned, own);
  const theirs = standingOf(t.persona.learned, own);
  if (mine.places.some((p) => theirs.places.includes(p))) return true;
  return mine.years && theirs.years;
}
