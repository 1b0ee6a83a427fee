// The people in its life: family and friends its persona names, those it talks with most, what
// it knows of a named person, and who might know about a thing.
import type { MemoryLine } from "../../prompts/builder.ts";
import { forFriends, tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import {
  broader,
  closeness,
  definedBy,
  domainOf,
  kindOf,
  lemma,
  purposeMatch,
  relatedness,
  senses,
} from "../../language/lexicon.ts";
import { copyOf, parsed, sentencesOf, termsOf } from "../../language/parse.ts";
import { contentTerms, type Utterance } from "../../language/understand.ts";
import { inFirstPerson, listOf, sentence } from "../../language/realise.ts";
import { FORMS, pronounOfName } from "../../language/pronouns.ts";
import { memoryAsSaid, recital, talked } from "./memories.ts";
import {
  type Talk,
  choose,
  firstName,
  mine,
  type Source,
  factsOf,
  short,
  verbWordsOf,
  wordsOf,
  partAbout,
  unsaid,
} from "./voice.ts";
import { activities, doingPhrase, dayPart, irregularVerb } from "./day.ts";
import { bondWith, publicFacts, saidOf, spouses, workBond } from "./bond.ts";
import { nameWords, townsfolkWords } from "./townsfolkIndex.ts";
import { nameCandidates } from "../../language/names.ts";

/** Who the resident spends time with: family and friends its persona names, then those it talks
 *  to most, then those its day is spent with. */
export function company(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  // Each fact on its people said by its clause on them ("I am a student who still lives with my
  // parents" → "I still live with my parents, Grace and Samuel").
  const out = kinNow(
    f,
    f.facts.filter(
      (x) =>
        (x.kinds.includes("friend") ||
          // (Kin it is with: kin named, or kin it lives with; "I cook the dishes my mother made"
          // says whom it misses, not whom it sees.)
          (x.kinds.includes("family") && (x.people.length > 0 || x.kinds.includes("home")))) &&
        tellable(x, k.knowsSpeaker),
    ),
  );
  const often = k.people.filter((p) => p.talks > 0).sort((a, b) => b.talks - a.talks);
  if (often.length)
    out.push(
      sentence(
        `I've been talking with ${listOf(often.slice(0, 2).map((p) => firstName(p.name)))} a lot lately`,
      ),
    );
  // Its day with others: said in the past once over, else as what is still to come.
  for (const b of activities(k.today))
    if (talk.residents.some((r) => b.task.includes(firstName(r))) || /\bwith\b/.test(b.task))
      out.push(
        b.end <= k.minute
          ? sentence(`Earlier today I was ${doingPhrase(b, f, k)}`)
          : sentence(`Later today I'll be ${doingPhrase(b, f, k)}`),
      );
  return { name: "company", sentences: out };
}

/** Facts on its people, each said by its own clause on them, but for what is over: a clause on
 *  kin told in the past tense is its history ("I took over the store from my uncle Cobb", "I made
 *  every table in my wife's cafe"), not whom it spends its days with nor how its family is; kin
 *  it lives with are kin it is with, whenever it moved in ("I moved here to live with my
 *  sister"). */
function kinNow(f: PersonaFacts, facts: readonly Fact[], past = false): string[] {
  return facts.flatMap((x) => {
    const clause = ownClause(
      mine(f, x.text),
      x.words.filter((w) => x.pos[w] === "verb"),
    );
    const over =
      x.kinds.includes("family") && !x.kinds.includes("home") && !x.kinds.includes("friend");
    return over && !past && saidInThePast(clause) ? [] : [clause];
  });
}

/** Kin its persona names only in its history ("I made every table in my wife Rosa's cafe", "I
 *  took over from my uncle Cobb"), said as who they are to it now when they live in town ("Rosa
 *  is my wife."): kin of its past who are not among the town's people (gone, or dead) are no
 *  answer to how its family is. */
function kinInTown(
  f: PersonaFacts,
  facts: readonly Fact[],
  residents: readonly string[],
): string[] {
  return facts.flatMap((x) => {
    const clause = mine(f, x.text);
    // (Named as its own, "my wife Tove's ferry", the tagger may not read the name as a person.)
    // The town's first names the clause holds, in the town's order (names.ts: the few whose first
    // word is in it, not every resident a clause).
    const living = new Set(
      nameCandidates(clause, residents)
        .map((i) => residents[i])
        .filter((r) => r !== f.name)
        .map(firstName),
    );
    return [...living]
      .filter((p) => clause.includes(p))
      .flatMap((p) => {
        // (Its tie as the clause says it: "my wife Rosa", "my uncle Cobb".)
        const tie = new RegExp(`\\bmy ((?:[a-z]+ ){1,2})${p}\\b`).exec(clause)?.[1]?.trim();
        return tie ? [`${p} is my ${tie}.`] : [];
      });
  });
}

/** Whether a clause's first verb is in the past tense ("took", "was born"; not "has been"). */
function saidInThePast(clause: string): boolean {
  const terms = termsOf(clause);
  const at = terms.findIndex((t) => t.tags.includes("Verb"));
  const verb = terms[at];
  if (!verb?.tags.includes("PastTense")) return false;
  // (A participle after its auxiliary is a perfect, "has been"; one alone is the past, "built".)
  return !verb.tags.includes("Participle") || !verb.tags.includes("Auxiliary");
}

/** What it knows of a named person: its persona, how it sees them, its day with them. */
export function aboutPerson(
  name: string,
  f: PersonaFacts,
  k: Knowledge,
  memories: MemoryLine[],
  residents: readonly string[] = [],
): Source {
  const first = firstName(name);
  const out = knownOf(name, f, k, memories);
  // (A tie its persona leaves out, by the town: a spouse by theirs, a home shared.)
  const bond = bondWith(name, f, k) ?? workBond(name, f, k);
  if (bond && !out.length) out.push(bond);
  // Nothing of its own on them: it says so, as one does of a face in town (not "I don't know").
  if (!out.length)
    out.push(
      // (A neighbour in town is known by sight, if not well.)
      k.people.some((p) => p.name === name) || residents.includes(name)
        ? `I don't know ${first} well, to be honest.`
        : `I don't think I know ${first}.`,
    );
  return { name: "person", sentences: out };
}

/** What it knows of a named person, each sentence about them: the clause of its persona that
 *  names them, how it sees them, its day with them, what it remembers of them. */
export function knownOf(
  name: string,
  f: PersonaFacts,
  k: Knowledge,
  memories: MemoryLine[],
  also: readonly string[] = [],
): string[] {
  const first = firstName(name);
  // (Of a fact, the clause that names them: asked about Grace, "I still live with my parents,
  // Grace and Samuel", not "I am a student at the college who still lives with ...". `also`: the
  // words it names them by besides, a role they hold, "the mayor".)
  const out = factsOf(
    f,
    k,
    (x) =>
      x.people.includes(first) || x.text.includes(name) || also.some((w) => x.words.includes(w)),
  ).map((t) => clauseNaming(t, first));
  const view = k.people.find((p) => p.name === name)?.relationship;
  // A view of a relationship is about the two of them: its "they" is "we" said by one of them.
  if (view)
    out.push(
      clauseNaming(
        mine(f, view)
          .replace(/\bThey\b/g, "We")
          .replace(/\bthey\b/g, "we"),
        first,
      ),
    );
  for (const b of activities(k.today))
    if (b.task.includes(first))
      out.push(
        b.end <= k.minute
          ? sentence(`Earlier today I was ${doingPhrase(b, f, k)}`)
          : sentence(`I'm ${doingPhrase(b, f, k)} ${dayPart(b.start)} today`),
      );
  // (A memory that carries records is told from them, with who told it: answerPeople.)
  for (const m of memories)
    if (
      m.text.includes(first) &&
      m.kind !== "chat" &&
      // (A secret it holds as a memory, its persona's own thought, is for friends as the fact.)
      (k.knowsSpeaker || !forFriends(m.text)) &&
      // (Its day's plan recited is no word of them: its doings with them are told from its day.)
      !recital(m.text) &&
      !m.facts?.length &&
      !/ said to |\(a [a-z]+\)/.test(m.text)
    )
      // (A memory with nothing to tell, a goodbye heard, says nothing of them.)
      out.push(
        ...[
          m.kind === "observation" && /\b(is|are) \w+ing\b/.test(m.text)
            ? // A doing seen is told as seen, then: "Last I saw, Latoya was working ...".
              sentence(
                `Last I saw, ${talked(m.text.replace(/\s*\([^)]*\)/g, "")).replace(/\b(is|are)\b/, (v) => (v === "is" ? "was" : "were"))}`,
              )
            : clauseNaming(memoryAsSaid(m.text, f.name, m.note), first),
        ].filter(Boolean),
      );
  // (A persona sentence held as a memory too is told once.)
  return [...new Set(out)];
}

/** Of a fact said with "I", its relative clause when that alone names the person, said with "I"
 *  ("I am a student who still lives with my parents, Grace and Samuel" → "I still live with my
 *  parents, Grace and Samuel"); else the fact. */
export function clauseNaming(text: string, first: string): string {
  // (Sentence by sentence: a view's "We last talked about ..." is left as it is.)
  return text
    .split(/(?<=[.!?])\s+/)
    .map((x) => {
      const rel = /\b(?:who|which|that)\s+(.+)$/.exec(x);
      if (!rel || x.slice(0, rel.index).includes(first) || !rel[1].includes(first))
        return conjunctNaming(x, first);
      return ownClause(x, rel[1].toLowerCase().split(/\W+/).filter(Boolean));
    })
    .join(" ");
}

/** Of clauses joined by "and" after a comma or by a semicolon, the one that names the person
 *  ("I am married to Samuel, and our daughter Ada studies at the college" → of Ada, "Our daughter
 *  Ada studies at the college."); else the sentence. (A comma alone sets off an apposition, "Samuel,
 *  a history professor", which stays with its name.) */
function conjunctNaming(text: string, first: string): string {
  const parts = text.replace(/[.!]$/, "").split(/,\s*and\s+|;\s*/);
  const naming = parts.filter((p) => new RegExp(`\\b${first}\\b`).test(p));
  if (parts.length < 2 || naming.length !== 1) return text;
  // (A later clause is its own sentence when it has its own subject: "our daughter Ada studies".)
  const part = naming[0];
  if (part !== parts[0] && !parsed(part).has("^#Determiner? #Possessive? #Noun+ #Verb"))
    return text;
  return sentence(part.charAt(0).toUpperCase() + part.slice(1));
}

/** Of a fact, the clause with one of the verbs, said with "I" ("I am a student who still lives
 *  with my parents, Grace and Samuel" → "I still live with my parents, Grace and Samuel"). */
export function ownClause(text: string, verbs: string[]): string {
  const rel = /\b(?:who|which|that)\s+(.+)$/.exec(text);
  // A relative clause after a person's name is about that person ("married to Helen, who
  // writes the newsletter"), not said with "I".
  if (rel && !parsed(text.slice(0, rel.index)).has("#Person$")) {
    // ("which I took over from my uncle": a clause with its own "I" is said as it is; else its
    // verbs agree with "I" in their own tense: "who came to the village" → "I came", "who has
    // sat" → "I have sat", "who lives" → "I live".)
    const own = (/^I\b/.test(rel[1]) ? rel[1] : inFirstPerson(`He ${rel[1]}`, "He", "he")).replace(
      /[.!]$/,
      "",
    );
    if (
      own
        .toLowerCase()
        .split(/\W+/)
        .some((w) => verbs.includes(w))
    )
      return sentence(own);
  }
  return partAbout(text, verbs);
}

/** The words of a question that ask of kin or friends, each by its lemma ("children" → "child"):
 *  a kind of relative or friend by its first senses, or a word for a person (its first sense) one
 *  of whose senses is a kind of relative ("kid": a child, and a human offspring). */
export function kinOf(topic: readonly string[]): string[] {
  return topic.flatMap((w) => {
    const base = lemma(w, "noun") ?? (copyOf(w).nouns().toSingular().text().toLowerCase() || w);
    const kin =
      kindOf(base, "relative") ||
      kindOf(base, "friend") ||
      (domainOf(base, "noun") === "noun.person" &&
        kindOf(base, "relative", { senses: senses(base, "noun").length }));
    return kin ? [base] : [];
  });
}

/** "Do you have brothers or sisters?": yes with the fact that names such kin, else no and the
 *  family (or friends) it does name. */
export function kinAsked(
  kin: string[],
  f: PersonaFacts,
  k: Knowledge,
  residents: readonly string[] = [],
): Source {
  // (Its own kin, "MY brother", not another's its persona names: "her brother Arjun" of a wife.)
  const named = kinFacts(kin, f, k).filter((x) =>
    x.words.some(
      (w) =>
        kin.some((t) => w === t || kindOf(w, t) || kinByName(w, t)) &&
        new RegExp(`\\b(?:my|our) (?:[a-z-]+ )?${w}s?\\b`).test(mine(f, x.text)),
    ),
  );
  if (named.length)
    return {
      name: "kin",
      sentences: [
        `Yes. ${partAbout(mine(f, named[0].text), [...kin, ...named[0].words.filter((w) => kin.some((t) => kindOf(w, t) || kinByName(w, t)))])}`,
      ],
    };
  const family = f.facts.find(
    (x) =>
      tellable(x, k.knowsSpeaker) && (x.kinds.includes("family") || x.kinds.includes("friend")),
  );
  // (No family its persona names: what its home says, not a "no" made up: "Well, I live with
  // Grace and Ada at Okafor house.")
  const home = family || !homeKin(k) ? "" : household(f, k, residents).sentences[0];
  if (/^I live with\b/.test(home)) return { name: "kin", sentences: [`Well, ${home}`] };
  const ofKin = family
    ? partAbout(
        mine(f, family.text),
        family.words.filter((w) => kindOf(w, "relative") || kindOf(w, "friend")),
      )
    : "";
  return {
    name: "kin",
    sentences: [sentence(`No, I don't${ofKin ? `. ${short(ofKin).replace(/[.!]$/, "")}` : ""}`)],
  };
}

/** Whether a kin word is of a kind WordNet names by the word asked: a brother is a "male
 *  SIBLING", a sister a "female SIBLING" (a kind whose name ends in the asked word). */
function kinByName(word: string, asked: string): boolean {
  return senses(word, "noun")
    .slice(0, 1)
    .some((s) => broader(s).some((b) => b.words.some((x) => x.endsWith(` ${asked}`))));
}

/** The facts that name such kin: by the word or a kind of it, or, in a fact on its family, by a
 *  verb whose sense the kin's gloss holds ("wife": a married woman, so "is married to Helen"). */
export function kinFacts(kin: string[], f: PersonaFacts, k: Knowledge) {
  return f.facts.filter(
    (x) =>
      tellable(x, k.knowsSpeaker) &&
      x.words.some((w) =>
        kin.some(
          (t) =>
            kindOf(w, t) ||
            w === t ||
            kinByName(w, t) ||
            (x.kinds.includes("family") && x.pos[w] === "verb" && purposeMatch(t, w) >= 0.6),
        ),
      ),
  );
}

/** "Who is your wife?": the fact that names the kin asked of, said by its part on them. */
export function kinNamed(kin: string[], f: PersonaFacts, k: Knowledge): Source {
  const x = kinFacts(kin, f, k)[0];
  return {
    name: "kin",
    sentences: x
      ? [
          asideOnKin(mine(f, x.text), kin) ??
            ownClause(
              mine(f, x.text),
              x.words.filter((w) => x.pos[w] === "verb"),
            ),
        ]
      : [],
  };
}

/** Kin named only in its aside on a thing ("I own the bar, which I inherited from my father"):
 *  that aside said of the thing ("I inherited the bar from my father"), not the main clause,
 *  which names no kin. */
function asideOnKin(said: string, kin: string[]): string | undefined {
  const m = /^(I [a-z']+) ([^,]+)(?:,[^,]*)*?, (?:which|that) (I [a-z']+)\b(.*?)[.!]?$/.exec(said);
  if (!m) return undefined;
  const names = (text: string) =>
    termsOf(text).some((t) => {
      const w = t.normal.replace(/[^a-z'-]/g, "");
      const n = lemma(w, "noun") ?? w;
      return kin.some((c) => n === c || kindOf(n, c));
    });
  if (!names(m[4]) || names(`${m[1]} ${m[2]}`)) return undefined;
  // (A phrasal verb keeps its particle: "took over" + the thing, by WordNet's "take over".)
  const verb = m[3].slice(2);
  const particle = /^ ([a-z]+)\b/.exec(m[4])?.[1];
  const base = lemma(verb, "verb") ?? irregularVerb(verb);
  if (particle && senses(`${base} ${particle}`, "verb").length)
    return sentence(`${m[3]} ${particle} ${m[2]}${m[4].slice(particle.length + 1)}`);
  return sentence(`${m[3]} ${m[2]}${m[4]}`);
}

export function friends(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const named = f.facts.find((x) => tellable(x, k.knowsSpeaker) && x.kinds.includes("friend"));
  if (named)
    return {
      name: "friends",
      sentences: [
        partAbout(
          mine(f, named.text),
          named.words.filter((w) => w === "friend" || kindOf(w, "friend")),
        ),
      ],
    };
  const often = k.people.filter((p) => p.talks > 0).sort((a, b) => b.talks - a.talks);
  const days = new Map<string, number>();
  for (const b of activities(k.today))
    for (const r of talk.residents)
      if (r !== f.name && new RegExp(`\\b${firstName(r)}\\b`).test(b.task))
        days.set(firstName(r), (days.get(firstName(r)) ?? 0) + b.end - b.start);
  const most = [...days].sort((a, b) => b[1] - a[1]).map(([n]) => n);
  return {
    name: "friends",
    sentences: often.length
      ? [
          sentence(
            `I'd say ${listOf(often.slice(0, 2).map((p) => firstName(p.name)))}; we talk a lot`,
          ),
        ]
      : most.length
        ? [
            sentence(
              `I'd say ${listOf(most.slice(0, 2))}; we spend a good part of our days together`,
            ),
          ]
        : [],
  };
}

/** The people it knows whose relationship it sees bears on the thing asked ("who runs the
 *  cafe?"): "Lucy might know; ...". */
export function peopleOn(words: string[], k: Knowledge): Source {
  const out: string[] = [];
  for (const p of k.people) {
    if (!p.relationship) continue;
    const ws = wordsOf(p.relationship);
    if (words.some((t) => ws.some((w) => relatedness(t, w) >= 0.7)))
      out.push(sentence(`${firstName(p.name)} might know`));
  }
  return { name: "people-on", sentences: out.slice(0, 1) };
}

/** "What do you think of Kenji?", "How do you feel about Kenji?", "Do you like Kenji?": a view of
 *  a named person asked (a verb of thinking or feeling about them, or of liking), not who they
 *  are. */
export function viewAsked(u: Utterance): boolean {
  if (u.about !== "person" || !u.person || u.act !== "question") return false;
  const doc = parsed(u.text);
  const evaluates = (w: string) =>
    Math.max(closeness(w, "like"), closeness(w, "think"), closeness(w, "feel")) >= 0.6;
  // (The word after "you" is its verb, whatever the tagger says: "do you LIKE Walter?".)
  const afterYou = [...u.text.toLowerCase().matchAll(/\byou (\w+)/g)].map(
    (m) => lemma(m[1], "verb") ?? m[1],
  );
  return (
    doc.has("(think|feel|opinion|make) (of|about)") ||
    afterYou.some(evaluates) ||
    u.topic.some((w) => u.pos?.[w] === "verb" && evaluates(w))
  );
}

/** An answer on a named person: who, the resident's persona and knowledge, the talk, and what it
 *  knows of them (knownOf), the reasons it may give. */
export interface OnPerson {
  name: string;
  f: PersonaFacts;
  k: Knowledge;
  talk: Talk;
  facts: string[];
}

/** How it stands with a named person, read once for every answer on them: their first name,
 *  the fact of its persona (one it may tell) that names them as its kin or friend, and what it
 *  knows of them as someone it talks with. */
function standing({ name, f, k }: OnPerson) {
  const first = firstName(name);
  const tie = f.facts.find(
    (x) =>
      tellable(x, k.knowsSpeaker) &&
      (x.kinds.includes("family") || x.kinds.includes("friend")) &&
      (x.people.includes(first) || x.text.includes(name)),
  );
  // (With no tie its own persona names: one another's persona names or a shared home makes.)
  const bond = tie ? undefined : bondWith(name, f, k);
  // (Else its work with them, by the clause of theirs that names it: "Omar tends the bar for me".)
  // (Its own clause of work that names them first: "I tend the bar for Daniel".)
  const ownWork = f.facts.find(
    (x) =>
      tellable(x, k.knowsSpeaker) &&
      x.source === "learned" &&
      x.kinds.includes("occupation") &&
      (x.people.includes(first) || x.text.includes(name)),
  );
  const work =
    tie || bond
      ? undefined
      : ownWork
        ? clauseNaming(mine(f, ownWork.text), first)
        : workBond(name, f, k);
  return { first, tie, bond, work, known: k.people.find((p) => p.name === name) };
}

/** "Do you get along with Marco?", "Are you close to Ada?": a yes or no on how it stands with a
 *  named person, asked with a verb of relating to others (WordNet's social, emotion or stative
 *  verbs: "get along", "get on", "love") or an adjective of nearness ("close"). */
export function relationAsked(u: Utterance): boolean {
  if (u.wh !== "yesno" || u.about !== "person" || !u.person || u.act !== "question") return false;
  return u.topic.some((w) =>
    u.pos?.[w] === "verb"
      ? ["verb.social", "verb.emotion"].includes(domainOf(w, "verb")) ||
        senses(w, "verb").some((s) => s.domain === "verb.social" && s.words.includes(w))
      : u.pos?.[w] === "adj" && closeness(w, "close") >= 0.9 && parsed(u.text).has("close to"),
  );
}

/** "Do you know Iris?", "Have you met Kenji?": whether it knows a named person, asked with a verb
 *  of knowing or meeting (WordNet: near "know" or "meet"). */
export function knowAsked(u: Utterance): boolean {
  if (u.wh !== "yesno" || u.about !== "person" || !u.person || u.act !== "question") return false;
  return u.topic.some(
    (w) => u.pos?.[w] === "verb" && Math.max(closeness(w, "know"), closeness(w, "meet")) >= 0.9,
  );
}

/** Whether it knows a named person, yes or no first: yes and what it knows of them (who they are
 *  to it, its day with them, what it remembers), yes a little for someone it talks with; else
 *  honestly that it has not met them. `facts`: what it knows of them (knownOf); `heard`: its news
 *  of them as it tells it (records: "Ann told me that her grey cat went missing ..."). */
export function knowingOf(on: OnPerson, heard: string[] = []): Source {
  const { name, talk, facts } = on;
  const { first, tie, bond, known } = standing(on);
  // (News it heard from them, or of them, is something it knows of them too.)
  const said = [...(bond ? [bond] : []), ...facts.filter(aboutSomething), ...heard];
  const reason = said.find((r) => unsaid([r], talk).length) ?? said[0];
  // Only news of them from others, never a word with them: it knows of them, not them.
  const onlyHeardOf =
    !tie &&
    !bond &&
    !known &&
    !facts.some(aboutSomething) &&
    !heard.some((h) => h.startsWith(first));
  const them = FORMS[pronounOfName(name) ?? "they"]?.object ?? first;
  if (reason)
    return {
      name: "person",
      sentences: [
        `${tie || bond ? choose(["Of course!", "Oh yes, very well."], talk, "know", name) : onlyHeardOf ? `Not personally, though I've heard of ${them}.` : "Yes."} ${reason}`,
      ],
    };
  if (known)
    return {
      name: "person",
      sentences: [
        (known.talks ?? 0) > 0
          ? `Yes, a little; we talk now and then, though I couldn't say I know ${first} well.`
          : `I know who ${first} is, but not well.`,
      ],
    };
  const p = pronounOfName(name);
  return {
    name: "person",
    sentences: [`No, I don't think I've met ${p ? FORMS[p].object : first}.`],
  };
}

/** How it stands with a named person, yes or no first, then why: kin or a friend its persona
 *  names (yes, very well), someone it talks with or has a view of (yes, by what it knows), someone
 *  it only knows of (not close, and what it knows), or no one it knows (it could not say). */
export function relationOf(on: OnPerson): Source {
  const { name, f, k, talk, facts } = on;
  const { first, tie, bond, known } = standing(on);
  // (Of a sentence on them, only what names them: "Her brother Arjun lives with them", not the
  // sentence before it.)
  const naming = (t: string) =>
    sentencesOf(t)
      .filter((x) => x.includes(first))
      .join(" ");
  const reasons = [
    ...(tie ? [naming(clauseNaming(mine(f, tie.text), first))] : []),
    ...(bond ? [bond] : []),
    ...facts.filter(aboutSomething).map(naming),
  ].filter(Boolean);
  const reason = reasons.find((r) => unsaid([r], talk).length) ?? "";
  // (Its own words on them that say no tie weigh more than talks: running against Walter.)
  const spokenOf = f.facts.some(
    (x) => tellable(x, k.knowsSpeaker) && (x.people.includes(first) || x.text.includes(name)),
  );
  const together = household(f, k, talk.residents).sentences[0].includes(first);
  const talks = (known?.talks ?? 0) > 0 || !!known?.relationship;
  const opening =
    tie || bond
      ? choose(["Yes, very well.", "Oh yes, we get on very well."], talk, "relation", name)
      : together || (!spokenOf && talks && facts.length)
        ? choose(["Yes, I'd say so.", "Yes, we get on fine."], talk, "relation", name)
        : facts.length
          ? `I couldn't say we're close.`
          : talks
            ? `Fine, I think; we talk now and then, though I couldn't say I know ${first} well.`
            : `I don't know ${first} well enough to say, to be honest.`;
  return { name: "relation", sentences: [[opening, reason].filter(Boolean).join(" ")] };
}

/** Whether a talk's topic names something beyond a time ("about the last time on February 21"
 *  names none): a word that is no time and, read as a noun, is not mostly an adjective. */
function saysSomething(topic: string): boolean {
  return contentTerms(topic).some(
    (t) =>
      domainOf(t.word, t.pos) !== "noun.time" &&
      // ("TIME" is first an occasion, and a time too.)
      !(
        t.pos === "noun" &&
        senses(t.word, "noun")
          .slice(0, 3)
          .some((x) => x.domain === "noun.time")
      ) &&
      !(t.pos === "noun" && senses(t.word, "adj").length > senses(t.word, "noun").length),
  );
}

/** A sentence that tells of a last talk tells of something said in it. */
const aboutSomething = (x: string) => {
  const topic = /last talked (about [^.]+)/.exec(x)?.[1];
  return !topic || saysSomething(topic);
};

/** Its view of a named person, by what they are to it: kin or a friend its persona names, someone
 *  it talks with (and what they last talked of), or a face in town; with the fact or the talk as
 *  its reason. `facts`: what it knows of them, the reasons it may give. */
export function viewOf(on: OnPerson): Source {
  const { name, f, talk, facts } = on;
  const { first, tie, bond, work, known } = standing(on);
  const talked = /They last talked (about [^.]+)\./.exec(known?.relationship ?? "")?.[1];
  const last = talked && saysSomething(talked) ? talked : undefined;
  // (A reason not given yet in the talk: who they are to it, what they last talked of, or what
  // it knows of them.)
  const reasons = [
    // (Of its persona's sentence, the clause on them: "I still live with my parents, Grace and
    // Samuel", not "I am a student at the college who still lives with ...".)
    ...(tie ? [clauseNaming(mine(f, tie.text), first)] : []),
    ...(bond ? [bond] : []),
    ...(work ? [work] : []),
    // (Said by one of the two: "their work" is ours.)
    ...(last ? [sentence(`We last talked ${last.replace(/^about their\b/, "about our")}`)] : []),
    // (Of a face in town, what little it knows is said after, as who they are.)
    ...(tie || bond || work || last || (known?.talks ?? 0) > 0 ? facts.filter(aboutSomething) : []),
  ];
  const reason = reasons.find((r) => unsaid([r], talk).length);
  const view =
    tie || bond
      ? choose([`I think the world of ${first}.`, `I'm very fond of ${first}.`], talk, "view", name)
      : work
        ? choose(
            [`I get on well with ${first}.`, `${first} is good to work with.`],
            talk,
            "view",
            name,
          )
        : (known?.talks ?? 0) > 0 || last
          ? choose(
              [`I like ${first}; we talk now and then.`, `${first} is good company, I'd say.`],
              talk,
              "view",
              name,
            )
          : // (The name once: "but SHE seems", not "but Walter seems".)
            `I don't know ${first} well, but ${
              { he: "he seems", she: "she seems", they: "they seem" }[
                pronounOfName(name) ?? "they"
              ] ?? `${first} seems`
            } nice enough.`;
  return { name: "view", sentences: [[view, reason ?? ""].filter(Boolean).join(" ")] };
}

/** "Who do you live with?": its household. The people its persona names as family whom its day
 *  has at home with it ("cooking dinner with Marco at home"), with the clause that says who they
 *  are to it; else the kin its day at home is spent with ("with the family": "my family"); else
 *  where it lives, honestly, with no one made up. */
export function household(
  f: PersonaFacts,
  k: Knowledge,
  residents: readonly string[] = [],
): Source {
  const home = k.home.split(" of ").at(-1) ?? k.home;
  const atHome = [...activities(k.today), ...activities(k.yesterday)].filter(
    (b) => b.place?.split(" of ").at(-1) === home,
  );
  const family = f.facts.filter((x) => tellable(x, k.knowsSpeaker) && x.kinds.includes("family"));
  // (Or a fact on its family that says who lives with whom: "her brother Arjun lives with them".)
  const dwells = (x: (typeof family)[number]) =>
    x.words.some((w) => x.pos?.[w] === "verb" && closeness(w, "dwell") >= 0.9);
  // (Or a clause of its own on where it lives that names whom with: "lives in the loft with
  // Calum Reid and Yuki Tanaka".)
  const withWhom = f.facts.filter(
    (x) => tellable(x, k.knowsSpeaker) && dwells(x) && x.people.length && /\bwith\b/.test(x.text),
  );
  const named = [
    ...new Set(
      [...family, ...withWhom].flatMap((x) =>
        x.people.filter(
          (p) =>
            // (A name, not a kin word read as one, nor a resident's family name.)
            /^[A-Z]/.test(p) &&
            !residents.some((r) => r.split(" ").slice(1).includes(p)) &&
            (dwells(x) || atHome.some((b) => new RegExp(`\\b${p}\\b`).test(b.task))),
        ),
      ),
    ),
  ];
  // Those its home's rooms are named for, as the town's map has them ("Ada's bedroom", "Grace and
  // Samuel's bedroom" of the Okafor house), by their first names when they are residents.
  const firsts = new Set(residents.map(firstName));
  const rooms = k.places.find((p) => p.name === home)?.parts ?? [];
  // (A room named by a full name, "Ayesha Khan's room", is by its first name too.)
  const housemates = rooms
    .flatMap((r) => /^(.+?)'s? \S/.exec(r)?.[1].split(/,\s*|\s+and\s+/) ?? [])
    .map((n) => (residents.includes(n) ? firstName(n) : n))
    .filter((n) => n !== f.first && /^[A-Z]/.test(n) && (!residents.length || firsts.has(n)));
  // (And the townsfolk whose home is its very own, "bedroom of Lindqvist cottage".)
  const sharers = (k.townsfolk ?? [])
    .filter((t) => t.home === k.home && t.persona.name !== f.name)
    .map((t) => firstName(t.persona.name));
  const names = [
    ...new Set(
      [...named, ...housemates, ...sharers].filter(
        (n, _, all) => !all.some((m) => m !== n && m.startsWith(`${n} `)),
      ),
    ),
  ];
  if (names.length) {
    // (Of each fact on them, the clause that names them: "I am married to Marco, a carpenter.")
    // (Its own clauses only, said with "I": "her brother Arjun lives with them" is not.)
    const said = family.flatMap((x) =>
      sentencesOf(mine(f, x.text)).flatMap((t) => {
        const who = names.find((p) => new RegExp(`\\b${p}\\b`).test(t));
        const c = who ? clauseNaming(t, who) : "";
        return /^I\b/.test(c) ? [c] : [];
      }),
    );
    return {
      name: "household",
      sentences: [sentence(`I live with ${listOf(names)} at ${home}`), ...new Set(said)],
    };
  }
  const kin = homeKin(k);
  return {
    name: "household",
    sentences: [
      sentence(
        kin
          ? `I live with my ${kin} at ${home}`
          : ownHome(k)
            ? `I live alone, at ${home}`
            : `I live at ${home}`,
      ),
    ],
  };
}

/** Whether its home is a dwelling of its own: a unit of its building ("flat 1 of Maple Court
 *  apartments") that is no one else's in the town, and not a room named for it in a house or hall
 *  shared ("Kenji's room of College dorm"); the town's homes known, else unknown (false). */
function ownHome(k: Knowledge): boolean {
  const [unit, building] = k.home.split(" of ");
  if (!building || /'s?\b/.test(unit) || !k.townsfolk?.length) return false;
  return !k.townsfolk.some((t) => t.home === k.home);
}

/** Kin said in its day at home, "having breakfast with the family": its own ("family"). */
function homeKin(k: Knowledge): string | undefined {
  const home = k.home.split(" of ").at(-1) ?? k.home;
  return [...activities(k.today), ...activities(k.yesterday)]
    .filter((b) => b.place?.split(" of ").at(-1) === home)
    .flatMap((b) => [...b.task.matchAll(/\bwith (?:the|my|his|her|their) (\w+)/g)].map((m) => m[1]))
    .find((n) => kindOf(lemma(n, "noun") ?? n, "relative") || kindOf(n, "kin"));
}

/** "Do you live alone?", "Is it just you at home?": asked whether it lives without others. Its
 *  dwelling asked of (a verb of dwelling, or a dwelling noun such as "home") with a word that
 *  means without others (WordNet's alone: "only", "just", "lonely") or "by yourself". */
export function aloneAsked(u: Utterance): boolean {
  if (u.wh !== "yesno" || u.about !== "you") return false;
  const doc = parsed(u.text);
  const verbs = verbWordsOf(u.text);
  const dwelling =
    verbs.some((v) => closeness(v, "dwell") >= 0.9) ||
    u.topic.some((w) => u.pos?.[w] === "noun" && kindOf(w, "dwelling"));
  if (!dwelling) return false;
  const words = (doc.match("(#Adverb|#Adjective)").out("array") as string[]).map((w) =>
    w.toLowerCase().replace(/\W/g, ""),
  );
  return (
    words.some((w) => closeness(w, "alone") >= 0.8) ||
    doc.has("#Reflexive") ||
    (doc.match("#Preposition #Possessive #Adjective").out("array") as string[]).some(meansAlone)
  );
}

/** Whether a phrase ("on your own", "on his own") means without others: WordNet defines a word of
 *  that meaning by it ("tod": "alone and on your own"), the possessive read as WordNet's "your"
 *  or "one's". */
function meansAlone(phrase: string): boolean {
  const p = phrase
    .toLowerCase()
    .replace(/[^a-z' ]/g, "")
    .trim();
  return ["your", "one's"].some((own) =>
    (["adj", "adv"] as const).some((pos) =>
      definedBy(p.replace(/^(\w+) \S+/, `$1 ${own}`), pos).some(
        (s) =>
          s.words.some((w) => closeness(w, "alone") >= 0.8) ||
          s.gloss
            .split('"')[0]
            .split(";")
            .filter((d) => d.includes(p.replace(/^(\w+) \S+/, `$1 ${own}`)))
            .some((d) => wordsOf(d).some((w) => closeness(w, "alone") >= 0.8)),
      ),
    ),
  );
}

/** Whether it lives alone, answered yes or no from its household: "No, I live with Marco"; its
 *  persona's own "I live alone"; else where it lives, with no one made up. */
export function livesAlone(
  f: PersonaFacts,
  k: Knowledge,
  residents: readonly string[] = [],
): Source {
  const own = f.facts.find(
    (x) =>
      tellable(x, k.knowsSpeaker) &&
      x.words.some((w) => x.pos?.[w] === "verb" && closeness(w, "dwell") >= 0.9) &&
      x.words.some((w) => closeness(w, "alone") >= 0.8),
  );
  const clause = own ? ownClause(mine(f, own.text), own.words) : "";
  if (/^I\b/.test(clause)) return { name: "household", sentences: [`Yes, ${clause}`] };
  const home = household(f, k, residents);
  const [first, ...rest] = home.sentences;
  if (/^I live alone\b/.test(first)) return { name: "household", sentences: [`Yes, ${first}`] };
  // (Its household's own sentence kept as it is: asked later whom it lives with, it points back.)
  if (!/^I live with\b/.test(first))
    return { name: "household", sentences: [unsure(f, k, residents), ...rest] };
  // (Its own clause on living with them says it best: "No, I still live with my parents, Grace
  // and Samuel", not that and "I live with Grace and Samuel" both.)
  const dwells = rest.find((x) => wordsOf(x).some((w) => closeness(w, "dwell") >= 0.9));
  return {
    name: "household",
    sentences: dwells ? [`No, ${dwells}`] : [`No, ${first}`, ...rest],
  };
}

/** Whether it lives alone when no one is known to live with it: where it lives (first, as its
 *  household says it, so a later "who do you live with?" points back to it), and what its days
 *  at home say: hours there and none with anyone, mostly just it; none there, it is hardly home;
 *  never a "no" nor a plain "yes" made up. */
function unsure(f: PersonaFacts, k: Knowledge, residents: readonly string[]): string {
  const home = k.home.split(" of ").at(-1) ?? k.home;
  const atHome = [...activities(k.today), ...activities(k.yesterday)].filter(
    (b) => b.place?.split(" of ").at(-1) === home,
  );
  // (In company: "with" someone, a resident or a word for people, "with the family"; not "a song
  // for Iris".)
  const withOthers = (task: string) =>
    [...task.matchAll(/\bwith (?:(?:the|a|an|my|his|her|their|some) )?([\w'-]+)/g)].some(
      ([, w]) =>
        residents.some((r) => r !== f.name && firstName(r) === w) ||
        ["noun.person", "noun.group"].includes(domainOf(lemma(w, "noun") ?? w, "noun")),
    );
  const lives = `I live at ${home}`;
  if (!atHome.length) return `${lives}, though I'm hardly ever home, to be honest.`;
  if (!atHome.some((b) => withOthers(b.task)))
    return `${lives}, and yes, it's mostly just me there.`;
  return `${lives}, but I'm not often on my own there.`;
}

/** "Tell me about your family": the family its persona names, each by its own clause ("I still
 *  live with my parents, Grace and Samuel"); with none named, honestly none in town, and the
 *  question back, never its friends or its day said as family. */
export function familyOf(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const told = f.facts.filter((x) => x.kinds.includes("family") && tellable(x, k.knowsSpeaker));
  // (Kin its main clause names, "I am married to Priya", before kin named only in an aside on
  // something else, "I own the bar, which I inherited from my father": that is its work.)
  const main = told.filter((x) => namesKin(mine(f, x.text).split(/,? (?:who|which|whose)\b/)[0]));
  const kin = main.length ? main : told;
  // (How they are now, before its history with them; its history when that is all it says:
  // "my wife Rosa" is named there, and "no family here" would not be true.)
  // (A sentence every clause of which is on its family is said whole: "I am married to Priya,
  // the town clerk; her brother Arjun lives with us.")
  const now = kin
    .flatMap((x) => (allOnKin(f, x) ? [sentence(mine(f, x.text))] : kinNow(f, [x])))
    .filter((t) => /^(I|My)\b/.test(t));
  const said = (now.length ? now : kinInTown(f, kin, talk.residents))
    // (Said of itself or its own: "her brother Arjun lives with them" is said of others.)
    .filter((t) => /^(I|My)\b/.test(t) || /^[A-Z][\w'-]* is my\b/.test(t));
  if (said.length) return { name: "family", sentences: [...new Set(said)] };
  // (Kin its own persona leaves out and another's names: "She is married to Samuel".)
  const theirs = spouses(f, k);
  if (theirs.length) return { name: "family", sentences: theirs };
  return {
    name: "family",
    sentences: [
      `I don't have any family here in town, to be honest. ${choose(["What about you?", "Do you have family nearby?"], talk, "family")}`,
    ],
  };
}

/** Whether a clause names kin: a word WordNet files as a kind of relative or spouse, or
 *  "married". */
function namesKin(clause: string): boolean {
  return (
    /\bmarried\b/i.test(clause) ||
    termsOf(clause).some((t) => {
      const n = lemma(t.normal.replace(/[^a-z'-]/g, ""), "noun") ?? t.normal;
      return t.tags.includes("Noun") && (kindOf(n, "relative") || kindOf(n, "spouse"));
    })
  );
}

/** Whether each clause of a fact (joined by a semicolon or ", and") names kin. */
function allOnKin(f: PersonaFacts, x: Fact): boolean {
  const parts = mine(f, x.text)
    .replace(/[.!]$/, "")
    .split(/;\s*|,\s*and\s+/);
  return parts.length > 1 && parts.every(namesKin);
}

/** A person asked of by a name (compromise's names) that is no one it knows of: no resident of
 *  the town, nobody its persona or its talks name, not the one asking; the name, else none.
 *  ("Tell me about Latoya" in a town with no Latoya.) */
export function strangerAsked(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
): string | undefined {
  if (u.act !== "question" || u.about === "person") return undefined;
  // (The town's names are read once a list, townsfolkIndex.ts; its own few each question.)
  const own = new Set(
    [
      f.name,
      talk.speaker,
      ...k.people.map((p) => p.name),
      ...f.facts.flatMap((x) => x.people),
    ].flatMap((n) => n.split(/\s+/)),
  );
  const town = [nameWords(talk.residents), townsfolkWords(k.townsfolk ?? [])];
  const known = (n: string) => own.has(n) || town.some((words) => words.has(n));
  const name = termsOf(u.text)
    .filter((t) => t.tags.includes("Person") && /^[A-Z]/.test(t.text))
    .map((t) => t.text.replace(/[^A-Za-z'-]/g, "").replace(/'s$/, ""))
    .find((n) => n && !known(n));
  // (Nor one its memories name, someone heard of; a line of talk that only asks of them is none.)
  const named = new RegExp(`\\b${name}\\b`);
  if (!name || talk.memories.some((m) => named.test(m.text) && !m.text.includes(u.text)))
    return undefined;
  return name;
}

/** "What do you make of Iris's paintings?": a thing of a named person's asked of (the nouns after
 *  their name's possessive), not the person: what it knows of the thing, by the clause of their
 *  persona (or its own) whose words are near it ("She paints the lake ..."), else honestly that
 *  it knows little of it; undefined when no thing of theirs is asked of. */
export function thingOfPerson(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (!u.person) return undefined;
  const first = firstName(u.person);
  const terms = termsOf(u.text);
  const at = terms.findIndex((t) => t.text.replace(/[^A-Za-z'-]/g, "") === `${first}'s`);
  if (at < 0) return undefined;
  const run: string[] = [];
  for (const t of terms.slice(at + 1)) {
    if (!t.tags.includes("Noun") && !t.tags.includes("Adjective")) break;
    if (t.tags.includes("Noun") && !t.tags.includes("Pronoun"))
      run.push(t.normal.replace(/\W/g, ""));
    if (/[,.;?!]/.test(t.post ?? "")) break;
  }
  const things = run.map((w) => lemma(w, "noun") ?? w).filter((w) => senses(w, "noun").length);
  if (!things.length) return undefined;
  const t = k.townsfolk?.find((p) => p.persona.name === u.person);
  // (The clause nearest the thing: "She paints the lake" before "Iris is a painter".)
  const score = (x: Fact) =>
    Math.max(0, ...x.words.flatMap((w) => things.map((n) => relatedness(n, w, "noun"))));
  const best = (xs: Fact[]) =>
    xs.filter((x) => score(x) >= 0.6).sort((a, b) => score(b) - score(a))[0];
  const own = best(f.facts.filter((x) => tellable(x, k.knowsSpeaker) && x.people.includes(first)));
  const theirs = t ? best(publicFacts(t)) : undefined;
  const said = own ? mine(f, own.text) : theirs ? saidOf(u.person, theirs, f) : undefined;
  const asked = run.join(" ");
  // (Knowing nothing of it, it says so only when its view of it is asked: "what's Calum's JOB?"
  // is asked of him.)
  if (!said && !viewAsked(u)) return undefined;
  return {
    name: "their-thing",
    sentences: [
      said ?? `I couldn't really say; I don't know much about ${first}'s ${asked}, to be honest.`,
    ],
  };
}
