// "Who do you work for?", "Who do you admire?", "Who do you help?": whom a doing of its own ties
// it to, asked with a verb. Not whom it spends its time with (people.ts, company): the tie the verb
// names. A clause of its persona that names people with that verb (or one near it, WordNet); its
// work by the person its work's clauses name (whom it works for), itself when its work is a thing
// it owns; a feeling for people (WordNet's emotion verbs, or a pleasant verb of thinking by
// AFINN-165: "trust") by the people its persona holds close, honestly no one when it names none;
// a feeling against them by no one, and whom it gets on with best.
import { tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { closeness, senses, valence } from "../../language/lexicon.ts";
import { listOf, sentence } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Source, type Talk, mine, short, unsaid } from "./voice.ts";
import { clauseNaming } from "./people.ts";

/** The verbs of a who-question about the listener ("who do you WORK for?"), if any. */
export function whomAsked(u: Utterance): string[] {
  if (u.wh !== "who" || u.about !== "you" || u.act !== "question") return [];
  return u.topic.filter((w) => u.pos?.[w] === "verb" && senses(w, "verb").length > 0);
}

const lower = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));

/** Whom the doing asked ties it to, or undefined when the verb asks only whom it is with (its
 *  company answers that). */
export function whom(
  verbs: string[],
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
): Source | undefined {
  const tell = (x: Fact) => tellable(x, k.knowsSpeaker);
  const say = (sentences: string[]): Source => ({ name: "whom", sentences });
  // (The people a fact names, by the first names of the town's residents: "Kenji Mori" is one
  // person, and "Valentine's Day" none.)
  const firsts = new Set(talk.residents.map((r) => r.split(" ")[0]));
  const peopleIn = (x: Fact) => x.people.filter((n) => firsts.has(n) && n !== f.first);
  // (Of a fact, the clause that names the person.)
  const naming = (x: Fact) => clauseNaming(mine(f, x.text), peopleIn(x)[0] ?? x.people[0]);
  // (The verb asked or a synonym in its first sense: "trust" is no "hope", which it means only
  // later.)
  const near = (w: string) => verbs.some((v) => v === w || senses(v, "verb")[0]?.words.includes(w));
  // Its work: the clause of its work that names someone (whom it works for), itself where its
  // work is a thing it owns, else what its work is.
  if (verbs.some((v) => closeness(v, "work") >= 0.75)) {
    const work = f.facts.filter(
      (x) =>
        tell(x) &&
        (x.kinds.includes("occupation") ||
          (x.source === "learned" &&
            x.words.some((w) => x.pos[w] === "verb" && closeness(w, "work") >= 0.6))),
    );
    // (Not its kin: "a student who still lives with her parents" works for nobody.)
    // (What it does for a living is in its backstory: "working up the courage to ask Sofia out"
    // is no work.)
    const forSomeone = work.find(
      (x) => x.source === "learned" && !x.kinds.includes("family") && peopleIn(x).length > 0,
    );
    if (forSomeone) return say([naming(forSomeone)]);
    const owned = work.find((x) =>
      x.words.some((w) => x.pos[w] === "verb" && closeness(w, "own") >= 0.9),
    );
    if (owned) return say([`Myself, really; ${lower(short(mine(f, owned.text)))}`]);
    const what = work.find((x) => x.source === "learned");
    return what ? say([`No one in particular; ${lower(short(mine(f, what.text)))}`]) : undefined;
  }
  // A clause of its own that names people with the verb asked.
  const withVerb = f.facts.find(
    (x) => tell(x) && peopleIn(x).length > 0 && x.words.some((w) => x.pos[w] === "verb" && near(w)),
  );
  if (withVerb) return say([naming(withVerb)]);
  // A feeling for or against people.
  const feeling = verbs.find((v) => {
    const first = senses(v, "verb").slice(0, 2);
    return (
      first.some((s) => s.domain === "verb.emotion") ||
      (first.some((s) => s.domain === "verb.cognition") && valence(v) > 0)
    );
  });
  if (!feeling) return undefined;
  // (Those it holds close: its friends, then its family; not anyone its persona merely names,
  // a rival among them.)
  const close = [
    ...f.facts.filter((x) => tell(x) && x.kinds.includes("friend")),
    ...f.facts.filter((x) => tell(x) && x.kinds.includes("family")),
  ].filter((x) => peopleIn(x).length > 0);
  const names = [...new Set(close.flatMap(peopleIn))].slice(0, 2);
  // Against people: no one, and whom it gets on with best.
  if (valence(feeling) < 0) {
    const best = names[0] ? `, ${names[0]} most of all` : "";
    return say([sentence(`No one, really; I get on with most people${best}`)]);
  }
  if (!close.length)
    return say(["No one in particular comes to mind, to be honest; I'd have to think about that."]);
  const why = unsaid([naming(close[0])], talk)[0];
  return say([[sentence(`${listOf(names)}, I'd say`), why].filter(Boolean).join(" ")]);
}
