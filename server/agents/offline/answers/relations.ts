// "Is there anyone you don't get along with?", "Do you have any enemies?": how it stands with
// people, asked against the grain. A verb of relating to people (WordNet files a sense of it as
// social or emotional) asked of in the negative with someone indefinite ("anyone"), or a noun
// for the opposite of a friend (WordNet's antonyms of "friend": an enemy, a foe). Answered by the
// person its persona sets itself against, else that it gets on with most people, and with whom
// best.
import { tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { kindOf, opposites, relatedness, senses } from "../../language/lexicon.ts";
import { parsed } from "../../language/parse.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Source, firstName, mine } from "./voice.ts";

const RELATING = ["verb.social", "verb.emotion"];

/** Whether a word is a friend's opposite, or a kind of one ("enemy", "foe"). */
function unfriendly(w: string): boolean {
  return opposites("friend", "noun").some((o) => o === w || kindOf(w, o));
}

/** Whether the question asks whom it does not get on with. */
export function illWillAsked(u: Utterance): boolean {
  if (u.about !== "you" || u.act !== "question") return false;
  if (u.topic.some((w) => u.pos?.[w] === "noun" && unfriendly(w))) return true;
  const someone = parsed(u.text).has("(anyone|anybody|someone|somebody|people|#Person)");
  const relating = u.topic.some(
    (w) =>
      u.pos?.[w] === "verb" &&
      senses(w, "verb")
        .slice(0, 2)
        .some((s) => RELATING.includes(s.domain)),
  );
  return someone && relating && u.negative;
}

/** A fact that sets it against someone it names: a word of ill will, an opposite of a friend, or
 *  a doing of relating denied ("has never forgiven Rune"). */
function against(x: Fact): boolean {
  if (!x.people.length) return false;
  if (x.words.some((w) => unfriendly(w) || relatedness(w, "antagonism", x.pos[w], "noun") >= 0.3))
    return true;
  return (
    parsed(x.text).has("#Negative") &&
    x.words.some(
      (w) =>
        x.pos[w] === "verb" &&
        senses(w, "verb")
          .slice(0, 2)
          .some((s) => RELATING.includes(s.domain)),
    )
  );
}

export function illWill(f: PersonaFacts, k: Knowledge, residents: readonly string[]): Source {
  const rival = f.facts.find((x) => tellable(x, k.knowsSpeaker) && against(x));
  if (rival) return { name: "ill-will", sentences: [`Well, ${lowerFirst(mine(f, rival.text))}`] };
  // Whom it gets on with best: the family or friends its persona names, else whom it talks with.
  // (Named as the persona writes them: a first name, or a resident's in full.)
  const names = [
    ...residents.filter((r) => r !== f.name).map((r) => firstName(r)),
    ...f.facts.flatMap((x) => x.people),
  ];
  const close = f.facts
    .filter(
      (x) =>
        tellable(x, k.knowsSpeaker) && (x.kinds.includes("family") || x.kinds.includes("friend")),
    )
    .flatMap((x) => names.filter((n) => new RegExp(`\\b${n}\\b`).test(x.text)))[0];
  const often = [...k.people].sort((a, b) => b.talks - a.talks).find((p) => p.talks > 0)?.name;
  const best = close ?? (often ? firstName(often) : undefined);
  return {
    name: "ill-will",
    sentences: [`Not really; I get on with most people${best ? `, ${best} most of all` : ""}.`],
  };
}

const lowerFirst = (s: string) => (/^I\b/.test(s) ? s : s[0].toLowerCase() + s.slice(1));
