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
import { closeness, domainOf, relatedness, senses } from "../language/lexicon.ts";
import { cap, clock, inFirstPerson, listOf, sentence } from "../language/realise.ts";
import { contentWords, type Utterance } from "../language/understand.ts";
import { ownMemoryAsI } from "../language/person.ts";
import { seeded } from "../language/random.ts";

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
  const occupation = factsOf(f, k, (x) => x.kinds.includes("occupation")).flatMap((o, i) =>
    i === 0 && short(o) !== o ? [short(o), o] : [o],
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

function plansFor(u: Utterance, f: PersonaFacts, k: Knowledge): Source {
  const now = k.minute;
  const today = k.today;
  const plans = factsOf(f, k, (x) => x.kinds.includes("plan"));
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
      sentences: said ? [said.replace(/^I'll be/, "This evening I'll be")] : plans,
    };
  }
  if (u.span === "tomorrow" || u.span === "future" || u.span === "week") {
    const usual = narrate(today, f, k, "future");
    const dated = plans.filter((p) => /tomorrow|next|week/i.test(p));
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

/** The places it knows, best for the topic first: by their names and what they hold. */
function places(u: Utterance, k: Knowledge, residents: readonly string[]): Source {
  // What the place is for: the things and doings asked about, not when, who, or the verbs of
  // going and finding that frame the question ("where do PEOPLE GO for a drink in the EVENING").
  const verbish = (w: string) => senses(w, "verb").length > senses(w, "noun").length;
  const framing = (w: string) =>
    ["noun.time", "noun.person", "noun.group", "noun.location"].includes(domainOf(w, "noun")) ||
    (verbish(w) && FRAMING_VERBS.includes(domainOf(w, "verb"))) ||
    (domainOf(w, "noun") === "" && domainOf(w, "verb") === "");
  const purpose = u.topic.filter((w) => !framing(w));
  const topic = purpose.length ? purpose : u.topic;
  // Homes are not places to send someone: its own and any named after a resident.
  const homeSector = k.home.split(" of ").at(-1) ?? "";
  const surnames = residents.map((r) => r.split(" ").at(-1) ?? r);
  const candidates = k.places
    .filter((p) => {
      const sector = p.name.split(" of ").at(-1) ?? p.name;
      return sector !== homeSector && !surnames.some((n) => sector.includes(n));
    })
    .map((p) => ({ p, words: contentWords(`${p.name} ${p.parts.join(" ")}`) }));
  // A word many of the places share ("room", "table") tells them apart less than one only a few
  // have ("dining", "bar"): each word's match counts by how rare it is among them (its IDF).
  // Counted by building (an arena's name carries its sector's), so a place is not rarer for
  // having fewer rooms.
  const bySector = new Map<string, Set<string>>();
  for (const c of candidates) {
    const sector = c.p.name.split(" of ").at(-1) ?? c.p.name;
    const set = bySector.get(sector) ?? new Set<string>();
    for (const w of c.words) set.add(w);
    bySector.set(sector, set);
  }
  const df = new Map<string, number>();
  for (const set of bySector.values()) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1);
  const n = bySector.size;
  const idf = (w: string) => Math.log((n + 1) / (df.get(w) ?? 1)) / Math.log(n + 1);
  const scored = candidates
    .map(({ p, words }) => {
      let s = 0;
      for (const t of topic) for (const w of words) s = Math.max(s, relatedness(t, w) * idf(w));
      return { p, s };
    })
    .filter((x) => x.s >= 0.08)
    .sort((a, b) => b.s - a.s);
  return {
    name: "places",
    sentences: scored.slice(0, 2).map(({ p }) => {
      const [arena, sector] = p.name.split(" of ");
      return sector ? sentence(`Try the ${arena} at ${sector}`) : sentence(`Try ${p.name}`);
    }),
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
  for (const m of memories)
    if (m.text.includes(first) && m.kind !== "chat" && !/ said to |\(a [a-z]+\)/.test(m.text))
      out.push(
        m.kind === "observation"
          ? // Something seen is told as seen, then: "Last I saw, Latoya was working ...".
            sentence(
              `Last I saw, ${m.text.replace(/\s*\([^)]*\)/g, "").replace(/\b(is|are)\b/, (v) => (v === "is" ? "was" : "were"))}`,
            )
          : sentence(ownMemoryAsI(m.text, f.name)),
      );
  return { name: "person", sentences: out };
}

/** Its memories that bear on the topic (never a line someone said to it, told back). */
function recall(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const speaker = firstName(talk.speaker);
  const scored = talk.memories
    .filter((m) => !/ said to |interviewed/.test(m.text) && !m.text.includes(speaker))
    .filter((m) => k.knowsSpeaker || !secretIn(m.text))
    .map((m) => {
      const words = contentWords(m.text);
      let s = 0;
      for (const t of u.topic) for (const w of words) s = Math.max(s, relatedness(t, w));
      return { m, s };
    })
    .filter((x) => x.s >= 0.3)
    .sort((a, b) => b.s - a.s);
  return {
    name: "memory",
    sentences: scored.slice(0, 2).map((x) => sentence(ownMemoryAsI(x.m.text, f.name))),
  };
}

/** Facts whose words bear on the topic. */
function topical(u: Utterance, f: PersonaFacts, k: Knowledge): Source {
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
    .filter((x) => x.s >= 0.3)
    .sort((a, b) => b.s - a.s);
  return { name: "facts", sentences: scored.map(({ x }) => mine(f, x.text)) };
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
      relatedness(t, "happen") >= 0.6 ||
      relatedness(t, "event") >= 0.6,
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
      return (
        reply(p.sentences, "request") ?? {
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
  if (u.about === "person" && u.person) sources.push(aboutPerson(u.person, f, k, talk.memories));
  else if (u.wh === "where" && u.about !== "you") sources.push(places(u, k, talk.residents));
  else if (newsy(u) || u.about === "people") {
    const told = fromMemories(fallback(), talk, k);
    if (told.length) sources.push({ name: "news", sentences: told });
    sources.push(recall(u, f, k, talk));
    // Nothing new: a quiet time is an answer too, with what fills its days.
    const plans = factsOf(f, k, (x) => x.kinds.includes("plan"));
    sources.push({
      name: "news-quiet",
      sentences: [
        `Nothing much, really; it's been quiet.${doingNow ? ` I've been ${doingNow}.` : ""}`,
        ...plans,
      ],
    });
  } else {
    const near = nearestKind(u);
    const aboutPast =
      u.span === "yesterday" ||
      (u.span === "today" && u.wh === "how" && u.tense !== "future") ||
      (u.tense === "past" && u.about === "you" && ["today", "recent", "general"].includes(u.span));
    const aboutPlans =
      near.kind === "plan" ||
      u.tense === "future" ||
      ["now", "evening", "tomorrow", "future", "week"].includes(u.span) ||
      (u.wh === "what" && u.topic.length === 0);
    // "Who are you?": who it is; "Who do you spend time with?": its people.
    if (u.wh === "who" && u.about === "you" && !u.topic.length) sources.push(identity(f, k));
    if (u.wh === "who") sources.push(company(f, k, talk));
    // "What do you do?": the simple present of "do" about the listener asks for its work.
    if (u.wh === "what" && u.span === "general" && nlp(u.text).has("what do you do"))
      sources.push(identity(f, k));
    if (aboutPast) sources.push(past(u, f, k));
    // A named time ("this evening", "tomorrow") asks about the plan first, whatever the topic.
    const namedTime = ["now", "evening", "tomorrow", "week"].includes(u.span);
    if (!aboutPast && aboutPlans && (near.score < 0.6 || namedTime))
      sources.push(plansFor(u, f, k));
    if (near.score >= 0.45) {
      if (near.kind === "name") sources.push(identity(f, k));
      else if (near.kind === "family" || near.kind === "friend") sources.push(company(f, k, talk));
      else if (near.kind === "worry" || near.kind === "wish") sources.push(feelings(f, k));
      else if (near.kind === "plan") sources.push(plansFor(u, f, k));
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
    const own = nearestKind(u).score >= 0.3;
    if (u.topic.length && !own) {
      const told = fromMemories(fallback(), talk, k);
      if (told.length) sources.push({ name: "memory", sentences: told });
      sources.push(recall(u, f, k, talk));
    }
    sources.push(topical(u, f, k), recall(u, f, k, talk));
    if (u.topic.length === 0 || u.wh === "who") sources.push(identity(f, k));
  }
  for (const s of sources) {
    const r = reply(s.sentences, s.name);
    if (r) return r;
  }
  // Nothing it knows bears on it: say so, and turn to what it does know or ask back.
  const nearby = unsaid(identity(f, k).sentences.concat(feelings(f, k).sentences), talk)[0];
  return {
    text: withHello(
      choose(
        [
          `I couldn't tell you, ${v}.${nearby ? ` ${nearby}` : ""}`,
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
