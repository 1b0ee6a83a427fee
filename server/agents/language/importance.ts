// Importance (the paper's "poignancy", 1-10) without a model, from general cues only: something
// idle is 1, the rest starts at 2; a day or an hour ahead, or a verb in the future, adds 3 (plans
// and appointments); a person named adds 2 (news about people), or, for what the resident sees,
// as much as the person matters to it (a friend 2, an acquaintance 1, a stranger 0); a change to a thing (a person
// set an object's state) is scored by the caller (perceive.ts), which knows whether the resident
// uses it. Parts of speech and tenses come from compromise, times from the date parser.
import { namesLaterTime, readTime, taggedPeople, timeAhead } from "./events.ts";
import { nameCandidates } from "./names.ts";
import { parsed } from "./parse.ts";
import { lemma, neighbourhood, senses } from "./lexicon.ts";

const cache = new Map<string, number>();

export interface ImportanceCues {
  /** When the text was said or seen (for "tomorrow"); without it, times are read against now. */
  at?: number;
  /** Names the resident knows. */
  people?: readonly string[];
  /** Nothing like it among what the resident holds: novelty adds 1. */
  novel?: boolean;
  /** How much each person matters to the resident (state.ts closeFor: 2 kin, friends, rivals and
   *  housemates, 1 those it has talked with). Given, a person named adds their weight, and a
   *  stranger nothing: seeing someone one does not know pass by is mundane. */
  close?: ReadonlyMap<string, number>;
}

/** The most any person a text names matters (the weights of `close`; 0: none named). */
function closestNamed(text: string, close: ReadonlyMap<string, number>): number {
  let best = 0;
  for (const [name, weight] of close) if (weight > best && namedIn(text, name)) best = weight;
  return best;
}

/** Whether a text names a person: by the whole name, or by the first name alone when no other
 *  name follows it ("Ada", not "Ada Lin" for Ada Moss). */
export function namedIn(text: string, name: string): boolean {
  if (text.includes(name)) return true;
  const first = name.split(" ")[0];
  if (!first || first === name || !text.includes(first)) return false;
  const esc = first.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\b${esc}\\b(?!\\s+[A-Z])`).test(text);
}

/** Whether a sentence is about something ahead: a future verb, a day or an hour named, or a later
 *  time named by no day ("next month"). */
const tenseCache = new Map<string, boolean>();
/** English marks the future with a closed class of auxiliaries; only a sentence with one is
 *  worth the tagger's time (which then reads its tense). */
const FUTURE_AUXILIARY = /\b(will|shall|going to|gonna|about to)\b|['’]ll\b/i;

function futureVerb(text: string): boolean {
  if (!FUTURE_AUXILIARY.test(text)) return false;
  const hit = tenseCache.get(text);
  if (hit !== undefined) return hit;
  const future = (
    parsed(text).verbs().json() as { verb?: { grammar?: { tense?: string } } }[]
  ).some((v) => v.verb?.grammar?.tense === "FutureTense");
  if (tenseCache.size > 20_000) tenseCache.clear();
  tenseCache.set(text, future);
  return future;
}

export function aboutTheFuture(text: string, at = Date.now()): boolean {
  if (futureVerb(text)) return true;
  const t = readTime(text, at);
  return (t !== undefined && timeAhead(t, at)) || namesLaterTime(text, at);
}

/** Whether a sentence names a person (a known name or one the tagger recognises); `leftOut`: a
 *  name of `people` not to count (the town's list passed whole, its index made once, rather than
 *  a copy without them made at every call, a read of the town each time). */
export function namesPerson(
  text: string,
  people: readonly string[] = [],
  except = "",
  leftOut?: string,
): boolean {
  if (
    nameCandidates(text, people)
      .map((i) => people[i])
      .some(
        (p) =>
          p !== leftOut &&
          p !== except &&
          (text.includes(p) || new RegExp(`\\b${p.split(" ")[0]}\\b`).test(text)) &&
          !except.startsWith(p.split(" ")[0]),
      )
  )
    return true;
  // (Only a capitalised person counts: a text with no capital, an object's state, is not tagged.)
  return (
    /[A-Z]/.test(text) && taggedPeople(text).some((p) => /^[A-Z]/.test(p) && !except.includes(p))
  );
}

/** Whether a sentence says a feeling: a word WordNet files only as an adjective whose nearest
 *  senses are feelings or emotions (noun.feeling, verb.emotion: "worried", "afraid", "proud"). */
function saysFeeling(text: string): boolean {
  // (Lower-case words only: "The Tipsy Heron" is a name, not a feeling.)
  for (const w of text.match(/(?<![\w'])[a-z]{4,}\b/g) ?? []) {
    let hit = feelingWords.get(w);
    if (hit === undefined) {
      hit =
        !!lemma(w, "adj") &&
        !lemma(w, "noun") &&
        !lemma(w, "verb") &&
        [...neighbourhood(w, false)].some(
          ([l, weight]) =>
            weight >= 0.7 &&
            senses(l).some((x) => x.domain === "noun.feeling" || x.domain === "verb.emotion"),
        );
      if (feelingWords.size > 50_000) feelingWords.clear();
      feelingWords.set(w, hit);
    }
    if (hit) return true;
  }
  return false;
}
const feelingWords = new Map<string, boolean>();

export function importanceOf(text: string, cues: ImportanceCues = {}): number {
  const t = text.trim();
  if (!t || /\bis idle$/.test(t)) return 1;
  // (Who matters differs by resident: the weight of the closest person named is in the key.)
  const closest = cues.close ? closestNamed(t, cues.close) : -1;
  const key = `${cues.at ? Math.floor(cues.at / 3_600_000) : ""}|${(cues.people ?? []).length}|${cues.novel ? 1 : 0}|${closest}|${t}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let score = 2;
  if (aboutTheFuture(t, cues.at)) score += 3;
  // Someone else named: the memory is about a person (cues.people are the others the resident
  // knows; without them, the tagger's people after the sentence's subject).
  if (cues.close) score += closest;
  else if (cues.people?.length) {
    if (namesPerson(t, cues.people)) score += 2;
  } else {
    const subject = /^([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)/.exec(t)?.[1] ?? "";
    if (namesPerson(t.slice(subject.length), [], subject)) score += 2;
  }
  // How someone feels ("worried sick", "nervous", "proud") weighs as the paper's poignancy does.
  if (saysFeeling(t)) score += 2;
  if (cues.novel) score += 1;
  const out = Math.max(1, Math.min(10, score));
  if (cache.size > 20_000) cache.clear();
  cache.set(key, out);
  return out;
}
