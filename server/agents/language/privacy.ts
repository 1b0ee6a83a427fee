// Whether what someone is doing is private: care of one's own body (washing, bathing, showering,
// shaving, dressing), which WordNet files under "grooming, dressing and bodily care" (verb.body) as
// kinds of grooming or of dressing. Nobody starts a talk with someone in the shower, nor from it.
import { Bounded, termsOf } from "./parse.ts";
import { broader, lemma, senses, synset, type Synset } from "./lexicon.ts";

/** The senses every kind of body care descends from: grooming ("care for one's external
 *  appearance": washing, bathing, shaving, combing) and dressing ("put on clothes"). */
let careRoots: Set<number> | undefined;
function roots(): Set<number> {
  careRoots ??= new Set(
    ["groom", "dress"].flatMap((w) =>
      senses(w, "verb")
        .filter((s) => s.domain === "verb.body")
        .map((s) => s.offset),
    ),
  );
  return careRoots;
}

/** Whether a sense is a kind of one of the given senses (six levels up at most). */
function under(s: Synset, of: Set<number>): boolean {
  let level: Synset[] = [s];
  for (let d = 0; d < 6 && level.length; d++) {
    if (level.some((x) => of.has(x.offset))) return true;
    level = level.flatMap(broader);
  }
  return false;
}

/** Whether a verb (a lemma) is, in one of its first senses, a kind of body care. */
function isCare(verb: string): boolean {
  return senses(verb, "verb")
    .slice(0, 3)
    .some((s) => s.domain === "verb.body" && under(s, roots()));
}

/** Whether a noun names the act of a kind of body care ("a bath", "a shower", "a shave"): the
 *  verbs WordNet derives its first senses (or what they are kinds of) from. */
function namesCare(noun: string): boolean {
  return (
    senses(noun, "noun")
      .slice(0, 2)
      // (Or the act it is a kind of: "a bath" is a bathing.)
      .flatMap((n) => [n, ...broader(n)])
      .some((n) =>
        n.pointers.some((p) => {
          if (p.symbol !== "+" || p.pos !== "verb") return false;
          const v = synset("verb", p.offset);
          return v.domain === "verb.body" && under(v, roots());
        }),
      )
  );
}

/** Whether a verb cleans, in one of its first senses ("brush", "scrub", "rinse"): done to one's
 *  own body ("brushing her teeth"), it is body care. */
let cleanRoots: Set<number> | undefined;
function cleans(verb: string): boolean {
  cleanRoots ??= new Set(senses("clean", "verb").map((s) => s.offset));
  return senses(verb, "verb")
    .slice(0, 3)
    .some((s) => under(s, cleanRoots!));
}

/** Whether a noun names a part of the body or something worn (what body care is done to). */
function ofTheBody(noun: string): boolean {
  const s = senses(noun, "noun")[0];
  return !!s && (s.domain === "noun.body" || (s.domain === "noun.artifact" && wearable(s)));
}
function wearable(s: Synset): boolean {
  let level: Synset[] = [s];
  const clothing = new Set(senses("clothing", "noun").map((x) => x.offset));
  for (let d = 0; d < 6 && level.length; d++) {
    if (level.some((x) => clothing.has(x.offset))) return true;
    level = level.flatMap(broader);
  }
  return false;
}

const kept = new Bounded<string, boolean>(5_000);

/**
 * Whether a doing ("taking a shower at home", "washing and shaving", "getting dressed") is private
 * body care: one of its verbs (or the noun a light verb takes, "take a shower", "have a bath") is a
 * kind of grooming or dressing, and what it is done to, if anything, is the body or clothes
 * ("washing his face", not "washing the dishes").
 */
export function isPrivateDoing(doing: string): boolean {
  const text = doing.replace(/\s*\(.*\)\s*$/, "").trim();
  const hit = kept.get(text);
  if (hit !== undefined) return hit;
  const out = readPrivate(text);
  kept.set(text, out);
  return out;
}

function readPrivate(text: string): boolean {
  const terms = termsOf(text);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (!t.tags.includes("Verb") || t.tags.includes("Copula") || t.tags.includes("Auxiliary"))
      continue;
    const verb = lemma(t.normal, "verb");
    if (!verb) continue;
    const next = terms[i + 1];
    // A verb with its particle ("wash up", "get dressed") as WordNet lists it.
    const phrasal = next ? lemma(`${verb} ${next.normal}`, "verb") : undefined;
    // What it is done to: the noun before any preposition, conjunction or other verb.
    let object: string | undefined;
    let own = false;
    for (let j = i + 1; j < terms.length; j++) {
      const o = terms[j];
      if (["Preposition", "Conjunction", "Verb"].some((x) => o.tags.includes(x))) break;
      if (o.tags.includes("Possessive") && o.tags.includes("Pronoun")) own = true;
      else if (o.tags.includes("Noun") && !o.tags.includes("Pronoun"))
        object = lemma(o.normal, "noun") ?? o.normal;
    }
    if ((phrasal && isCare(phrasal)) || (isCare(verb) && (!object || ofTheBody(object))))
      return true;
    // A light verb's noun carries the doing ("taking a shower", "having a bath").
    if (object && !isCare(verb) && namesCare(object)) return true;
    // Cleaning a part of one's own body ("brushing her teeth").
    if (object && own && senses(object, "noun")[0]?.domain === "noun.body" && cleans(verb))
      return true;
  }
  return false;
}
