// The town's people as everyone knows them: a role asked of ("the mayor", "the baker") read as the
// resident who holds it, someone else's work ("who does Calum work for?"), and the people it is
// closest to, ranked by what ties them to it. A role is held by whoever the town's personas say is
// one: a title before a name ("Mayor Walter Pike"), a name set beside it ("Priya, the town
// clerk"), a resident who is one ("has been mayor of Oakmere"), or whose work is what the role
// does (WordNet: a baker bakes). Roles and their synonyms by WordNet; no list of jobs.
import { tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import {
  broader,
  closeness,
  domainOf,
  glossOf,
  isWord,
  kindOf,
  lemma,
  opposites,
  relatedness,
  senses,
  type Synset,
  valence,
} from "../../language/lexicon.ts";
import { parsed, termsOf } from "../../language/parse.ts";
import { listOf, sentence } from "../../language/realise.ts";
import { FORMS, pronounOfName } from "../../language/pronouns.ts";
import type { Utterance } from "../../language/understand.ts";
import { activities } from "./day.ts";
import { nameHead, namesPlace } from "./placeNames.ts";
import { kinOf } from "./people.ts";
import { bondWith, esc, publicFacts, saidOf } from "./bond.ts";
import { type Source, type Talk, firstName, mine } from "./voice.ts";

/** Whether a noun names a person by what they do or are in town: WordNet's persons, not kin, a
 *  friend, a lover or a neighbour (those are its own people), nor a person at all ("someone"). */
function roleNoun(word: string): boolean {
  if (domainOf(word, "noun") !== "noun.person") return false;
  if (senses(word, "noun")[0]?.domain !== "noun.person") return false;
  return !["relative", "friend", "lover", "neighbor"].some(
    (k) => word === k || kindOf(word, k, { senses: 1 }),
  );
}

/** The role a question asks of as someone in town: a singular noun of persons after "the" ("what
 *  do you think of THE MAYOR?", "who is the baker?"), no name after it. */
export function roleAsked(u: Utterance): string | undefined {
  if (u.act !== "question" || u.about === "person" || u.about === "me") return undefined;
  const terms = termsOf(u.text);
  for (let i = 0; i < terms.length; i++) {
    if (terms[i].normal !== "the") continue;
    // (What the listener is or became, "how did you BECOME the lighthouse keeper?", is its own
    // work: a verb of being or becoming (WordNet's stative and change verbs) just before it.)
    const before = terms[i - 1];
    const verb = before?.tags.includes("Verb")
      ? (lemma(before.normal.replace(/[^a-z]/g, ""), "verb") ?? before.normal)
      : "";
    if (
      u.about === "you" &&
      verb &&
      ["verb.stative", "verb.change"].includes(senses(verb, "verb")[0]?.domain ?? "")
    )
      continue;
    // (The words after it, adjectives and nouns, "the new town clerk here": its head the last
    // that names a person.)
    const run: string[] = [];
    for (const t of terms.slice(i + 1)) {
      const word = t.normal.replace(/[^a-z-]/g, "");
      // (A name after it is what it names: "the Tipsy Heron", "the mayor Walter Pike".)
      if (t.tags.includes("ProperNoun")) run.length = 0;
      if (t.tags.includes("ProperNoun") || t.tags.includes("Pronoun")) break;
      if (!t.tags.includes("Adjective") && !t.tags.includes("Noun")) break;
      if (t.tags.includes("Noun") && !t.tags.includes("Plural") && word) run.push(word);
    }
    // (A word WordNet has not, "barista", is a role when the town calls someone one.)
    const role =
      run.filter(roleNoun).at(-1) ?? run.filter((w) => !isWord(w, "noun") && !isWord(w)).at(-1);
    if (role) return role;
  }
  return undefined;
}

/** Whether a word of a text is the role or its synonym (WordNet). */
const isRole = (role: string, word: string) =>
  word === role || (lemma(word, "noun") ?? word) === role || closeness(role, word) >= 0.9;

/** How surely a resident holds a role by a clause of their own persona: they are one (the role
 *  after their copula, in the present: "has been MAYOR", "is the town's BARISTA"; not "was"), or
 *  the main doing of the clause is what the role does, by its definition ("someone who bakes
 *  commercially": "bakes before dawn"). */
function holdsBy(role: string, x: Fact): number {
  const terms = termsOf(x.text);
  const at = terms.findIndex(
    (t) => t.tags.includes("Noun") && isRole(role, t.normal.replace(/[^a-z-]/g, "")),
  );
  if (at > 0) {
    // (Between the copula and the role only its determiners, adjectives and nouns.)
    let c = at - 1;
    while (c > 0 && !terms[c].tags.includes("Verb")) c--;
    const cop = terms[c];
    // ("is", "has been"; not "was": one no longer.)
    const be =
      cop?.tags.includes("Copula") ||
      (cop?.tags.includes("Participle") &&
        terms[c - 1]?.tags.includes("Auxiliary") &&
        /^(be|been)$/.test(cop.normal));
    if (
      be &&
      (!cop.tags.includes("PastTense") || cop.tags.includes("Participle")) &&
      !terms.slice(c + 1, at).some((t) => t.tags.includes("Verb"))
    )
      return 1;
  }
  const main = terms.find(
    (t) =>
      t.tags.includes("Verb") &&
      !t.tags.includes("Copula") &&
      !t.tags.includes("Auxiliary") &&
      !t.tags.includes("Modal"),
  );
  const verb = main ? (lemma(main.normal.replace(/[^a-z-]/g, ""), "verb") ?? main.normal) : "";
  // (Or what the doing is done to: "tends the BAR", one who serves drinks at a bar.)
  // (Its direct object: the first noun after it, before a preposition or a pause; a name is
  // no thing done: "owns The Tipsy Heron, the bar".)
  let object: (typeof terms)[number] | undefined;
  for (const t of main ? terms.slice(terms.indexOf(main) + 1) : []) {
    if (t.tags.includes("Preposition")) break;
    if (t.tags.includes("Noun")) {
      object = t.tags.includes("ProperNoun") ? undefined : t;
      break;
    }
    if (/[,;:]/.test(t.post ?? "")) break;
  }
  const gloss = glossOf(role, "noun");
  const does = verb && gloss.includes(verb);
  const on = object && gloss.includes(lemma(object.normal, "noun") ?? object.normal);
  return does || on ? 0.8 : 0;
}

/** The residents who hold a role, the surest first: a title before a name or a name set beside
 *  the role in anyone's persona ("Mayor Walter Pike", "Priya, the town clerk") or their own
 *  clauses. Itself among them (`f.name`) when it holds it. */
export function holdersOf(role: string, f: PersonaFacts, k: Knowledge): string[] {
  const people = [
    { name: f.name, facts: f.facts.filter((x) => x.source === "learned") },
    ...(k.townsfolk ?? []).map((t) => ({ name: t.persona.name, facts: publicFacts(t) })),
  ];
  const texts = people.flatMap((p) => p.facts.map((x) => x.text));
  const score = new Map<string, number>();
  const add = (name: string, s: number) => score.set(name, Math.max(score.get(name) ?? 0, s));
  for (const p of people) {
    const [first, ...rest] = p.name.split(" ");
    const last = rest.join(" ");
    const name = last ? `(?:${esc(first)} )?${esc(last)}|${esc(first)}` : esc(first);
    // A title: the role's word capitalised before the name.
    const title = new RegExp(`\\b([A-Z][a-z]+) (?:${name})\\b`, "g");
    // A name and the role beside it: "Priya, the town clerk".
    const beside = new RegExp(`\\b(?:${name}), (?:the|a|an|our) ([^,.;:]+)`, "g");
    for (const t of texts) {
      for (const m of t.matchAll(title)) if (isRole(role, m[1].toLowerCase())) add(p.name, 1);
      for (const m of t.matchAll(beside))
        if (m[1].split(/\s+/).some((w) => isRole(role, w.toLowerCase()))) add(p.name, 1);
    }
    for (const x of p.facts) add(p.name, holdsBy(role, x));
  }
  const best = Math.max(0, ...score.values());
  return best ? [...score].filter(([, s]) => s === best).map(([n]) => n) : [];
}

/** Who holds the role asked, told: itself ("I'm the mayor myself"), the one resident by the
 *  clause that says so, several by name; else honestly none in town. */
export function roleHolder(role: string, f: PersonaFacts, k: Knowledge): Source {
  const who = holdersOf(role, f, k);
  const say = (s: string): Source => ({ name: "role", sentences: [s] });
  if (!who.length) {
    // (None who is one, but someone whose work is a kind of what the role does is the nearest:
    // no cook in town, but Rosa bakes, and baking is cooking.)
    const near = nearestHolder(role, f, k);
    return say(
      near
        ? `${firstName(near.name)}, I'd say; ${near.clause}`
        : `I don't think we have a ${role} in town, to be honest.`,
    );
  }
  if (who.includes(f.name)) return say(`That's me, actually; I'm the ${role}.`);
  if (who.length > 1) return say(sentence(`There's more than one: ${listOf(who.slice(0, 3))}`));
  const t = k.townsfolk?.find((p) => p.persona.name === who[0]);
  const why = t ? publicFacts(t).find((x) => holdsBy(role, x) > 0) : undefined;
  // (Only the clause of it that says so: "Rosa bakes before dawn", not all else that sentence
  // says of her.)
  const held = why && heldClause(role, why);
  // (With where they do it, where the clause says not: "Rosa bakes before dawn, at Hearth &
  // Crumb cafe".)
  const at = held && t && !placeIn(held, k) ? workplace(t.persona.name, k) : undefined;
  return say(
    why
      ? saidOf(who[0], { ...why, text: held ? `${held}${at ? `, at ${at}` : ""}` : why.text }, f)
      : sentence(`That would be ${who[0]}`),
  );
}

/** The town's building a text names, whole or by its own name (without the kind it ends in: "the
 *  Hearth & Crumb" of Hearth & Crumb cafe). */
function placeIn(text: string, k: Knowledge): string | undefined {
  return k.places.find((p) => {
    if (p.dwelling || p.name.includes(" of ")) return false;
    // (Its head as WordNet spells it, in one word or two: "tea room", a tearoom.)
    const head = nameHead(p.name).replace(/\s+/g, "");
    const ws = p.name.split(" ");
    const n = [1, 2].find((i) => ws.slice(-i).join("").toLowerCase() === head) ?? 0;
    const own = ws.slice(0, ws.length - n).join(" ") || p.name;
    return namesPlace(text, p.name, own, k.places);
  })?.name;
}

/** Where a resident works, by the town's building its work's clause names. */
function workplace(name: string, k: Knowledge): string | undefined {
  const t = k.townsfolk?.find((p) => p.persona.name === name);
  const work = t ? publicFacts(t).filter((x) => x.kinds.includes("occupation")) : [];
  return work.map((x) => placeIn(x.text, k)).find(Boolean);
}

/** The clauses of a persona's sentence, each said with the sentence's subject ("She bakes before
 *  dawn, remembers every order, and believes ..." → "She remembers every order"). */
export function clausesOf(text: string): string[] {
  const parts = text
    .replace(/[.!]\s*$/, "")
    .split(/\s*[,;]\s*(?:and\s+|but\s+)?/)
    .filter(Boolean);
  const subject = termsOf(parts[0] ?? "")[0]?.text ?? "";
  return parts.map((c, i) =>
    i > 0 && termsOf(`${subject} ${c}`)[1]?.tags.includes("Verb") ? `${subject} ${c}` : c,
  );
}

/** The one clause of a persona's sentence by which its person holds a role, where the sentence
 *  says more than that. */
function heldClause(role: string, x: Fact): string | undefined {
  const cs = clausesOf(x.text);
  if (cs.length < 2) return undefined;
  return cs.find((c) => holdsBy(role, { ...x, text: c }) > 0);
}

/** Whether a sense is one of the given senses, or a kind of one up WordNet's broader senses. */
function kindOfSense(s: Synset, of: number[]): boolean {
  let level = [s];
  for (let d = 0; d < 6 && level.length; d++) {
    if (level.some((x) => of.includes(x.offset))) return true;
    level = level.flatMap(broader);
  }
  return false;
}

/** The resident nearest to holding a role none holds: one a clause of whose persona does a kind
 *  of what the role does (WordNet: baking is a kind of cooking, what a cook does), with that
 *  clause said of them ("she bakes before dawn"). */
function nearestHolder(
  role: string,
  f: PersonaFacts,
  k: Knowledge,
): { name: string; clause: string } | undefined {
  // (What the role does: the verbs its first sense is derived from, a cook's "cook".)
  const first = senses(role, "noun")[0];
  const does = (first?.pointers ?? [])
    .filter((p) => p.symbol === "+" && p.pos === "verb")
    .map((p) => p.offset);
  if (!does.length) return undefined;
  for (const t of k.townsfolk ?? []) {
    if (t.persona.name === f.name) continue;
    for (const x of publicFacts(t))
      for (const c of clausesOf(x.text)) {
        const main = termsOf(c).find(
          (w) =>
            w.tags.includes("Verb") &&
            !["Copula", "Auxiliary", "Modal"].some((g) => w.tags.includes(g)),
        );
        const verb = main && (lemma(main.normal.replace(/[^a-z-]/g, ""), "verb") ?? main.normal);
        if (!verb) continue;
        const kind = senses(verb, "verb")
          .slice(0, 2)
          .some((s) => kindOfSense(s, does));
        if (kind) {
          const at = placeIn(c, k) ? undefined : workplace(t.persona.name, k);
          const said = saidOf(t.persona.name, { ...x, text: at ? `${c}, at ${at}` : c }, f).replace(
            new RegExp(`^${esc(firstName(t.persona.name))}\\b`),
            pronounOfName(t.persona.name) ?? "they",
          );
          return { name: t.persona.name, clause: said };
        }
      }
  }
  return undefined;
}

/** Whom a resident works for, as the town knows it: the clause of their work that names someone
 *  else in town ("Calum earns his rent helping Jonah at the supply store"), themselves when they
 *  own what they work at, else what their work is. */
export function workOf(name: string, f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const first = firstName(name);
  const say = (s: string): Source => ({ name: "work-of", sentences: [s] });
  const t = k.townsfolk?.find((p) => p.persona.name === name);
  if (!t) return say(`I couldn't tell you who ${first} works for, to be honest.`);
  const firsts = new Set(talk.residents.map(firstName));
  const facts = publicFacts(t).filter((x) => !x.kinds.includes("family"));
  const working = (x: Fact) =>
    x.kinds.includes("occupation") ||
    x.words.some((w) => x.pos[w] === "verb" && closeness(w, "work") >= 0.3);
  const forSomeone = facts.find(
    (x) => working(x) && x.people.some((p) => firsts.has(p) && p !== first),
  );
  if (forSomeone) return say(saidOf(name, forSomeone, f));
  const owned = facts.find((x) =>
    x.words.some((w) => x.pos[w] === "verb" && closeness(w, "own") >= 0.9),
  );
  const self = FORMS[pronounOfName(name) ?? "they"]?.reflexive ?? "themselves";
  if (owned) return say(`${first} works for ${self}, I'd say. ${saidOf(name, owned, f)}`);
  const what = facts.find(working);
  return say(
    what
      ? `I'm not sure anyone in particular. ${saidOf(name, what, f)}`
      : `I couldn't tell you who ${first} works for, to be honest.`,
  );
}

/** The people it is closest to, closest first, each with the sentence that says why: friends
 *  its persona names, then kin, then those it talks with most, then those its work ties it to
 *  (a clause of its work that names them, or one of theirs that names it), then those its day is
 *  spent with. Never a rival: a clause set against someone is no tie. */
export function closest(
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
): { name: string; why: string }[] {
  const firsts = new Map(talk.residents.map((r) => [firstName(r), r] as const));
  const out: { name: string; why: string }[] = [];
  // (Someone in town, or one its persona names by name: "her younger brother Ansel".)
  const add = (first: string, why: string, named = false) => {
    if (first === f.first || out.some((o) => o.name === first)) return;
    if (!firsts.has(first) && !(named && /^[A-Z]/.test(first))) return;
    out.push({ name: first, why });
  };
  // (Not a clause set against them, nor one with ill feeling in it: "sleepy under Mayor Pike".)
  // (Those a clause names: as the tagger reads names, and the town's residents by name.)
  // (In the order the clause names them: "married to Priya; her brother Arjun ...".)
  const at = (x: Fact, n: string) => x.text.search(new RegExp(`\\b${esc(n)}\\b`));
  const named = (x: Fact) =>
    [
      ...new Set([
        ...x.people,
        ...[...firsts.keys()].filter((n) => new RegExp(`\\b${esc(n)}\\b`).test(x.text)),
      ]),
    ].sort((a, b) => at(x, a) - at(x, b));
  const own = f.facts.filter(
    (x) => tellable(x, k.knowsSpeaker) && !against(x) && !x.words.some((w) => valence(w) < 0),
  );
  const clause = (x: Fact) => mine(f, x.text);
  for (const kind of ["friend", "family"] as const)
    for (const x of own.filter((x) => x.kinds.includes(kind)))
      for (const p of named(x)) add(p, clause(x), true);
  // (Kin by their own persona, and those it shares a home with: "We live together at ...".)
  for (const t of k.townsfolk ?? []) {
    const bond = bondWith(t.persona.name, f, k);
    if (bond) add(firstName(t.persona.name), bond);
  }
  for (const p of [...k.people].filter((p) => p.talks > 0).sort((a, b) => b.talks - a.talks))
    add(firstName(p.name), "");
  // (Its work with them: a clause of its backstory that names them, or theirs that names it.)
  for (const x of own.filter((x) => x.source === "learned" && x.kinds.includes("occupation")))
    for (const p of named(x)) add(p, clause(x));
  // (A doing of its own with them, of giving, dealing or working: "rents the loft to Bram"; not a
  // thought of them, "believes the hall has grown sleepy under Mayor Pike".)
  const dealing = (x: Fact) =>
    x.words.some(
      (w) =>
        x.pos[w] === "verb" &&
        ["verb.possession", "verb.social", "verb.communication", "verb.creation"].includes(
          senses(w, "verb")[0]?.domain ?? "",
        ),
    );
  for (const x of own.filter((x) => x.source === "learned" && dealing(x)))
    for (const p of named(x)) add(p, clause(x));
  for (const t of k.townsfolk ?? [])
    for (const x of publicFacts(t))
      if (x.kinds.includes("occupation") && named(x).includes(f.first))
        add(firstName(t.persona.name), saidOf(t.persona.name, x, f));
  for (const b of activities(k.today))
    for (const first of firsts.keys())
      if (new RegExp(`\\b${esc(first)}\\b`).test(b.task)) add(first, "");
  return out;
}

/** "Who do you get on best with?", "Who are you closest to?", "Who do you care about most?": a
 *  who-question of itself that ranks (a superlative, or "most") with a verb of relating to others
 *  (WordNet's social or emotional verbs, in their first senses) or an adjective of nearness. */
export function closestAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.wh !== "who" || u.about !== "you") return false;
  // ("Who are your closest FRIENDS?": the friends its persona names answer that.)
  if (kinOf(u.topic).length) return false;
  const terms = termsOf(u.text);
  const ranks = terms.some(
    (t) => t.tags.includes("Superlative") || /^(most|best)$/.test(t.normal.replace(/\W/g, "")),
  );
  if (!ranks) return false;
  // ("Who do you spend most of your time WITH?": the company it keeps most.)
  if (companyAsked(u)) return true;
  return u.topic.some((w) =>
    u.pos?.[w] === "verb"
      ? senses(w, "verb")
          .slice(0, 2)
          .some((s) => ["verb.social", "verb.emotion"].includes(s.domain))
      : closeness(lemma(w, "adj") ?? w, "close") >= 0.9,
  );
}

/** "Who are you usually with?", "Who do you spend your time with?": a who-question of itself
 *  whose "who" is the object of a "with" left at its end, the company it keeps (grammar: a
 *  stranded preposition of accompaniment), not who it is. */
export function companyAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.wh !== "who" || u.about !== "you") return false;
  // (Times after it say when: "who are you with TODAY?")
  const terms = termsOf(u.text).filter(
    (t) => !["Date", "Time", "Adverb"].some((g) => t.tags.includes(g)),
  );
  // (A name called out after a comma is whom it is asked of: "who do you hang out with, OMAR?")
  const comma = terms.findLastIndex((t) => /,/.test(t.post ?? ""));
  const called =
    comma >= 0 &&
    comma < terms.length - 1 &&
    terms.slice(comma + 1).every((t) => ["Person", "ProperNoun"].some((g) => t.tags.includes(g)));
  return terms[called ? comma : terms.length - 1]?.normal.replace(/\W/g, "") === "with";
}

/** "Who are you usually with?", "Who do you hang out with?": the people it spends its days with,
 *  a few of those it is closest to by what ties them (its household and kin, friends, those it
 *  works with), then what ties it to them; honestly no one in particular when nobody does. */
export function keptCompany(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const people = closest(f, k, talk).slice(0, 3);
  if (!people.length) return closestOne(f, k, talk);
  const whys = [...new Set(people.map((p) => p.why).filter(Boolean))].slice(0, 2);
  return {
    name: "company",
    sentences: [[sentence(`Mostly ${listOf(people.map((p) => p.name))}`), ...whys].join(" ")],
  };
}

/** The one it is closest to, and why; honestly none when nobody ties it to anyone. */
export function closestOne(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const [best, next] = closest(f, k, talk);
  if (!best)
    return {
      name: "closest",
      sentences: [
        "I keep to myself mostly, to be honest; I get on with everyone, but no one in particular.",
      ],
    };
  const two = next && !best.why && !next.why ? ` and ${next.name}` : "";
  return {
    name: "closest",
    sentences: [[sentence(`${best.name}${two}, I'd say`), best.why].filter(Boolean).join(" ")],
  };
}

export const RELATING = ["verb.social", "verb.emotion"];

/** Whether a word is a friend's opposite, or a kind of one ("enemy", "foe"). */
export function unfriendly(w: string): boolean {
  return opposites("friend", "noun").some((o) => o === w || kindOf(w, o));
}

/** A fact that sets it against someone it names: a word of ill will, an opposite of a friend, or
 *  a doing of relating denied ("has never forgiven Rune"). */
export function against(x: Fact): boolean {
  if (!x.people.length) return false;
  // (Against someone by name: "running for mayor against Walter Pike".)
  if (parsed(x.text).has("against #Person")) return true;
  // (A word of ill will by its first sense, a feeling, a state, an act between people; not a
  // thing, "the pharmacy COUNTER", nor a name, "Grace".)
  const names = x.people.map((p) => p.toLowerCase());
  const ill = (w: string) =>
    !names.includes(w) &&
    (x.pos[w] !== "noun" ||
      ["noun.feeling", "noun.state", "noun.act", "noun.communication", "noun.relation"].includes(
        senses(w, "noun")[0]?.domain ?? "",
      )) &&
    relatedness(w, "antagonism", x.pos[w], "noun") >= 0.3;
  if (x.words.some((w) => unfriendly(w) || ill(w))) return true;
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
