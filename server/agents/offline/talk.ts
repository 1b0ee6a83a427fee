// A conversation between two residents, offline, line by line: each line is made of moves its
// speaker chooses from what it knows as values (language/knowledge.ts) and its own memories. It
// greets by what it knows of the other (a stranger, someone it knows, someone it saw earlier
// today, what they talked of last time); answers what it was just asked through the same answer
// machinery people get (answerPeople: its day, work, family, plans, feelings, from its persona,
// plan and memories); reacts to the other's news; passes on its own (pickNews); asks the other
// about their day, work, family, plans or feelings; proposes to meet later or answers a proposal
// by its schedule; and closes when the talk has run its course (how long depends on the two and
// a seeded draw). What each line asks is kept as a value beside it (Ask), so the answer is to the
// question asked; the question's words are read the way a person's are (understand).
import * as chrono from "chrono-node";
import { noteBlock, noteKnowledgeIn, noteRecord, noteRelationship } from "./drawn.ts";
import {
  answerEvent,
  answeredTopic,
  answerNews,
  beyondAnswer,
  farewell,
  greeting,
  LEAD_INS,
  pickNews,
  talkTopic,
  tellNews,
  topicPhrase,
  type Ask,
  type ChatSideInput,
  type Line,
  type Meeting,
  type News,
  type PastContext,
  type Proposal,
  RECALLING,
} from "./dialogue.ts";
import { answerPeople } from "./answerPeople.ts";
import { acquainted, bondWith, esc } from "./answers/bond.ts";
import { offlineInterview } from "./interview.ts";
import { inTalk, lastQuestion } from "../language/understand.ts";
import { forFriends, newsAsTold, personaFacts, privateTo } from "../language/facts.ts";
import type { Knowledge } from "../language/knowledge.ts";
import { closeness, isWord, kindOf, lemma, senses } from "../language/lexicon.ts";
import { nameCandidates, speaksOf } from "../language/names.ts";
import { termsOf } from "../language/parse.ts";
import { clock, inFirstPerson, toListener } from "../language/realise.ts";
import { pick, seeded } from "../language/random.ts";
import { dayKey, sameDaySaid } from "../language/time.ts";
import type { MemoryLine } from "../prompts/builder.ts";
import type { Fact } from "../memory/fact.ts";
import { placeMeant, type PlaceName } from "../language/events.ts";

/** What a line asks about the other, as a value (the wording is seeded, the kind is kept). */
export type Topic = "day" | "work" | "family" | "plans" | "feelings";
const TOPICS: readonly Topic[] = ["day", "work", "family", "plans", "feelings"];

/** Ways to ask about each topic: ordinary English questions any two people ask each other. */
const WORDINGS: Record<Topic, readonly string[]> = {
  day: ["How has your day been so far?", "What have you been up to today?"],
  work: ["How is work going?", "What are you working on these days?"],
  family: ["How is your family?", "Who have you been spending time with lately?"],
  plans: ["What are you doing this evening?", "What are your plans for tomorrow?"],
  feelings: ["Is anything worrying you these days?", "What do you worry about these days?"],
};

/** Whether one knows the other: a view of them, talks with them, one's persona names them (family,
 *  friends), or one's memories do, or the town ties them (kin by the other's persona, a home
 *  shared). */
function knowsOf(s: ChatSideInput, k: Knowledge, other: string): boolean {
  // Once a talk: the knowledge is gathered once a talk (converse.ts), so it keys the answer.
  const known = knownTo.get(k)?.get(other);
  if (known !== undefined) return known;
  const answer = readKnows(s, k, other);
  if (!knownTo.has(k)) knownTo.set(k, new Map());
  knownTo.get(k)!.set(other, answer);
  return answer;
}

const knownTo = new WeakMap<Knowledge, Map<string, boolean>>();

function readKnows(s: ChatSideInput, k: Knowledge, other: string): boolean {
  const you = first(other);
  const named = new RegExp(`\\b${you}\\b`);
  return (
    !!s.relationship ||
    k.people.some((p) => p.name === other) ||
    personaFacts(k.persona).facts.some((f) => f.people.includes(you) || f.text.includes(other)) ||
    s.memories.some((m) => m.kind !== "observation" && named.test(m.text)) ||
    // (Kin by the other's persona, or those one shares a home with: a husband is no stranger.)
    !!bondWith(other, personaFacts(k.persona), k) ||
    // (Whom the town makes one acquainted with: one's employer, a neighbour, a workmate, another
    // of the town's long-standing residents.)
    acquainted(other, personaFacts(k.persona), k, s.people ?? [])
  );
}

const first = (name: string) => name.split(" ")[0];
const plain = (task: string) => task.replace(/\s*\(.*\)\s*$/, "").trim();

/** Whether the persona is reserved (shy, quiet, reserved: WordNet's nearness); read once a
 *  persona (its traits do not change), not once a line. */
function reserved(k: Knowledge): boolean {
  return temper(k.persona.innate).reserved;
}
function talkative(k: Knowledge): boolean {
  return temper(k.persona.innate).talkative;
}

const tempers = new Map<string, { reserved: boolean; talkative: boolean }>();
function temper(innate: string): { reserved: boolean; talkative: boolean } {
  let t = tempers.get(innate);
  if (t) return t;
  const traits = innate.split(/,\s*|\s+and\s+/).map((x) => x.trim().toLowerCase());
  const near = (to: string[]) => traits.some((x) => to.some((w) => closeness(x, w) >= 0.6));
  t = {
    reserved: near(["shy", "reserved"]),
    talkative: near(["talkative", "sociable", "outgoing"]),
  };
  if (tempers.size > 1000) tempers.clear();
  tempers.set(innate, t);
  return t;
}

/** How many lines this talk runs to, as its opener sees it: longer between people who know each
 *  other, shorter for the reserved, and a seeded draw so no two are alike. */
function length(s: ChatSideInput, k: Knowledge, other: string, now: number, max: number): number {
  const known = knowsOf(s, k, other);
  let n = 4 + (seeded(s.id, other, dayKey(now), "length") % 4) + (known ? 2 : 0);
  if (reserved(k)) n -= 2;
  if (talkative(k)) n += 2;
  return Math.max(3, Math.min(max, n));
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/);

/** The question sentence of a line (its last sentence that asks). */
function questionIn(text: string): string {
  const qs = text.split(/(?<=[.!?])\s+/).filter((s) => s.endsWith("?"));
  return qs.at(-1) ?? "";
}

/** A proposal's sentences: from the one that names the place to the question. */
function proposalIn(text: string): string {
  const ss = text.split(/(?<=[.!?])\s+/);
  return ss.slice(Math.max(0, ss.length - 2)).join(" ");
}

export interface TalkLine {
  text: string;
  end: boolean;
  /** "conversing about ...": the first news told, else what was asked about. */
  topic: string;
  /** The record of news the line tells. */
  told?: Fact;
  /** What it asks. */
  asks?: Ask;
  /** The meeting it accepts (the other's proposal, at the hour agreed). */
  meets?: Meeting;
  /** The place and hour it proposes. */
  proposes?: Proposal;
}

/**
 * The next line of a talk between two residents, offline, from the speaker's side (its own
 * memories and knowledge) and what was said so far (with what each line asked and told, as
 * values). `knows` is the speaker's knowledge; the caller gives it (converse.side).
 */
export function talkLine(...args: Parameters<typeof lineOf>): TalkLine {
  const line = lineOf(...args);
  return { ...line, text: addressedOnce(line.text, first(args[1].name)) };
}

/** A line that calls the other by name once: the first time it addresses them ("Thanks for
 *  telling me, Sofia.") and no more after ("It was good to catch up. See you around!"); their name
 *  as who did or said something ("Kenji told me so") stays. */
export function addressedOnce(text: string, you: string): string {
  const name = esc(you);
  // Addressed: after a comma before the sentence's end, a colon or a "but" ("Bye, Ana!", "another
  // thing, Ana: ...", "That's kind of you, Ana, but ..."), or first in a greeting ("Hello Ana, ...", "Hi Ana!").
  const after = new RegExp(`,\\s+${name}(?=[.!?:]|,\\s+but\\b)`, "g");
  const before = new RegExp(
    `^((?:Hello|Hi|Hey|Good (?:morning|afternoon|evening))),?\\s+${name}(?=[,.!?])`,
  );
  let seen = false;
  return sentencesOf(text)
    .map((x) => {
      const addresses = after.test(x) || before.test(x);
      after.lastIndex = 0;
      if (!addresses) return x;
      if (!seen) return ((seen = true), x);
      return x.replace(before, "$1").replace(after, "");
    })
    .join(" ");
}

function lineOf(
  speaker: ChatSideInput & { knows: Knowledge },
  listener: { name: string; action: string },
  soFar: readonly Line[],
  now: number,
  places: readonly PlaceName[],
  maxLines: number,
  past: PastContext | undefined,
  told: readonly (Fact | null)[],
  asked: readonly (Ask | null)[],
  proposed?: Proposal,
): TalkLine {
  const k = speaker.knows;
  const me = speaker.name;
  const other = listener.name;
  const you = first(other);
  const n = soFar.length;
  const people = speaker.people ?? [];
  const mineIdx = soFar.flatMap((l, i) => (l.speaker === me ? [i] : []));
  const theirIdx = soFar.flatMap((l, i) => (l.speaker !== me ? [i] : []));
  const iAsked = new Set(mineIdx.map((i) => asked[i]).filter((a): a is Ask => !!a));
  const theyAsked = new Set(theirIdx.map((i) => asked[i]).filter((a): a is Ask => !!a));
  const last = soFar[n - 1] as Line | undefined;
  const lastAsk = last && last.speaker !== me ? asked[n - 1] : null;
  const lastFact = last && last.speaker !== me ? told[n - 1] : null;
  const heardNow = told.filter((f, i): f is Fact => !!f && soFar[i]?.speaker !== me);
  const said = (t: string) => soFar.some((l) => l.text.includes(t));
  const salt = [speaker.id, other, dayKey(now), n];
  // A secret is for friends; what is about the listener they know already (named by their first
  // name or by title and family name: "Mayor Pike's habits").
  const friend = k.knowsSpeaker;
  // (Each memory is read for a secret only when it would be told: reading parses.)
  // What was retrieved, and one's own news whatever was (never forgotten).
  // (Talks with them stay: they say what the two already talked of, which is no news to them.)
  let tellable = [...speaker.memories, ...(speaker.kept ?? [])].filter(
    (m: MemoryLine) =>
      (m.kind === "chat" || !speaksOf(m.text, other, people)) &&
      // (Nor, from any talk, what one would keep from them: "Arjun has a crush on Lucy" is not
      // passed on to Lucy.)
      !privateTo(m.text, other, people),
  );
  let news: News | undefined;
  for (let tries = 0; tries < 4; tries++) {
    news = pickNews(
      tellable,
      now,
      places,
      me,
      people,
      other,
      theirIdx.map((i) => soFar[i].text),
      heardNow,
    );
    if (!news) break;
    // (A doing its persona keeps from the listener, "writing a song for Iris", is told as it
    // would be of its day, "writing a song", or not at all: language/facts.ts doingAsTold.)
    const asTold = asToldTo(news, personaFacts(k.persona), other, friend);
    if (asTold && (friend || !forFriends(asTold.text))) {
      news = asTold;
      break;
    }
    const kept = news.text;
    tellable = tellable.filter((m) => m.text !== kept);
    news = undefined;
  }
  const newsLine = news ? tellNews(news, me, other, now) : "";
  const canTell = !!newsLine && !said(newsLine) && n + 2 <= maxLines;
  if (news && canTell) noteNews(news);
  if (speaker.relationship) noteRelationship(other, speaker.relationship);

  // The other said goodbye: goodbye back, and the talk ends.
  if (lastAsk === "bye")
    return {
      text: pickFresh(
        [
          `Bye, ${you}!`,
          `See you, ${you}!`,
          `Take care, ${you}.`,
          `Good to see you, ${you}. Bye!`,
          `See you soon, ${you}. Enjoy your day!`,
        ],
        soFar,
        ...salt,
      ),
      end: true,
      topic: topicOf(told, asked, soFar, now, places, people),
    };

  const parts: string[] = [];
  let ask: Ask | undefined;
  let tells: Fact | undefined;
  let proposes: Proposal | undefined;

  // -- the opening: a greeting by what one knows of the other, then one's news or a question.
  if (n === 0) {
    parts.push(opening(speaker, k, other, now, past));
    // One comes over with weighty news (an event one holds, a loss) to tell it; lesser news
    // waits for the talk (seeded), which opens on the other instead.
    const first = canTell && news && (news.importance >= 7 || seeded(...salt, "opens") % 2 === 0);
    if (first && news) {
      parts.push(newsLine);
      tells = news.fact;
    } else {
      const q = question(speaker, k, other, now, iAsked, theyAsked, undefined, soFar);
      parts.push(q.text);
      ask = q.topic;
    }
    return {
      text: parts.join(" "),
      end: false,
      topic: topicOf(
        [...told, tells ?? null],
        [...asked, ask ?? null],
        [...soFar, { speaker: me, text: parts.join(" ") }],
        now,
        places,
        people,
      ),
      ...(tells ? { told: tells } : {}),
      ...(ask ? { asks: ask } : {}),
    };
  }

  // -- what the last line wants: an answer, a reaction to news, or a greeting back.
  let answered = false;
  let answerAt = -1;
  let meets: Meeting | undefined;
  if (lastAsk) {
    // A proposal is understood with its time and place (the sentence before its question).
    let q = lastAsk === "invite" ? proposalIn(last!.text) : questionIn(last!.text);
    // "How are you feeling about it?" right after one's own news: "it" is that news.
    const mine = n >= 2 && soFar[n - 2].speaker === me ? told[n - 2] : null;
    if (q && lastAsk === "feelings" && mine && mine.who === me && / it\?$/.test(q))
      q = q.replace(/ it\?$/, ` ${toSecondPerson(mine.text, me)}?`).replace(/\.\?$/, "?");
    if (q) {
      const a = answerFor(q, speaker, k, other, soFar, now, places);
      answerAt = parts.push(a.text) - 1;
      answered = true;
      // Accepted: where the proposal said (its value, else what its words name), at the hour
      // agreed; both plans take it.
      const place =
        a.accepted && lastAsk === "invite"
          ? proposed
            ? { address: proposed.place, name: proposed.placeName }
            : placeMeant(q, places)
          : undefined;
      if (a.accepted && place)
        meets = {
          proposer: other,
          accepter: me,
          at: now - (now % 86_400_000) + a.accepted.day * 86_400_000 + a.accepted.minute * 60_000,
          place: place.address,
          placeName: place.name,
          line: n,
        };
    }
  }
  if (lastFact && !lastFact.event) {
    noteRecord(lastFact);
    // One question at most, and one the teller can answer: how they feel about their own news
    // (answered from it, answerFor); news of a third person is thanked for, not asked about.
    parts.push(answerNews(lastFact, speaker, last!.speaker, you, false));
    if (lastFact.who === last!.speaker && !iAsked.has("feelings") && !answered) {
      // Their own news: how they feel about it is the question (answered from their persona).
      parts.push(`How are you feeling about it?`);
      ask = "feelings";
    }
  } else if (!answered && last && last.speaker !== me) {
    const event = answerEvent(soFar, n - 1, speaker, now, places, people);
    if (event) parts.push(event);
    else if (n === 1) parts.push(pickFresh([`Hi ${you}!`, `Hello, ${you}.`], soFar, ...salt));
    else if (
      n >= 2 &&
      asked[n - 2] === "invite" &&
      soFar[n - 2].speaker === me &&
      last.text.trim().endsWith("?")
    )
      // (Declined with a question, "... Another time?": answered before one's own move, not
      // passed over with a question of one's own.)
      parts.push(pickFresh(["Another time, then.", "Of course, another time."], soFar, ...salt));
  }

  // An answer that ends on a question of its own ("I don't have any family here. What about
  // you?") has asked back already: one question a line, so one's own move waits (leaving, one
  // does not ask).
  const answerAsks = answered && /\?$/.test(parts[answerAt] ?? "");
  if (answerAsks && lastAsk && (TOPICS as readonly string[]).includes(lastAsk)) ask = lastAsk;
  // -- one's own move: news, a question, a plan to meet, or goodbye.
  const target = length(speaker, k, other, now, maxLines);
  const closing = n + 1 >= target || n + 2 > maxLines;
  if (closing) {
    if (answerAsks) parts[answerAt] = withoutQuestions(parts[answerAt]);
    parts.push(goodbye(k, other, speaker.action, soFar, salt, parts.join(" ")));
    return {
      text: unrepeated(parts, soFar, answerAt, me).join(" "),
      end: n + 1 >= maxLines,
      topic: topicOf(told, asked, soFar, now, places, people),
      asks: "bye",
      ...(meets ? { meets } : {}),
    };
  }
  // News is what one came to tell: told at one's first chance.
  // (Not what this line's answer, or the talk, said already in other words.)
  const saidSo = [...soFar.map((l) => l.text), ...parts].join(" ");
  if (answerAsks) {
    // (The answer's question is the line's move.)
  } else if (!ask && canTell && news && !saysAlready(newsLine, saidSo)) {
    const lead = LEAD_INS[seeded(...salt, "lead") % LEAD_INS.length];
    parts.push(parts.length ? `${lead}, ${you}: ${newsLine}` : newsLine);
    tells = news.fact;
  } else if (!ask) {
    // One proposal a talk, from either side.
    const offer =
      !iAsked.has("invite") && !theyAsked.has("invite") && n >= 2
        ? proposal(k, other, now, places, people, () => theirInterests(speaker, other, soFar))
        : undefined;
    // Not a place and time the other just proposed (that is theirs to keep).
    const invite = offer && !said(sentencesOf(offer.text).at(-2) ?? "") ? offer : undefined;
    if (invite) {
      parts.push(invite.text);
      ask = "invite";
      proposes = invite.proposes;
    } else {
      // Asking back what one was just asked is what people do ("And how about you?").
      const back = lastAsk && lastAsk !== "invite" && !iAsked.has(lastAsk) ? lastAsk : undefined;
      const q = question(speaker, k, other, now, iAsked, theyAsked, back as Topic, soFar);
      if (q.text) {
        parts.push(q.text);
        ask = q.topic;
      } else {
        parts.push(goodbye(k, other, speaker.action, soFar, salt, parts.join(" ")));
        return {
          text: unrepeated(parts, soFar, answerAt, me).join(" "),
          end: false,
          topic: topicOf(told, asked, soFar, now, places, people),
          asks: "bye",
          ...(meets ? { meets } : {}),
        };
      }
    }
  }
  const text = unrepeated(parts, soFar, answerAt, me).join(" ");
  const toldNow = tells && text.includes(newsLine) ? tells : undefined;
  return {
    text,
    end: n + 1 >= maxLines,
    topic: topicOf(
      [...told, toldNow ?? null],
      [...asked, ask ?? null],
      [...soFar, { speaker: me, text }],
      now,
      places,
      people,
    ),
    ...(toldNow ? { told: toldNow } : {}),
    ...(ask ? { asks: ask } : {}),
    ...(meets ? { meets } : {}),
    ...(proposes ? { proposes } : {}),
  };
}

/** What a talk is about: the first news told in it (a record, else what a line told), else the
 *  first thing asked. */
function topicOf(
  told: readonly (Fact | null)[],
  asked: readonly (Ask | null)[],
  lines: readonly Line[],
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
): string {
  const f = told.find((x): x is Fact => !!x);
  if (f) return `conversing about ${topicPhrase(f.text, "")}`;
  // News is what a line told as its move: what answered a question ("I study accounting in the
  // evenings") or proposed to meet is no topic; only its news after a lead-in is.
  const moves = lines.map((l, k) => {
    const answers = k > 0 && lines[k - 1].speaker !== l.speaker && !!asked[k - 1];
    return answers || asked[k] === "invite" || asked[k] === "bye"
      ? { ...l, text: beyondAnswer(l.text) }
      : l;
  });
  const news =
    talkTopic(moves, now, places, people) ??
    answeredTopic(
      lines,
      (k) => !!asked[k - 1] && asked[k - 1] !== "bye" && asked[k - 1] !== "invite",
      now,
      places,
      people,
    );
  if (news) return news;
  const a = asked.find((x) => !!x && x !== "bye" && x !== "invite");
  const about: Record<string, string> = {
    day: "their day",
    work: "their work",
    family: "their families",
    plans: "their plans",
    feelings: "how they have been feeling",
    lately: "what is new with them",
    later: "their plans",
  };
  return `conversing about ${(a && about[a]) || "their day"}`;
}

/** News as it may be told to the listener (newsAsTold): its words and its record's, cut alike;
 *  undefined when either is withheld. */
function asToldTo(
  n: News,
  f: ReturnType<typeof personaFacts>,
  listener: string,
  friend: boolean,
): News | undefined {
  const text = newsAsTold(n.text, f, listener, friend);
  if (text === undefined) return undefined;
  if (!n.fact) return text === n.text ? n : { ...n, text };
  const fact = newsAsTold(n.fact.text, f, listener, friend);
  if (fact === undefined) return undefined;
  return text === n.text && fact === n.fact.text
    ? n
    : { ...n, text, fact: { ...n.fact, text: fact } };
}

function noteNews(n: News): void {
  if (n.fact) noteRecord(n.fact);
}

/** A record about oneself as the other would ask of it: "Jonah Whitaker's old spaniel ..." →
 *  "your old spaniel ...", a clause that follows "about" ("that ..." when it opens on the name). */
function toSecondPerson(text: string, me: string): string {
  const f = first(me);
  const t = text
    .replace(/[.!]+$/, "")
    .replace(new RegExp(`\\b(?:${me}|${f})'s\\b`, "g"), "your")
    .replace(new RegExp(`\\b(?:${me}|${f})\\b`, "g"), "you");
  return /^your\b/.test(t) ? t : `the news that ${t}`;
}

/** Whether `said` already says much of `news`: four words in a row in common ("... asked Henrik
 *  Lindqvist for an interview" in the answer just given, then again as news). */
function saysAlready(news: string, said: string): boolean {
  const words = (t: string) => t.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const w = words(news);
  const text = ` ${words(said).join(" ")} `;
  for (let i = 0; i + 4 <= w.length; i++)
    if (text.includes(` ${w.slice(i, i + 4).join(" ")} `)) return true;
  return false;
}

/** One of several wordings, seeded, none already said in the talk. */
function pickFresh(options: string[], soFar: readonly Line[], ...salt: (string | number)[]) {
  const fresh = options.filter((o) => !soFar.some((l) => l.text.includes(o)));
  return pick(fresh.length ? fresh : options, ...salt);
}

/** A part without its questions ("I don't have any family here. What about you?" said while
 *  leaving is "I don't have any family here."). */
function withoutQuestions(part: string): string {
  return sentencesOf(part)
    .filter((x) => !x.endsWith("?"))
    .join(" ");
}

const wordsOf = (t: string) => t.toLowerCase().match(/[a-z0-9']+/g) ?? [];
/** Whether two texts' words have `n` in a row in common. */
function sharesRun(a: readonly string[], b: readonly string[], n: number): boolean {
  const text = ` ${b.join(" ")} `;
  for (let i = 0; i + n <= a.length; i++)
    if (text.includes(` ${a.slice(i, i + n).join(" ")} `)) return true;
  return false;
}

/** Sentences of the parts not said before in the talk (a line never says an earlier one again).
 *  An answer (the part at `answerAt`) all of whose statements were said is pointed back to ("As
 *  I said, ...", or agreed with when the other said it), never dropped: a turn that answers with
 *  nothing but a question back has not answered. */
function unrepeated(parts: string[], soFar: readonly Line[], answerAt = -1, me = ""): string[] {
  const before = new Set(
    soFar.flatMap((l) => l.text.split(/(?<=[.!?])\s+/).map((s) => s.trim().toLowerCase())),
  );
  const fresh = (s: string) => !before.has(s.trim().toLowerCase());
  const statements = (p: string) => sentencesOf(p).filter((x) => x && !x.endsWith("?"));
  // An answer's statement that says again, in other words, what either said before in the talk
  // (six words in a row in common: one's day's list said for "Tomorrow" and again for "Most
  // days"), is left out as one said already; the engine's agreeing ("Like you, ...", "... too.")
  // says the other's words back on purpose.
  // (Of the same day: today's list is not tomorrow's said again, though their doings are alike.)
  const earlier = soFar.flatMap((l) => statements(l.text));
  const saidAgain = (x: string) =>
    !x.endsWith("?") &&
    !/^(?:Like you|Yes),|\s(?:too|either)[.!]?$/.test(x) &&
    earlier.some((e) => sameDaySaid(x, e) && sharesRun(wordsOf(x), wordsOf(e), 6));
  return parts
    .map((p, i) => {
      const kept = p
        .split(/(?<=[.!?])\s+/)
        .filter((x) => fresh(x) && (i !== answerAt || !saidAgain(x)))
        .join(" ");
      if (i !== answerAt || statements(kept).length || !statements(p).length) return kept;
      const said = statements(p)[0];
      const own = soFar.filter((l) => l.speaker === me).flatMap((l) => sentencesOf(l.text));
      const mine = own.some((x) => x.trim() === said.trim());
      // (Said before in other words, one's day's list again: pointed back to, not said a third
      // time.)
      const before = mine
        ? undefined
        : own.find(
            (x) =>
              !x.endsWith("?") && sameDaySaid(said, x) && sharesRun(wordsOf(said), wordsOf(x), 6),
          );
      const lower = /^I\b/.test(said) ? said : said.charAt(0).toLowerCase() + said.slice(1);
      const back = (
        before
          ? // (What one said of oneself, said back short when it is of no day: "What are you
            // working on?" after one's news, "As I said, I'm proud of the new street lamps."; a
            // day's list told for another day is much the same.)
            [...pointBack(before), "Much the same as I said.", "Much as I said, really."]
          : mine
            ? [`As I said, ${lower}`, `Like I said, ${lower}`]
            : [agreeing(said)]
      ).find(fresh);
      return back ?? kept;
    })
    .filter(Boolean);
}

/** One's own earlier statement pointed back to by its first clause ("I am proud of the new street
 *  lamps on Main Street and am telling everyone ..." → "As I said, I'm proud of the new street
 *  lamps on Main Street."), when it is of oneself and names no day or time (chrono-node): a day's
 *  list said for tomorrow is no answer for today. */
function pointBack(said: string): string[] {
  // (Its news without the words that led it in: "Before I forget, Priya: I am ...".)
  const statement = said.replace(/^[^:]*:\s+(?=I\b)/, "");
  if (!/^I\b/.test(statement) || chrono.parse(statement).length) return [];
  const clause = statement
    .replace(/[.!]$/, "")
    .split(/,|;|\s+and\s+(?:am|was|have|will)\b/)[0]
    .replace(/^I am\b/, "I'm");
  return clause.split(" ").length <= 14 ? [`As I said, ${clause}.`] : [];
}

/** A greeting by what one knows of the other: seen earlier today, talked of something last time,
 *  someone one knows, or a stranger (who is told one's name). */
function opening(
  s: ChatSideInput,
  k: Knowledge,
  other: string,
  now: number,
  past: PastContext | undefined,
): string {
  const you = first(other);
  const known = knowsOf(s, k, other);
  if (past && past.minutesAgo < 12 * 60) return greeting(s, other, now, past);
  if (past) {
    // The topic as the two say it to each other: "their work" is ours, its speaker "me", the
    // other "you" ("about Kenji preparing for ..." said by Kenji is "about me preparing ...").
    const about = toListener(
      inFirstPerson(
        past.topic.replace(/^conversing\s*/, "").replace(/^about their\b/, "about our"),
        s.name,
        personaFacts(k.persona).pronoun,
      ),
      other,
    );
    if (/^about\b/.test(about) && about.split(" ").length <= 12)
      return pick(
        [
          // (One sentence with its greeting: what the two talked of last time is no news to
          // pass on, and an opener's news is what follows its greeting, dialogue.ts saidAt.)
          `Hello ${you}, I was just thinking about when we talked ${about}.`,
          `${you}, good to see you again. ${RECALLING}${about.replace(/^about /, "")}.`,
        ],
        s.id,
        other,
        dayKey(now),
      );
    return pick([`${you}! Good to see you again.`, `Hello again, ${you}.`], s.id, other, now);
  }
  if (!known)
    return pick(
      [
        // One sentence: the opener's news follows its greeting (dialogue.ts saidAt).
        `Hello ${you}, I don't think we've really met: I'm ${first(s.name)}.`,
        `Hi ${you}, I'm ${first(s.name)}; I've seen you around.`,
      ],
      s.id,
      other,
    );
  return greeting(s, other, now);
}

/** A question about the other: a topic one has not asked yet (the one just asked of oneself,
 *  asked back, when given), by what suits who they are to one: a stranger's work first, someone
 *  one knows their day, family and feelings. */
function question(
  s: ChatSideInput,
  k: Knowledge,
  other: string,
  now: number,
  iAsked: Set<Ask>,
  theyAsked: Set<Ask>,
  back: Topic | undefined,
  soFar: readonly Line[],
): { text: string; topic?: Topic } {
  const known = knowsOf(s, k, other);
  // One's own family is not asked how their family is (it is one's own).
  const kin = personaFacts(k.persona).facts.some(
    (f) => f.kinds.includes("family") && f.people.includes(first(other)),
  );
  const open = TOPICS.filter((t) => !iAsked.has(t) && !(kin && t === "family"));
  if (!open.length) return { text: "" };
  let topic: Topic;
  if (back && open.includes(back)) topic = back;
  else {
    // A stranger is asked what they do; someone one knows about their day, family, feelings.
    const order = known
      ? open.filter((t) => t !== "work" || !theyAsked.has("work"))
      : open.filter((t) => t === "work" || t === "day" || t === "plans");
    const pool = order.length ? order : open;
    topic = pool[seeded(s.id, other, dayKey(now), soFar.length, "topic") % pool.length];
  }
  const wording = pickFresh([...WORDINGS[topic]], soFar, s.id, other, now, topic);
  const text =
    back === topic
      ? // Asked back in words not said yet in the talk (a turn said again would be dropped).
        `${pickFresh(
          [
            `And you, ${first(other)}?`,
            `What about you, ${first(other)}?`,
            `How about you, ${first(other)}?`,
          ],
          soFar,
          s.id,
          other,
          soFar.length,
          "back",
        )} ${wording}`
      : soFar.length && seeded(s.id, soFar.length, "name") % 2 === 0
        ? wording.replace(/\?$/, `, ${first(other)}?`)
        : wording;
  return { text, topic };
}

/** What one knows the other cares for: the nouns of what they said in this talk (not their
 *  questions), of one's memories that name them and of how one sees them, each with whether they
 *  said it just now. */
function theirInterests(
  s: ChatSideInput,
  other: string,
  soFar: readonly Line[],
): { word: string; now: boolean; as?: string }[] {
  const named = new RegExp(`\\b${first(other)}\\b`);
  const said = soFar
    .filter((l) => l.speaker === other)
    .flatMap((l) => sentencesOf(l.text).filter((x) => !x.endsWith("?")));
  // (What one remembers of them as their doing or their news: they are its subject.)
  const theirs = new RegExp(`^(?:${other}|${first(other)}|.{0,40} heard from ${other} that)\\b`);
  const known = s.memories
    .filter((m) => m.kind !== "observation" && theirs.test(m.text) && named.test(m.text))
    .map((m) => m.text);
  const out = new Map<string, { now: boolean; as?: string }>();
  for (const [texts, now] of [
    [said, true],
    [known, false],
  ] as const)
    for (const t of texts)
      for (const w of nounsOf(t))
        if (!out.has(w)) out.set(w, { now, as: now ? asSaid(w, t) : undefined });
  return [...out].map(([word, { now, as }]) => ({ word, now, ...(as ? { as } : {}) }));
}

/** A noun as the other said it, to say back to them: its number as they said it, "the" when
 *  they said it with an article, "your" with "my", and whose it is as they said it ("about the
 *  flood", "about letters", "about your book", "about a children's book", "about his book",
 *  "about your sister's wedding"; "about lunch"; a noun that modifies another, "pool" of "pool
 *  tournament", as the thing it is). */
export function asSaid(word: string, text: string): string {
  const terms = termsOf(text);
  const i = terms.findIndex((t) => (lemma(t.normal, "noun") ?? t.normal) === word);
  if (i < 0) return word;
  // (A noun before another names a kind of it, "pool" of "Saturday's pool tournament": said alone.)
  const next = terms[i + 1];
  if (
    next?.tags.includes("Noun") &&
    !next.tags.includes("Pronoun") &&
    !next.tags.includes("Possessive")
  )
    return terms[i].normal;
  // (The phrase's determiner before its modifiers: "the park pond" is "the pond".)
  let j = i - 1;
  while (
    terms[j] &&
    !["Determiner", "Possessive"].some((g) => terms[j].tags.includes(g)) &&
    (terms[j].tags.includes("Adjective") ||
      (terms[j].tags.includes("Noun") &&
        !terms[j].tags.includes("Pronoun") &&
        !terms[j].tags.includes("ProperNoun")))
  )
    j--;
  const before = terms[j];
  // A possessive noun is said with its own determiner: "a children's book", "your sister's
  // wedding", "Rosa's party".
  // (A noun's possessive has its apostrophe; "my", tagged a possessive noun, is a determiner.)
  if (before?.tags.includes("Possessive") && /'s?$/.test(before.normal)) {
    // (A name as written: a capital not at the sentence's start, or a name compromise knows.)
    const named = before.tags.includes("ProperNoun") || (j > 0 && /^\p{Lu}/u.test(before.text));
    const own = named ? before.text : before.normal;
    return `${determiner(terms[j - 1], before.normal)}${own.replace(/[^\p{L}\p{N}']+$/u, "")} ${terms[i].normal}`;
  }
  return `${determiner(before, terms[i].normal)}${terms[i].normal}`;
}

/** A determiner as the other said it, said back to them ("my" is "your", "your" "my", another's
 *  as it was, "his"; an article by the sound of the word it comes before, `word`); "" for none. */
function determiner(t: ReturnType<typeof termsOf>[number] | undefined, word: string): string {
  if (!t) return "";
  if (t.tags.includes("Possessive") && t.tags.includes("Pronoun"))
    return t.normal === "my" ? "your " : t.normal === "your" ? "my " : `${t.normal} `;
  // ("my" is tagged a possessive noun, not a pronoun.)
  if (t.normal === "my") return "your ";
  if (!t.tags.includes("Determiner") || t.tags.includes("Possessive")) return "";
  // ("having a drink": "a drink", its article by the noun's sound.)
  if (/^an?$/.test(t.normal)) return /^[aeiou]/.test(word) ? "an " : "a ";
  return "the ";
}

/** The common nouns of a text that name what is done or made (WordNet's first sense of them not
 *  a place, a building, a time, a group or a person: "home", "library", "family" and "customer"
 *  are where and with whom, which many doings share), as WordNet's lemmas ("designs" →
 *  "design"). */
function nounsOf(text: string): string[] {
  return nounsIn(text).filter((w) => {
    const s = senses(w, "noun")[0];
    return (
      !!s &&
      !["noun.location", "noun.time", "noun.group", "noun.person", "noun.quantity"].includes(
        s.domain,
      ) &&
      !PLACE_KINDS.some((kind) => kindOf(w, kind, { senses: 1 }))
    );
  });
}

/** What a place is a kind of, in WordNet's words (a library, a bar, a home, a kitchen). */
const PLACE_KINDS = ["building", "room", "establishment", "housing"];

/** The verbs of a doing, as WordNet's lemmas ("painting the railings" → "paint"). */
function verbsIn(text: string): string[] {
  return termsOf(text)
    .filter((t) => t.tags.includes("Verb") && !t.tags.includes("Auxiliary"))
    .map((t) => lemma(t.normal, "verb") ?? "")
    .filter(Boolean);
}

function nounsIn(text: string): string[] {
  return termsOf(text)
    .filter(
      (t) =>
        t.tags.includes("Noun") &&
        !t.tags.includes("ProperNoun") &&
        !t.tags.includes("Pronoun") &&
        !t.tags.includes("Date") &&
        /^[a-z]{3,}$/.test(t.normal),
    )
    .map((t) => lemma(t.normal, "noun") ?? t.normal)
    .filter((w) => isWord(w, "noun"));
}

/** What of the other's a doing bears on: a noun or verb of the doing that is a thing they care
 *  for. */
function reasonIn(
  task: string,
  interests: () => readonly { word: string; now: boolean; as?: string }[],
): { word: string; now: boolean; as?: string } | undefined {
  // (What one does names it too: "painting" meets their "paint".)
  const mine = [...nounsOf(task), ...verbsIn(task)];
  if (!mine.length) return undefined;
  const theirs = interests();
  for (const m of mine)
    // (The same thing: a cafe's "coffee" is not a walk's "tea", a pond no game of pool.)
    for (const t of theirs) if (m === t.word) return t;
  return undefined;
}

/** A proposal to meet later: one's next block at a place, with its time (from one's plan), in
 *  words and as a value; only for a doing that bears on something the other cares for (what
 *  they said, what one knows of them), which it names as the reason. */
function proposal(
  k: Knowledge,
  other: string,
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
  // (Read only when a block of one's day could be proposed: reading what they said tags each of
  // their sentences, and most lines have no such block.)
  interests: () => readonly { word: string; now: boolean; as?: string }[] = () => [],
): { text: string; proposes: Proposal } | undefined {
  const minute = Math.floor((now % 86_400_000) / 60_000);
  // Somewhere else than home and than where one is now, an hour ahead at least.
  const sectorOf = (place: string | undefined) => place?.split(" of ").at(-1);
  const here = sectorOf(k.today.find((b) => b.start <= minute && b.end > minute)?.place);
  const home = sectorOf(k.home);
  // Not a time one spends with others (a meal with one's husband, a visit agreed already).
  const withOthers = (task: string) =>
    /\bwith\b/.test(task) ||
    // (Only names whose first word the task holds: names.ts, not every name of the town.)
    nameCandidates(task, people).some((i) => task.includes(first(people[i])));
  let reason: { word: string; now: boolean; as?: string } | undefined;
  let theirs: readonly { word: string; now: boolean; as?: string }[] | undefined;
  const next = k.today.find(
    (b) =>
      b.start > minute + 60 &&
      !withOthers(b.task) &&
      b.start < 21 * 60 &&
      !!b.place &&
      sectorOf(b.place) !== home &&
      sectorOf(b.place) !== here &&
      !!(reason = reasonIn(plain(b.task), () => (theirs ??= interests()))),
  );
  if (!next?.place || !reason) return undefined;
  const sector = next.place.split(" of ").at(-1) ?? next.place;
  // Where exactly (the block's arena when one knows it), so the other can find it.
  const where = places.find((p) => p.name === next.place) ?? places.find((p) => p.name === sector);
  if (!where) return undefined;
  noteBlock(next);
  return {
    // (One sentence with its place and hour before the question: the answer reads the two.)
    // (Where, unless the doing says it: "playing pool at the dorm".)
    text: `I'll be ${plain(next.task)}${/\b(?:at|in) the\b/i.test(next.task) || next.task.includes(sector) ? "" : ` at ${sector}`} around ${clock(next.start)} today${
      reason.now
        ? `; you said something about ${reason.as ?? reason.word}, so I thought of you`
        : `, and I thought of you, what with the ${reason.word}`
    }. Would you like to come by, ${first(other)}?`,
    proposes: {
      at: now - (now % 86_400_000) + next.start * 60_000,
      place: where.address,
      placeName: sector,
    },
  };
}

/** The town's residents with the two who talk (the list as a set, then the other, then oneself),
 *  the same list for every question of one's talks with residents: made anew at each question,
 *  it cost a read of the town per line, and the indexes kept once a list (speaksOf's,
 *  townsfolkIndex.ts) were made anew with it. Not to be changed by callers. */
const residentsKept = new WeakMap<
  readonly string[],
  { all: ReadonlySet<string>; withMe: Map<string, readonly string[]> }
>();

function residentsWith(people: readonly string[], other: string, me: string): readonly string[] {
  let kept = residentsKept.get(people);
  if (!kept) residentsKept.set(people, (kept = { all: new Set(people), withMe: new Map() }));
  // (One not of the list, a newcomer unknown to it, has a list of its own, made each time.)
  if (!kept.all.has(other)) return [...new Set([...people, other, me])];
  let residents = kept.withMe.get(me);
  if (!residents) kept.withMe.set(me, (residents = [...new Set([...kept.all, me])]));
  return residents;
}

/** The answer to what one was just asked, from one's own knowledge, through the answers people
 *  get (answerPeople); an invitation is accepted or declined by one's day. */
function answerFor(
  q: string,
  s: ChatSideInput & { knows: Knowledge },
  k: Knowledge,
  other: string,
  soFar: readonly Line[],
  now: number,
  places: readonly PlaceName[],
): { text: string; accepted?: { day: number; minute: number } } {
  const me = s.name;
  const residents = residentsWith(s.people ?? [], other, me);
  // (A follow-up, "And your brother?", is read with the question asked before it in the talk: the
  // other's before, or one's own they answered and ask back, "... What about you?".)
  const asked = soFar.map((l) => lastQuestion(l.text));
  const u = inTalk(
    q,
    { now, residents, listener: me, speaker: other },
    asked.slice(0, -1).filter(Boolean).at(-1),
  );
  const f = personaFacts(k.persona);
  const answer = answerPeople(
    // Not a greeting: the greeting was said already in the line that asked.
    { ...u, greets: false },
    k,
    {
      me,
      speaker: other,
      role: "resident",
      said: soFar.filter((l) => l.speaker === me).map((l) => l.text),
      heard: soFar.filter((l) => l.speaker !== me).map((l) => l.text),
      memories: s.memories,
      residents,
    },
    () =>
      offlineInterview({
        identity: { ...k.persona, age: 0 },
        now,
        interviewer: other,
        question: q,
        memories: s.memories,
        plan: k.today.map((b) => plain(b.task)),
        yesterday: k.yesterdayItems,
        people: k.people.map((p) => ({ name: p.name, relationship: p.relationship })),
        presence: [],
        places: [...places],
        residents,
      }),
  );
  noteKnowledgeIn(answer.text, k, s.memories, other);
  return {
    text: likeTheirs(withoutWhatTheyKnow(answer.text, f, other), soFar, me),
    ...(answer.accepted
      ? { accepted: { day: answer.accepted.day, minute: answer.accepted.minute } }
      : {}),
  };
}

/** An answer the other gave word for word of themselves ("Now I'm having breakfast at home.") is
 *  said as agreeing with them, one's own statement with "too" ("Now I'm having breakfast at home
 *  too."), or "either" when it denies ("Nothing much troubles me either, honestly."): a bare "Same
 *  here" answers a question about one's own day with nothing of it. */
function likeTheirs(text: string, soFar: readonly Line[], me: string): string {
  const theirs = new Set(
    soFar.filter((l) => l.speaker !== me).flatMap((l) => sentencesOf(l.text).map(normSentence)),
  );
  const parts = sentencesOf(text);
  if (!parts.some((x) => theirs.has(normSentence(x)))) return text;
  // (Agreeing, one does not ask back what they just asked: "... too. What about you?")
  let agreed = false;
  const own = parts.filter((x) => !theirs.has(normSentence(x)) && !x.endsWith("?"));
  const out = parts.flatMap((x) => {
    if (!theirs.has(normSentence(x))) return x.endsWith("?") ? [] : [x];
    // (What the two are doing together, "having lunch with you", they both know: left out when
    // the answer says something of its own.)
    if (agreed || (own.length && /\bwith you\b/.test(x))) return [];
    agreed = true;
    return [agreeing(x)];
  });
  return out.join(" ");
}

const normSentence = (x: string) => x.toLowerCase().replace(/[^a-z0-9 ]/g, "");

/** A statement said as agreeing with the same one of another: "too" at its end, or "either" when
 *  it denies (a negation, or a subject or determiner of none: "nothing", "no one", "never"), put
 *  before a closing aside ("..., to be honest."). */
export function agreeing(sentence: string): string {
  const terms = termsOf(sentence);
  const denies = terms.some(
    (t) =>
      t.tags.includes("Negative") ||
      // (The tagger reads "nothing" as a noun: the closed class of English words of none.)
      /^(?:no|not|nothing|nobody|none|never|neither|nowhere)$/.test(t.normal),
  );
  const word = denies ? "either" : "too";
  const said = sentence.trim();
  const head = terms[0];
  const lower =
    /^I\b/.test(said) || head?.tags.includes("ProperNoun") || head?.tags.includes("Person")
      ? said
      : said.charAt(0).toLowerCase() + said.slice(1);
  // (A doing the two share, "eating dinner with you", is agreed with as such, not done "too".)
  if (/\bwith you\b/.test(said)) return `Yes, ${lower}`;
  // (A long one, a day's list, would end on "too" after its last item: "Like you, ...".)
  const m = /^(.*?)((?:, [a-z][a-z ]{0,18})?)([.!]?)$/.exec(said);
  if (!m || said.split(/\s+/).length > 10) return `Like you, ${lower}`;
  return `${m[1]} ${word}${m[2]}${m[3] || "."}`;
}

/** An answer without what the listener knows of themselves: a sentence of one's persona on one's
 *  tie to them ("I am married to you, and our daughter Ada studies at the college" said to the
 *  husband), unless nothing else is left. */
function withoutWhatTheyKnow(text: string, f: ReturnType<typeof personaFacts>, other: string) {
  const ties = f.facts
    .filter(
      (x) =>
        x.people.includes(first(other)) &&
        (x.kinds.includes("family") || x.kinds.includes("friend")),
    )
    .map((x) => toListener(inFirstPerson(x.text, f.name, f.pronoun), other).replace(/[.!]$/, ""));
  if (!ties.length) return text;
  const kept = sentencesOf(text).filter(
    (x) => !ties.some((t) => t.length > 8 && t.startsWith(x.replace(/[.!]$/, ""))),
  );
  return kept.length ? kept.join(" ") : text;
}

/** A goodbye, varied by what one does next and who one is. */
function goodbye(
  k: Knowledge,
  other: string,
  action: string,
  soFar: readonly Line[],
  salt: (string | number)[],
  saying = "",
): string {
  const you = first(other);
  // (Not back to a doing this very line just named: "Now I'm sketching by the pond. I should get
  // back to sketching by the pond.")
  const doing = plain(action).toLowerCase();
  const options = [
    ...(doing && saying.toLowerCase().includes(doing)
      ? []
      : [farewell(action, other, k.persona.name)]),
    `Anyway, I'll let you get on, ${you}. Take care!`,
    `It was good to catch up, ${you}. See you around!`,
  ];
  // What one is off to next, when it is soon and elsewhere.
  const next = k.today.find((b) => b.start > k.minute && b.start <= k.minute + 90);
  const off =
    next && !action.includes(plain(next.task))
      ? `I'd better be going: I'm ${plain(next.task)} at ${clock(next.start)}. Bye, ${you}!`
      : "";
  if (off) options.push(off);
  if (reserved(k)) options.push(`Well, I should go. Bye, ${you}.`);
  const said = pickFresh(options, soFar, ...salt, "bye");
  if (said === off && next) noteBlock(next);
  return said;
}
