// "Is there anyone you don't get along with?", "Do you have any enemies?": how it stands with
// people, asked against the grain. A verb of relating to people (WordNet files a sense of it as
// social or emotional) asked of in the negative with someone indefinite ("anyone"), or a noun
// for the opposite of a friend (WordNet's antonyms of "friend": an enemy, a foe). Answered by the
// person its persona sets itself against, else that it gets on with most people, and with whom
// best.
import { tellable, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { senses } from "../../language/lexicon.ts";
import { parsed } from "../../language/parse.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Source, type Talk, mine } from "./voice.ts";
import { RELATING, against, closest, unfriendly } from "./roles.ts";

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

export function illWill(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const rival = f.facts.find((x) => tellable(x, k.knowsSpeaker) && against(x));
  if (rival) return { name: "ill-will", sentences: [`Well, ${lowerFirst(mine(f, rival.text))}`] };
  // Whom it gets on with best: the one it is closest to (its friends and kin, those it talks
  // with, those its work ties it to).
  const best = closest(f, k, talk)[0]?.name;
  return {
    name: "ill-will",
    sentences: [`Not really; I get on with most people${best ? `, ${best} most of all` : ""}.`],
  };
}

const lowerFirst = (s: string) => (/^I\b/.test(s) ? s : s[0].toLowerCase() + s.slice(1));
