// "What are you reading at the moment?": a what-question on its own doing by the question's own
// verb. The doing of its day that verb names (by WordNet sense, any verb of the block: "eating
// breakfast and READING the paper"), now, earlier today or later; else its persona's fact with
// that verb; else honestly nothing just now, and what it is doing instead. Never a doing the verb
// does not name ("building bookshelves" is no reading).
import type { PersonaFacts } from "../../language/facts.ts";
import { tellable } from "../../language/facts.ts";
import type { DayBlock, Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, lemma } from "../../language/lexicon.ts";
import { termsOf } from "../../language/parse.ts";
import { clock, sentence } from "../../language/realise.ts";
import { infinitive, type Utterance } from "../../language/understand.ts";
import { activities, doingPhrase } from "./day.ts";
import { mine, partAbout, plain, type Source } from "./voice.ts";

// Verbs that say nothing of a doing of their own ("what are you UP to", "what are you DOING").
const LIGHT = ["verb.stative", "verb.possession"];

/** The verb asked of, if the question is "what are you <verb>ing?" about itself, now or these
 *  days: a verb of a doing, not a light one, and nothing else asked (no noun: "what books are
 *  you reading?" names its thing). */
export function verbAsked(u: Utterance): string | undefined {
  if (u.wh !== "what" || u.about !== "you" || u.tense !== "present") return undefined;
  if (!["now", "today", "general", "recent"].includes(u.span)) return undefined;
  const verbs = u.topic.filter((w) => u.pos?.[w] === "verb");
  if (verbs.length !== 1 || u.topic.length !== 1) return undefined;
  const v = verbs[0];
  if (LIGHT.includes(domainOf(v, "verb")) || v === "do") return undefined;
  // ("What are you working on?": its work, which its day and persona tell better.)
  if (closeness(v, "work") >= 0.6) return undefined;
  // The verb is the doing asked of, in its -ing form after "are you" ("what ARE YOU reading").
  return termsOf(u.text).some(
    (t, i, all) =>
      /ing$/.test(t.normal) &&
      (lemma(t.normal, "verb") ?? infinitive(t.normal)) === v &&
      all[i - 1]?.normal === "you",
  )
    ? v
    : undefined;
}

/** The verbs of a block's task, by their lemma ("eating breakfast and reading the paper"). */
function verbsOf(task: string): string[] {
  return termsOf(plain(task))
    .filter((t) => t.tags.includes("Verb"))
    .map((t) => lemma(t.normal, "verb") ?? infinitive(t.normal) ?? t.normal);
}

/** Its doing by the verb asked, from its day, then its persona; else honestly none just now. */
export function doingByVerb(verb: string, f: PersonaFacts, k: Knowledge): Source {
  const names = (b: DayBlock) =>
    verbsOf(b.task).some((v) => v === verb || closeness(v, verb) >= 0.9);
  const day = activities(k.today);
  const now = day.find((b) => b.start <= k.minute && b.end > k.minute);
  if (now && names(now))
    return { name: "verb-asked", sentences: [sentence(`Right now I'm ${doingPhrase(now, f, k)}`)] };
  const fact = f.facts.find(
    (x) => tellable(x, k.knowsSpeaker) && x.words.includes(verb) && x.pos?.[verb] === "verb",
  );
  if (fact) return { name: "verb-asked", sentences: [partAbout(mine(f, fact.text), [verb])] };
  const before = day.filter((b) => b.end <= k.minute && names(b)).at(-1);
  const after = day.find((b) => b.start > k.minute && names(b));
  const instead = now ? ` I'm ${doingPhrase(now, f, k)} right now.` : "";
  if (before)
    return {
      name: "verb-asked",
      sentences: [
        `Nothing just now.${instead} I was ${doingPhrase(before, f, k)} earlier, around ${clock(before.start)}.`,
      ],
    };
  if (after)
    return {
      name: "verb-asked",
      sentences: [
        `Nothing just now.${instead} I'll be ${doingPhrase(after, f, k)} around ${clock(after.start)}.`,
      ],
    };
  return {
    name: "verb-asked",
    sentences: [`Nothing in particular at the moment, to be honest.${instead}`],
  };
}
