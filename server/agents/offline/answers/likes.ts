// "What makes you happy?", "What do you enjoy most?", "What do you love doing?": what it loves is
// asked, not its day. Answered from what its persona says it loves or is and what it does by
// choice (its day outside home and work, else its evenings), not its work or its plans.
import { saysNot, tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { DayBlock, Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, kindOf, lemma, senses } from "../../language/lexicon.ts";
import { parsed } from "../../language/parse.ts";
import { listOf, sentence } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { likesThing, likingAsked } from "./opinions.ts";
import { atItsWork, doingTerms, ownChoice, ownPlaces } from "./places.ts";
import { activities, doingPhrase } from "./day.ts";
import { mine, partAbout, plain, wordsOf, type Source } from "./voice.ts";

// WordNet's names for what a liking is of: a word near them asks what pleases it.
const PLEASURE = ["pleasure", "enjoyment", "happiness"];

/** A word that names a pastime or the time for one: near WordNet's "recreation" ("FUN",
 *  "PLAY") or "leisure" ("REST", "RELAX"), or a sense named by one ("hobby", a "spare-time
 *  activity"); not a place ("a nice PLACE to rest" names where). */
export function leisureWord(w: string): boolean {
  if (domainOf(w, "noun") === "noun.location") return false;
  const near = (x: string) => closeness(x, "recreation") >= 0.5 || closeness(x, "leisure") >= 0.3;
  if (near(w)) return true;
  // (Its first sense's names of more than one word, by their leading two: "spare time".)
  return (senses(w, "noun")[0]?.words ?? []).some((x) => {
    const parts = x.split(/[\s_-]+/);
    return parts.length > 2 && near(parts.slice(0, 2).join(" "));
  });
}

/** The words of what is asked that name a pastime or the time for one, two read as one where
 *  WordNet has them so ("FREE TIME", "SPARE TIME"). */
export function leisureAsked(u: Utterance): string[] {
  const pairs = u.topic.slice(1).map((w, i) => [u.topic[i], w]);
  return [...u.topic.filter(leisureWord), ...pairs.filter((p) => leisureWord(p.join(" "))).flat()];
}

/** What pleases it is asked, the "what" being the thing liked ("what do you ENJOY", "what makes
 *  you HAPPY", "your FAVOURITE thing", by WordNet near "prefer"), not a thing named ("what do
 *  you enjoy ABOUT your work", "what MUSIC do you like"): no noun asked but a feeling or a state
 *  ("what brings you JOY", "the THING") or a pastime ("what do you do for FUN", "any HOBBIES?",
 *  "how do you spend your FREE TIME?"). */
export function likesAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.about === "person" || u.about === "me") return false;
  if (parsed(u.text).has("about")) return false;
  // (What is coming up is its plans: "anything fun coming up for you?"; not its favourite,
  // whatever day it names: "your favourite thing to do on a weekend?")
  const favourite = u.topic.some((w) => u.pos?.[w] === "adj" && closeness(w, "prefer") >= 0.45);
  if (u.tense === "future" && !favourite) return false;
  const leisure = leisureAsked(u);
  // (Asked of the listener: "you", or no one named and no verb, "any hobbies?")
  const ofYou = u.about === "you" || (leisure.length > 0 && !parsed(u.text).has("#Verb"));
  if (!ofYou) return false;
  // ("What", or how its time for pastimes goes, or whether it has a pastime.)
  if (u.wh !== "what" && !(leisure.length && (u.wh === "how" || u.wh === "yesno"))) return false;
  const nouns = u.topic.filter((w) => u.pos?.[w] === "noun" && !leisure.includes(w));
  if (nouns.some((w) => !["noun.feeling", "noun.state"].includes(domainOf(w, "noun"))))
    return false;
  return (
    leisure.length > 0 ||
    u.topic.some((w) => PLEASURE.some((c) => closeness(w, c) >= 0.5)) ||
    u.topic.some((w) => u.pos?.[w] === "adj" && closeness(w, "prefer") >= 0.45) ||
    (u.tense !== "past" && u.span === "general" && likingAsked(u))
  );
}

/** What it loves doing: what its persona says it loves, else what its backstory says it is beyond
 *  its work, family and home; with the longest doing of its day that is its own choice (not at
 *  its work, a meal, a visit or company named, nor an errand of what it is planning: "buying flour
 *  for the party" is no pastime), else its evenings. A pastime asked (`leisure`: "what do you do
 *  for fun?"), its backstory's work is left out. */
export function likes(
  f: PersonaFacts,
  k: Knowledge,
  residents: readonly string[],
  leisure = false,
): Source {
  const sectorOf = (b: DayBlock) => b.place?.split(" of ").at(-1);
  const home = k.home.split(" of ").at(-1);
  const chosen = ownChoice(f, k, residents);
  const free = activities(k.today)
    .filter((b) => chosen(b) && !!sectorOf(b) && sectorOf(b) !== home)
    .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  const evening = activities(k.today).filter((b) => b.start >= 17 * 60 && chosen(b));
  const bare = free && doingPhrase({ ...free, place: undefined }, f, k);
  const doing = bare
    ? sentence(
        bare.includes(sectorOf(free)!)
          ? `${cap(bare)}, honestly`
          : `${cap(bare)}, honestly; I'm often at ${sectorOf(free)}`,
      )
    : evening.length
      ? sentence(
          `In the evenings I'm usually ${listOf(
            // (Where both are, said once: "cooking and reading at home".)
            evening
              .slice(0, 2)
              .map((b, i, all) =>
                doingPhrase(
                  i < all.length - 1 && sectorOf(b) === sectorOf(all.at(-1)!)
                    ? { ...b, place: undefined }
                    : b,
                  f,
                  k,
                ),
              ),
          )}`,
        )
      : "";
  // What its persona says it loves ("the owner of Hobbs Cafe, who LOVES to make people feel
  // welcome": "I love to make people feel welcome"), else what it is beyond its work and people.
  const loved = f.facts
    .filter((x) => tellable(x, k.knowsSpeaker))
    .map((x) => {
      const w = x.words.find((w) => PLEASURE.some((c) => closeness(w, c) >= 0.5));
      if (!w) return undefined;
      // (Its clause alone; one with no subject of its own is not said.)
      const parts = x.text.replace(/[.!]$/, "").split(/,\s*/);
      const part = parts.find((p) => wordsOf(p).some((v) => v.startsWith(w)));
      if (!part) return undefined;
      if (part.startsWith("who ")) return mine(f, `${f.name} ${part.slice(4)}`);
      return parts.length === 1 ? mine(f, x.text) : undefined;
    })
    .find(Boolean);
  // What its backstory says it is beyond its work, family and home: a doing of recreation by
  // WordNet first, its clause alone ("..., and plays pool every evening": "I play pool every
  // evening"); never what it does not do ("he coaches nobody"), and, a pastime asked, not its
  // work, which is no pastime unless it says it loves it (a fact of a doing of its day at its
  // work: "she bakes before dawn" of one who bakes at her cafe).
  const working = atItsWork(f, k);
  const workDoings = activities(k.today)
    .filter(working)
    .flatMap((b) => doingTerms(plain(b.task)).filter((t) => t.pos === "verb"))
    .map((t) => t.word);
  // (And the things its occupation works on: "repairs the chairs" of one who builds furniture.)
  const workThings = f.facts
    .filter((x) => x.kinds.includes("occupation"))
    .flatMap((x) => x.words.filter((w) => x.pos[w] === "noun"));
  const ofWork = (x: Fact) =>
    x.words.some(
      (w) =>
        (x.pos[w] === "verb" && workDoings.some((v) => v === w || closeness(w, v) >= 0.7)) ||
        (x.pos[w] === "noun" && workThings.some((t) => t !== w && kindOf(w, t, { pos: "noun" }))),
    );
  const other = f.facts.filter(
    (x) =>
      x.source === "learned" &&
      x.kinds.length === 1 &&
      x.kinds[0] === "other" &&
      tellable(x, k.knowsSpeaker),
  );
  // (Its clause alone of a list, said as its own: "..., and plays pool every evening": "I play
  // pool every evening".)
  const clauseOf = (x: Fact, w: string) => {
    const text = mine(f, x.text);
    const parts = text.replace(/[.!]$/, "").split(/,\s*(?:and\s+)?|;\s*/);
    const part = parts.find((p) => wordsOf(p).includes(w));
    if (!part || parts.length < 2) return text;
    const head = part.trim().split(/\s+/)[0].toLowerCase();
    return sentence(head === w || lemma(head, "verb") === w ? `I ${part}` : part);
  };
  const played = other
    .filter((x) => !ofWork(x))
    .map((x) => ({
      x,
      w: x.words.find((w) => x.pos[w] === "verb" && closeness(w, "recreation") >= 0.5),
    }))
    .map((p) => p.w && clauseOf(p.x, p.w))
    .find((t) => t && !saysNot(t));
  const own = played
    ? [played]
    : other.filter((x) => !saysNot(x.text) && !(leisure && ofWork(x))).map((x) => mine(f, x.text));
  const first = loved ?? doing;
  const said = [first, first === doing ? own[0] : doing].filter(Boolean).join(" ");
  // (Nothing of its own choosing known: honestly so, and where its days go.)
  const most = ownPlaces(k)[0]?.sector;
  const none = most
    ? `I couldn't pick one thing, to be honest; most of my days go to ${most}.`
    : "I couldn't pick one thing, to be honest.";
  return { name: "likes", sentences: [said || none] };
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** A choice among a kind asked of it ("which SEASON do you like best?", "what's your favourite
 *  COLOUR?", "what sort of MUSIC do you prefer?"): its liking, or a preference by WordNet
 *  ("favourite", "best"), asked with "what" or "which" of a noun that is no place, feeling or
 *  bare "thing" (those its places, feelings and likes answer). The nouns of the kind. */
export function choiceAsked(u: Utterance): string[] | undefined {
  if (u.act !== "question" || u.about !== "you" || (u.wh !== "what" && u.wh !== "which")) return;
  if (u.tense === "past" || u.tense === "future") return;
  const prefers =
    likesThing(u) ||
    u.topic.some(
      (w) =>
        u.pos?.[w] !== "noun" &&
        u.pos?.[w] !== "verb" &&
        (closeness(w, "favorite") >= 0.9 || closeness(w, "prefer") >= 0.6),
    ) ||
    u.topic.some((w) => u.pos?.[w] === "verb" && closeness(w, "prefer") >= 0.9);
  if (!prefers) return;
  const kinds = u.topic.filter(
    (w) =>
      u.pos?.[w] === "noun" &&
      closeness(w, "favorite") < 0.9 &&
      !leisureWord(w) &&
      !["noun.location", "noun.feeling", "noun.state", "noun.Tops", "noun.person"].includes(
        domainOf(w, "noun"),
      ) &&
      // (A word of liking read as a noun is no kind: "what's your BEST ...".)
      !(isWordAdj(w) && closeness(w, "good") >= 0.9),
  );
  return kinds.length ? kinds : undefined;
}

const isWordAdj = (w: string) => senses(w, "adj").length > 0;

/** Its choice among a kind: a member of it its habits or likings name ("the winter swims" of a
 *  winter swimmer), else one its days hold ("football" it watches, asked its favourite sport),
 *  else honestly none, with no liking made up. */
export function choiceOf(kinds: string[], f: PersonaFacts, k: Knowledge): Source {
  const member = (w: string) =>
    kinds.some((of) => w !== of && kindOf(w, of, { pos: "noun", senses: 2 }));
  // (A habit or a liking: "before the SPRING market" in a wish is no choice of spring.)
  const liked = f.facts
    .filter(
      (x) =>
        tellable(x, k.knowsSpeaker) &&
        !saysNot(x.text) &&
        (x.kinds.includes("habit") ||
          x.words.some((w) => PLEASURE.some((c) => closeness(w, c) >= 0.5))),
    )
    .map((x) => ({ x, w: x.words.find((w) => x.pos[w] === "noun" && member(w)) }))
    .find((p) => p.w);
  if (liked)
    return {
      name: "choice",
      sentences: [`${cap(liked.w!)}, I'd say. ${partAbout(mine(f, liked.x.text), [liked.w!])}`],
    };
  const done = activities(k.today)
    .map((b) => ({ b, w: wordsOf(plain(b.task)).find((w) => member(w)) }))
    .find((p) => p.w);
  if (done)
    return {
      name: "choice",
      sentences: [
        sentence(
          `${cap(done.w!)}, I'd say; I'm often ${doingPhrase({ ...done.b, place: undefined }, f, k)}`,
        ),
      ],
    };
  return {
    name: "choice",
    sentences: ["I couldn't really pick one, to be honest; I don't mind any of them much."],
  };
}
