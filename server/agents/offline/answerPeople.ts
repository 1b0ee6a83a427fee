// Offline answers to people (visitors, reporters): what was said is read into its act and, for a
// question, what is asked, about whom and over which time (language/understand.ts); the answer is
// drawn from the source that fits (persona facts, the day's blocks, yesterday's, the places it
// knows, the people it sees, its memories) and said in the resident's own voice through the
// realiser. A secret stays with friends. Nothing already said in the talk is said again, and the
// person's own words are never the answer. "I don't know" only when nothing it knows bears on
// the question, and then with what it knows nearby or a question back.
import nlp from "compromise";
import type { MemoryLine } from "../prompts/builder.ts";
import {
  personaFacts,
  secretIn,
  tellable,
  type Fact,
  type PersonaFacts,
} from "../language/facts.ts";
import type { DayBlock, Knowledge } from "../language/knowledge.ts";
import {
  closeness,
  domainOf,
  kindOf,
  lemma,
  purposeMatch,
  relatedness,
  senses,
} from "../language/lexicon.ts";
import { cap, clock, inFirstPerson, listOf, sentence } from "../language/realise.ts";
import { contentWords, type Utterance } from "../language/understand.ts";
import { ownMemoryAsI } from "../language/person.ts";
import { seeded } from "../language/random.ts";
import {
  bearing,
  heldRecords,
  newsTopic,
  plansAhead,
  recordsAsked,
  type Held,
} from "../language/news.ts";

export interface Talk {
  me: string;
  speaker: string;
  role: string;
  /** The resident's earlier lines in this talk (never said again). */
  said: string[];
  /** Everything said in the talk before, by anyone (never said back). */
  heard: string[];
  memories: MemoryLine[];
  residents: readonly string[];
  /** Game time now: records' days are told from it ("two days ago"). */
  now?: number;
}

export interface PeopleAnswer {
  text: string;
  end: boolean;
  /** An invitation accepted: when (day offset from today, minute) and what. */
  accepted?: { day: 0 | 1; minute: number; what: string };
  /** Where the answer came from (for the battery's report). */
  source: string;
}

const firstName = (n: string) => n.split(" ")[0];
const plain = (task: string) => task.replace(/\s*\(.*\)\s*$/, "").trim();

/** One of several wordings, seeded by the talk, skipping any already said. */
function choose(options: string[], talk: Talk, ...salt: (string | number)[]): string {
  const fresh = options.filter((o) => o && !talk.said.some((s) => s.includes(o)));
  const pool = fresh.length ? fresh : options;
  return pool[seeded(talk.me, talk.speaker, talk.said.length, ...salt) % pool.length];
}

/** Sentences not yet said in the talk, and not the person's words. */
function unsaid(sentences: string[], talk: Talk): string[] {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9 ]/g, "");
  const said = talk.said.map(norm);
  const heard = talk.heard.map(norm);
  return sentences.filter((s) => {
    const n = norm(s);
    return n.length > 0 && !said.some((x) => x.includes(n)) && !heard.some((h) => h.includes(n));
  });
}

function mine(f: PersonaFacts, text: string): string {
  return sentence(inFirstPerson(text, f.name, f.pronoun));
}

// ------------------------------------------------------------------------------- the day

const isSleep = (task: string) => closeness(contentWords(task)[0] ?? "", "sleep") >= 0.9;

/** Blocks merged by task, sleep left out. */
function activities(blocks: DayBlock[]): DayBlock[] {
  const out: DayBlock[] = [];
  for (const b of blocks) {
    const task = plain(b.task);
    if (!task || isSleep(task)) continue;
    const last = out.at(-1);
    if (last && plain(last.task) === task) last.end = b.end;
    else out.push({ ...b, task });
  }
  return out;
}

/** "studying in the library", "helping in the community garden at Larkspur Park". */
function doingPhrase(b: DayBlock, f: PersonaFacts, k: Knowledge): string {
  const task = inFirstPerson(plain(b.task), f.name, f.pronoun);
  if (!b.place) return task;
  const [arena, sector] = b.place.split(" of ");
  const named = (p: string) =>
    task.toLowerCase().includes(p.toLowerCase()) ||
    contentWords(p).some((w) => contentWords(task).includes(w));
  if (sector && sector === k.home.split(" of ").at(-1))
    return named(arena) || /\bhome\b/.test(task) ? task : `${task} at home`;
  if (named(arena) || (sector && named(sector))) return task;
  return `${task} at ${sector ?? arena}`;
}

function dayPart(minute: number): string {
  return minute < 12 * 60
    ? "in the morning"
    : minute < 17 * 60
      ? "in the afternoon"
      : "in the evening";
}

function narrate(
  blocks: DayBlock[],
  f: PersonaFacts,
  k: Knowledge,
  tense: "past" | "future",
): string {
  // The longest three, in the order of the day: what a person would mention.
  const all = activities(blocks);
  const keep = new Set([...all].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 3));
  const xs = all.filter((b) => keep.has(b));
  if (!xs.length) return "";
  const phrases = xs
    .map((b, i) =>
      xs[i - 1]?.place && xs[i - 1].place?.split(" of ").at(-1) === b.place?.split(" of ").at(-1)
        ? { ...b, place: undefined }
        : b,
    )
    .map((b, i) =>
      i === 0 || dayPart(b.start) !== dayPart(xs[i - 1].start)
        ? `${doingPhrase(b, f, k)} ${dayPart(b.start)}`
        : doingPhrase(b, f, k),
    );
  return tense === "past"
    ? sentence(`I was ${listOf(phrases)}`)
    : sentence(`I'll be ${listOf(phrases)}`);
}

// ------------------------------------------------------------------------------- sources

type Source = { name: string; sentences: string[] };

function factsOf(f: PersonaFacts, k: Knowledge, pred: (x: Fact) => boolean): string[] {
  return f.facts.filter((x) => pred(x) && tellable(x, k.knowsSpeaker)).map((x) => mine(f, x.text));
}

/** A clause up to its first relative clause or aside: "I am a student at the college". */
function short(s: string): string {
  const cut = s.search(/,? (who|which|where|whose)\b|;|, (and|but)\b/);
  return cut > 12 ? sentence(s.slice(0, cut)) : s;
}

function identity(f: PersonaFacts, k: Knowledge): Source {
  // The first said short ("I am a student at Oakmere College"), not again at length after it.
  const occupation = factsOf(f, k, (x) => x.kinds.includes("occupation")).map((o, i) =>
    i === 0 ? short(o) : o,
  );
  const wish = factsOf(f, k, (x) => x.kinds.includes("wish"));
  return {
    name: "identity",
    sentences: [
      `I'm ${f.name}. ${occupation[0] ?? ""}`.trim(),
      ...occupation.slice(1),
      ...wish,
      sentence(`I live at ${k.home.split(" of ").at(-1)}`),
    ],
  };
}

/** Who the resident spends time with: family and friends its persona names, then those it talks
 *  to most, then those its day is spent with. */
function company(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const out = factsOf(f, k, (x) => x.kinds.includes("family") || x.kinds.includes("friend"));
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

function plansFor(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk?: Talk,
  held: readonly Held[] = [],
): Source {
  const now = k.minute;
  const today = k.today;
  // What it organises or means to do, and events ahead it heard of, from its records (the day the
  // question names, when it names one); then its persona's plans.
  const day =
    u.span === "tomorrow" ? 1 : u.span === "evening" || u.span === "today" ? 0 : undefined;
  const recorded =
    talk?.now !== undefined && u.span !== "now"
      ? plansAhead(held, talk.me, talk.speaker, talk.now, day)
      : [];
  const plans = [...recorded, ...factsOf(f, k, (x) => x.kinds.includes("plan"))];
  if (u.span === "now") {
    const b = activities(today).find((x) => x.start <= now && x.end > now);
    return {
      name: "plan-now",
      sentences: b ? [sentence(`Right now I'm ${doingPhrase(b, f, k)}`)] : plans,
    };
  }
  if (u.span === "evening") {
    const later = today.filter((b) => b.start >= Math.max(now, 17 * 60));
    const said = narrate(later, f, k, "future").replace(/ in the evening/g, "");
    return {
      name: "plan-evening",
      sentences: said ? [...recorded, said.replace(/^I'll be/, "This evening I'll be")] : plans,
    };
  }
  if (u.span === "tomorrow" || u.span === "future" || u.span === "week") {
    const usual = narrate(today, f, k, "future");
    const dated = [...recorded, ...plans.filter((p) => /tomorrow|next|week/i.test(p))];
    return {
      name: "plan-tomorrow",
      sentences: [
        ...dated,
        usual
          ? usual.replace(
              /^I'll be/,
              u.span === "tomorrow" ? "Tomorrow I'll probably be" : "Most days I'm",
            )
          : "",
        ...plans,
      ].filter(Boolean),
    };
  }
  const next = activities(today).filter((b) => b.end > now);
  return {
    name: "plan-today",
    sentences: [
      ...plans,
      next.length ? narrate(next, f, k, "future").replace(/^I'll be/, "Later today I'll be") : "",
    ].filter(Boolean),
  };
}

function past(u: Utterance, f: PersonaFacts, k: Knowledge): Source {
  if (u.span === "yesterday") {
    const y = narrate(k.yesterday, f, k, "past");
    const items = k.yesterdayItems.slice(0, 3).map((i) => inFirstPerson(i, f.name, f.pronoun));
    return {
      name: "yesterday",
      sentences: [
        y
          ? y.replace(/^I was/, "Yesterday I was")
          : items.length
            ? sentence(`Yesterday my plan was to ${listOf(items)}`)
            : // Before the first day it remembers: the usual day, said as one.
              narrate(k.today, f, k, "past").replace(/^I was/, "Yesterday was a usual day. I was"),
      ].filter(Boolean),
    };
  }
  const before = k.today.filter((b) => b.end <= k.minute && b.end > (k.today[0]?.start ?? 0));
  const sofar = narrate(before, f, k, "past");
  void u;
  const now = activities(k.today).find((x) => x.start <= k.minute && x.end > k.minute);
  return {
    name: "today",
    sentences: [
      [
        sofar ? sofar.replace(/^I was/, "So far today I was") : "",
        now ? sentence(`Now I'm ${doingPhrase(now, f, k)}`) : "",
      ]
        .filter(Boolean)
        .join(" "),
    ].filter(Boolean),
  };
}

function feelings(f: PersonaFacts, k: Knowledge): Source {
  const worries = factsOf(f, k, (x) => x.kinds.includes("worry"));
  const wishes = factsOf(f, k, (x) => x.kinds.includes("wish"));
  if (worries.length) return { name: "feelings", sentences: [...worries, ...wishes] };
  // Nothing troubles it: it says so, and what it has on its mind instead.
  if (!wishes.length)
    return {
      name: "feelings",
      sentences: ["Nothing much troubles me, honestly. I'm content with how things are."],
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

/** Verbs that frame a question about a place rather than say what it is for (WordNet's files). */
const FRAMING_VERBS = [
  "verb.motion",
  "verb.cognition",
  "verb.perception",
  "verb.possession",
  "verb.stative",
];

const wordsCache = new Map<string, string[]>();
const wordsOf = (text: string) => {
  let w = wordsCache.get(text);
  if (!w) {
    if (wordsCache.size > 5000) wordsCache.clear();
    wordsCache.set(text, (w = contentWords(text)));
  }
  return w;
};

/** What a question asks a place for: the things and doings asked about, not when, who, or the
 *  verbs of going and finding that frame it ("where do PEOPLE GO for a drink in the EVENING"). */
function purposeWords(u: Utterance): string[] {
  const verbish = (w: string) => senses(w, "verb").length > senses(w, "noun").length;
  const framing = (w: string) =>
    ["noun.time", "noun.person", "noun.group", "noun.location"].includes(domainOf(w, "noun")) ||
    (verbish(w) && FRAMING_VERBS.includes(domainOf(w, "verb"))) ||
    (domainOf(w, "noun") === "" && domainOf(w, "verb") === "");
  // A modifier ("a GOOD meal") says how, not what for.
  const modifier = (w: string) =>
    senses(w, "adj").length > senses(w, "noun").length + senses(w, "verb").length;
  const purpose = u.topic.filter((w) => !framing(w) && !modifier(w));
  return purpose.length ? purpose : u.topic.filter((w) => !modifier(w));
}

/** The places it knows that serve what is asked, best first: each place read by its name, its
 *  rooms, the things in it and what residents do there by their plans, each word matched to the
 *  asked-for thing by what it is for (WordNet's glosses, derived forms and kinds: "meal" meets a
 *  dining room and "having lunch"). A word many places share ("table") counts for less than one
 *  few have (its IDF, counted by building). */
function placesFor(
  words: string[],
  k: Knowledge,
  residents: readonly string[],
): { p: Knowledge["places"][number]; s: number; top: number }[] {
  // Homes are not places to send someone: its own and any named after a resident.
  const homeSector = k.home.split(" of ").at(-1) ?? "";
  const surnames = residents.map((r) => r.split(" ").at(-1) ?? r);
  // A home is also one whose name says housing ("College dorm", "Maple Court apartments").
  const housing = (sector: string) =>
    kindOf(wordsOf(sector).at(-1) ?? "", "housing", { senses: 1 });
  const candidates = k.places
    .filter((p) => {
      const sector = p.name.split(" of ").at(-1) ?? p.name;
      return (
        sector !== homeSector &&
        !p.dwelling &&
        !housing(sector) &&
        !surnames.some((n) => sector.includes(n))
      );
    })
    .map((p) => ({
      p,
      words: [
        ...wordsOf(`${p.name} ${p.parts.join(" ")}`).map((w) => [w, 1, "noun"] as const),
        ...(p.things ?? []).flatMap((t) => wordsOf(t)).map((w) => [w, 0.9, "noun"] as const),
        ...(p.uses ?? []).flatMap((t) => wordsOf(t)).map((w) => [w, 0.9, undefined] as const),
      ],
    }));
  const bySector = new Map<string, Set<string>>();
  for (const c of candidates) {
    const sector = c.p.name.split(" of ").at(-1) ?? c.p.name;
    const set = bySector.get(sector) ?? new Set<string>();
    for (const [w] of c.words) set.add(w);
    bySector.set(sector, set);
  }
  const df = new Map<string, number>();
  for (const set of bySector.values()) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1);
  const n = bySector.size;
  const idf = (w: string) => Math.log((n + 1) / (df.get(w) ?? 1)) / Math.log(n + 1);
  return candidates
    .map(({ p, words: ws }) => {
      // Evidence adds up: a place that serves the need by its name, its rooms, its things and
      // what is done there (up to three of its words) beats one word that happens to match.
      let s = 0;
      let top = 0;
      for (const t of words) {
        const matches = new Map<string, number>();
        for (const [w, weight, pos] of ws) {
          const m = purposeMatch(t, w, pos) * weight * idf(w);
          if (m >= 0.3 && m > (matches.get(w) ?? 0)) matches.set(w, m);
        }
        const best = [...matches.values()].sort((a, b) => b - a).slice(0, 3);
        s += best.reduce((a, b) => a + b, 0);
        top = Math.max(top, best[0] ?? 0);
      }
      return { p, s: s / Math.max(1, words.length), top };
    })
    .filter((x) => x.top >= 0.4 && x.s >= 0.6)
    .sort((a, b) => b.s - a.s);
}

/** A place as one names it: "the dining room at Hearth & Crumb cafe", "Larkspur Park". */
function placePhrase(name: string): string {
  const [arena, sector] = name.split(" of ");
  return sector ? `the ${arena} at ${sector}` : name;
}

/** Where to go for what is asked: the best place, and another building's if nearly as good. */
function places(u: Utterance, k: Knowledge, residents: readonly string[]): Source {
  const asked = purposeWords(u);
  const scored = placesFor(asked, k, residents);
  // A room asked for by its own name ("where the library is") before the building around it.
  const named = scored.find((x) => {
    const [arena, sector] = x.p.name.split(" of ");
    return sector && wordsOf(arena).some((w) => asked.includes(w));
  });
  const best = named ?? scored[0];
  if (!best) return { name: "places", sentences: [] };
  const sectorOf = (name: string) => name.split(" of ").at(-1) ?? name;
  const other = scored.find(
    (x) => sectorOf(x.p.name) !== sectorOf(best.p.name) && x.s >= 0.75 * best.s,
  );
  // A place asked for by its own name: where it is, not a suggestion.
  if (named) {
    const [arena, sector] = named.p.name.split(" of ");
    return { name: "places", sentences: [sentence(`The ${arena} is at ${sector}`)] };
  }
  return {
    name: "places",
    sentences: [
      sentence(
        `Try ${placePhrase(best.p.name)}${other ? `, or ${placePhrase(other.p.name)}` : ""}`,
      ),
    ],
  };
}

/** What it knows of a named person: its persona, how it sees them, its day with them. */
function aboutPerson(name: string, f: PersonaFacts, k: Knowledge, memories: MemoryLine[]): Source {
  const first = firstName(name);
  const out = factsOf(f, k, (x) => x.people.includes(first) || x.text.includes(name));
  const view = k.people.find((p) => p.name === name)?.relationship;
  // A view of a relationship is about the two of them: its "they" is "we" said by one of them.
  if (view)
    out.push(
      mine(f, view)
        .replace(/\bThey\b/g, "We")
        .replace(/\bthey\b/g, "we"),
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
      !m.facts?.length &&
      !/ said to |\(a [a-z]+\)/.test(m.text)
    )
      out.push(
        m.kind === "observation" && /\b(is|are) \w+ing\b/.test(m.text)
          ? // A doing seen is told as seen, then: "Last I saw, Latoya was working ...".
            sentence(
              `Last I saw, ${m.text.replace(/\s*\([^)]*\)/g, "").replace(/\b(is|are)\b/, (v) => (v === "is" ? "was" : "were"))}`,
            )
          : sentence(ownMemoryAsI(m.text, f.name)),
      );
  // Nothing of its own on them: it says so, as one does of a face in town (not "I don't know").
  if (!out.length)
    out.push(
      k.people.some((p) => p.name === name)
        ? `I don't know ${first} well, to be honest.`
        : `I don't think I know ${first}.`,
    );
  return { name: "person", sentences: out };
}

/** A task as a doing in the simple present ("having lunch with Kenji" → "have lunch with Kenji"). */
function simplePresent(task: string): string {
  const d = nlp(`I am ${task}`);
  d.verbs().toInfinitive();
  return d.text().replace(/^I (be )?/, "");
}

/** Of a fact, the clause with one of the verbs, said with "I" ("I am a student who still lives
 *  with my parents, Grace and Samuel" → "I still live with my parents, Grace and Samuel"). */
function ownClause(text: string, verbs: string[]): string {
  const rel = /\b(?:who|which|that)\s+(.+)$/.exec(text);
  if (rel) {
    const d = nlp(`I ${rel[1]}`);
    d.verbs().toInfinitive();
    const own = d.text().replace(/[.!]$/, "");
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

/** A whole day's plan recited (three clock times or more): it answers no one question. */
const recital = (text: string) => (text.match(/\b\d{1,2}(?::\d\d)? ?[ap]m\b/g) ?? []).length >= 3;

/** Whether a sentence bears on the question's topic (a word of it related to a topic word). */
function bears(text: string, topic: string[]): boolean {
  const words = contentWords(text);
  return topic.some((t) => words.some((w) => relatedness(t, w) >= 0.6));
}

/** "Do you have brothers or sisters?": yes with the fact that names such kin, else no and the
 *  family (or friends) it does name. */
function kinAsked(kin: string[], f: PersonaFacts, k: Knowledge): Source {
  const named = f.facts.filter(
    (x) =>
      tellable(x, k.knowsSpeaker) && x.words.some((w) => kin.some((t) => kindOf(w, t) || w === t)),
  );
  if (named.length)
    return {
      name: "kin",
      sentences: [
        `Yes. ${partAbout(mine(f, named[0].text), [...kin, ...named[0].words.filter((w) => kin.some((t) => kindOf(w, t)))])}`,
      ],
    };
  const family = f.facts.find(
    (x) =>
      tellable(x, k.knowsSpeaker) && (x.kinds.includes("family") || x.kinds.includes("friend")),
  );
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

function friends(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
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

/** Its memories that bear on the topic (never a line someone said to it, told back). */
function recall(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk, min = 0.3): Source {
  const speaker = firstName(talk.speaker);
  const scored = talk.memories
    .filter((m) => !/ said to |interviewed/.test(m.text) && !m.text.includes(speaker))
    .filter((m) => (k.knowsSpeaker || !secretIn(m.text)) && !recital(m.text))
    .map((m) => {
      const words = contentWords(m.text);
      let s = 0;
      for (const t of u.topic) for (const w of words) s = Math.max(s, relatedness(t, w));
      return { m, s };
    })
    .filter((x) => x.s >= min)
    .sort((a, b) => b.s - a.s);
  return {
    name: "memory",
    sentences: scored.slice(0, 2).map((x) => sentence(ownMemoryAsI(x.m.text, f.name))),
  };
}

/** Facts whose words bear on the topic. */
function topical(u: Utterance, f: PersonaFacts, k: Knowledge, min = 0.3): Source {
  const scored = f.facts
    .filter((x) => tellable(x, k.knowsSpeaker))
    .map((x) => {
      let s = 0;
      for (const t of u.topic) {
        for (const w of x.words) s = Math.max(s, relatedness(t, w));
        for (const kind of x.kinds) if (kind !== "other") s = Math.max(s, relatedness(t, kind));
      }
      return { x, s };
    })
    .filter((x) => x.s >= min)
    .sort((a, b) => b.s - a.s);
  return {
    name: "facts",
    sentences: scored.map(({ x }) =>
      x.kinds.includes("habit") ? partAbout(mine(f, x.text), u.topic) : mine(f, x.text),
    ),
  };
}

/** The older engine's answer from memories, sentence by sentence: without a secret for someone
 *  who is not a friend, without what the person itself said or did, and not its "not sure". */
function fromMemories(text: string, talk: Talk, k: Knowledge): string[] {
  const speaker = new RegExp(`\\b${firstName(talk.speaker).replace(/[^A-Za-z' -]/g, "")}\\b`);
  const f = personaFacts(k.persona);
  return (
    text
      .split(/(?<=[.!?])\s+/)
      // A person's label ("Nora (a visitor)") is how memories are written, never said.
      .filter(
        (x) =>
          x && (k.knowsSpeaker || !secretIn(x)) && !speaker.test(x) && !/\ba \(a [a-z]+\)/.test(x),
      )
      .filter(
        (x) => contentWords(x).length > 1 && !nlp(x).has("#Negative") && !/^Let me think/.test(x),
      )
      // A whole day's plan recited (three times or more) answers no one question.
      .filter((x) => !recital(x))
      // Its own plan as the planner wrote it ("her bird counts") said as its own; a person's
      // label as a memory has it ("Jane (a visitor)") said as a person would.
      .map((x) =>
        inFirstPerson(x, f.name, f.pronoun)
          .replace(/ \(a ([a-z ]+)\)([.!?])$/, ", a $1$2")
          .replace(/ \(a ([a-z ]+)\)/g, ", a $1,"),
      )
      .slice(0, 2)
  );
}

// ------------------------------------------------------------------------------- beyond its day

// The noun files of things one can point at: a question about one of these that its day and its
// persona do not touch is about something outside its life ("my dog", "the mayor").
const THING_FILES = [
  "noun.animal",
  "noun.artifact",
  "noun.object",
  "noun.person",
  "noun.food",
  "noun.plant",
  "noun.substance",
  "noun.body",
  "noun.phenomenon",
];

/** The topic's things that neither its day nor its own kinds (work, family, home ...) bear on. */
function foreignTopic(u: Utterance, k: Knowledge): string[] {
  const taskWords = [
    ...new Set(activities([...k.today, ...k.yesterday]).flatMap((b) => wordsOf(plain(b.task)))),
  ];
  return u.topic.filter(
    (w) =>
      THING_FILES.includes(domainOf(w, "noun")) &&
      // Kin and friends are its own life ("brothers", "cousin"), whatever its persona names.
      !kindOf(w, "relative") &&
      !kindOf(w, "friend") &&
      senses(w, "noun").length >= senses(w, "verb").length &&
      nearestKind({ ...u, topic: [w] }).score < 0.45 &&
      !taskWords.some((t) => relatedness(w, t) >= 0.6),
  );
}

/** The people it knows whose relationship it sees bears on the thing asked ("who runs the
 *  cafe?"): "Lucy might know; ...". */
function peopleOn(words: string[], k: Knowledge): Source {
  const out: string[] = [];
  for (const p of k.people) {
    if (!p.relationship) continue;
    const ws = wordsOf(p.relationship);
    if (words.some((t) => ws.some((w) => relatedness(t, w) >= 0.7)))
      out.push(sentence(`${firstName(p.name)} might know`));
  }
  return { name: "people-on", sentences: out.slice(0, 1) };
}

const SWAP: Record<string, string> = {
  my: "your",
  your: "my",
  me: "you",
  mine: "yours",
  yours: "mine",
  myself: "yourself",
  yourself: "myself",
  i: "you",
  we: "you",
  our: "your",
  us: "you",
};
const swapPerson = (t: string) =>
  t.replace(
    /\b(my|your|me|mine|yours|myself|yourself|i|we|our|us)\b/gi,
    (w) => SWAP[w.toLowerCase()],
  );

// English's auxiliaries negated in the first person (grammar, closed class).
const NEGATED: Record<string, string> = {
  do: "don't",
  does: "don't",
  did: "didn't",
  have: "haven't",
  has: "haven't",
  are: "'m not",
  were: "wasn't",
  can: "can't",
  could: "couldn't",
  will: "won't",
  would: "wouldn't",
};

/** A verb's lemma by compromise's conjugation when WordNet's rules miss it ("seen" → "see"). */
function irregularVerb(clause: string): string {
  const doc = nlp(clause.split(" ")[0] ?? "");
  doc.verbs().toInfinitive();
  return doc.text().toLowerCase().trim();
}

/**
 * An honest answer to a question about something it knows nothing of, built from the question:
 * its clause said back negated in its own person ("Have you seen my dog?" → "No, I haven't seen
 * your dog"; "Who is the mayor?" → "I don't know who the mayor is"), then a turn that takes it
 * up: a place it knows that bears on the thing, someone who might know, or a question back by
 * what kind of thing it is (something one can see: what it looks like).
 */
function notKnown(u: Utterance, foreign: string[], k: Knowledge, talk: Talk): string | undefined {
  const last = (nlp(u.text).sentences().out("array") as string[]).at(-1) ?? u.text;
  const q = last
    .replace(/[?!.\s]+$/, "")
    .replace(/,\s*\w+$/, "")
    .replace(/^(\w+)'s\b/, "$1 is");
  let said: string | undefined;
  // "What's the best place for a cup of coffee?": a place sought for something it knows none for.
  // Said by its head: not a modifier ("the BEST place") nor a measure ("a CUP of coffee").
  const doc = nlp(u.text);
  const sayable = (w: string) =>
    !doc.has(`(${w}|${w}s) of`) &&
    !(doc.match("#Adjective").out("array") as string[]).some(
      (a) => lemma(a.toLowerCase(), "adj") === w || a.toLowerCase() === w,
    );
  const wanted = purposeWords(u).filter(sayable);
  if (
    u.wh !== "where" &&
    u.wh !== "yesno" &&
    u.about !== "you" &&
    wanted.length &&
    u.topic.some((w) => domainOf(w, "noun") === "noun.location")
  )
    return `I'm not sure where to go for ${listOf(wanted)} around here, I'm afraid. ${choose(["Sorry I can't be more help.", "Maybe someone else in town would know."], talk, "where")}`;
  const aux = /^(do|does|did|have|has|are|were|can|could|will|would) you\b\s*(.*)$/i.exec(q);
  const wh = /^(who|what|where|when|which \w+)(?: (is|are|was|were) (.+))?$/i.exec(q);
  // "Where can I get a meal", "where do people go": the clause put back in order.
  const whAux =
    /^(where|who|what|when|how)(?: (can|could|should|would|might|do|does|did) (i|we|one|people|you|folks|someone|anyone))? (.+)$/i.exec(
      q.replace(/^(\w+)'s\b/, "$1 is"),
    );
  // "Can you tell me / do you know where the library is?": the clause asked about.
  const embedded =
    aux && /^(?:tell me|know|say) ((?:where|who|what|when|how|if|whether)\b.*)$/i.exec(aux[2]);
  if (embedded) said = `I'm not sure ${swapPerson(embedded[1])}`;
  else if (wh && wh[2] && u.about === "you" && /^(your|you)\b/i.test(wh[3] ?? ""))
    // "What's your favourite food?": its own thing it has no fact on; one does not "not know" it.
    said = "I couldn't pick just one, to be honest";
  else if (aux) {
    const n = NEGATED[aux[1].toLowerCase()];
    said = `No, I${n.startsWith("'") ? n : ` ${n}`} ${swapPerson(aux[2])}`;
  } else if (wh && wh[2]) {
    // "who the mayor here is" → "who the mayor is": the place word left off.
    const what = swapPerson(wh[3]).replace(/\s+(here|around here|in town|nowadays|now)$/i, "");
    said = `I don't know ${wh[1].toLowerCase()} ${what} ${wh[2].toLowerCase()}`;
  } else if (whAux && !whAux[2] && /^(who|what)$/i.test(whAux[1])) {
    said = `I don't know ${whAux[1].toLowerCase()} ${swapPerson(whAux[4])}`;
  } else if (u.about === "you" && /\b(think|feel)\b/i.test(q) && /\b(?:of|about) (.+)$/i.test(q)) {
    // "What do you think of the new bakery?" about a thing it has never met.
    const thing = /\b(?:of|about) (.+)$/i.exec(q)![1];
    return `I haven't heard of ${swapPerson(thing)}, so I couldn't tell you. What's it like?`;
  } else if (whAux && whAux[2] && whAux[3].toLowerCase() !== "you") {
    const modal = /^(do|does|did)$/i.test(whAux[2]) ? "" : `${whAux[2].toLowerCase()} `;
    said = `I'm not sure ${whAux[1].toLowerCase()} ${swapPerson(whAux[3].toLowerCase())} ${modal}${whAux[4]}`;
  } else if (u.wh === "where" || (u.wh === "yesno" && /\b(is|are) there\b/i.test(q))) {
    const thing = (nlp(q).nouns().out("array") as string[])
      .map((x) => x.replace(/[^A-Za-z' -]/g, "").trim())
      .find((x) => x && !/^(i|you|we|there|it|somewhere|anywhere|here)$/i.test(x));
    said = thing
      ? `I don't know of ${/^(a|an|the|some|any)\b/i.test(thing) ? thing.replace(/^the\b/i, "a") : `any ${thing}`} around here, I'm afraid`
      : "I'm not sure where, I'm afraid";
  } else if (foreign.length) said = `I don't know much about that, I'm afraid`;
  if (!said) return undefined;
  const words = foreign.length ? foreign : purposeWords(u);
  // Someone or somewhere that might help, else a question back.
  const asksPlace = u.wh === "where" || u.wh === "yesno";
  const place = words.length && !asksPlace ? placesFor(words, k, talk.residents)[0] : undefined;
  const helper = peopleOn(words, k).sentences[0];
  const head = words[0] ?? "";
  // Something one can see, asked with a verb of seeing or finding ("have you SEEN my dog").
  const verb = aux ? (lemma(aux[2].split(" ")[0] ?? "", "verb") ?? irregularVerb(aux[2])) : "";
  const seen =
    ["noun.animal", "noun.artifact", "noun.object", "noun.plant"].includes(
      domainOf(head, "noun"),
    ) &&
    (domainOf(verb, "verb") === "verb.perception" || closeness(verb, "find") >= 0.6) &&
    !nlp(u.text).has("#Verb (about|of)");
  // "a good doctor": someone of a kind, not a person it could name.
  const indefinite = nlp(last).has(`(a|an|any) #Adjective? ${head}`);
  const turn = place
    ? `You could ask at ${placePhrase(place.p.name)}.`
    : helper
      ? helper
      : seen && u.wh === "yesno"
        ? choose(
            ["What does it look like? I'll keep an eye out.", "Where did you last see it?"],
            talk,
            "seen",
          )
        : asksPlace && !aux
          ? choose(
              ["Sorry I can't be more help.", "Maybe someone else in town would know."],
              talk,
              "where",
            )
          : domainOf(head, "noun") === "noun.person" && u.about !== "you"
            ? choose(
                [
                  "Why do you ask?",
                  indefinite ? "Are you looking for one?" : "Are you looking for them?",
                ],
                talk,
                "who",
              )
            : choose(["Why do you ask?", "What made you think of it?"], talk, "ask");
  return `${sentence(said)} ${turn}`;
}

/** What an opinion question is about: the listener's work, home and town, or a thing. */
type OpinionOf = "work" | "home" | "thing";

/** "Do you like what you do?", "How do you feel about living here?", "Are you happy at work?":
 *  a verb or adjective of feeling about the listener's own life. */
function opinionAsked(u: Utterance): { of: OpinionOf; words: string[] } | undefined {
  if (u.about !== "you" || u.act !== "question") return undefined;
  const doc = nlp(u.text);
  // A verb or adjective that evaluates (liking, enjoying, being happy with), not one of wanting
  // or hoping, which asks for a wish, nor of worrying, which asks for a worry (the persona's
  // other two attitudes, facts of their own).
  const feeling = (w: string) => {
    const evaluates = Math.max(...["like", "enjoy", "happy"].map((c) => closeness(w, c)));
    return (
      evaluates >= 0.6 && evaluates > closeness(w, "want") && evaluates > closeness(w, "worry")
    );
  };
  // The word after the subject is its verb, whatever the tagger says ("do you LIKE what ...").
  const afterYou = [...u.text.toLowerCase().matchAll(/\byou (\w+)/g)].map(
    (m) => lemma(m[1], "verb") ?? m[1],
  );
  const felt =
    u.topic.some(feeling) ||
    afterYou.some(feeling) ||
    doc.has("(think|feel) (of|about)") ||
    doc.has("(what|how) do you (think|feel)");
  if (!felt) return undefined;
  const words = u.topic.filter((w) => !feeling(w) && closeness(w, "think") < 0.6);
  const near = nearestKind({ ...u, topic: words });
  const here = doc.has("(here|town|place|live|living|neighborhood|neighbourhood)");
  if (near.kind === "occupation" && near.score >= 0.45) return { of: "work", words };
  if (here || (near.kind === "home" && near.score >= 0.45)) return { of: "home", words };
  // "Do you like what you do?": the free relative "what you do" is one's work.
  if (!words.length || doc.has("what you do")) return { of: "work", words };
  return { of: "thing", words };
}

/** Its view of its work or its home and town, from its persona: what it does and hopes for, and
 *  a worry if it has one ("Mostly, though ..."). */
function opinionOf(
  o: { of: OpinionOf; words: string[] },
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
): Source {
  const lower = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));
  const tell = (x: Fact) => tellable(x, k.knowsSpeaker);
  // The answer's first words follow the question's: "Do you ...?" "I do"; "Are you ...?" "I am".
  const aux = /^(do|are)\b/i.exec(u.text)?.[1].toLowerCase();
  const yes = aux === "do" ? "I do" : aux === "are" ? "I am" : "I like it";
  // A worry tempers the view only when it is about the same thing.
  const worryOn = (words: Set<string>, except?: Fact) =>
    f.facts.find(
      (x) =>
        x !== except && x.kinds.includes("worry") && tell(x) && x.words.some((w) => words.has(w)),
    );
  const opener = (worry: Fact | undefined) =>
    worry ? (aux ? "Mostly, yes." : "I like it, mostly.") : `${yes}, very much.`;
  if (o.of === "work") {
    // Its work: the clauses on work first (a backstory's first clause may be a move or a birth).
    // The backstory's before the status's ("busy with work these days" is no occupation).
    const occ = f.facts.filter((x) => x.kinds.includes("occupation") && tell(x));
    const onWork = (x: Fact) =>
      x.words.some((w) => closeness(w, "work") >= 0.75 || closeness(w, "job") >= 0.75);
    const learned = occ.filter((x) => x.source === "learned");
    const fact = learned.find(onWork) ?? learned[0] ?? occ.find(onWork) ?? occ[0];
    if (!fact) return { name: "opinion", sentences: [] };
    const work = short(mine(f, fact.text));
    const wish = f.facts.find((x) => x.kinds.includes("wish") && tell(x) && x !== fact);
    const worry = worryOn(new Set(fact.words), fact);
    return {
      name: "opinion",
      sentences: [
        [
          opener(worry),
          work,
          wish ? mine(f, wish.text) : "",
          worry ? `Though ${lower(mine(f, worry.text))}` : "",
        ]
          .filter(Boolean)
          .join(" "),
      ],
    };
  }
  if (o.of === "home") {
    const liked = likedPlace(f, k);
    const placeWords = new Set(
      k.places
        .filter((p) => !p.dwelling && !p.name.includes(" of "))
        .flatMap((p) => wordsOf(p.name)),
    );
    const worry = worryOn(placeWords, liked);
    return {
      name: "opinion",
      sentences: [
        [
          worry ? opener(worry) : "I like it here.",
          liked ? mine(f, liked.text) : "",
          worry ? `Though ${lower(mine(f, worry.text))}` : "",
        ]
          .filter(Boolean)
          .join(" "),
      ],
    };
  }
  const related = topical({ topic: o.words } as Utterance, f, k, 0.5).sentences[0];
  return {
    name: "opinion",
    sentences: related ? [`${yes}. ${related}`] : [],
  };
}

/** Of a sentence listing habits ("I go to bed at 11 pm, wake up ..., and take long walks in the
 *  park"), the part that names one of the words, with its subject: "I take long walks in the
 *  park after lunch." */
function partAbout(text: string, words: string[]): string {
  const parts = text.replace(/[.!]$/, "").split(/,\s*(?:and\s+)?|\s+and\s+/);
  if (parts.length < 2) return text;
  const part = parts.find((p) => wordsOf(p).some((w) => words.includes(w)));
  if (!part) return text;
  return sentence(/^I\b/.test(part) ? part : `I ${part}`);
}

/** "Have you eaten yet?", "Did you sleep well?": a yes/no question on something of its own day,
 *  answered by the block of its day the question's verb names: done (when), or still to come. */
function doneToday(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.wh !== "yesno" || u.about !== "you" || u.tense !== "past") return undefined;
  const m = /^(?:have|has|did) you\s+(?:\w+ly\s+)?(\w+)/i.exec(u.text);
  if (!m) return undefined;
  const verb = lemma(m[1], "verb") ?? irregularVerb(m[1]);
  // A light verb ("have you HAD lunch", "have you BEEN to the park") leaves it to its object.
  const light = ["verb.stative", "verb.possession"].includes(domainOf(verb, "verb"));
  const keys = light ? u.topic.filter((w) => w !== verb) : [verb];
  if (!keys.length) return undefined;
  // A task's verb is matched by sense ("sleeping"), its nouns by what they are for ("eat" meets
  // "lunch"), so "grabbing toast" is no sleep.
  const names = (b: DayBlock) => {
    const task = plain(b.task);
    const first = task.split(" ")[0].toLowerCase();
    const taskVerb = lemma(first, "verb") ?? irregularVerb(first);
    const nouns = [
      ...(nlp(task).nouns().out("array") as string[]).flatMap((n) => wordsOf(n)),
      // Where it was counts for a thing asked of ("been to the PARK"), not for a doing.
      ...(light ? wordsOf(b.place ?? "") : []),
    ];
    return keys.some(
      (key) =>
        key === taskVerb ||
        closeness(key, taskVerb) >= 0.9 ||
        nouns.some((n) => n === key || purposeMatch(key, n) >= 0.6),
    );
  };
  const day = [...k.yesterday.filter((b) => b.end > 20 * 60), ...k.today];
  const done = day.filter((b) => b.start < k.minute && names(b)).at(-1);
  if (done) {
    const task = inFirstPerson(plain(done.task), f.name, f.pronoun);
    return {
      name: "done",
      sentences: [
        done.end <= k.minute || done.start > done.end
          ? sentence(`Yes, I was ${task} until ${clock(done.end)}`)
          : sentence(`Yes, I'm ${task} right now`),
      ],
    };
  }
  const later = activities(k.today).find((b) => b.start >= k.minute && names(b));
  if (later)
    return {
      name: "done",
      sentences: [
        sentence(`Not yet. I'll be ${doingPhrase(later, f, k)} at ${clock(later.start)}`),
      ],
    };
  return undefined;
}

/** Its free time: what it does in the evening (not eating or sleeping), and its habits. */
function leisure(f: PersonaFacts, k: Knowledge): Source {
  // Not meals, and not its work: the place where its daytime is spent most.
  const sectorOf = (b: DayBlock) => b.place?.split(" of ").at(-1);
  const daytime = new Map<string, number>();
  for (const b of activities(k.today)) {
    const sec = sectorOf(b);
    if (sec && b.start >= 8 * 60 && b.end <= 17 * 60)
      daytime.set(sec, (daytime.get(sec) ?? 0) + b.end - b.start);
  }
  const work = [...daytime].sort((a, b) => b[1] - a[1])[0]?.[0];
  const evening = activities(k.today).filter(
    (b) =>
      b.start >= 17 * 60 &&
      !wordsOf(plain(b.task)).some((w) => closeness(w, "eat") >= 0.6) &&
      (!work || sectorOf(b) !== work),
  );
  const said = evening.length
    ? sentence(
        `In the evenings I'm usually ${listOf(evening.slice(0, 2).map((b) => doingPhrase(b, f, k)))}`,
      )
    : "";
  const habits = factsOf(f, k, (x) => x.kinds.includes("habit"));
  return { name: "leisure", sentences: [said, ...habits].filter(Boolean) };
}

/** "Do you play any music?": a yes/no question on something it does, answered from its habits
 *  and its day when one of them names the doing ("I play the piano at home, not well"). */
function doYou(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.wh !== "yesno" || u.about !== "you") return undefined;
  const m = /^do you\s+(?:\w+ly\s+)?(\w+)/i.exec(u.text);
  if (!m) return undefined;
  const verb = lemma(m[1], "verb") ?? m[1];
  const light = ["verb.stative", "verb.possession", "verb.emotion"];
  if (light.includes(domainOf(verb, "verb"))) return undefined;
  const objects = u.topic.filter((w) => w !== verb);
  // The doing by its own verb; its object, if asked, by what the words are for.
  const fits = (head: string[], words: string[]) =>
    head.includes(verb) &&
    (!objects.length ||
      words.some((w) => w !== verb && objects.some((o) => o === w || purposeMatch(o, w) >= 0.6)));
  const fact = f.facts.find((x) => tellable(x, k.knowsSpeaker) && fits(x.words, x.words));
  if (fact)
    return {
      name: "do-you",
      sentences: [`Yes. ${partAbout(mine(f, fact.text), [verb, ...objects])}`],
    };
  const b = activities(k.today).find((x) => {
    const task = plain(x.task);
    const first = task.split(" ")[0].toLowerCase();
    return fits([lemma(first, "verb") ?? irregularVerb(first)], wordsOf(task));
  });
  if (b)
    return {
      name: "do-you",
      sentences: [sentence(`Yes, I'll be ${doingPhrase(b, f, k)} ${dayPart(b.start)} today`)].map(
        (x) => (b.start < k.minute ? x.replace("I'll be", "I was") : x),
      ),
    };
  return undefined;
}

/** What it likes of the town: a habit at one of the town's places ("walks in the park"), else
 *  what it says of its home. */
function likedPlace(f: PersonaFacts, k: Knowledge, habitOnly = false): Fact | undefined {
  const placeWords = new Set(
    k.places.filter((p) => !p.dwelling).flatMap((p) => wordsOf(p.name.split(" of ").at(-1) ?? "")),
  );
  const tell = (x: Fact) => tellable(x, k.knowsSpeaker);
  return (
    f.facts.find(
      (x) => x.kinds.includes("habit") && tell(x) && x.words.some((w) => placeWords.has(w)),
    ) ?? (habitOnly ? undefined : f.facts.find((x) => x.kinds.includes("home") && tell(x)))
  );
}

// ------------------------------------------------------------------------------- the answer

/** Which of its kinds a question's topic is nearest to (occupation, family, worry, ...). */
function nearestKind(u: Utterance): { kind: string; score: number } {
  let best = { kind: "", score: 0 };
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
      const s = relatedness(t, kind);
      if (s > best.score) best = { kind, score: s };
    }
  return best;
}

const newsy = (u: Utterance) =>
  u.topic.some(
    (t) =>
      relatedness(t, "news") >= 0.5 ||
      relatedness(t, "happen") >= 0.8 ||
      relatedness(t, "event") >= 0.6,
  );

/** Asked whether it heard of or about something ("heard about", "know of"): news, not sight. */
const hearsay = (u: Utterance) => asksHeard(u) && nlp(u.text).has("#Verb (about|of)");

/** Whether a question asks what one heard, saw or was told of ("have you heard", "did you see"):
 *  a verb of perception or communication among its words (WordNet's files). */

const asksHeard = (u: Utterance) =>
  u.topic.some((t) =>
    [
      t,
      nlp(`they ${t} it`)
        .verbs()
        .toInfinitive()
        .text()
        .replace(/^they | it$/g, ""),
    ].some((w) => ["verb.perception", "verb.communication"].includes(domainOf(w, "verb"))),
  );

export function answerPeople(
  u: Utterance,
  k: Knowledge,
  talk: Talk,
  fallback: () => string,
): PeopleAnswer {
  const f = personaFacts(k.persona);
  const v = firstName(talk.speaker);
  const first = talk.said.length === 0;
  const hello = first ? choose([`Hi ${v}!`, `Hello, ${v}.`, `Oh, hello ${v}!`], talk, "hi") : "";
  const withHello = (t: string) => (u.greets && hello ? `${hello} ${t}` : t);
  const now = activities(k.today).find((x) => x.start <= k.minute && x.end > k.minute);
  const doingNow = now ? doingPhrase(now, f, k) : "";
  const reply = (
    sentences: string[],
    source: string,
    extra: Partial<PeopleAnswer> = {},
  ): PeopleAnswer | undefined => {
    const fresh = unsaid(sentences, talk);
    if (!fresh.length) return undefined;
    // The best source's first sentences, in order (an introduction opens with the name).
    const text = fresh.slice(0, 2).join(" ");
    return { text: withHello(text), end: false, source, ...extra };
  };

  switch (u.act) {
    case "greeting":
      return {
        text: first
          ? `${hello} I'm ${f.first}.${doingNow ? ` I was just ${doingNow}.` : ""}`
          : choose([`Hello again, ${v}.`, `Yes, ${v}?`], talk, "again"),
        end: false,
        source: "greeting",
      };
    case "thanks":
      return {
        text: choose(
          [`You're welcome, ${v}.`, `Any time, ${v}!`, `Glad I could help.`],
          talk,
          "thanks",
        ),
        end: false,
        source: "thanks",
      };
    case "goodbye":
      return {
        text: choose(
          [
            `Goodbye, ${v}! It was nice talking to you.`,
            `Take care, ${v}. See you around!`,
            `Bye, ${v}!`,
          ],
          talk,
          "bye",
        ),
        end: true,
        source: "goodbye",
      };
    case "invitation":
      return invitation(u, f, k, talk);
    case "request": {
      const p = places(u, k, talk.residents);
      // Asked to recommend somewhere it knows none for: honestly, by what was asked.
      const wanted = purposeWords(u);
      const somewhere = nlp(u.text).has("(anywhere|somewhere|someplace|place|spot)");
      return (
        reply(p.sentences, "request") ??
        (somewhere && wanted.length
          ? {
              text: withHello(
                `I'm not sure where to go for ${listOf(wanted)} around here, I'm afraid.`,
              ),
              end: false,
              source: "request",
            }
          : undefined) ?? {
          text: withHello(
            doingNow
              ? `I wish I could help, but I'm in the middle of ${doingNow}.`
              : `I'm not sure I can help with that, ${v}.`,
          ),
          end: false,
          source: "request",
        }
      );
    }
    case "statement":
    case "opinion":
      return statement(u, f, k, talk, withHello);
  }

  // A question.
  const sources: Source[] = [];
  // What it holds as records (memory/fact.ts): news told as itself, with who told it.
  const held = heldRecords(talk.memories);
  const askedRecords = (topic: string[][], person?: string) =>
    recordsAsked(held, {
      me: talk.me,
      listener: talk.speaker,
      ...(talk.now !== undefined ? { now: talk.now } : {}),
      topic,
      ...(person ? { person } : {}),
    });
  // The place a question is set in is not what it asks about ("What's going on IN TOWN?").
  const setIn = (w: string) =>
    domainOf(w, "noun") === "noun.location" && nlp(u.text).has(`#Preposition ${w}`);
  const topic = newsTopic(u.topic.filter((w) => !setIn(w)));
  const onTopic = topic.length ? askedRecords(topic) : [];
  // Nothing on record about what is asked: its memories that bear on the words asked (never on
  // the asking), then "no", and the news it does have.
  const notHeard = (): Source[] => [
    {
      name: "news-memory",
      sentences: fromMemories(fallback(), talk, k).filter((x) => bearing(x, topic) >= 0.5),
    },
    {
      name: "not-heard",
      sentences: [
        u.wh === "yesno"
          ? `No, I haven't heard anything about that.${askedRecords([])[0] ? ` ${askedRecords([])[0]}` : ""}`
          : "I haven't heard anything about that.",
      ],
    },
  ];
  // A yes/no question about something it has heard of is answered "yes", then what it heard.
  const yes = (xs: string[]) =>
    u.wh === "yesno" && xs.length ? [`Yes. ${xs[0]}`, ...xs.slice(1)] : xs;
  const foreign = foreignTopic(u, k);
  // A question that seeks a place: "where ...", or "is there somewhere / a bakery ...".
  const seeksPlace =
    (u.wh === "where" && u.about !== "you") ||
    // "Can you tell me where the library is?": a where-clause inside the question.
    (u.wh === "yesno" && nlp(u.text).has("where")) ||
    // "What's the best place for coffee?": a question for a place.
    // (Not a place the question is set in: "What's been going on IN TOWN?")
    ((u.wh === "what" || u.wh === "which") &&
      u.about !== "you" &&
      u.topic.some((w) => domainOf(w, "noun") === "noun.location" && !setIn(w))) ||
    (u.wh === "yesno" &&
      (nlp(u.text).has("(somewhere|anywhere|someplace)") || nlp(u.text).has("^(is|are) there")));
  const asked = opinionAsked(u);
  // A view of a thing of its own life it has no fact on is left to the other sources.
  const opinion = asked && asked.of !== "thing" ? asked : undefined;
  let dayAsked = true;
  // "What's your favourite spot in town?": the place of a habit of its own.
  const favourite =
    !opinion &&
    u.about === "you" &&
    (nlp(u.text).match("(#Adjective|#Superlative) [#Noun]", 0).out("array") as string[]).some(
      (n) => domainOf(lemma(n.toLowerCase(), "noun") ?? n, "noun") === "noun.location",
    );
  if (u.about === "person" && u.person) {
    // Who they are to it first, then its news of them.
    const person = aboutPerson(u.person, f, k, talk.memories);
    const news = askedRecords([], u.person);
    // (A memory's "X heard from Y that ..." is what a record tells, said better.)
    const rest = person.sentences.filter((x) => !news.length || !/ heard from /.test(x));
    sources.push({ name: "person", sentences: [...rest.slice(0, 1), ...news, ...rest.slice(1)] });
  } else if (favourite) {
    const liked = likedPlace(f, k, true);
    const place = liked
      ? k.places.find(
          (p) =>
            !p.name.includes(" of ") &&
            !p.dwelling &&
            p.name !== k.home.split(" of ").at(-1) &&
            wordsOf(p.name).some((w) => liked.words.includes(w)),
        )
      : undefined;
    if (liked && place)
      sources.push({
        name: "favourite",
        sentences: [
          `${place.name}, I'd say. ${partAbout(mine(f, liked.text), wordsOf(place.name))}`,
        ],
      });
    // Else the place outside its home where its day is spent most.
    const homeSector = k.home.split(" of ").at(-1);
    const time = new Map<string, number>();
    for (const b of activities(k.today)) {
      const sector = b.place?.split(" of ").at(-1);
      if (sector && sector !== homeSector && !k.places.some((p) => p.name === sector && p.dwelling))
        time.set(sector, (time.get(sector) ?? 0) + b.end - b.start);
    }
    const most = [...time].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (most)
      sources.push({
        name: "favourite",
        sentences: [`Probably ${most}; I spend most of my days there.`],
      });
  } else if (seeksPlace) sources.push(places(u, k, talk.residents));
  else if (foreign.length && u.wh === "who") {
    // "Who runs the bakery?": whoever it knows of that bears on the thing, else honestly not.
    dayAsked = false;
    const on = { ...u, topic: foreign };
    sources.push(recall(on, f, k, talk, 0.75), topical(on, f, k, 0.75), peopleOn(foreign, k));
  } else if (opinion) sources.push(opinionOf(opinion, u, f, k));
  else if (newsy(u) || (u.about === "people" && !foreign.length)) {
    // News on the words asked, or any news when it asks for any; then what its memories hold.
    if (topic.length) {
      sources.push({ name: "news", sentences: yes(onTopic) }, ...notHeard());
    } else {
      sources.push({ name: "news", sentences: yes(askedRecords([])) });
      const told = fromMemories(fallback(), talk, k);
      if (told.length) sources.push({ name: "news-memory", sentences: told });
      sources.push(recall(u, f, k, talk));
    }
    // Nothing new: a quiet time is an answer too, with what fills its days.
    const plans = factsOf(f, k, (x) => x.kinds.includes("plan"));
    sources.push({
      name: "news-quiet",
      sentences: [
        `Nothing much, really; it's been quiet.${doingNow ? ` I've been ${doingNow}.` : ""}`,
        ...plans,
      ],
    });
  } else if (foreign.length) {
    // A thing outside its own life and day ("my dog", "the mayor"): what it remembers or its
    // persona says of it, else an honest answer that takes the question up; news it holds on
    // the thing first ("Have you seen a lost cat?" when told of one).
    dayAsked = false;
    const on = { ...u, topic: foreign };
    if (onTopic.length) sources.push({ name: "news", sentences: yes(onTopic) });
    // "Have you heard about a fire at the mill?": hearsay asked of, not a thing seen; a plain no.
    else if (hearsay(u)) sources.push(...notHeard());
    sources.push(recall(on, f, k, talk, 0.75), topical(on, f, k, 0.75), peopleOn(foreign, k));
  } else {
    // Asked whether it heard of, saw or knows something: what its records hold on it comes first;
    // asked whether it heard of something it has no record of, what its memories say of the thing
    // asked (not of the hearing: "I heard from ..." bears on "have you heard" by its verb alone),
    // else a plain no.
    if (onTopic.length && (u.wh === "yesno" || asksHeard(u)))
      sources.push({ name: "news", sentences: yes(onTopic) });
    else if (asksHeard(u) && topic.length) sources.push(...notHeard());
    const did = doneToday(u, f, k) ?? doYou(u, f, k);
    if (did) sources.push(did);
    const near = nearestKind(u);
    // "Have you lost anything lately?": a doing its day does not hold is not its day recited.
    const doingAsked =
      !did &&
      u.wh === "yesno" &&
      u.about === "you" &&
      u.tense === "past" &&
      // A doing ("lost"), not a state of its day ("busy"), which its day answers.
      u.topic.some(
        (w) => senses(w, "verb").length > 0 && senses(w, "verb").length >= senses(w, "adj").length,
      );
    if (doingAsked) dayAsked = false;
    const aboutPast =
      !doingAsked &&
      (u.span === "yesterday" ||
        (u.span === "today" && u.wh === "how" && u.tense !== "future") ||
        (u.tense === "past" &&
          u.about === "you" &&
          ["today", "recent", "general"].includes(u.span)));
    const aboutPlans =
      near.kind === "plan" ||
      u.tense === "future" ||
      ["now", "evening", "tomorrow", "future", "week"].includes(u.span) ||
      (u.wh === "what" && u.topic.length === 0);
    // "Do you have brothers or sisters?": the kin asked of, by what its persona names.
    const kin = u.topic.filter((w) => kindOf(w, "relative") || kindOf(w, "friend"));
    if (u.wh === "yesno" && kin.length) sources.push(kinAsked(kin, f, k));
    // "Who are your closest friends?": the friends its persona names, else those it talks with
    // most, else those its days are spent with.
    if (u.wh === "who" && kin.some((w) => w === "friend" || kindOf(w, "friend")))
      sources.push(friends(f, k, talk));
    // "Who do you live with?": the persona's fact on its people with the question's own verb.
    const verbs = (nlp(u.text).verbs().toInfinitive().out("array") as string[]).flatMap((v) =>
      wordsOf(v),
    );
    if (u.wh === "who" && u.about === "you" && !u.topic.length) {
      const withVerb = f.facts.find(
        (x) =>
          tellable(x, k.knowsSpeaker) &&
          (x.kinds.includes("family") || x.kinds.includes("friend")) &&
          x.words.some((w) => verbs.includes(w)),
      );
      if (withVerb)
        sources.push({
          name: "company",
          sentences: [ownClause(mine(f, withVerb.text), verbs)],
        });
    }
    // "Who are you?": who it is; "Who do you spend time with?": its people.
    if (u.wh === "who" && u.about === "you" && !u.topic.length) sources.push(identity(f, k));
    if (u.wh === "who") sources.push(company(f, k, talk));
    // "What do you do?": the simple present of "do" about the listener asks for its work.
    // "What do you do for fun?": a purpose other than a living asks for its free time: the
    // evening's doings and its habits, not its work.
    const forLeisure =
      nlp(u.text).has("what do you do for") &&
      !(nearestKind(u).kind === "occupation" && nearestKind(u).score >= 0.45) &&
      !u.topic.some((w) => relatedness(w, "living") >= 0.9 || closeness(w, "work") >= 0.6);
    if (forLeisure) sources.push(leisure(f, k));
    else if (u.wh === "what" && u.span === "general" && nlp(u.text).has("what do you do"))
      sources.push(identity(f, k));
    if (aboutPast) sources.push(past(u, f, k));
    // A named time ("this evening", "tomorrow") asks about the plan first, whatever the topic.
    const namedTime = ["now", "evening", "tomorrow", "week"].includes(u.span);
    if (!aboutPast && aboutPlans && (near.score < 0.6 || namedTime))
      sources.push(plansFor(u, f, k, talk, held));
    if (near.score >= 0.45) {
      if (near.kind === "name") sources.push(identity(f, k));
      else if (near.kind === "family" || near.kind === "friend") sources.push(company(f, k, talk));
      else if (near.kind === "worry" || near.kind === "wish") sources.push(feelings(f, k));
      else if (near.kind === "plan") sources.push(plansFor(u, f, k, talk, held));
      else
        sources.push({
          name: near.kind,
          sentences: factsOf(f, k, (x) => x.kinds.includes(near.kind as Fact["kinds"][number])),
        });
    }
    if (u.wh === "how" && !u.topic.length && !aboutPast)
      sources.push({
        name: "feelings",
        sentences: [
          sentence(`I'm well, thanks${doingNow ? `; I'm ${doingNow}` : ""}`),
          ...feelings(f, k).sentences,
        ],
      });
    if (u.wh === "where" && u.about === "you" && !aboutPast)
      sources.push({
        name: "home",
        sentences: [
          sentence(`I live at ${k.home.split(" of ").at(-1)}`),
          ...factsOf(f, k, (x) => x.kinds.includes("home")),
        ],
      });
    if (!u.topic.length && u.wh === "who") sources.push(identity(f, k));
    // A topic that is none of its own kinds ("any party?") is looked for in what it remembers
    // first, then in its persona; who it is comes last.
    // A yes/no question is answered by what bears on it closely, not by any fact of its life.
    const min = doingAsked ? 0.75 : u.wh === "yesno" ? 0.6 : 0.3;
    const own = nearestKind(u).score >= 0.3;
    if (u.topic.length && !own) {
      const told = fromMemories(fallback(), talk, k).filter((x) => bears(x, u.topic));
      if (told.length) sources.push({ name: "memory", sentences: told });
      sources.push(recall(u, f, k, talk, min));
    }
    // "What time do you go to bed?": the block of its day the topic names, with its time.
    if ((u.wh === "when" || nlp(u.text).has("what time")) && u.about === "you") {
      const b = k.today.find((x) =>
        wordsOf(plain(x.task)).some((w) =>
          u.topic.some((t) => t === w || purposeMatch(t, w) >= 0.7),
        ),
      );
      if (b)
        sources.push({
          name: "when",
          sentences: [
            sentence(
              `I ${u.span === "general" ? "usually " : ""}${simplePresent(inFirstPerson(plain(b.task), f.name, f.pronoun))} at ${clock(b.start)}`,
            ),
          ],
        });
    }
    sources.push(topical(u, f, k, min), recall(u, f, k, talk, min));
    if (u.topic.length === 0 || u.wh === "who") sources.push(identity(f, k));
  }
  for (const s of sources) {
    const r = reply(s.sentences, s.name);
    if (r) return r;
  }
  if (!dayAsked || seeksPlace || u.wh === "yesno") {
    const honest = notKnown(u, foreign, k, talk);
    if (honest) return { text: withHello(honest), end: false, source: "not-known" };
  }
  // Nothing it knows bears on it: say so, and turn to what it does know or ask back.
  // (Not who it is: "I couldn't tell you. I'm Samuel Okafor." answers nothing.)
  return {
    text: withHello(
      choose(
        [
          `I couldn't tell you, ${v}. What makes you ask?`,
          `I don't really know.${doingNow ? ` I've mostly been ${doingNow}.` : ""} What about you?`,
          `Hm, I haven't heard anything about that. Why do you ask?`,
        ],
        talk,
        "unknown",
        u.text,
      ),
    ),
    end: false,
    source: "unknown",
  };
}

/** A person's news or view, answered in kind, with something of its own that bears on it. */
function statement(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
  withHello: (t: string) => string,
): PeopleAnswer {
  const v = firstName(talk.speaker);
  const related = unsaid(topical(u, f, k).sentences, talk)[0];
  // What the news is about, in the listener's words: its first noun phrase ("a flower festival",
  // "my cat" → "your cat"), never the whole line said back.
  const doc = nlp(u.text);
  const phrase = (doc.nouns().out("array") as string[])
    .map((n) => n.replace(/[.!?,]+$/, "").trim())
    .find(
      (n) => !/^(i|you|we|he|she|they|it|there|me)$/i.test(n) && !n.includes(talk.me.split(" ")[0]),
    );
  const about = phrase
    ? phrase
        .replace(/\bmy\b/gi, "your")
        .replace(/\bour\b/gi, "your")
        .split(" ")
        .slice(0, 5)
        .join(" ")
    : "";
  const react =
    u.act === "statement" && about
      ? choose(
          [
            `${cap(about)}? That's news to me, ${v}.`,
            `${cap(about)}? Thanks for telling me, ${v}.`,
            `Oh, ${about}! I'll remember that.`,
          ],
          talk,
          "news",
          u.text,
        )
      : u.act === "opinion"
        ? choose(
            [`I think so too, ${v}.`, `I'd agree with that.`, `You may be right.`],
            talk,
            "opinion",
            u.text,
          )
        : choose(
            [
              `Oh, that's good to know, ${v}.`,
              `Really? Thanks for telling me.`,
              `Is that so? I'll remember that.`,
            ],
            talk,
            "news",
            u.text,
          );
  return {
    text: withHello(`${react}${related ? ` ${related}` : ""}`),
    end: false,
    source: "statement",
  };
}

/** Accepts or declines by its day and its character, with a time when it accepts. */
function invitation(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk): PeopleAnswer {
  const v = firstName(talk.speaker);
  const day: 0 | 1 = u.span === "evening" || u.span === "today" || u.span === "now" ? 0 : 1;
  const asked =
    u.at !== undefined
      ? new Date(u.at).getUTCHours() * 60 + new Date(u.at).getUTCMinutes()
      : undefined;
  const blocks = activities(k.today);
  const busyWith = (m: number) => blocks.find((b) => b.start <= m && b.end > m);
  // A time given is taken when its hour is free of anything done with others; otherwise the
  // resident offers the start of its first afternoon or evening block that is its own.
  const free = (b: DayBlock) =>
    !/\bwith\b/.test(b.task) && !talk.residents.some((r) => b.task.includes(firstName(r)));
  if (asked !== undefined) {
    const b = busyWith(asked);
    if (b && !free(b))
      return {
        text: `I'd like to, ${v}, but I'm ${doingPhrase(b, f, k)} then. Another time?`,
        end: false,
        source: "invitation-declined",
      };
    return {
      text: `I'd love to, ${v}. I'll come by ${day ? "tomorrow" : "today"} at ${clock(asked)}.`,
      end: false,
      source: "invitation",
      accepted: { day, minute: asked, what: u.text },
    };
  }
  const from = day === 0 ? Math.max(k.minute + 60, 15 * 60) : 15 * 60;
  const slot =
    blocks.find((b) => b.start >= from && b.start <= 20 * 60 && free(b)) ??
    blocks.find((b) => b.start >= from && free(b));
  const shy = f.traits.some((t) => closeness(t, "shy") >= 0.6 || closeness(t, "reserved") >= 0.6);
  if (!slot)
    return {
      text: `That's kind of you, ${v}, but my days are full just now. Maybe another week?`,
      end: false,
      source: "invitation-declined",
    };
  const when = `${day ? "tomorrow" : "today"} around ${clock(slot.start)}`;
  return {
    text: shy
      ? `Thank you, ${v}. I'm not one for visits, but I could try ${when}.`
      : choose(
          [
            `I'd love to, ${v}! I could come by ${when}.`,
            `What a nice idea. I'll drop in ${when}, ${v}.`,
          ],
          talk,
          "accept",
        ),
    end: false,
    source: "invitation",
    accepted: { day, minute: slot.start, what: u.text },
  };
}
