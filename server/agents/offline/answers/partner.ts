// "Are you seeing anyone?", "Are you dating someone?": whether it has someone, asked with a verb
// whose social sense is going out with someone (WordNet: a sense of "date", or one narrower) and
// someone left open. Answered by the spouse its persona names, a love it may tell (a secret only
// to a friend), else honestly no.
import { forFriends, tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { broader, glossOf, kindOf, lemma, relatedness, senses } from "../../language/lexicon.ts";
import { parsed, termsOf } from "../../language/parse.ts";
import { infinitive, type Utterance } from "../../language/understand.ts";
import { ownClause } from "./people.ts";
import { type Source, mine } from "./voice.ts";

/** Whether a verb has a social sense that is dating, or a kind of it. */
function dating(verb: string): boolean {
  const dates = new Set(senses("date", "verb").map((s) => s.offset));
  return senses(verb, "verb").some(
    (s) =>
      s.domain === "verb.social" &&
      (dates.has(s.offset) || broader(s).some((b) => dates.has(b.offset))),
  );
}

export function partnerAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.wh !== "yesno" || u.about !== "you") return false;
  if (!parsed(u.text).has("(anyone|anybody|someone|somebody)")) return false;
  // (Each verb by its root, and with the word after it: "going OUT" is "go out".)
  const terms = termsOf(u.text);
  // (Any word with a verb's root, whatever the tagger made of it: "seeing" may come back a noun.)
  const verbs = terms.flatMap((t, i) => {
    const word = t.normal.replace(/[^a-z]/g, "");
    const root = lemma(word, "verb") ?? (t.tags.includes("Verb") ? infinitive(word) : undefined);
    if (!root) return [];
    const next = terms[i + 1]?.normal.replace(/[^a-z]/g, "");
    return next ? [root, `${root} ${next}`] : [root];
  });
  return verbs.some(dating);
}

export function partner(f: PersonaFacts, k: Knowledge): Source {
  const say = (s: string): Source => ({ name: "partner", sentences: [s] });
  // (Its own spouse: a verb of what a spouse is in, by WordNet's definition, "a person's partner
  // in marriage": "is married to Marco"; or a spouse it calls its own, "my wife"; not another's,
  // "her husband Daniel".)
  const marriage = glossOf("spouse", "noun");
  const weds = (x: Fact) =>
    x.words.filter(
      (w) =>
        (x.pos[w] === "verb" && marriage.some((g) => relatedness(w, g) >= 0.7)) ||
        (kindOf(w, "spouse") && new RegExp(`\\b(?:my|our) ${w}\\b`).test(mine(f, x.text))),
    );
  const wed = f.facts.find(
    (x) => tellable(x, k.knowsSpeaker) && x.kinds.includes("family") && weds(x).length > 0,
  );
  if (wed) {
    // (Its clause of the marriage: "I am married to Wenna", not "who sings in the chapel".)
    const clause = ownClause(mine(f, wed.text), weds(wed));
    return say(`Well, ${/^I\b/.test(clause) ? clause : clause[0].toLowerCase() + clause.slice(1)}`);
  }
  // (A love of its own that names someone: told to a friend, kept from anyone else.)
  const love = f.facts.find(
    (x) => x.people.length > 0 && forFriends(x.text) && tellable(x, k.knowsSpeaker),
  );
  if (love && k.knowsSpeaker) return say(`Not exactly. ${mine(f, love.text)}`);
  return say("No, I'm not seeing anyone at the moment.");
}
