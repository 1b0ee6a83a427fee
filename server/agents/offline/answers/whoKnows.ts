// "Who should I talk to about the town's history?", "Who would know about the old mill?": a
// person to go to on a topic. The one it knows whose life bears on the topic (what its persona
// says of them, how it sees them, its day with them, what it saw of them), by WordNet's
// relatedness of the topic to those words; itself when its own life bears on it more; else
// honestly that it is not sure who.
import { parsed, termsOf } from "../../language/parse.ts";
import { type Fact, tellable, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { domainOf, lemma, relatedness, senses } from "../../language/lexicon.ts";
import { pronounOfName } from "../../language/pronouns.ts";
import { contentTerms, infinitive, type Utterance } from "../../language/understand.ts";
import { esc, publicFacts, saidOf } from "./bond.ts";
import { clausesOf } from "./roles.ts";
import { sentence } from "../../language/realise.ts";
import { ownMemoryAsI } from "../../language/person.ts";
import { type Talk, firstName, mine, type Source } from "./voice.ts";
import { activities, doingPhrase } from "./day.ts";
import { recital } from "./memories.ts";

// What a person to go to is sought for: knowing, telling, learning (WordNet's verb files).
const KNOWING = ["verb.cognition", "verb.communication"];

/**
 * The topic a person to go to is sought on, when the question asks for one: a who-question about
 * someone other than the listener (no resident named) with a verb of knowing or telling in it
 * ("who should I TALK to", "who would KNOW about"). Its topic is the rest: not the knowing, not the
 * wanting, and not the place it is set in when there is more ("the TOWN's history").
 */
export function sourceSought(u: Utterance): string[] | undefined {
  if (u.wh !== "who" || u.about === "you" || u.person) return undefined;
  const verbs = (parsed(u.text).match("#Verb").out("array") as string[]).map(
    (v) => lemma(v.toLowerCase(), "verb") ?? v.toLowerCase(),
  );
  if (!verbs.some((v) => KNOWING.includes(domainOf(v, "verb")))) return undefined;
  const rest = u.topic.filter(
    (w) =>
      u.pos?.[w] !== "verb" ||
      !["verb.cognition", "verb.communication", "verb.emotion"].includes(domainOf(w, "verb")),
  );
  // (What is asked of, not how it is put: "the OLD mill" asks of a mill.)
  const named = rest.filter((w) => u.pos?.[w] !== "adj");
  const said = named.length ? named : rest;
  const things = said.filter((w) => domainOf(w, "noun") !== "noun.location");
  const topic = things.length ? things : said;
  return topic.length ? topic : undefined;
}

/** Whom it would send someone to on the topic, with what it knows of them; itself when its own
 *  life bears on it most; else that it is not sure who. */
export function whoKnows(
  topic: string[],
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
): Source {
  const score = (text: string, skip: string[]) => {
    let s = 0;
    for (const w of contentTerms(text, skip))
      for (const t of topic) s = Math.max(s, relatedness(t, w.word, u.pos?.[t], w.pos));
    return s;
  };
  const others = talk.residents.filter((r) => r !== talk.me && r !== talk.speaker);
  let best: { name: string; said: string; s: number } | undefined;
  const consider = (name: string, text: string, said: string) => {
    const s = score(text, [...others, f.name]);
    if (s >= 0.6 && (!best || s > best.s)) best = { name, said, s };
  };
  for (const r of others) {
    const first = firstName(r);
    const named = new RegExp(`\\b${first}\\b`);
    for (const x of f.facts)
      if (tellable(x, k.knowsSpeaker) && (x.people.includes(first) || x.text.includes(r)))
        consider(r, x.text, mine(f, x.text));
    const view = k.people.find((p) => p.name === r)?.relationship;
    if (view) consider(r, view, mine(f, view));
    for (const b of activities(k.today))
      if (named.test(b.task))
        consider(
          r,
          b.task,
          sentence(
            `${b.end <= k.minute ? "Earlier today I was" : "Later today I'll be"} ${doingPhrase(b, f, k)}`,
          ),
        );
    for (const m of talk.memories)
      // (Not a plan recited: a day's list names everyone it meets, on every topic.)
      if (
        m.kind !== "chat" &&
        m.kind !== "plan" &&
        !recital(m.text) &&
        named.test(m.text) &&
        !/ said to /.test(m.text)
      )
        consider(r, m.text, sentence(ownMemoryAsI(m.text, f.name)));
  }
  // Its own life, when it bears on the topic more than anyone's it knows ("a history of the
  // town" asked of the one writing it).
  const own = f.facts
    .filter(
      (x) =>
        tellable(x, k.knowsSpeaker) &&
        !x.people.length &&
        // (Nor one that names someone else: "my cousin Ivo keeps the records" is Ivo's.)
        !others.some((r) => new RegExp(`\\b${firstName(r)}\\b`).test(x.text)),
    )
    .map((x) => ({ x, s: score(x.text, [f.name]) }))
    .sort((a, b) => b.s - a.s)[0];
  if (own && own.s >= 0.6 && (!best || own.s >= best.s))
    return {
      name: "who-knows",
      sentences: [`I'd be a good one to ask, actually. ${mine(f, own.x.text)}`],
    };
  if (best)
    return {
      name: "who-knows",
      sentences: [`You could ask ${firstName(best.name)}. ${best.said}`],
    };
  // (Else whoever in town does it: "who could teach me to paint?", the painter.)
  return (
    whoDoes(topic, u, f, k) ?? {
      name: "who-knows",
      sentences: ["I'm not sure who you could ask about that, to be honest."],
    }
  );
}

/**
 * The doing a person is sought by, when a question asks for anyone who does something ("do you
 * know ANYONE WHO PLAYS music?", "does anyone here play guitar?", "is there someone who fixes
 * bikes?"): the words asked from the first verb after the indefinite person on, that WordNet
 * knows as a verb (past "who", "here", "can": grammar, not the doing).
 */
export function doerSought(u: Utterance): string[] | undefined {
  if (u.act !== "question" || u.person) return undefined;
  const ts = termsOf(u.text);
  // ("Who BAKES the best bread?": who does it best is asked as who in town does it, the verb
  // right after "who" and a superlative with it; not "who do you live with".)
  const best =
    ts[0]?.normal === "who" &&
    ts[1]?.tags.includes("Verb") &&
    !["Auxiliary", "Modal", "Copula"].some((g) => ts[1].tags.includes(g)) &&
    // (Its own subject, not one after it: "who DO YOU spend the most time with".)
    !ts[2]?.tags.includes("Pronoun") &&
    u.about !== "you" &&
    // (A doing, not knowing: "who KNOWS the most about history" is someone to ask, below.)
    domainOf(lemma(ts[1].normal, "verb") ?? infinitive(ts[1].normal) ?? ts[1].normal, "verb") !==
      "verb.cognition" &&
    parsed(u.text).has("(#Superlative|best|most)");
  const at = best ? 0 : ts.findIndex((t) => /^(anyone|anybody|someone|somebody)$/.test(t.normal));
  if (at < 0) return undefined;
  const grammar = ["Adverb", "Preposition", "Pronoun", "Auxiliary", "Modal", "Determiner"];
  // (The first verb after it, as the tagger reads it, "anyone here GROW"; else past its grammar.)
  const tagged = ts.findIndex(
    (t, j) =>
      j > at &&
      j <= at + 4 &&
      t.tags.includes("Verb") &&
      !["Auxiliary", "Modal", "Copula"].some((g) => t.tags.includes(g)),
  );
  let i = tagged > 0 ? tagged : at + 1;
  while (
    tagged < 0 &&
    ts[i] &&
    (grammar.some((g) => ts[i].tags.includes(g)) ||
      domainOf(lemma(ts[i].normal, "noun") ?? ts[i].normal, "noun") === "noun.location")
  )
    i++;
  const verb = ts[i] && (lemma(ts[i].normal, "verb") ?? infinitive(ts[i].normal) ?? ts[i].normal);
  if (!verb || !senses(verb, "verb").length || ts[i].tags.includes("Copula")) return undefined;
  const said = new Set(
    ts.slice(i).flatMap((t) => [t.normal, lemma(t.normal, "verb"), lemma(t.normal, "noun")]),
  );
  // (The quality it is ranked by is no doing: "the BEST bread".)
  const topic = u.topic.filter((w) => said.has(w) && !(best && u.pos?.[w] === "adj"));
  return topic.length ? topic : undefined;
}

/**
 * Who in town does what is asked, by what the town knows of them (their personas' clauses, each
 * read on its own: "he plays at The Tipsy Heron on Fridays"), every word asked bearing on the
 * clause (WordNet's relatedness): "Yes, Felix; he's a musician ...". Itself when its own does;
 * undefined when nobody's does.
 */
export function whoDoes(
  topic: string[],
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
): Source | undefined {
  const score = (text: string, skip: string[]) => {
    const ws = contentTerms(text, skip);
    let sum = 0;
    for (const t of topic)
      sum += Math.max(0, ...ws.map((w) => relatedness(t, w.word, u.pos?.[t], w.pos)));
    return sum / topic.length;
  };
  let best: { name: string; x: Fact; clause: string; s: number } | undefined;
  const people = [
    { name: f.name, facts: f.facts.filter((x) => x.source === "learned" && !x.secret) },
    ...(k.townsfolk ?? [])
      .filter((t) => t.persona.name !== f.name)
      .map((t) => ({ name: t.persona.name, facts: publicFacts(t) })),
  ];
  for (const p of people)
    for (const x of p.facts)
      for (const c of clausesOf(x.text).filter((c) => !denied(c))) {
        const s = score(c, [p.name, ...p.name.split(" ")]);
        if (s >= 0.6 && s > (best?.s ?? 0)) best = { name: p.name, x, clause: c, s };
      }
  if (!best) return undefined;
  const yes = u.wh === "yesno" ? "Yes, " : "";
  if (best.name === f.name)
    return {
      name: "who-does",
      sentences: [`${yes}I do, actually. ${mine(f, best.clause)}`],
    };
  // (The clause said of them by pronoun after their name: "Felix; he plays at ...".)
  const said = saidOf(best.name, { ...best.x, text: best.clause }, f).replace(
    new RegExp(`^(?:${esc(best.name)}|${esc(firstName(best.name))})\\b`),
    pronounOfName(best.name) ?? "they",
  );
  return {
    name: "who-does",
    sentences: [`${yes}${firstName(best.name)}${yes ? "" : ", I'd say"}; ${said}`],
  };
}

/** Whether a clause says its doing is not done: a negative by the tagger ("never sings"), or a
 *  word neither noun nor verb whose WordNet sense as a modifier is glossed "not ..." ("plays NO
 *  instrument"). */
function denied(clause: string): boolean {
  if (parsed(clause).has("#Negative")) return true;
  return termsOf(clause).some(
    (t) =>
      !t.tags.includes("Noun") &&
      !t.tags.includes("Verb") &&
      [...senses(t.normal, "adj"), ...senses(t.normal, "adv")].some((s) => /^not\b/.test(s.gloss)),
  );
}
