// Its day: the blocks of today and yesterday as doings ("studying in the library"), told as
// what it did, does now or has done ("Have you eaten yet?"), and what it does for leisure.
import { isPrivateDoing } from "../../language/privacy.ts";
import nlp from "compromise";
import * as chrono from "chrono-node";
import { tellable, type PersonaFacts } from "../../language/facts.ts";
import type { DayBlock, Knowledge } from "../../language/knowledge.ts";
import {
  closeness,
  domainOf,
  kindOf,
  lemma,
  purposeMatch,
  senses,
  valence,
} from "../../language/lexicon.ts";
import { parsed, termsOf } from "../../language/parse.ts";
import { cap, clock, inFirstPerson, listOf, sentence } from "../../language/realise.ts";
import { dayFrom } from "../../language/time.ts";
import { contentWords, type Utterance } from "../../language/understand.ts";
import { plain, mine, type Source, factsOf, wordsOf, partAbout } from "./voice.ts";
import { memoryAsSaid } from "./memories.ts";
import type { MemoryLine } from "../../prompts/builder.ts";
import { minuteOfDay } from "../../../../shared/time.ts";

export const isSleep = (task: string) => closeness(contentWords(task)[0] ?? "", "sleep") >= 0.9;

/** One doing, or the same one told with more ("practising pool" and "practising pool at the bar"). */
const sameDoing = (a: string, b: string) =>
  a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);

/** Blocks merged by task, sleep left out. A doing and the same doing in company ("attending a
 *  class" beside "attending a class with Samuel") are one, told with its company. */
export function activities(blocks: DayBlock[]): DayBlock[] {
  const out: DayBlock[] = [];
  for (const b of blocks) {
    const task = plain(b.task);
    if (!task || isSleep(task)) continue;
    const last = out.at(-1);
    const was = last ? plain(last.task) : "";
    if (last && sameDoing(was, task)) {
      last.end = Math.max(last.end, b.end);
      if (task.length > was.length) last.task = task;
      // (Done in two places, "practising pool" in the dorm and "at the bar", it has no one place
      // to say: not "practising pool at the bar at home".)
      const where = (p?: string) => p?.split(" of ").at(-1);
      if (where(last.place) !== where(b.place)) delete last.place;
    } else out.push({ ...b, task });
  }
  return out;
}

/** "studying in the library", "helping in the community garden at Larkspur Park". */
export function doingPhrase(b: DayBlock, f: PersonaFacts, k: Knowledge): string {
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

/** When the night is over and the morning begins (minutes since midnight). */
const NIGHT_ENDS = 6 * 60;

export function dayPart(minute: number): string {
  return minute < 12 * 60
    ? "in the morning"
    : minute < 17 * 60
      ? "in the afternoon"
      : "in the evening";
}

export function narrate(
  blocks: DayBlock[],
  f: PersonaFacts,
  k: Knowledge,
  /** "past" for a span over ("I was ..."), "perfect" for one reaching now ("I've been ..."). */
  tense: "past" | "perfect" | "future",
): string {
  // The longest three, in the order of the day: what a person would mention, each doing once
  // (a doing it comes back to later in the day is still one doing). (Not a doing of the small
  // hours, over before the day's first part begins, which the planner's night leaves: the day is
  // told from its morning, unless the night is all there is.)
  const woken = activities(blocks).filter((b) => b.end > NIGHT_ENDS);
  // (Not care of one's own body, "washing my face", "taking a shower": nobody tells their day by
  // it, language/privacy.ts.)
  const told = woken.filter((b) => !isPrivateDoing(plain(b.task)));
  const all = told.length ? told : woken.length ? woken : activities(blocks);
  const keep = new Set<DayBlock>();
  for (const b of [...all].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (keep.size === 3) break;
    if (![...keep].some((k) => sameDoing(plain(k.task), plain(b.task)))) keep.add(b);
  }
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
  const verb = { past: "I was", perfect: "I've been", future: "I'll be" }[tense];
  return sentence(`${verb} ${listOf(phrases)}`);
}

/** What of yesterday was worth telling: the talk it remembers of that day with the most weight
 *  (its memory's importance; a talk held is its own doing, not something seen or planned), said
 *  as a talk with the part of the day it was in ("In the evening Grace and I talked about ...").
 *  "" when it remembers no talk of yesterday (its first day). */
export function yesterdayTalk(
  memories: readonly MemoryLine[],
  talk: { now: number; me: string; speaker: string; residents: readonly string[] },
  /** Of the day this many days before today (1: yesterday). */
  back = 1,
): string {
  const { now, me } = talk;
  const today = now - minuteOfDay(now) * 60_000 - (now % 60_000) - (back - 1) * 86_400_000;
  // (A talk with a neighbour: not one with the person asking, nor with a stranger of a day,
  // whose talk is a record of questions put to it.)
  const neighbour = (m: MemoryLine) =>
    !!m.with && m.with !== talk.speaker && m.with !== me && talk.residents.includes(m.with);
  const best = memories
    .filter(
      (m) =>
        m.kind === "chat" && neighbour(m) && m.created < today && m.created >= today - 86_400_000,
    )
    .map((m) => ({ m, said: memoryAsSaid(m.text, me, m.note) }))
    .filter((x) => x.said)
    .sort((a, b) => b.m.importance - a.m.importance || a.m.created - b.m.created)[0];
  if (!best) return "";
  // (The one it talked with by first name, as one says a neighbour; the first word lowered only
  // where it is no name: a determiner.)
  const other = best.m.with ?? "";
  const named = other.includes(" ") ? best.said.replace(other, other.split(" ")[0]) : best.said;
  const said = parsed(named).terms().first().has("#Determiner")
    ? named.charAt(0).toLowerCase() + named.slice(1)
    : named;
  const part = dayPart(minuteOfDay(best.m.created));
  return sentence(`${part.charAt(0).toUpperCase()}${part.slice(1)} ${said.replace(/[.!?]$/, "")}`);
}

/** A day it has no memory of (its first day in town), said honestly as such: not recounted as if
 *  remembered, but as what it usually does, its day as planned from its habits ("Yesterday? Much
 *  like most days: I'm usually ... in the morning, ..."); with no day planned, its habits and what
 *  occupies it these days (its persona's "currently", not a worry). */
function usualDay(f: PersonaFacts, k: Knowledge): string {
  const lately = factsOf(f, k, (x) => x.source === "currently" && !x.kinds.includes("worry"));
  const habits = factsOf(f, k, (x) => x.kinds.includes("habit"));
  const usual = narrate(k.today, f, k, "future").replace(/^I'll be/, "I'm usually");
  // (Each its own sentence: one said already in the talk leaves the other.)
  const said = usual ? [usual] : [habits[0], lately[0]].filter(Boolean);
  if (!said.length) return "";
  return `Yesterday? Much like most days: ${said[0].charAt(0) === "I" ? said[0] : lowerFirst(said[0])}${said[1] ? ` ${said[1]}` : ""}`;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export function past(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk?: {
    now?: number;
    me: string;
    speaker: string;
    residents: readonly string[];
    memories: readonly MemoryLine[];
  },
): Source {
  if (u.span === "yesterday") {
    const y = narrate(k.yesterday, f, k, "past");
    const items = k.yesterdayItems.slice(0, 3).map((i) => inFirstPerson(i, f.name, f.pronoun));
    // A talk of yesterday is what was worth telling; its day's doings around it.
    const talked =
      talk?.now === undefined ? "" : yesterdayTalk(talk.memories, { ...talk, now: talk.now });
    return {
      name: "yesterday",
      sentences: [
        [
          y
            ? y.replace(/^I was/, "Yesterday I was")
            : items.length
              ? sentence(`Yesterday my plan was to ${listOf(items)}`)
              : // Before the first day it remembers: nothing of it to tell, and what occupies it
                // these days (its persona's "currently", else its habits), else its usual day.
                usualDay(f, k),
          talked,
        ]
          .filter(Boolean)
          .join(" "),
      ].filter(Boolean),
    };
  }
  // A day further back ("How was your weekend?" on a Monday, "last Saturday"): the talk it
  // remembers of that day; with none (a day before the town began, or nothing worth telling),
  // honestly as it usually is, never today's doings told for it.
  if (u.span === "recent" && u.days !== undefined && u.days <= -2 && talk?.now !== undefined) {
    const talked = yesterdayTalk(talk.memories, { ...talk, now: talk.now }, -u.days);
    // (The day as the person named it, "Last weekend?", else as one says it, "On Saturday?".)
    const named = chrono.parse(u.text, new Date(talk.now))[0]?.text.trim();
    const when = named
      ? /^(last|past|previous)\b/i.test(named)
        ? named
        : `last ${named.replace(/^(on|the|this)\s+/i, "")}`
      : dayFrom(talk.now + u.days * 86_400_000, talk.now);
    const usual = narrate(k.today, f, k, "future").replace(/^I'll be/, "I'm usually");
    return {
      name: "past-day",
      sentences: [
        talked
          ? `${cap(when)}? ${talked}`
          : sentence(
              `${cap(when)}? Nothing special that I remember${usual ? `; ${usual.replace(/[.!]$/, "")}` : ""}`,
            ),
      ],
    };
  }
  const before = k.today.filter((b) => b.end <= k.minute && b.end > (k.today[0]?.start ?? 0));
  // A part of today asked of by name ("this morning"): what it did then, if that is past.
  const part = u.partHour === undefined ? undefined : dayPart(u.partHour * 60);
  // (The part it is in now is told as that part so far, with what it does now.)
  const current = !!part && part === dayPart(k.minute);
  const then = part ? before.filter((b) => dayPart(b.start) === part) : [];
  const thisPart = part ? part.replace(/^in the/, "This") : "";
  if (part && !current && then.length)
    return {
      name: "today",
      sentences: [
        narrate(then, f, k, "past")
          .replace(/^I was/, `${thisPart} I was`)
          .replace(` ${part}`, ""),
      ],
    };
  // (What it has done up to now is a span reaching now, said in the present perfect: "So far
  // today I've been ...", "This afternoon I've been ..."; a part of the day over is past, above.)
  const now = activities(k.today).find((x) => x.start <= k.minute && x.end > k.minute);
  // (What it is doing now began before now: its earlier blocks are told as now, not as so far
  // too, "... and working in the office. Now I'm working in the office.")
  const past = (bs: DayBlock[]) => bs.filter((b) => !now || b.end <= now.start);
  const sofar = current
    ? narrate(past(then), f, k, "perfect").replace(` ${part}`, "")
    : narrate(past(before), f, k, "perfect");
  // Asked how it is going ("How's your day GOING?", "how's your afternoon been?"), not how it
  // went: how it finds it first, then what it held so far.
  const going = u.wh === "how" && u.tense !== "future" && (current || u.span === "today");
  const told = [
    sofar
      ? sofar.replace(/^I've been/, current ? `${thisPart} I've been` : "So far today I've been")
      : "",
    now ? sentence(`Now I'm ${doingPhrase(now, f, k)}`) : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    name: "today",
    sentences: [going && told ? `${goingWell(before, now, f)} ${told}` : told].filter(Boolean),
  };
}

/** How its day is going, as it finds it: by the feeling of what it held and of its character
 *  (AFINN's valence of the words of its doings so far and of its traits): well, else quietly. */
function goingWell(before: DayBlock[], now: DayBlock | undefined, f: PersonaFacts): string {
  const words = [...before, ...(now ? [now] : [])]
    .flatMap((b) => contentWords(plain(b.task)))
    .concat(f.traits.flatMap((t) => contentWords(t)));
  const lean = words.reduce((a, w) => a + valence(w), 0);
  return lean >= 0 ? "Pretty well, thanks." : "Quietly enough, thanks.";
}

/** A task as a doing in the simple present ("having lunch with Kenji" → "have lunch with Kenji"). */
export function simplePresent(task: string): string {
  const d = nlp(`I am ${task}`);
  d.verbs().toInfinitive();
  return d.text().replace(/^I (be )?/, "");
}

/** A verb's lemma by compromise's conjugation when WordNet's rules miss it ("seen" → "see"). */
export function irregularVerb(clause: string): string {
  const doc = nlp(clause.split(" ")[0] ?? "");
  doc.verbs().toInfinitive();
  return doc.text().toLowerCase().trim();
}

/** "Have you eaten yet?", "Did you sleep well?": a yes/no question on something of its own day,
 *  answered by the block of its day the question's verb names: done (when), or still to come. */
export function doneToday(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.wh !== "yesno" || u.about !== "you" || u.tense !== "past") return undefined;
  const m = /^(?:have|has|did) you\s+(?:\w+ly\s+)?(\w+)/i.exec(u.text);
  if (!m) return undefined;
  const verb = lemma(m[1], "verb") ?? irregularVerb(m[1]);
  // English's pro-verb with an object the lexicon knows no thing by ("did you DO ANYTHING
  // interesting?"): no doing is named; what was worth telling is asked, not a block of the day.
  const object = termsOf(u.text.slice(m.index + m[0].length))[0];
  if (verb === "do" && object?.tags.includes("Noun") && !senses(object.normal, "noun").length)
    return undefined;
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
      ...(parsed(task).nouns().out("array") as string[]).flatMap((n) => wordsOf(n)),
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
  // (Asked of yesterday, yesterday's blocks only: not today's morning.)
  const day =
    u.span === "yesterday"
      ? k.yesterday
      : [...k.yesterday.filter((b) => b.end > 20 * 60), ...k.today];
  const done = day.filter((b) => (u.span === "yesterday" || b.start < k.minute) && names(b)).at(-1);
  // (Yesterday's doing is said with the part of the day it was in; nothing of it is still ahead.)
  if (done && u.span === "yesterday")
    return {
      name: "done",
      sentences: [
        sentence(`Yes, yesterday I was ${doingPhrase(done, f, k)} ${dayPart(done.start)}`),
      ],
    };
  if (u.span === "yesterday") return undefined;
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
export function leisure(f: PersonaFacts, k: Knowledge): Source {
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

/** "How do you spend your weekends?", "What are your mornings like?": a time of the day or week
 *  asked of in general (a plural of WordNet's noun.time, which the tagger reads as a date): the
 *  doings of that part of its day, else (a time with no hour of its own: a weekend, a Sunday) its
 *  free time. */
export function habitualTime(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.about !== "you" || u.span !== "general") return undefined;
  const times = (parsed(u.text).match("(#Date|#Plural)").out("array") as string[])
    .map((x) => x.toLowerCase().replace(/[^a-z]/g, ""))
    .map((w) => ({ w, l: lemma(w, "noun") }))
    .filter(({ w, l }) => l && l !== w && domainOf(l, "noun") === "noun.time");
  // (A part of the day said of how things usually are, "what do you do IN THE EVENING?", is
  // read as such by understand: its hour, with no day.)
  if (!times.length && u.partHour === undefined) return undefined;
  // That time read on an ordinary weekday (chrono-node): an hour of the same day is a part of the
  // day, a day later in the week a day off; a year or a month is no time of its days.
  const weekday = new Date(Date.UTC(2000, 0, 5, 12));
  const at = times.length ? chrono.parse(`this ${times[0].l}`, weekday)[0]?.start : undefined;
  if (times.length && !at) return undefined;
  const days = at ? at.get("day")! - weekday.getUTCDate() : 0;
  const hour = at ? at.get("hour") : u.partHour;
  if (days === 0 && hour === 12) return undefined;
  if (days < 0) return undefined;
  if (days === 0) {
    const part = dayPart((hour ?? 12) * 60);
    const blocks = activities(k.today).filter((b) => dayPart(b.start) === part);
    if (blocks.length)
      return {
        name: "habitual",
        sentences: [
          sentence(
            `I${part.slice(1)}s I'm usually ${listOf(
              blocks
                .slice(0, 3)
                // (A place said once: "at home" not after every doing there.)
                .map((b, i, xs) =>
                  doingPhrase(
                    i > 0 && xs[i - 1].place?.split(" of ").at(-1) === b.place?.split(" of ").at(-1)
                      ? { ...b, place: undefined }
                      : b,
                    f,
                    k,
                  ),
                ),
            )}`,
          ),
        ],
      };
  }
  return { ...leisure(f, k), name: "habitual" };
}

/** "Do you play any music?": a yes/no question on something it does, answered from its habits
 *  and its day when one of them names the doing ("I play the piano at home, not well"). */
export function doYou(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
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

/** "What did you have for lunch?", "Where were you this morning?": a question on its past day
 *  whose topic names one of its blocks (by what the block's words are for: "lunch" meets "having
 *  lunch with Kenji"): that block, with when and where. */
export function doneAsked(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.about !== "you" || u.wh === "yesno") return undefined;
  const keys = u.topic.filter((w) => u.pos?.[w] === "noun" && domainOf(w, "noun") !== "noun.time");
  if (!keys.length) return undefined;
  const yesterday = u.span === "yesterday";
  const day = yesterday ? k.yesterday : k.today.filter((b) => b.start < k.minute);
  const b = activities(day).find((x) =>
    wordsOf(plain(x.task)).some((w) => keys.some((t) => t === w || purposeMatch(t, w) >= 0.7)),
  );
  if (!b) return undefined;
  // (Said as done, in the simple past, with its hour alone: "I had lunch with Ada at the college
  // around 12:30 pm", not "I was having lunch ... in the afternoon, around 12:30 pm".)
  return {
    name: "done",
    sentences: [
      sentence(
        `${yesterday ? "Yesterday " : ""}${simplePast(doingPhrase(b, f, k))} around ${clock(b.start)}`,
      ),
    ],
  };
}

/** A doing said as done by "I": "having lunch with Ada" → "I had lunch with Ada". */
export function simplePast(doing: string): string {
  const d = nlp(`I ${simplePresent(doing)}`);
  d.verbs().toPastTense();
  return d.text();
}

/** "What do you usually have for breakfast?": a meal of its days asked (a noun WordNet files as
 *  food, of itself, in general), answered by the block of its day that names the meal, else by
 *  one with food or drink in it at the part of the day the meal's definition names ("the first
 *  meal of the day (usually in the MORNING)": "having coffee and toast"). */
export function mealAsked(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.about !== "you" || u.wh !== "what" || u.span !== "general") return undefined;
  const meal = u.topic.find((w) => u.pos?.[w] === "noun" && domainOf(w, "noun") === "noun.food");
  if (!meal) return undefined;
  const blocks = activities(k.today);
  const named = blocks.find((b) => wordsOf(plain(b.task)).includes(meal));
  const part = (senses(meal, "noun")[0]?.gloss ?? "").match(/\b(morning|afternoon|evening)\b/)?.[1];
  // (Food or drink in it, or a doing of eating: "EATING at the bar".)
  const food = (b: DayBlock) => {
    const first = plain(b.task).split(" ")[0].toLowerCase();
    return (
      wordsOf(plain(b.task)).some((w) => w !== meal && domainOf(w, "noun") === "noun.food") ||
      domainOf(lemma(first, "verb") ?? first, "verb") === "verb.consumption"
    );
  };
  const b =
    named ?? (part ? blocks.find((x) => dayPart(x.start).endsWith(part) && food(x)) : undefined);
  // (A doing said with its place, unless its words say where already: "eating in the dorm".)
  const said = (x: DayBlock) => {
    const task = inFirstPerson(plain(x.task), f.name, f.pronoun);
    return simplePresent(
      parsed(task).has("(at|in) #Determiner? #Noun") ? task : doingPhrase(x, f, k),
    );
  };
  // A block with food in it says what ("having tea and rice"); one that names only the meal
  // ("cooking dinner") says nothing of what is eaten: that is from its persona, the food its
  // facts name (a baker's bread, a fisherman's catch), the fact of that meal first; with none,
  // honestly nothing in particular, and where and with whom it has it (else what it is doing
  // then).
  const isFood = (w: string) => {
    const l = lemma(w, "noun") ?? w;
    const all = senses(l, "noun");
    return (
      l !== meal &&
      domainOf(l, "noun") === "noun.food" &&
      // (A word mostly of food, as at least half its senses are: a potter's "glazes" are no
      // sugar glaze.)
      2 * all.filter((x) => x.domain === "noun.food").length >= all.length &&
      !kindOf(l, "meal", { pos: "noun" }) &&
      // (A drink is no meal: "coffee" is not what one has for dinner.)
      !kindOf(l, "beverage", { pos: "noun" })
    );
  };
  if (b && wordsOf(plain(b.task)).some((w) => w !== meal && domainOf(w, "noun") === "noun.food"))
    return {
      name: "meal",
      sentences: [
        sentence(`I usually ${simplePresent(inFirstPerson(plain(b.task), f.name, f.pronoun))}`),
      ],
    };
  const told = f.facts.filter((x) => tellable(x, k.knowsSpeaker));
  // (With no meal in its day, a fact of its persona that names the meal says it: "I skip
  // breakfast"; else what it is doing then, the longest doing of that part but care of itself.)
  if (!b && told.some((x) => x.words.includes(meal))) return undefined;
  const then = part
    ? blocks
        .filter((x) => dayPart(x.start).endsWith(part) && !isPrivateDoing(plain(x.task)))
        .sort((x, y) => y.end - y.start - (x.end - x.start))[0]
    : undefined;
  const usual = b
    ? sentence(`I usually ${said(b)}`)
    : then
      ? sentence(`${cap(part ?? "")}s I'm usually ${doingPhrase(then, f, k)}`)
      : "";

  const ofMeal = told.find(
    (x) => x.words.includes(meal) && x.words.some((w) => x.pos?.[w] === "noun" && isFood(w)),
  );
  if (ofMeal) return { name: "meal", sentences: [partAbout(mine(f, ofMeal.text), [meal])] };
  const foods = [
    ...new Set(
      told.flatMap((x) =>
        (nlp(mine(f, x.text)).nouns().out("array") as string[])
          .map((n) => n.replace(/[.,;!?]+$/, "").trim())
          .filter((n) => isFood(n.split(" ").at(-1)?.toLowerCase() ?? ""))
          // (Said as food, not as someone's: "my bread" is "bread".)
          .map((n) =>
            parsed(n).terms().first().has("(#Determiner|#Possessive)")
              ? n.replace(/^\S+\s+/, "")
              : n,
          ),
      ),
    ),
  ].slice(0, 2);
  return {
    name: "meal",
    sentences: [
      foods.length
        ? `Something simple; often ${listOf(foods)}.${usual ? ` ${usual}` : ""}`
        : `Nothing in particular.${usual ? ` ${usual}` : ""}`,
    ],
  };
}

/**
 * The time of a doing its habits name inside another's clause: of "open" in "I bake before
 * opening at 7", "At 7, as usual." (the time that follows that doing); when the doing is the
 * clause's own ("I wake up at 6 am"), or no time follows it, the clause as it is.
 */
export function timeOfDoing(part: string, verb: string): string {
  const terms = termsOf(part);
  const at = terms.findIndex((t) => (lemma(t.normal, "verb") ?? t.normal) === verb);
  const own = terms.findIndex((t, i) => i > 0 && t.tags.includes("Verb"));
  if (at < 0 || at === own) return part;
  const from = part.indexOf(terms[at].text);
  const after = from < 0 ? "" : part.slice(from + terms[at].text.length);
  const time =
    /^\s*((?:at|around|by|until)\s+(?:about\s+)?\d{1,2}(?:[:.]\d\d)?(?:\s?[ap]\.?m\.?)?)(?=$|[\s,.;])/i.exec(
      after,
    );
  if (!time) return part;
  return sentence(`${cap(time[1])}, as usual`);
}

/**
 * When its day has a doing ("when do you open?"), by the block of its plan that names it: the
 * block's own doing starts then ("pouring drinks" at 4 pm: "At 4 pm, usually."); a doing the block
 * is "before" ends it ("cleaning the bar before opening", 2 to 4 pm: at 4 pm), one it is "after"
 * starts it. None: undefined.
 */
export function whenInDay(verb: string, k: Knowledge): string | undefined {
  for (const b of activities(k.today)) {
    const terms = termsOf(plain(b.task));
    const at = terms.findIndex((t) => (lemma(t.normal, "verb") ?? t.normal) === verb);
    if (at < 0 || !terms[at].tags.includes("Verb")) continue;
    const before = terms[at - 1]?.normal;
    const minute =
      at === 0 || before === "after" ? b.start : before === "before" ? b.end : undefined;
    if (minute !== undefined) return sentence(`At ${clock(minute)}, usually`);
  }
  return undefined;
}

/**
 * When its working day ends ("when do you close?", "what time do you finish?"), a doing of ending
 * (WordNet's closeness to "end") its habits and blocks do not name: the end of the last block of
 * its day at the place its daytime is spent most (its work), said with the verb asked ("I usually
 * close at 3 pm."). No daytime place: undefined.
 */
export function workEndsAsked(verb: string, k: Knowledge): string | undefined {
  if (closeness(verb, "end") < 0.8) return undefined;
  const placeOf = (b: DayBlock) => b.place?.split(" of ").at(-1);
  const daytime = new Map<string, number>();
  for (const b of activities(k.today)) {
    const at = placeOf(b);
    if (at && b.start >= 8 * 60 && b.end <= 17 * 60 && !isPrivateDoing(plain(b.task)))
      daytime.set(at, (daytime.get(at) ?? 0) + b.end - b.start);
  }
  const work = [...daytime].sort((a, b) => b[1] - a[1])[0]?.[0];
  const last = activities(k.today)
    .filter((b) => placeOf(b) === work)
    .at(-1);
  return last ? sentence(`I usually ${verb} at ${clock(last.end)}`) : undefined;
}

/**
 * "What did you eat this morning?", "Did you have breakfast?": a meal of today asked of, named
 * (a noun WordNet files as a kind of meal) or by a verb of eating with a part of the day (the meal
 * of its persona whose definition names that part: "the first meal of the day (usually in the
 * MORNING)"). Answered by a block of that part with food in it ("I had oatmeal."), else by the
 * clause of its persona on that meal ("I skip breakfast."). Neither: undefined.
 */
export function mealEaten(u: Utterance, f: PersonaFacts, k: Knowledge): Source | undefined {
  if (u.about !== "you" || (u.wh !== "what" && u.wh !== "yesno")) return undefined;
  if (u.span !== "today" && u.tense !== "past") return undefined;
  const partOf = (meal: string) =>
    (senses(meal, "noun")[0]?.gloss ?? "").match(/\b(morning|afternoon|evening)\b/)?.[1];
  const isMeal = (w: string) => kindOf(w, "meal", { pos: "noun" });
  const named = u.topic.find((w) => u.pos?.[w] === "noun" && isMeal(w));
  const eating = u.topic.some(
    (w) => u.pos?.[w] === "verb" && domainOf(w, "verb") === "verb.consumption",
  );
  const part =
    named !== undefined
      ? partOf(named)
      : eating && u.partHour !== undefined
        ? dayPart(u.partHour * 60)
            .split(" ")
            .at(-1)
        : undefined;
  if (!part || (!named && u.topic.some((w) => u.pos?.[w] === "noun"))) return undefined;
  // (Food in a block of that part: what it had, said in the past.)
  const food = activities(k.today).find(
    (b) =>
      dayPart(b.start).endsWith(part) &&
      b.start < k.minute &&
      // (Not its doing's own verb: "SERVING customers" is no helping of food.)
      wordsOf(plain(b.task))
        .slice(1)
        .some((w) => domainOf(w, "noun") === "noun.food" && !isMeal(w)),
  );
  if (food)
    return {
      name: "meal-eaten",
      sentences: [
        sentence(
          `${u.wh === "yesno" ? "Yes, " : ""}${simplePast(inFirstPerson(plain(food.task), f.name, f.pronoun))}`,
        ),
      ],
    };
  // (Else its persona on that meal: "skips breakfast".)
  const ofPart = (w: string) => isMeal(w) && (w === named || partOf(w) === part);
  const meal = f.facts.find(
    (x) => tellable(x, k.knowsSpeaker) && x.words.some((w) => x.pos[w] === "noun" && ofPart(w)),
  );
  // (Said as it is, never with a yes: "Did you have breakfast?" is answered "I skip breakfast.",
  // not "Yes. I skip breakfast.")
  if (!meal || (u.wh !== "what" && u.wh !== "yesno")) return undefined;
  return {
    name: "meal-eaten",
    sentences: [partAbout(mine(f, meal.text), meal.words.filter(ofPart))],
  };
}
