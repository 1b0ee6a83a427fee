// Offline interview answers, in the first person, from the resident's own memories (best
// first), its plans and its persona. The kind of question is read from its grammar (who, when,
// yes/no, about the past or the future), words are compared by their roots (compromise), and
// nothing is claimed that memory does not hold: "I went" only when its memories place it there.
import { Address } from "../../../shared/address.ts";
import { Bounded, copyOf, parsed } from "../language/parse.ts";
import type { Identity, MemoryLine } from "../prompts/builder.ts";
import {
  describeEvent,
  eventStart,
  eventUpcoming,
  knownEvents,
  readTime,
  type KnownEvent,
  type PlaceName,
} from "../language/events.ts";
import { aboutTheFuture } from "../language/importance.ts";
import type { Knowledge } from "../language/knowledge.ts";
import { understand } from "../language/understand.ts";
import { answerPeople } from "./answerPeople.ts";
import { memoryAsSaid, newsOf, talked } from "./answers/memories.ts";
import { cap, ownMemoryAsI, toFirstPerson } from "../language/person.ts";
import { memoriesOn } from "../language/time.ts";
import { eng } from "stopword";

/** What the prompt and this offline answer are given (declared here, beside the engine that reads it, so the prompt file imports this one and not the other way round). */
export interface InterviewInput {
  identity: Identity;
  now: number;
  interviewer: string;
  question: string;
  /** Retrieved for the question, best first. */
  memories: MemoryLine[];
  /** Today's broad plan, and yesterday's. */
  plan: string[];
  yesterday: string[];
  /** How the agent sees people: those the question names, or everyone it has a view of. */
  people: { name: string; relationship: string }[];
  /** Where the resident's memories place it, for "were you there": [sector, game time]. */
  presence: { sector: string; at: number }[];
  places: PlaceName[];
  /** Every resident's name. */
  residents: readonly string[];
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
  /** What it knows as values, and what it already answered this interviewer today. */
  knows?: Knowledge;
  said?: string[];
  /** The interviewer's questions this sitting, in order, each answered by the line of `said` at
   *  its place (so a pointer back finds what an earlier answer was to). */
  asked?: string[];
}

const STOP_WORDS = new Set(eng);

const ABOUT_SELF = /\b(who are you|about yourself|what do you do|your job|introduce yourself)\b/i;

/** Something seen of a person, told as seen: "Last I saw, Theo was reading"; a thing done
 *  ("Theo has left town") as it is. */
function toldAsSeen(text: string): string {
  const clean = talked(text.replace(/\s*\([^)]*\)/g, ""));
  if (!parsed(clean).has("(is|are) #Gerund")) return sentence(clean);
  return sentence(
    `Last I saw, ${clean.replace(/\b(is|are)\b/, (v) => (v === "is" ? "was" : "were"))}`,
  );
}

function sentence(s: string): string {
  const t = s.trim().replace(/\s+/g, " ");
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** "planning" → "plan": a gerund read as a verb gives its root. (Read once per word.) */
function gerundRoot(word: string): string {
  let root = gerundRoots.get(word);
  if (root === undefined) {
    const d = copyOf(`they were ${word}`);
    d.compute("root");
    const t = (d.terms().json() as { terms: { root?: string; normal: string }[] }[]).at(-1)
      ?.terms[0];
    gerundRoots.set(word, (root = t?.root ?? word));
  }
  return root;
}
const gerundRoots = new Bounded<string, string>(20_000);

const rootCache = new Map<string, string[]>();
/** Content words by their root ("planning" → "plan", "friends" → "friend"). */
export function roots(text: string): string[] {
  const hit = rootCache.get(text);
  if (hit) return hit;
  // (A copy of the shared tagging: the roots are written into its terms.)
  const doc = copyOf(text);
  doc.compute("root");
  const out = (
    doc.terms().json() as { terms: { root?: string; normal: string; tags: string[] }[] }[]
  )
    .map((t) => t.terms[0])
    .filter(
      (t) =>
        !t.tags.some((g) =>
          [
            "Determiner",
            "Preposition",
            "Conjunction",
            "Pronoun",
            "Copula",
            "Auxiliary",
            "QuestionWord",
            "Modal",
          ].includes(g),
        ),
    )
    .map(
      (t) =>
        t.root ??
        (t.tags.includes("Gerund") || /ing$/.test(t.normal) ? gerundRoot(t.normal) : t.normal),
    )
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  if (rootCache.size > 5000) rootCache.clear();
  rootCache.set(text, out);
  return out;
}

const first = (n: string) => n.split(" ")[0];

/** Whether memories place the resident at the event's place while it went on. */
function wasThere(i: InterviewInput, k: KnownEvent): boolean {
  const e = k.event;
  const start = eventStart(e, i.now);
  if (start === undefined || !e.place) return false;
  const sector = Address.levels(e.place.address)[1];
  const end = start + ((e.end ?? (e.start ?? 0) + 120) - (e.start ?? 0)) * 60_000;
  return i.presence.some((p) => p.sector === sector && p.at >= start - 15 * 60_000 && p.at <= end);
}

function eventAnswer(i: InterviewInput, k: KnownEvent, yesNo: boolean): string {
  const e = k.event;
  const yes = yesNo ? "Yes, " : "";
  const past = !eventUpcoming(e, i.now);
  const parts: string[] = [];
  const me = i.identity.name;
  // Its own plan in its own words, when memory holds them.
  const ownWords = k.texts.find(
    (t) =>
      (t.startsWith(`${me} `) || t.startsWith(`${first(me)} `)) &&
      !/ heard from /.test(t) &&
      !/ were conversing /.test(t),
  );
  if (k.hostedBySelf && ownWords && !past)
    parts.push(`${yes}${sentence(cap(toFirstPerson(ownWords, me)))}`);
  else if (k.hostedBySelf)
    parts.push(cap(`${yes}${past ? "I organised" : "I'm organising"} ${describeEvent(e, "a")}.`));
  else if (e.host)
    parts.push(`${yes}${e.host} ${past ? "organised" : "is organising"} ${describeEvent(e, "a")}.`);
  else parts.push(cap(`${yes}there ${past ? "was" : "is"} ${describeEvent(e, "a")}.`));
  if (!k.hostedBySelf) {
    const from = k.texts
      .map((t) => / heard from (.+?) (?:that|about)\b/.exec(t)?.[1])
      .find((x): x is string => !!x && x !== i.identity.name);
    if (from) parts.push(`I heard about it from ${from}.`);
    const meant =
      k.texts.some((t) => t.startsWith(`For ${i.identity.name}'s planning`)) ||
      i.plan.some((p) => p.toLowerCase().includes(e.what.toLowerCase()));
    if (past)
      parts.push(
        wasThere(i, k)
          ? "I was there."
          : meant
            ? "I meant to go, but I don't remember being there."
            : "I didn't go.",
      );
    else if (meant) parts.push("I'm planning to go.");
  }
  return parts.join(" ");
}

/** The people the resident is closest to: those its memories and its views of others speak of most. */
function closest(i: InterviewInput): { name: string; why: string }[] {
  const me = i.identity.name;
  const scored = i.residents
    .filter((n) => n !== me)
    .map((n) => {
      const about = i.memories.filter(
        (m) => m.text.includes(n) || new RegExp(`\\b${first(n)}\\b`).test(m.text),
      );
      const view = i.people.find((p) => p.name === n)?.relationship ?? "";
      const weight = about.reduce((s, m) => s + m.importance, 0) + (view ? 10 : 0);
      const why =
        about
          .filter(
            (m) =>
              m.kind === "thought" && !/ heard from /.test(m.text) && !m.text.startsWith("For "),
          )
          .sort((a, b) => b.importance - a.importance)[0]?.text ?? view;
      return { name: n, weight, why };
    })
    .filter((x) => x.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return scored;
}

/** Who the resident is, from its persona: name, age, what it does, what it is about. */
function introduction(i: InterviewInput): string {
  const me = i.identity.name;
  const firstSentence = (t: string) =>
    toFirstPerson(sentence(t.split(/(?<=[.!?])\s/)[0] ?? ""), me);
  return `I'm ${me}, ${i.identity.age}. ${firstSentence(i.identity.learned)} ${firstSentence(i.identity.currently)}`.trim();
}

/** Every question, news, people and plans ahead included, goes to the engine of knowledge as values
 *  (answerPeople), which answers news from the typed records the resident holds. The memory engine
 *  below answers only without knowledge (the interview ablations that hide memory or planning)
 *  and, within answerPeople, for memories that carry no record. */
export function offlineInterview(said: InterviewInput): string {
  // (What it noted on another day, said from today: language/time.ts memoriesOn.)
  const i = { ...said, memories: memoriesOn(said.memories, said.now) };
  if (!i.knows) return readMemories(i);
  const u = understand(i.question, {
    now: i.now,
    residents: i.residents,
    listener: i.identity.name,
    speaker: i.interviewer,
  });
  return answerPeople(
    u,
    i.knows,
    {
      me: i.identity.name,
      speaker: i.interviewer,
      role: "reporter",
      said: i.said ?? [],
      heard: [...(i.asked ?? []), i.question],
      memories: i.memories,
      residents: i.residents,
      now: i.now,
    },
    () => readMemories(i),
  ).text;
}

/** The answer read from memories, plans and persona text (the engine before knowledge as values;
 *  still the fallback for memories without a typed record). */
function readMemories(i: InterviewInput): string {
  const me = i.identity.name;
  const q = i.question.trim();
  // The question itself is in memory when a person asked it aloud: it is no answer.
  const flat = q.replace(/"/g, "'").toLowerCase();
  const mems = i.memories.filter((m) => !m.text.toLowerCase().includes(flat) && m.kind !== "plan");
  const doc = parsed(q);
  const yesNo = /^\s*(do|did|does|are|is|was|were|have|has|will|would|can|could)\b/i.test(q);
  if (ABOUT_SELF.test(q)) return introduction(i);
  const named = i.residents.filter(
    (n) => n !== me && (q.includes(n) || new RegExp(`\\b${first(n)}\\b`).test(q)),
  );
  const qRoots = new Set(roots(q));
  const overlap = (t: string) => roots(t).filter((w) => qRoots.has(w)).length;
  const input = { ...i, memories: mems };
  const events = knownEvents(mems, i.places, me, i.residents);
  const asked = readTime(q, i.now);
  const aboutPast =
    /\b(yesterday|last)\b/i.test(q) ||
    (doc.verbs().json() as { verb?: { grammar?: { tense?: string } } }[]).some(
      (v) => v.verb?.grammar?.tense === "PastTense",
    );
  // Events the question touches: by its words, or any ahead when it asks about what is coming.
  const relevant = events.filter(
    (k) => k.texts.some((t) => overlap(t) > 0) || overlap(k.event.what) > 0,
  );
  // (Asked of what is ahead as understand() reads its tense: "any plans?", "anything coming up?".)
  const ahead =
    aboutTheFuture(q, i.now) ||
    understand(q, { now: i.now, residents: i.residents, listener: me, speaker: i.interviewer })
      .tense === "future";
  // Asked about plans: what is coming, and what the resident itself organises (even just past).
  // Its own events come along whenever it is asked about plans, even when the question's words
  // ("planning") also touch someone else's event in a planning note.
  const own = ahead ? events.filter((k) => k.hostedBySelf && !relevant.includes(k)) : [];
  const chosen = relevant.length
    ? [...own, ...relevant]
    : ahead
      ? events.filter((k) => eventUpcoming(k.event, i.now) || k.hostedBySelf)
      : [];
  // One's own events first: a host never forgets its own plan.
  chosen.sort((a, b) => Number(b.hostedBySelf) - Number(a.hostedBySelf));
  if (chosen.length && named.length === 0)
    return chosen
      .slice(0, 2)
      .map((k, n) => eventAnswer(input, k, n === 0 && yesNo))
      .join(" ");
  if (/^\s*who\b/i.test(q) || named.length) {
    if (named.length) {
      const parts: string[] = [];
      for (const n of named.slice(0, 2)) {
        const view = i.people.find((p) => p.name === n)?.relationship;
        const tie = mems.find(
          (m) =>
            (m.text.includes(n) || m.text.includes(`${first(n)} `)) &&
            m.kind === "thought" &&
            !m.text.startsWith("For "),
        );
        const told = tie ? memoryAsSaid(tie.text, me, tie.note) : "";
        if (told) parts.push(cap(told));
        if (view && view !== tie?.text)
          parts.push(
            sentence(
              cap(toFirstPerson(view, me).replace(/\bThey last talked\b/, "We last talked")),
            ),
          );
      }
      // No thought of them and no view: what it last saw of them, if anything.
      for (const n of named.slice(0, 2)) {
        const seen = mems
          .filter((m) => m.kind === "observation" && m.text.startsWith(`${n} `))
          .sort((a, b) => b.created - a.created)[0];
        if (seen && !parts.length) parts.push(toldAsSeen(seen.text));
      }
      if (parts.length) return parts.join(" ");
      return `I don't know ${named.map(first).join(" or ")} well.`;
    }
    const people = closest(input);
    if (people.length) {
      const top = people[0];
      return `I'd say ${top.name}.${top.why ? ` ${sentence(cap(toFirstPerson(top.why, me)))}` : ""}`;
    }
  }
  if (aboutPast && (asked?.day !== undefined || /\byesterday\b/i.test(q))) {
    const dayStart = Date.UTC(new Date(i.now).getUTCFullYear(), asked?.month ?? 0, asked?.day ?? 1);
    const that = asked
      ? mems.filter((m) => m.created >= dayStart && m.created < dayStart + 86_400_000)
      : [];
    const said = that
      .filter((m) => m.kind === "chat" || m.kind === "memo" || m.kind === "thought")
      .map((m) => memoryAsSaid(m.text, me, m.note))
      .filter(Boolean)
      .slice(0, 3)
      .map(cap);
    if (i.yesterday.length)
      return `Yesterday I meant to ${i.yesterday.slice(0, 4).join("; ")}.${said.length ? ` ${said.join(" ")}` : ""}`;
    if (said.length) return said.join(" ");
  }
  if (ahead && !relevant.length) {
    // Plans: one's own projects and what one heard of others', those the question's words touch first.
    const plans = mems.filter(
      (m) =>
        (m.kind === "thought" || m.kind === "memo") &&
        (aboutTheFuture(m.text, m.created) ||
          overlap(m.text) > 0 ||
          m.text.startsWith(`${first(me)} `) ||
          m.text.startsWith(`${me} `)),
    );
    plans.sort((a, b) => overlap(b.text) - overlap(a.text));
    const told = tellable(plans, me);
    if (told.length) return told.join(" ");
    if (i.plan.length) return `My plan for today: ${i.plan.slice(0, 5).join("; ")}.`;
  }
  const fitting = tellable(
    mems.filter((m) => overlap(m.text) > 0),
    me,
    3,
  );
  if (fitting.length === 0) {
    // Asked about itself ("your occupation", "an introduction of yourself") and not what it would
    // do if: what it knows of itself, its persona, answers when memory does not.
    if (
      (doc.has("yourself") || doc.has("your #Noun")) &&
      !doc.has("(would|if)") &&
      !/^\s*who\b/i.test(q)
    ) {
      const own = [i.identity.learned, i.identity.currently, i.identity.lifestyle]
        .flatMap((t) => t.split(/(?<=[.!?])\s/))
        .filter((t) => overlap(t) > 0);
      // A persona is written about the resident: a sentence's "She"/"He" (ownMemoryAsI) or
      // "They" is the resident.
      return own.length
        ? own
            .slice(0, 2)
            .map((t) => sentence(cap(ownMemoryAsI(t.replace(/^They\b/, me), me))))
            .join(" ")
        : introduction(i);
    }
    return `I'm not sure. I don't remember anything about that.`;
  }
  return `Let me think. ${fitting.join(" ")}`;
}

/** The first memories that tell something, as the resident says them (memoryAsSaid): the same
 *  news heard twice, or noted for its planning too, told once. */
function tellable(mems: MemoryLine[], me: string, most = 2): string[] {
  const out: string[] = [];
  const news = new Set<string>();
  for (const m of mems) {
    if (out.length === most) break;
    const said = memoryAsSaid(m.text, me, m.note);
    if (!said || news.has(newsOf(m.text, m.note))) continue;
    news.add(newsOf(m.text, m.note));
    out.push(cap(said));
  }
  return out;
}
