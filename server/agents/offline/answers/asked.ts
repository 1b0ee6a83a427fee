// What a question asks, read from its grammar where its words alone mislead: a wish put as a
// condition ("IF YOU COULD travel anywhere, where WOULD you go?": no directions), how it came to
// be here ("what BROUGHT you to this town?": its past, not its day), a time asked by its noun
// ("what's the best TIME to visit the park?": when, not where). English's grammar (a conditional
// clause, a verb of motion to here or a settlement, a noun of time heading a what-question) by
// compromise's tags and WordNet's files; no words of a question listed.
import type { PersonaFacts } from "../../language/facts.ts";
import { tellable } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import {
  closeness,
  domainOf,
  glossOf,
  isSettlement,
  isWord,
  kindOf,
  lemma,
  relatedness,
  senses,
} from "../../language/lexicon.ts";
import { parsed, termsOf } from "../../language/parse.ts";
import { contentTerms, type Utterance } from "../../language/understand.ts";
import { activities, dayPart, doingPhrase, irregularVerb, simplePresent } from "./day.ts";
import { clock, inFirstPerson, listOf, sentence } from "../../language/realise.ts";
import { cameSaid, origin } from "./self.ts";
import { household, ownClause } from "./people.ts";
import nlp from "compromise";
import { firstName, mine, plain, type Source, type Talk, verbWordsOf, wordsOf } from "./voice.ts";

/** A wish put as a condition on the listener: an if-clause with a past modal or a past verb
 *  ("if you could", "if you had", "if you won") and a main clause with "would". */
export function hypothetical(u: Utterance): boolean {
  if (u.act !== "question" || u.about !== "you") return false;
  const doc = parsed(u.text);
  return doc.has("^if you (could|#PastTense|were|had)") && doc.has("(would|'d)");
}

/** Its answer to a wish put as a condition: a wish of its life that bears on the question's
 *  words; else, honestly, that it has never given it much thought, and what it does wish for in
 *  its life, if anything (not a task of these days: "wants the shelves finished" is no dream). */
export function wished(u: Utterance, f: PersonaFacts, k: Knowledge): Source {
  const wishes = f.facts.filter(
    (x) => x.kinds.includes("wish") && x.source !== "currently" && tellable(x, k.knowsSpeaker),
  );
  // (By what it wishes for, not the verb it wishes with: "want to BECOME" is near any "go".)
  const light = (w: string) =>
    ["verb.stative", "verb.change", "verb.emotion", "verb.cognition"].includes(
      senses(w, "verb")[0]?.domain ?? "",
    );
  const bearing = (x: (typeof wishes)[number]) =>
    Math.max(
      0,
      ...u.topic.flatMap((t) => x.words.filter((w) => !light(w)).map((w) => relatedness(t, w))),
    );
  const close = wishes.find((x) => bearing(x) >= 0.8);
  if (close) return { name: "wish", sentences: [mine(f, close.text)] };
  const life = wishes[0] ? ownClause(mine(f, wishes[0].text), wishes[0].words) : "";
  return {
    name: "wish",
    sentences: [
      `I've never really given it much thought, to be honest.${life ? ` What I do want is ${lowerFirst(life).replace(/^i want (to )?/i, "to ")}` : " I'm happy enough as I am."}`,
    ],
  };
}

const lowerFirst = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));

/** How it came to be here asked: of itself, in the past, a verb of motion ("brought", "moved",
 *  "came") to here or to a settlement, or why it lives here. */
export function cameAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.about !== "you") return false;
  if (u.wh === "where" || u.wh === "yesno") return false;
  const doc = parsed(u.text);
  const here =
    doc.has("here") ||
    u.topic.some((w) => u.pos?.[w] === "noun" && isSettlement(w)) ||
    doc.has("(to|in) #ProperNoun");
  if (!here) return false;
  const moved = u.topic.some((w) => u.pos?.[w] === "verb" && domainOf(w, "verb") === "verb.motion");
  return moved && (u.tense === "past" || u.wh === "why");
}

/** How it came here: the clause of its backstory that tells of coming (a verb of motion with a
 *  place named after it: "I came to Oakmere for a summer three years ago and stayed"), else
 *  honestly that it is simply home now, and where it lives. */
export function cameHere(f: PersonaFacts, k: Knowledge): Source {
  const motion = (w: string) => senses(w, "verb")[0]?.domain === "verb.motion";
  const came = f.facts
    .filter(
      (x) =>
        x.source === "learned" &&
        tellable(x, k.knowsSpeaker) &&
        parsed(x.text).has("#Verb (to|from|in) #ProperNoun") &&
        x.words.some((w) => x.pos?.[w] === "verb" && motion(w)),
    )
    // (Its own clause of the verbs of motion.)
    .map((x) => cameSaid(f, x, motion))
    .filter((x) => /^I\b/.test(x));
  const home = origin(f, k).sentences.at(-1) ?? "";
  return {
    name: "came",
    sentences: came.length
      ? came.slice(0, 1)
      : [`Hard to say, to be honest; it's just home to me now. ${home}`.trim()],
  };
}

/** A time asked by its noun: "what's the best TIME to ...", "what time of day ..." (a
 *  what-question whose noun is of WordNet's time file), when no clock of its own day is asked
 *  ("what time do you get up?" is its habit). The doing and place it is asked for. */
export function timeAsked(u: Utterance): boolean {
  if (u.wh !== "what" && u.wh !== "which") return false;
  if (u.about === "you") return false;
  return u.topic.some(
    (w) =>
      u.pos?.[w] === "noun" &&
      senses(w, "noun")
        .slice(0, 3)
        .some((x) => x.domain === "noun.time"),
  );
}

/** When to go somewhere it knows: when its own day takes it there, else honestly that it could
 *  not say, not being there much itself. */
export function whenThere(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  const place = k.places.find(
    (p) =>
      !p.dwelling &&
      !p.name.includes(" of ") &&
      wordsOf(p.name).some((w) => u.topic.includes(w) && u.pos?.[w] === "noun"),
  );
  if (!place) return undefined;
  const there = activities(k.today).filter((b) => b.place?.split(" of ").at(-1) === place.name);
  const first = there[0];
  return {
    name: "when-there",
    sentences: [
      first
        ? sentence(
            `I'd go around ${clock(first.start)}; that's when I'm usually there myself, ${doingPhrase({ ...first, place: undefined }, f, k)}`,
          )
        : `I couldn't really say; I don't get to ${place.name} much myself. I'd ask someone who goes there often.`,
    ],
  };
}

/** Its neighbours asked of: a noun of persons near WordNet's neighbour; or who dwells somewhere
 *  said from where it is ("who lives NEXT DOOR?", "who lives UPSTAIRS?": a verb of dwelling and
 *  an adverb, a word or two, that WordNet defines by a place or a dwelling's part). */
export function neighboursAsked(u: Utterance): boolean {
  if (u.act !== "question") return false;
  if (
    (u.about === "you" || u.about === "people") &&
    u.topic.some((w) => u.pos?.[w] === "noun" && closeness(w, "neighbor") >= 0.9)
  )
    return true;
  if (u.wh !== "who" || u.about === "person" || u.about === "me") return false;
  const verbs = verbWordsOf(u.text);
  if (!verbs.some((v) => closeness(v, "dwell") >= 0.9)) return false;
  // (Who dwells is asked, "who LIVES next door?": not whom it lives with, "who do you live
  // with, then?".)
  const terms = termsOf(u.text);
  const at = terms.findIndex((t) => t.tags.includes("QuestionWord"));
  const next = terms[at + 1];
  const dwells = (w: string) => closeness(lemma(w, "verb") ?? w, "dwell") >= 0.9;
  if (!next?.tags.includes("Verb") || !dwells(next.normal.replace(/[^a-z]/g, ""))) return false;
  // (An adverb, or two words WordNet holds as one: "next door".)
  const words = terms.map((t) => t.normal.replace(/[^a-z]/g, ""));
  const phrases = [
    ...words.filter(
      (w, i) =>
        w &&
        !["Preposition", "Verb", "Pronoun", "QuestionWord"].some((t) => terms[i].tags.includes(t)),
    ),
    ...words.slice(1).map((w, i) => `${words[i]} ${w}`),
  ];
  return phrases.some((p) =>
    glossOf(p, "adv").some((g) =>
      ["noun.location", "noun.artifact"].includes(senses(g, "noun")[0]?.domain ?? ""),
    ),
  );
}

/** Its neighbours: the people of the homes it knows on its side of town (by the names their
 *  rooms carry), and whom it lives with; else honestly that it knows little of the houses
 *  around, and where its own lies. */
export function neighbours(f: PersonaFacts, k: Knowledge, residents: readonly string[]): Source {
  const homeName = k.home.split(" of ").at(-1) ?? k.home;
  const home = k.places.find((p) => p.name === homeName);
  const firsts = new Set(residents.map((r) => r.split(" ")[0]));
  const near = k.places.filter(
    (p) =>
      p.dwelling &&
      !p.name.includes(" of ") &&
      p.name !== homeName &&
      (!home?.where || p.where?.side === home.where.side),
  );
  // (By the names its rooms carry, "Ada's bedroom", or the family name the home carries, "Pike
  // house": the residents of that name.)
  const people = (p: (typeof near)[number]) => [
    ...p.parts
      .flatMap((r) => /^(.+?)'s? \S/.exec(r)?.[1].split(/,\s*|\s+and\s+/) ?? [])
      .filter((n) => firsts.has(n) && n !== f.first),
    ...residents
      .filter((r) => r.split(" ").length > 1 && p.name.split(/\s+/).includes(r.split(" ").at(-1)!))
      .map((r) => r.split(" ")[0]),
  ];
  const own = household(f, k, residents).sentences[0] ?? "";
  const us = /^I live with\b/.test(own) ? "us" : "me";
  // Those under its own roof in homes of their own ("flat 1 of Maple Court apartments"), not
  // its household: by the numbers their homes carry, the nearest next door.
  const [room, building] = k.home.includes(" of ") ? k.home.split(" of ") : ["", k.home];
  const number = (r: string) => Number(/(\d+)\s*$/.exec(r)?.[1] ?? NaN);
  const under = (k.townsfolk ?? [])
    .filter((t) => t.home?.split(" of ").at(-1) === building && t.home !== k.home)
    .map((t) => ({ first: firstName(t.persona.name), room: t.home!.split(" of ")[0] }))
    .filter((t) => !new RegExp(`\\b${t.first}\\b`).test(own))
    .sort(
      (a, b) =>
        Math.abs(number(a.room) - number(room)) - Math.abs(number(b.room) - number(room)) || 0,
    );
  if (room && under.length) {
    const next = under.filter((t) => Math.abs(number(t.room) - number(room)) === 1);
    const close = next.length ? next : under.slice(0, 1);
    const rest = under.filter((t) => !close.includes(t));
    const lives = (n: number) => (n > 1 ? "live" : "lives");
    return {
      name: "neighbours",
      sentences: [
        sentence(
          `${listOf(close.map((t) => `${t.first} in ${t.room}`))} ${next.length ? `${lives(close.length)} next door to ${us}` : `${lives(close.length)} nearest ${us}`}; I'm in ${room} at ${building}`,
        ),
        ...(rest.length
          ? [sentence(`${listOf(rest.map((t) => t.first))} ${lives(rest.length)} there too`)]
          : []),
      ],
    };
  }
  const told = near
    .map((p) => ({ p, who: [...new Set(people(p))] }))
    .filter((x) => x.who.length)
    .slice(0, 2)
    .map(({ p, who }) =>
      sentence(`${listOf(who)} ${who.length > 1 ? "live" : "lives"} at ${p.name}, near ${us}`),
    );
  const lies = home?.where ? ` on the ${home.where.side} side of town` : "";
  return {
    name: "neighbours",
    sentences: told.length
      ? [...told, own]
      : [
          `${own.replace(/\.$/, "")}${lies}. I couldn't tell you much about the houses around ${us}, to be honest.`,
        ],
  };
}

/** The quality a question ranks people by: "who's the FUNNIEST person you know?", "who is the
 *  MOST generous person in town?" (a superlative, by compromise, in a who-question on persons);
 *  the adjective's base ("funny"). */
export function rankedBy(u: Utterance): string[] | undefined {
  if (u.act !== "question" || u.wh !== "who") return undefined;
  if (u.about !== "you" && u.about !== "people" && u.about !== "thing") return undefined;
  // (A superlative by its ending, "funniest", or one of its own, "best": the word is its own
  // superlative form.)
  const forms = (w: string) =>
    (nlp(`is ${w}`).adjectives().conjugate() as { Adjective?: string; Superlative?: string }[])[0];
  const terms = termsOf(u.text);
  // (After "the", the tagger may take "best" for a noun and "cook" for a verb.)
  // (Of persons: the noun it ranks, if any, is a person's, "the funniest PERSON", "the best
  // COOK"; "who do you spend the most TIME with" ranks no one.)
  const ofPersons = (i: number) => {
    const next = terms[i + 1];
    if (!next || !next.tags.includes("Noun") || next.tags.includes("Pronoun")) return true;
    const n = next.normal.replace(/[^a-z-]/g, "");
    const base = lemma(n, "noun") ?? n;
    return domainOf(base, "noun") === "noun.person" || closeness(base, "person") >= 0.9;
  };
  const at = terms.findIndex(
    (t, i) =>
      terms[i - 1]?.normal === "the" &&
      (t.tags.includes("Superlative") || forms(t.normal)?.Superlative === t.normal) &&
      ofPersons(i),
  );
  const ranked = at >= 0 ? terms[at].normal.replace(/[^a-z-]/g, "") : undefined;
  const mostAt = terms.findIndex(
    (t, i) =>
      /^(most|least)$/.test(terms[i - 1]?.normal ?? "") &&
      t.tags.includes("Adjective") &&
      ofPersons(i),
  );
  const most = mostAt >= 0 ? terms[mostAt].normal.replace(/[^a-z-]/g, "") : undefined;
  const word = ranked ?? most;
  if (!word) return undefined;
  const adjective = ranked ? forms(word)?.Adjective : undefined;
  const base = adjective && adjective !== word ? adjective : word;
  // (And what they are the most of, "the best COOK", when it is no word for any person.)
  const after = terms[(at >= 0 ? at : mostAt) + 1];
  const noun = after?.normal.replace(/[^a-z-]/g, "");
  const of =
    noun &&
    isWord(noun, "noun") &&
    closeness(noun, "person") < 0.9 &&
    closeness(noun, "people") < 0.9
      ? [noun]
      : [];
  return [base, ...of];
}

/** Whom it would name for a quality: of the people it knows (those its persona names, those it
 *  talks with, those its day is spent with), the one what it knows of them bears on the quality
 *  (by WordNet), with why; else, honestly, that it could not pick, and the one it is closest to. */
export function rankedPerson(
  quality: string[],
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
): Source | undefined {
  const firsts = new Map(talk.residents.map((r) => [r.split(" ")[0], r] as const));
  const said = new Map<string, string[]>();
  const add = (name: string, text: string) => {
    if (name === f.first || !firsts.has(name)) return;
    said.set(name, [...(said.get(name) ?? []), text]);
  };
  for (const x of f.facts.filter((x) => tellable(x, k.knowsSpeaker)))
    for (const p of x.people)
      add(
        p.split(" ")[0],
        ownClause(
          mine(f, x.text),
          x.words.filter((w) => x.pos?.[w] === "verb"),
        ),
      );
  for (const p of [...k.people].sort((a, b) => b.talks - a.talks))
    add(p.name.split(" ")[0], p.relationship);
  for (const b of activities(k.today))
    for (const first of firsts.keys())
      if (new RegExp(`\\b${first}\\b`).test(b.task))
        add(
          first,
          b.end <= k.minute
            ? sentence(`Earlier today I was ${doingPhrase(b, f, k)}`)
            : sentence(`Later today I'll be ${doingPhrase(b, f, k)}`),
        );
  if (!said.size) return undefined;
  // (By the qualities and doings said of them: an adjective near the one asked, a doing or
  // thing near what they are the most of, "the best cook": "cooking dinner with Rosa".)
  const score = (texts: string[]) =>
    Math.max(
      0,
      ...texts.flatMap((t) =>
        contentTerms(t).flatMap(({ word, pos }) =>
          quality.map((q, i) =>
            i === 0 ? (pos === "adj" ? relatedness(q, word, "adj", "adj") : 0) : closeness(q, word),
          ),
        ),
      ),
    );
  const ranked = [...said].sort((a, b) => score(b[1]) - score(a[1]));
  const [name, texts] = ranked[0];
  // (Said as its own words: how it sees them is a note in the third person, read, not said.)
  const own = (t: string) => /^(I|My|Earlier|Later)\b/.test(t);
  const why = texts.find((t) => own(t) && score([t]) === score(texts)) ?? texts.find(own) ?? "";
  if (score(texts) >= 0.7) return { name: "ranked", sentences: [`${name}, I'd say. ${why}`] };
  // (Not one named already in the talk for another quality.)
  const [close, about] =
    [...said].find(([n]) => !talk.said.some((x) => new RegExp(`\\b${n}\\b`).test(x))) ??
    [...said][0];
  return {
    name: "ranked",
    sentences: [
      `That's hard to say; I couldn't pick one, to be honest. ${close} comes to mind first.`,
      about.find(own) ?? "",
    ].filter(Boolean),
  };
}

/** What a favourite is asked within: "what's your favourite THING TO COOK?", "your favourite
 *  MEAL?" (an adjective of preferring, by WordNet, and the words of its domain; no place, which
 *  its places answer, and nothing of what it is like to have one). */
export function favouriteIn(u: Utterance): string[] | undefined {
  if (u.act !== "question" || u.about !== "you" || u.wh === "who" || u.wh === "where") return;
  if (!u.topic.some((w) => u.pos?.[w] === "adj" && closeness(w, "favorite") >= 0.9)) return;
  const domain = u.topic.filter(
    (w) =>
      u.pos?.[w] !== "adj" &&
      // ("Thing", "one": no domain of their own; a noun of time or place is answered elsewhere.)
      senses(w, "noun")[0]?.domain !== "noun.Tops" &&
      !["noun.location", "noun.time"].includes(domainOf(w, "noun")),
  );
  return domain.length ? domain : undefined;
}

/** Its favourite within a domain, from the doings of its day that fall in it (a verb near the
 *  one asked, "cook" → "making eggs"; a thing of the kind asked, "meal" → "dinner"): honestly no
 *  favourite as such, and what of it it does. */
export function favouriteOf(domain: string[], f: PersonaFacts, k: Knowledge): Source | undefined {
  const fits = (task: string) =>
    contentTerms(plain(task)).some(({ word, pos }) =>
      domain.some((d) =>
        word === d
          ? true
          : pos === "verb"
            ? relatedness(d, word, "verb", "verb") >= 0.8
            : relatedness(d, word, "noun", "noun") >= 0.6,
      ),
    );
  const done = [
    ...new Set(
      activities(k.today)
        .filter((b) => fits(b.task))
        .map((b) => simplePresent(inFirstPerson(plain(b.task), f.name, f.pronoun))),
    ),
  ].slice(0, 2);
  if (!done.length) return undefined;
  return {
    name: "favourite-in",
    sentences: [
      sentence(
        `I wouldn't say I have a favourite, to be honest; most days I ${done.join(" and I ")}`,
      ),
    ],
  };
}

/** A gathering it is asked whether it goes to ("are you going to the PARTY tonight?", "will you
 *  come to the CONCERT?"): a yes/no question of itself ahead, on a noun of a social event or a
 *  gathering (WordNet), with no doing asked but going. The gathering's noun. */
export function gatheringAsked(u: Utterance): string | undefined {
  if (u.act !== "question" || u.wh !== "yesno" || u.about !== "you") return undefined;
  if (u.tense !== "future" && !["evening", "tomorrow", "future", "week"].includes(u.span))
    return undefined;
  const verbs = u.topic.filter((w) => u.pos?.[w] === "verb");
  if (verbs.some((w) => domainOf(w, "verb") !== "verb.motion" && closeness(w, "attend") < 0.6))
    return undefined;
  return u.topic.find(
    (w) =>
      u.pos?.[w] === "noun" && ["social event", "gathering", "festivity"].some((a) => kindOf(w, a)),
  );
}

/** Whether it goes: yes when its day or its plans hold the gathering (by its noun); else what it
 *  heard of it and its own plan then; else, never having heard of one, "which ...?" and its plan
 *  for that time. */
export function goingTo(
  u: Utterance,
  noun: string,
  heard: readonly string[],
  plan: Source,
  f: PersonaFacts,
  k: Knowledge,
): Source {
  const names = (text: string) =>
    contentTerms(text).some(({ word }) => word === noun || closeness(word, noun) >= 0.9);
  // (The doing's own thing, its first noun: "painting a sign for the party" is no party.)
  const itself = (task: string) => {
    const first = contentTerms(plain(task)).find((t) => t.pos === "noun")?.word;
    return !!first && (first === noun || closeness(first, noun) >= 0.9);
  };
  // (Its day's doing of it in the time asked, "tonight": "writing invitations for the party" in
  // the morning is no going to it.)
  const evening = u.span === "evening";
  const block =
    u.span === "evening" || u.span === "today"
      ? activities(k.today).find(
          (b) => b.end > k.minute && (!evening || b.start >= 17 * 60) && itself(b.task),
        )
      : undefined;
  if (block)
    return {
      name: "going",
      sentences: [sentence(`Yes, I'll be ${doingPhrase(block, f, k)} at ${clock(block.start)}`)],
    };
  // (Its persona's own doing of it, told as it is, with its day: "I am planning a party
  // tomorrow".)
  const own = f.facts.find((x) => tellable(x, k.knowsSpeaker) && names(x.text));
  if (own) return { name: "going", sentences: [mine(f, own.text)] };
  // (Its plan for the time asked, when it is today's: another day's is not known yet.)
  const then = ["evening", "today"].includes(u.span) ? plan.sentences[0] : undefined;
  if (heard.length)
    return {
      name: "going",
      sentences: [`I don't think so. ${heard[0]}`, ...(then ? [then] : [])],
    };
  // (Named as asked, with the noun before it: "which POOL tournament?")
  const terms = termsOf(u.text);
  const at = terms.findIndex((t) => (lemma(t.normal, "noun") ?? t.normal) === noun);
  const before = terms[at - 1];
  const named =
    before?.tags.includes("Noun") && !before.tags.includes("Pronoun")
      ? `${before.normal} ${noun}`
      : noun;
  return {
    name: "going",
    sentences: [`Which ${named}? I haven't heard of one.${then ? ` ${then}` : ""}`],
  };
}

/** The last of a kind asked of its own past ("what was the LAST book you read?", "the last thing
 *  that made you laugh?"): an adjective WordNet puts with "last" (latest, most recent), of itself,
 *  with a thing asked for. The doing asked, by the verb said after "you" or the question's own. */
export function lastAsked(u: Utterance): { verb?: string } | undefined {
  if (u.act !== "question" || u.about !== "you" || (u.wh !== "what" && u.wh !== "which")) return;
  if (!u.topic.some((w) => u.pos?.[w] === "adj" && closeness(w, "last") >= 0.9)) return;
  if (!u.topic.some((w) => u.pos?.[w] === "noun")) return;
  const after = /\byou (\w+)\s*[?.!]?$/i.exec(u.text)?.[1];
  const verb =
    (after && (lemma(after, "verb") ?? irregularVerb(after.toLowerCase()))) ||
    u.topic.find((w) => u.pos?.[w] === "verb" && domainOf(w, "verb") !== "verb.creation");
  return { ...(verb ? { verb } : {}) };
}

/** Its last of a kind: it keeps no record of such, so honestly not offhand; with the doing when
 *  its days hold it ("I'm usually reading at my desk in the evening"), never a title made up. */
export function lastOf(asked: { verb?: string }, f: PersonaFacts, k: Knowledge): Source {
  const b = asked.verb
    ? activities(k.today).find((x) => {
        const first = plain(x.task).split(" ")[0].toLowerCase();
        return (lemma(first, "verb") ?? irregularVerb(first)) === asked.verb;
      })
    : undefined;
  return {
    name: "last",
    sentences: [
      b
        ? sentence(
            `I couldn't name it offhand, to be honest; I'm usually ${doingPhrase(b, f, k)} ${dayPart(b.start)}`,
          )
        : "I can't think of it offhand, to be honest. What about you?",
    ],
  };
}
