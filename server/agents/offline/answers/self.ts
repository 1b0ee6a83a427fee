// Who it is and how it feels, from its persona: its name and work, its worries and wishes, its
// facts that bear on a topic, and which of its kinds a question is nearest to.
import { saysNot, tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import nlp from "compromise";
import {
  bearsOn,
  closeness,
  domainOf,
  feelingOf,
  kindOf,
  lemma,
  relatedness,
  glossOf,
  isWord,
  senses,
  synset,
} from "../../language/lexicon.ts";
import { parsed, sentencesOf, termsOf } from "../../language/parse.ts";
import { sentence } from "../../language/realise.ts";
import { contentTerms, infinitive, type Utterance } from "../../language/understand.ts";
import { mine, type Source, factsOf, short, partAbout } from "./voice.ts";
import { ownClause } from "./people.ts";
import { narrate } from "./day.ts";

/** Who it is: its name (unless only its work is asked: "what do you do for a living?"), its work,
 *  its wishes, where it lives. */
export function identity(f: PersonaFacts, k: Knowledge, named = true): Source {
  // The first said short ("I am a student at Oakmere College"), not again at length after it.
  // Asked for its work alone, the clauses on work first (a backstory may open with a move).
  const onWork = (x: Fact) =>
    x.words.some((w) => closeness(w, "work") >= 0.75 || closeness(w, "job") >= 0.75);
  const work = f.facts.filter((x) => x.kinds.includes("occupation") && tellable(x, k.knowsSpeaker));
  // (Its habits name work only as a time of its day, "runs before work": no work of its own,
  // unless they are all it says.)
  const habit = (x: Fact) => x.source === "lifestyle";
  const jobs = work.some((x) => !habit(x)) ? work.filter((x) => !habit(x)) : work;
  const ordered = named ? jobs : [...jobs.filter(onWork), ...jobs.filter((x) => !onWork(x))];
  const occupation = ordered.map((x, i) => (i === 0 ? short(mine(f, x.text)) : mine(f, x.text)));
  const wish = factsOf(f, k, (x) => x.kinds.includes("wish"));
  return {
    name: "identity",
    sentences: [
      (named ? `I'm ${f.name}. ${occupation[0] ?? ""}` : (occupation[0] ?? "")).trim(),
      ...occupation.slice(1),
      // (Asked for its work again, its usual day at it.)
      ...(named ? [] : [narrate(k.today, f, k, "future").replace(/^I'll be/, "Most days I'm")]),
      // (Asked for its work alone, only its work.)
      ...(named ? [...wish, sentence(`I live at ${k.home.split(" of ").at(-1)}`)] : []),
    ],
  };
}

export function feelings(f: PersonaFacts, k: Knowledge, onMind = false): Source {
  const told = f.facts.filter((x) => tellable(x, k.knowsSpeaker));
  // A worry said as what troubles it: the thing a wish would mend first ("The potholes on Main
  // Street, honestly."), then the wish that says so, the thing said again as "them" or "it".
  const worries = told
    .filter((x) => x.kinds.includes("worry"))
    .map((x) => {
      const said = mine(f, x.text);
      const thing = x.nuisance;
      if (!thing || !said.includes(thing)) return said;
      const plural = (nlp(thing).nouns().isPlural().out("array") as string[]).length > 0;
      return `${thing[0].toUpperCase()}${thing.slice(1)}, honestly. ${said.replace(thing, plural ? "them" : "it")}`;
    });
  const wishes = told
    .filter((x) => x.kinds.includes("wish") && !x.kinds.includes("worry"))
    .map((x) => mine(f, x.text));
  if (worries.length) return { name: "feelings", sentences: [...worries, ...wishes] };
  // Nothing troubles it: it says so, and what it has on its mind instead: a thing it is still
  // seeking these days ("trying to find a second baker": WordNet's seek, try, search), else none.
  const sought = told.find(
    (x) =>
      x.source === "currently" &&
      x.words.some((w) => x.pos[w] === "verb" && closeness(w, "seek") >= 0.9),
  );
  if (!wishes.length && sought) {
    const said = mine(f, sought.text);
    return {
      name: "feelings",
      sentences: [
        `Nothing serious, honestly; only that ${/^I\b/.test(said) ? said : said[0].toLowerCase() + said.slice(1)}`,
      ],
    };
  }
  // (Else, asked what is on its mind, what it has there instead:
  // what its persona says it is at these days (the paper's "currently"); else that it is content.
  const current = onMind
    ? factsOf(f, k, (x) => x.source === "currently" && !x.kinds.includes("worry"))
    : [];
  if (!wishes.length)
    return {
      name: "feelings",
      sentences: current.length
        ? [
            `Nothing much troubles me, honestly. Mostly I think about what's keeping me busy: ${/^I\b/.test(current[0]) ? current[0] : current[0][0].toLowerCase() + current[0].slice(1)}`,
            ...current.slice(1),
          ]
        : ["Nothing much troubles me, honestly. I'm content with how things are."],
    };
  return {
    name: "feelings",
    sentences: wishes.map((w, i) =>
      i === 0
        ? `Nothing much troubles me, honestly. Mostly I think about what's ahead: ${/^I\b/.test(w) ? w : w[0].toLowerCase() + w.slice(1)}`
        : w,
    ),
  };
}

/** Facts whose words bear on the topic. */
export function topical(u: Utterance, f: PersonaFacts, k: Knowledge, min = 0.3): Source {
  const scored = f.facts
    .filter((x) => tellable(x, k.knowsSpeaker))
    .map((x) => {
      let s = 0;
      for (const t of u.topic) {
        // Each word by the sense it is used in, in the question and in the fact ("quiet" meets
        // no piano played).
        const used = u.pos?.[t];
        for (const w of x.words) s = Math.max(s, relatedness(t, w, used, x.pos?.[w]));
        for (const kind of x.kinds)
          if (kind !== "other") s = Math.max(s, relatedness(t, kind, used, "noun"));
      }
      return { x, s };
    })
    .filter((x) => x.s >= min)
    .sort((a, b) => b.s - a.s);
  const sentences = scored.map(({ x }) =>
    x.kinds.includes("habit") ? partAbout(mine(f, x.text), u.topic) : mine(f, x.text),
  );
  // "Are you married?" of one its persona says is married: the very doing or state asked of, in
  // the same part of speech, is a yes.
  const top = scored[0]?.x;
  const same =
    top &&
    u.topic.some(
      (t) => u.pos?.[t] !== "noun" && top.words.includes(t) && top.pos?.[t] === u.pos?.[t],
    );
  if (u.wh === "yesno" && u.about === "you" && !u.negative && same)
    sentences[0] = `Yes. ${sentences[0]}`;
  return { name: "facts", sentences };
}

/** Which of its kinds a question's topic is nearest to (occupation, family, worry, ...), each
 *  word by the sense it is used in and each kind as the noun that names it ("do you COOK?" asks
 *  of no name, Captain Cook's). */
export function nearestKind(u: Utterance): { kind: string; score: number } {
  let best = { kind: "", score: 0 };
  // A verb of liking in the conditional ("what would you LOVE to happen?", "would like") is
  // WordNet's "like" in its sense {wish, care, like}: "prefer or wish to do something".
  const wished = (
    parsed(u.text).match("would #Pronoun? #Adverb? [#Verb]", 0).out("array") as string[]
  ).some((v) => {
    const w = v.toLowerCase().replace(/[^a-z'-]/g, "");
    const l = lemma(w, "verb") ?? w;
    return domainOf(l, "verb") === "verb.emotion" && relatedness(l, "like", "verb", "verb") >= 0.45;
  });
  // (Of what is to come in general, "to happen", "to do": "what would you like to DRINK?" asks for
  // a thing, not a wish of its life.)
  const general = u.topic.every(
    (t) =>
      domainOf(t, "verb") === "verb.emotion" ||
      domainOf(t, "verb") === "verb.perception" ||
      relatedness(t, "happen", "verb", "verb") >= 0.8,
  );
  if (wished && general)
    best = { kind: "wish", score: relatedness("like", "wish", "verb", "noun") };
  for (const kind of [
    "occupation",
    "family",
    "friend",
    "home",
    "habit",
    "wish",
    "worry",
    "plan",
    "name",
  ])
    for (const t of u.topic) {
      const s = relatedness(t, kind, u.pos?.[t], "noun");
      if (s > best.score) best = { kind, score: s };
      // A phrase ("look forward") by what its gloss says ("expect or hope for"), a step further.
      if (t.includes(" "))
        for (const g of glossOf(t, u.pos?.[t] ?? "verb")) {
          const sg = 0.9 * relatedness(g, kind, undefined, "noun");
          if (sg > best.score) best = { kind, score: sg };
        }
    }
  // What is asked of it done TO it ("what's WEIGHING ON you?", "what KEEPS you UP at night?"):
  // the verb with its particle, as WordNet holds it, its object the listener; one of ill feeling
  // (lexicon feelingOf: "weigh on", "be oppressive or disheartening to") asks what troubles it.
  for (const { phrase, toYou } of doneToListener(u.text)) {
    const s =
      toYou && feelingOf(phrase, "verb") < 0 ? 0.9 : relatedness(phrase, "worry", "verb", "noun");
    if (s > best.score) best = { kind: "worry", score: s };
  }
  // What is in its mind ("what's been ON YOUR MIND?"): its thoughts, what troubles or moves it.
  const thoughts = mindAsked(u);
  if (thoughts > best.score) best = { kind: "worry", score: thoughts };
  return best;
}

/** How near what is asked is to what is in its mind ("what's been ON YOUR MIND?", "in your
 *  thoughts"): a faculty of thought of its own after "on" or "in" (WordNet's cognition, by its
 *  nearness to "thought"); 0 when none is named. */
export function mindAsked(u: Utterance): number {
  let best = 0;
  for (const n of parsed(u.text)
    .match("(on|in) (your|yours) [#Noun]", 0)
    .out("array") as string[]) {
    const w = lemma(n.toLowerCase().replace(/[^a-z-]/g, ""), "noun") ?? "";
    if (domainOf(w, "noun") === "noun.cognition")
      best = Math.max(best, relatedness(w, "thought", "noun", "noun"));
  }
  return best;
}

/** The verbs of a question with a particle WordNet joins them with ("weigh on", "keep up"),
 *  right after the verb or after its object "you"; `toYou` when the listener is its object. */
function doneToListener(text: string): { phrase: string; toYou: boolean }[] {
  const terms = termsOf(text);
  const out: { phrase: string; toYou: boolean }[] = [];
  terms.forEach((t, i) => {
    if (
      !t.tags.includes("Verb") ||
      ["Auxiliary", "Copula", "Modal"].some((g) => t.tags.includes(g))
    )
      return;
    const verb = infinitive(t.text || t.normal) ?? lemma(t.normal, "verb") ?? t.normal;
    const you = terms[i + 1]?.normal === "you" ? 1 : 0;
    const particle = terms[i + 1 + you];
    if (!particle || !["Particle", "Preposition", "Adverb"].some((g) => particle.tags.includes(g)))
      return;
    const phrase = `${verb} ${particle.normal.replace(/[^a-z]/g, "")}`;
    if (!isWord(phrase, "verb")) return;
    out.push({ phrase, toYou: !!you || terms[i + 2]?.normal === "you" });
  });
  return out;
}

/** Whether a clause names, after "to", "from" or "in", a place: one it knows of by a word of its
 *  name, or one compromise tags as a place ("moved to Lisbon"). */
function placeNamed(text: string, k: Knowledge): boolean {
  const known = new Set(
    [k.home, ...k.places.map((p) => p.name)].flatMap((n) => n.toLowerCase().split(/\W+/)),
  );
  const after = [...text.matchAll(/\b(?:to|from|in) ([A-Z][\w'-]+)/g)].map((m) => m[1]);
  return after.some(
    (w) =>
      known.has(w.toLowerCase()) || parsed(text).has(`${w} && #Place`) || parsed(w).has("#Place"),
  );
}

/** The facts of its backstory that tell of coming to a place (a verb of travelling with the
 *  place named: "moved to Oakmere last year"). */
function cameFacts(f: PersonaFacts, k: Knowledge): Fact[] {
  // (One whose verb goes to or from somewhere first: "came to Oakmere from the city" before "runs
  // the shop in Oakmere".)
  const going = (x: Fact) => parsed(x.text).has("#Verb #Adverb? (to|from|back)");
  const came = f.facts.filter(
    (x) =>
      x.source === "learned" &&
      tellable(x, k.knowsSpeaker) &&
      // A verb of travelling with where it led to or from named ("moved to Oakmere").
      x.words.some((w) => x.pos[w] === "verb" && kindOf(w, "travel", { pos: "verb", senses: 3 })) &&
      // (A place it knows of: "married to Bram" is no move.)
      placeNamed(x.text, k),
  );
  return [...came.filter(going), ...came.filter((x) => !going(x))];
}

/** The facts of its backstory that say how long it has been what it is in a place it knows
 *  ("mayor of Oakmere for twelve years", "before Oakmere I was a sailor for ten years"); not a
 *  length of its life elsewhere ("a widower for four years" says nothing of living here). */
function lastingHere(f: PersonaFacts, k: Knowledge): Fact[] {
  const known = new Set(
    [k.home, ...k.places.map((p) => p.name)].flatMap((n) =>
      n.split(/[^A-Za-z]+/).filter((w) => /^[A-Z]/.test(w)),
    ),
  );
  return f.facts.filter(
    (x) =>
      x.source === "learned" &&
      tellable(x, k.knowsSpeaker) &&
      parsed(x.text).has("(#Duration|since #Value|for #Value #Noun)") &&
      // (Not by its own name, "Hale cottage": a place named.)
      (x.text.match(/\b[A-Z][\w'-]+/g) ?? []).some(
        (w) => known.has(w) && !f.name.split(" ").includes(w),
      ),
  );
}

/** A fact of its coming here as it says it: of itself whole ("I grew up in Oakmere, left, and
 *  came back"), or what it is set aside ("I am a musician WHO came ...": "I came ..."), else its
 *  own clause of the fact's verbs (those `verb` keeps: all of them unless told). */
export function cameSaid(
  f: PersonaFacts,
  x: Fact,
  verb: (w: string) => boolean = () => true,
): string {
  const own = mine(f, x.text);
  const who = /^I am an? [^,]+? who (\w+)(.*)$/.exec(own);
  if (who) return `I ${who[1] === "has" ? "have" : who[1]}${who[2]}`;
  return /^I\b/.test(own)
    ? own
    : ownClause(
        own,
        x.words.filter((w) => x.pos[w] === "verb" && verb(w)),
      );
}

/** Of what it says, as far as the length of time in it: its sentence that says how long, up to
 *  the clause that does ("I ran the ferry for forty years and now look after the garden. I grow
 *  cabbages." → "I ran the ferry for forty years."); what follows answers no "how long". */
function upToLength(text: string, lasts: (x: string) => boolean): string {
  const one = sentencesOf(text).find(lasts) ?? text;
  const parts = one.replace(/[.!]$/, "").split(/,?\s+and\s+/);
  const at = parts.findIndex(lasts);
  return at < 0 ? one : sentence(parts.slice(0, at + 1).join(" and "));
}

/** Its living asked of, not where it lives now ("where do you live?" is its home): a verb of
 *  dwelling (WordNet, close to "dwell") said of it in the past, "have you ever lived anywhere
 *  else?", "how long have you lived here?" (its life before and here), or put to it as a choice
 *  with a modal, "would you rather live in the city?". */
export function livingAsked(u: Utterance): "before" | "rather" | undefined {
  if (u.act !== "question" || u.about !== "you") return undefined;
  const dwelling = termsOf(u.text).some(
    (t) =>
      t.tags.includes("Verb") &&
      !t.tags.includes("Modal") &&
      closeness(infinitive(t.normal) ?? lemma(t.normal, "verb") ?? t.normal, "dwell") >= 0.9,
  );
  if (!dwelling) return undefined;
  if (u.tense === "past") return "before";
  return parsed(u.text).has("^#Modal you") ? "rather" : undefined;
}

/** Its life before here and how long it has been here, from its backstory (where it came from,
 *  how long it has been what it is here); asked whether it would rather live somewhere, no, with
 *  where it came from (when that is the place asked of, that is why). Nothing in its backstory:
 *  honestly so, never its flat said for its town. */
export function livedHere(
  asked: "before" | "rather",
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
): Source {
  const facts = [...cameFacts(f, k), ...lastingHere(f, k)];
  const said = [...new Set(facts)].map((x) => cameSaid(f, x)).filter((x) => /^I\b/.test(x));
  if (asked === "rather") {
    // (The place asked of is where it came from: it left it.)
    const nouns = u.topic.filter((w) => u.pos?.[w] === "noun");
    const from = facts.some((x) =>
      x.words.some((w) => nouns.some((n) => relatedness(n, w, "noun", x.pos[w]) >= 0.9)),
    );
    return {
      name: "lived",
      sentences: [
        from
          ? `No, I don't think so. ${said[0]}`
          : `I'm happy enough here, I think.${said[0] ? ` ${said[0]}` : ""}`,
      ],
    };
  }
  // ("How long ...?": a length asked; else its life before here.)
  const long = parsed(u.text).has("long");
  const lasts = (x: string) => parsed(x).has("(#Duration|since #Value|ago)");
  const lasting = said.find(lasts);
  return {
    name: "lived",
    sentences: said.length
      ? long && lasting
        ? [upToLength(lasting, lasts)]
        : said.slice(0, 1)
      : [
          long
            ? "I couldn't say exactly how long, to be honest; it's just home to me now."
            : "Not that I talk about much, to be honest; it's just home to me now.",
        ],
  };
}

/** Its childhood asked of: of itself in the past, as a child ("as a KID", WordNet's juvenile),
 *  when it was young ("when you were LITTLE"), or its growing up ("where did you grow up?"). */
export function childhoodAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.about !== "you") return false;
  // Asked in any tense: its childhood named (a time of life near it, WordNet's "childhood",
  // "boyhood"), or its earliest memory (a memory asked of by a word of earliness: "your FIRST
  // memory").
  const noun = (w: string) => u.pos?.[w] === "noun";
  if (
    u.topic.some((w) => noun(w) && kindOf(w, "time of life") && closeness(w, "childhood") >= 0.45)
  )
    return true;
  // (The word before the memory, as said: "first" is an ordinal, no topic.)
  const words = termsOf(u.text).map((t) => t.normal);
  if (
    u.topic.some(
      (w) =>
        noun(w) &&
        kindOf(w, "memory") &&
        closeness(words[words.indexOf(w) - 1] ?? "", "early") >= 0.7,
    )
  )
    return true;
  if (u.tense !== "past") return false;
  const doc = parsed(u.text);
  return u.topic.some(
    (w) =>
      (u.pos?.[w] === "noun" && kindOf(w, "juvenile")) ||
      (u.pos?.[w] === "adj" && closeness(w, "young") >= 0.7 && doc.has(`were #Adverb? ${w}`)) ||
      (u.pos?.[w] === "verb" && closeness(w, "grow up") >= 0.9),
  );
}

/** Its childhood: what its backstory says of its early life (growing up, being young), with
 *  where it came from when asked where; asked what it wanted then, honestly that nothing comes to
 *  mind (never a wish of these days); else honestly that it remembers little of it. */
export function childhood(u: Utterance, f: PersonaFacts, k: Knowledge): Source {
  // (A phrasal verb read whole, "grew up": understand's content terms.)
  const early = f.facts.filter(
    (x) =>
      x.source === "learned" &&
      tellable(x, k.knowsSpeaker) &&
      contentTerms(x.text).some(
        (t) =>
          (t.pos === "verb" && closeness(t.word, "grow up") >= 0.9) ||
          (t.pos === "noun" && kindOf(t.word, "juvenile")),
      ),
  );
  const told = early.map((x) => cameSaid(f, x)).filter((x) => /^I\b/.test(x));
  // What it wanted to do or be then ("what did you WANT TO be?"): a verb of wishing with the
  // doing it governs.
  const near = nearestKind(u);
  if (near.kind === "wish" && near.score >= 0.45 && parsed(u.text).has("#Verb to #Verb"))
    return {
      name: "childhood",
      sentences: [
        `I don't remember wanting anything in particular, to be honest.${told[0] ? ` ${told[0]}` : ""}`,
      ],
    };
  if (told.length) return { name: "childhood", sentences: told.slice(0, 1) };
  const came =
    u.wh === "where"
      ? cameFacts(f, k)
          .map((x) => cameSaid(f, x))
          .filter((x) => /^I\b/.test(x))
      : [];
  return {
    name: "childhood",
    sentences: [
      came.length
        ? `Not here. ${came[0]}`
        : u.wh === "where"
          ? "That was a long time ago; I don't talk about it much, to be honest."
          : "Hard to say; I don't remember much from when I was small, to be honest.",
    ],
  };
}

/** Where it comes from: a clause of its backstory that tells of coming to a place (a verb of
 *  motion: "moved to Oakmere last year", "came for a summer"), else what it says of its home, else
 *  where it lives. */
export function origin(
  f: PersonaFacts,
  k: Knowledge,
  lived = false,
  said: readonly string[] = [],
): Source {
  const came = cameFacts(f, k);
  // Asked how long it has lived here ("all your life?"), a clause that says how long it has been
  // what it is here ("mayor of Oakmere for twelve years").
  const lasting = lived ? lastingHere(f, k).filter((x) => !came.includes(x)) : [];
  // What it says of its home, the clause on living ("I still live with my parents").
  const home = f.facts
    .filter(
      (x) =>
        x.kinds.includes("home") &&
        tellable(x, k.knowsSpeaker) &&
        x.words.some((w) => x.pos[w] === "verb" && closeness(w, "live") >= 0.6),
    )
    .map((x) =>
      ownClause(
        mine(f, x.text),
        x.words.filter((w) => x.pos[w] === "verb"),
      ),
    );
  return {
    name: "origin",
    sentences: [
      ...came.map((x) => short(mine(f, x.text))),
      // (Said already in the talk: pointed back to, not left for where it lives.)
      ...lasting.map((x) =>
        said.some((l) => l.includes(mine(f, x.text)))
          ? `As I said, ${lowerI(mine(f, x.text))}`
          : mine(f, x.text),
      ),
      ...home,
      lived && (came.length || lasting.length)
        ? ""
        : lived
          ? `I live at ${k.home.split(" of ").at(-1)}; I couldn't say for how long, to be honest.`
          : sentence(`I live at ${k.home.split(" of ").at(-1)}`),
    ].filter(Boolean),
  };
}

const lowerI = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));

/** "What is your biggest regret?", "What are you afraid of?": a feeling asked of itself (a noun
 *  WordNet files as a feeling or a motive). Its wish or worry when one bears on it; else it says
 *  it has none to speak of, and what is on its mind instead. */
export function feelingAsked(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.about !== "you" || u.wh === "yesno") return undefined;
  const felt = feltAbout(u, f, k);
  if (felt) return felt;
  const noun = u.topic.find(
    (w) => u.pos?.[w] === "noun" && ["noun.feeling", "noun.motive"].includes(domainOf(w, "noun")),
  );
  if (!noun) return undefined;
  const inner = f.facts.filter(
    (x) => tellable(x, k.knowsSpeaker) && (x.kinds.includes("wish") || x.kinds.includes("worry")),
  );
  const bearing = inner.find((x) =>
    x.words.some((w) => relatedness(noun, w, "noun", x.pos[w]) >= 0.6),
  );
  if (bearing) return { name: "feeling", sentences: [mine(f, bearing.text)] };
  const plural = nlp(`the ${noun}`).nouns().toPlural().text().replace(/^the /, "") || noun;
  const wish = inner.find((x) => x.kinds.includes("wish"));
  const worry = inner.find((x) => x.kinds.includes("worry"));
  const lower = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));
  const after = wish
    ? ` Mostly I think about what's ahead: ${lower(mine(f, wish.text))}`
    : worry
      ? ` What's on my mind these days: ${lower(mine(f, worry.text))}`
      : "";
  return {
    name: "feeling",
    sentences: [`I don't think I have any big ${plural}, to be honest.${after}`],
  };
}

/** "What are you proud of?", "What are you afraid of?": a quality of feeling asked of itself
 *  (an adjective, the question's only word, with a feeling by AFINN or WordNet: lexicon
 *  feelingOf). An ill one is what troubles it (its worries); a glad one what its life has made:
 *  a doing of its backstory that creates (WordNet's verb.creation: "I made every table in ..."),
 *  else its work. */
function feltAbout(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.wh !== "what" || u.topic.length !== 1 || u.pos?.[u.topic[0]] !== "adj") return undefined;
  // (What the feeling is of, the "what" its stranded preposition takes: "proud OF?", not "what
  // are you busy doing?".)
  if (!termsOf(u.text).at(-1)?.tags.includes("Preposition")) return undefined;
  const sign = Math.sign(feelingOf(u.topic[0], "adj"));
  if (!sign) return undefined;
  // (A glad state something brings about, a verb of feeling's participle, "what are you EXCITED
  // about?", looks ahead: its wishes and plans answer it, below.)
  const moved = lemma(u.topic[0], "verb") ?? "";
  if (sign > 0 && moved !== u.topic[0] && domainOf(moved, "verb") === "verb.emotion") {
    const ahead = factsOf(f, k, (x) => x.kinds.includes("wish") && !x.kinds.includes("worry"));
    return ahead.length ? { name: "feeling", sentences: ahead } : undefined;
  }
  if (sign < 0) return { ...feelings(f, k), name: "feeling" };
  const own = f.facts.filter(
    (x) =>
      tellable(x, k.knowsSpeaker) &&
      x.source === "learned" &&
      !x.secret &&
      !x.kinds.includes("wish") &&
      !x.kinds.includes("worry"),
  );
  // (A thing made, said in the past: "He MADE every table in ...", not "is a carpenter who
  // builds furniture", which is its work.)
  const made = own.find(
    (x) =>
      !saysNot(x.text) &&
      termsOf(x.text).some(
        (t, i, all) =>
          t.tags.includes("PastTense") &&
          // (Done by it, not to something: "is HELD together" is said of a town.)
          !all[i - 1]?.tags.some((g) => g === "Copula" || g === "Auxiliary") &&
          senses(lemma(t.normal, "verb") ?? infinitive(t.normal) ?? t.normal, "verb")
            .slice(0, 3)
            .some((s) => s.domain === "verb.creation"),
      ),
  );
  if (made) return { name: "feeling", sentences: [`Probably that ${lowerI(mine(f, made.text))}`] };
  const work = own.find((x) => x.kinds.includes("occupation"));
  if (work)
    return {
      name: "feeling",
      sentences: [`My work, I suppose: ${lowerI(short(mine(f, work.text)))}`],
    };
  return undefined;
}

/** "Do you like music?", "Have you ever been married?": a yes/no question about itself answered
 *  by the persona fact whose words, in the sense they are used in there, bear on a word asked
 *  ("plays the piano": a piano is a musical instrument; "widowed": the death of one's spouse, a
 *  married person). A liking or a past asked of is met with "yes" and the fact. */
export function bearingFact(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.wh !== "yesno" || u.about !== "you") return undefined;
  const asked = u.topic.filter((t) => domainOf(t, "verb") !== "verb.emotion");
  for (const x of f.facts) {
    if (!tellable(x, k.knowsSpeaker)) continue;
    // (Names are no words of the lexicon's: "Walter" is no conductor here.)
    const words = x.words.filter((w) => !x.people.some((p) => p.toLowerCase() === w));
    const hit = words.find((w) =>
      asked.some((t) => t !== w && bearsOn(t, w, x.pos?.[w] ?? "noun")),
    );
    if (!hit) continue;
    // A liking asked ("do you LIKE music?"), or whether it ever was ("HAVE you been married?"):
    // the fact says yes.
    // (The word after the subject is the main verb, whatever the tagger makes of "like".)
    const verbs = [
      ...(parsed(u.text).match("#Verb").out("array") as string[]),
      ...(parsed(u.text).match("you #Adverb? [.]", 0).out("array") as string[]),
    ];
    const liking = verbs.some(
      (v) => domainOf(lemma(v.toLowerCase(), "verb") ?? v.toLowerCase(), "verb") === "verb.emotion",
    );
    const ever = parsed(u.text).has("^(have|has) you");
    const told = mine(f, x.text);
    const said = x.kinds.includes("habit") ? partAbout(told, [hit]) : told;
    const said2 = liking || ever ? `Yes. ${said}` : said;
    return { name: "bearing", sentences: [said2] };
  }
  return undefined;
}

/** "How old are you?", "What's your age?": an attribute of itself asked, a noun WordNet files as
 *  an attribute or the attribute an adjective measures (its "=" pointer: old → age, tall →
 *  height), answered by its persona's value of that name when it holds one. */
export function attributeAsked(u: Utterance, k: Knowledge): Source | undefined {
  if (u.about !== "you") return undefined;
  const doc = parsed(u.text);
  // (An adjective said of itself, "how OLD are you", "are you OLD enough", not of another:
  // "have you met anyone NEW?".)
  const ofYou = (w: string) => doc.has(`how ${w}`) || doc.has(`you #Adverb? ${w}`);
  const names = u.topic.flatMap((w) =>
    u.pos?.[w] === "adj" && ofYou(w)
      ? senses(w, "adj")
          .slice(0, 2)
          .flatMap((s) => s.pointers.filter((p) => p.symbol === "="))
          .flatMap((p) => synset(p.pos, p.offset).words)
      : u.pos?.[w] === "noun" && domainOf(w, "noun") === "noun.attribute"
        ? [w]
        : [],
  );
  // (Of itself, not of a thing of its own: "how old is your HOUSE?".)
  if (u.topic.some((w) => u.pos?.[w] === "noun" && !names.includes(w))) return undefined;
  const values = k.persona as unknown as Record<string, unknown>;
  const name = names.find((n) => typeof values[n] === "number");
  if (!name) return undefined;
  return { name: "attribute", sentences: [`I'm ${values[name] as number}.`] };
}
