// An apology said to it: "Sorry to bother you.", "Pardon the interruption.", "Apologies for
// being late." What says regret is read from WordNet (the word nearest "apology" or "regret" that
// opens the line, after "I'm", "so", "really": an apology's word or one whose first sense is
// regret), not from a list of formulas. Regret for the
// speaker's own doing (bothering it, being late) is waved away; regret over something of the
// resident's that the speaker heard of ("sorry to hear that", "sorry about your shop") is
// sympathy, and thanked for.
import { domainOf, glossOf, lemma, relatedness } from "../../language/lexicon.ts";
import { termsOf } from "../../language/parse.ts";
import type { Utterance } from "../../language/understand.ts";
import { type PeopleAnswer, type Talk, choose, firstName } from "./voice.ts";

/** Whether the line opens by saying regret, and over what: the speaker's doing or the resident's. */
export function apologyIn(u: Utterance): "own" | "yours" | undefined {
  if ((u.act !== "statement" && u.act !== "opinion") || u.negative) return undefined;
  const terms = termsOf(u.text).filter((t) => /[a-z]/.test(t.normal));
  // (The grammar before it carries no regret: "I'm", "I am", "so", "really".)
  const at = terms.findIndex(
    (t) =>
      !t.tags.some((x) => ["Pronoun", "Copula", "Adverb", "Determiner", "Auxiliary"].includes(x)),
  );
  const head = terms[at];
  if (!head || at > 3) return undefined;
  const word = head.normal.replace(/[^a-z]/g, "");
  const pos = head.tags.includes("Verb")
    ? "verb"
    : head.tags.includes("Adjective")
      ? "adj"
      : "noun";
  const base = lemma(word, pos) ?? word;
  // (An apology's own word, "pardon", "apologies", or one whose first sense is regret felt,
  // "sorry"; not any sorrow, "sad".)
  if (relatedness(base, "apology") < 0.6 && !glossOf(base, pos).includes("regret"))
    return undefined;
  const rest = terms.slice(at + 1);
  // Regret over what the speaker heard or was told, or over something of the resident's.
  const heard = rest.some(
    (t) =>
      t.tags.includes("Verb") &&
      domainOf(lemma(t.normal, "verb") ?? t.normal, "verb") === "verb.perception",
  );
  const yours = rest.some((t) => t.normal === "your") && !rest.some((t) => t.normal === "you");
  return heard || yours ? "yours" : "own";
}

/** The answer to an apology, if the line is one. */
export function apologyReply(u: Utterance, talk: Talk): PeopleAnswer | undefined {
  const which = apologyIn(u);
  if (!which) return undefined;
  const v = firstName(talk.speaker);
  const text =
    which === "own"
      ? choose(
          [`Not at all, ${v}.`, `No bother at all, ${v}.`, `Don't worry about it, ${v}.`],
          talk,
          "apology",
          u.text,
        )
      : choose(
          [`Thank you, ${v}. That's kind of you.`, `Thanks, ${v}. It means a lot.`],
          talk,
          "sympathy",
          u.text,
        );
  return { text, end: false, source: "apology" };
}
