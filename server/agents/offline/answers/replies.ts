// Answers in kind to what is not a question: a statement or opinion acknowledged with something
// of its own, an invitation accepted or declined by its day and character.
import { tellable, type PersonaFacts } from "../../language/facts.ts";
import type { DayBlock, Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, isSettlement, lemma } from "../../language/lexicon.ts";
import { parsed, sentencesOf, termsOf } from "../../language/parse.ts";
import { cap, clock, sentence } from "../../language/realise.ts";
import { dayFrom } from "../../language/time.ts";
import { contentTerms, proposal, usualHourOf, type Utterance } from "../../language/understand.ts";
import {
  type Talk,
  type PeopleAnswer,
  firstName,
  choose,
  unsaid,
  wordsOf,
  partAbout,
  plain,
  mine as ownSentence,
} from "./voice.ts";
import { leisurePlace, likedPlace } from "./places.ts";
import { bears } from "./memories.ts";
import { activities, doingPhrase, isSleep } from "./day.ts";
import { nearestKind, topical } from "./self.ts";
import { agreement, namedThing, toldReply } from "./told.ts";
import { opinionOf } from "./opinions.ts";
import { ownClause } from "./people.ts";

/** A person's news or view, answered in kind, with something of its own that bears on it. */
export function statement(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
  withHello: (t: string) => string,
): PeopleAnswer {
  const v = firstName(talk.speaker);
  // Their own news (a loss, a trouble, an arrival, what they are), met as what it is.
  const own = toldReply(u, f, k, talk);
  if (own) return { text: withHello(own.join(" ")), end: false, source: "statement" };
  // A view of its town or its work, agreed with or not by its own, with its reason.
  const view = u.act === "opinion" && !u.tag ? stance(u, f, k, talk) : undefined;
  if (view) return { text: withHello(view), end: false, source: "opinion" };
  // Something of its own that bears on what was said, closely: a word of it met loosely ("meet"
  // and "came back" share only motion) is no answer to it. (A remark on the day or the weather is
  // about neither of them: it is met by how its own day has gone, not by a fact of its life that
  // shares a word with it.)
  const related =
    u.act !== "opinion" || u.about === "you"
      ? unsaid(topical(u, f, k, 0.6).sentences, talk)[0]
      : undefined;
  // What the news is about, in the listener's words: its first noun phrase ("a flower festival",
  // "my cat" → "your cat"), never the whole line said back.
  const about = namedThing(u, talk.me);
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
      : u.act === "opinion" && u.tag
        ? agreement(u.tag, talk)
        : u.act === "opinion"
          ? choose(
              [`I think so too, ${v}.`, `I'd agree with that.`, `You may be right.`],
              talk,
              "opinion",
              u.text,
            )
          : choose(
              // (Nothing named in it: no news to thank for, a plain acknowledgement.)
              [`Oh, that's good to know, ${v}.`, `I see.`, `Is that so?`],
              talk,
              "news",
              u.text,
            );
  // A remark with nothing of its own to add is met with how its day has gone.
  const day = u.act === "opinion" && !related ? unsaid([ownDay(f, k)], talk)[0] : undefined;
  const more = related ?? day;
  return {
    text: withHello(`${react}${more ? ` ${more}` : ""}`),
    end: false,
    source: "statement",
  };
}

/** Its own view of the town or its work, said against the person's ("I love this town." "I feel the same.
 *  ..."; "This town is dull." "Really? I like it here. ..."): undefined for a view of
 *  anything else. */
function stance(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk): string | undefined {
  const v = firstName(talk.speaker);
  const doc = parsed(u.text);
  const near = nearestKind(u);
  // (Its town: "here", or a noun for a place people live together, by the lexicon.)
  const town = u.topic.filter((w) => u.pos?.[w] === "noun" && isSettlement(w));
  const of =
    doc.has("here") || town.length > 0 || (near.kind === "home" && near.score >= 0.45)
      ? ("home" as const)
      : near.kind === "occupation" && near.score >= 0.45 && u.about === "you"
        ? ("work" as const)
        : undefined;
  if (!of) return undefined;
  const mine = opinionOf({ of, words: [] }, { ...u, text: "" }, f, k).sentences[0];
  if (!mine) return undefined;
  const [opener, ...rest] = sentencesOf(mine);
  // (The town's places outside its home and its work: where it goes because it likes to. Its
  // work is what its other facts on work name: "walks along the gardens after work" is no work.)
  const liked = of === "home" ? likedPlace(f, k, true) : undefined;
  const work = new Set(
    f.facts.filter((x) => x !== liked && x.kinds.includes("occupation")).flatMap((x) => x.words),
  );
  const placeWords = k.places
    .map((p) => p.name.split(" of ").at(-1) ?? "")
    .filter((name) => {
      const ws = wordsOf(name);
      const working = 2 * ws.filter((w) => work.has(w)).length > ws.length;
      return !k.places.find((p) => p.name === name)?.dwelling && !working;
    })
    .flatMap((name) => wordsOf(name));
  const ofTown =
    of === "home"
      ? f.facts
          .filter((x) => tellable(x, k.knowsSpeaker))
          .map((x) => ({ x, on: x.words.filter((w) => x.pos?.[w] === "noun" && isSettlement(w)) }))
          .filter(({ on }) => on.length)
          // ("I am a notary who came to the village": its clause that names it, "I came to the
          // village nine years ago".)
          .map(({ x, on }) => ownClause(ownSentence(f, x.text), on))
          // (A clause of its own doing, "I believe that a town is ...": not a phrase left over.)
          // (Of the town as it is, not of another it lived in once: "I opened after a decade of
          // baking in the city" is in the past.)
          .filter(
            (t) => parsed(t).has("^I #Adverb? #Verb") && !parsed(t).has("^I #Adverb? #PastTense"),
          )
      : [];
  const naming = (t: string, ws: string[]) => wordsOf(t).some((w) => ws.includes(w));
  // (Else the place of the town where its days go, outside its home and work, and what it does
  // there.)
  // (Not a visit with someone, "holding the visit with Nora Vale": that is no place of its own
  // liking.)
  const free =
    of === "home"
      ? [leisurePlace(f, k)].find((x) => x && !parsed(x.doing).has("#Person"))
      : undefined;
  const reason = unsaid(
    [
      ...(liked ? [partAbout(ownSentence(f, liked.text), placeWords)] : []).filter((t) =>
        naming(t, placeWords),
      ),
      ...ofTown,
      free ? sentence(`I'm often at ${free.sector}, ${free.doing}`) : "",
      // (Of its work, the rest of its view of it.)
      of === "work" ? rest.join(" ") : "",
    ].filter(Boolean),
    talk,
  )[0];
  // Whether the person likes it: their words nearer liking and good than disliking and bad.
  const words = termsOf(u.text).map((t) => {
    const w = t.normal.replace(/[^a-z'-]/g, "");
    return lemma(w, "verb") ?? lemma(w, "adj") ?? w;
  });
  const toward = (cs: string[]) =>
    Math.max(0, ...words.flatMap((w) => cs.map((c) => closeness(w, c))));
  const likes =
    toward(["like", "good", "pleasant"]) >= toward(["dislike", "bad", "dull"]) !== u.negative;
  const mostly = /mostly/i.test(opener ?? "");
  const said = likes
    ? mostly
      ? `Mostly, I'd agree, ${v}.`
      : choose([`I feel the same, ${v}.`, `I agree, ${v}.`], talk, "stance")
    : `Really, ${v}? I like it ${of === "home" ? "here" : "myself"}.`;
  return [said, reason].filter(Boolean).join(" ");
}

/** How its day has gone so far, in a sentence: what it does now, else what took most of it. */
function ownDay(f: PersonaFacts, k: Knowledge): string {
  const blocks = activities(k.today);
  const now = blocks.find((b) => b.start <= k.minute && b.end > k.minute);
  const spent = blocks
    .filter((b) => b.start < k.minute)
    .sort((a, b) => Math.min(b.end, k.minute) - b.start - (Math.min(a.end, k.minute) - a.start))[0];
  const b = spent ?? now;
  return b ? `I've mostly been ${doingPhrase(b, f, k)} today.` : "";
}

/** The minute of the day asked for. An hour said without "am" or "pm" and nothing in the words
 *  to tell which is read as the resident's day makes sense of it: after what the words say it
 *  comes after ("at 8, after WORK": the end of its doing that bears on it), and not while it
 *  sleeps; else as it was read (the next such hour to come). */
function hourOf(u: Utterance, k: Knowledge, blocks: DayBlock[]): number {
  const minute = (t: number) => new Date(t).getUTCHours() * 60 + new Date(t).getUTCMinutes();
  const asked = minute(u.at!);
  if (u.atOr === undefined) return asked;
  const other = minute(u.atOr);
  const after = (parsed(u.text).match("after [#Noun+]", 0).out("array") as string[]).flatMap((x) =>
    contentTerms(x).map((t) => t.word),
  );
  const ends = blocks.filter((b) => after.length && bears(b.task, after)).map((b) => b.end);
  if (ends.length) {
    const end = Math.max(...ends);
    if (asked < end && other >= end) return other;
  }
  const asleep = (m: number) =>
    !blocks.some((b) => b.start <= m && b.end > m) &&
    k.today.some((b) => b.start <= m && b.end > m && isSleep(plain(b.task)));
  return asleep(asked) && !asleep(other) ? other : asked;
}

/** Accepts or declines by its day and its character, with a time when it accepts. */
export function invitation(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk): PeopleAnswer {
  const v = firstName(talk.speaker);
  // The day it names ("on Saturday", "next Friday"; a weekday read as past is next week's: one is
  // asked to come, not to have come); else today when it says so, or "later" with no day named
  // while the day has hours left; else tomorrow.
  const later = u.span === "general" && u.tense === "future" && k.minute < 18 * 60;
  const day =
    u.days !== undefined && u.span !== "now"
      ? u.days < 0
        ? u.days + 7
        : u.days
      : u.span === "evening" || u.span === "today" || u.span === "now" || later
        ? 0
        : 1;
  // (Said from today: "today", "tomorrow", "on Saturday".)
  const DAY = 86_400_000;
  const onDay =
    talk.now !== undefined
      ? dayFrom(talk.now - (talk.now % DAY) + day * DAY + DAY / 2, talk.now)
      : day === 0
        ? "today"
        : day === 1
          ? "tomorrow"
          : `in ${day} days`;
  const blocks = activities(k.today);
  const asked = u.at !== undefined ? hourOf(u, k, blocks) : undefined;
  const busyWith = (m: number) => blocks.find((b) => b.start <= m && b.end > m);
  // A time given is taken when its hour is free of anything done with others; otherwise the
  // resident offers the start of its first afternoon or evening block that is its own.
  const free = (b: DayBlock) =>
    !/\bwith\b/.test(b.task) && !talk.residents.some((r) => b.task.includes(firstName(r)));
  // What it has already said it will be at that day (a visit agreed, an event) is not given up.
  const promised = (start: number, end = start + 60) =>
    (k.commitments ?? []).find((c) => c.day === day && c.start < end && c.end > start);
  if (asked !== undefined) {
    const b = busyWith(asked);
    const p = promised(asked);
    if (p)
      return {
        // (Asked again in the talk, not the same excuse word for word.)
        text: choose(
          p.place
            ? [
                `I'd like to, ${v}, but I've already promised to be at ${p.place} then. Another time?`,
                `That's kind of you, ${v}, but I've promised to be at ${p.place} then.`,
              ]
            : [
                `I'd like to, ${v}, but I've already got something on then. Another time?`,
                `That's kind of you, ${v}, but I've got something on then.`,
              ],
          talk,
          "promised",
          u.text,
        ),
        end: false,
        source: "invitation-declined",
      };
    if (b && !free(b))
      return {
        text: `I'd like to, ${v}, but I'm ${doingPhrase(b, f, k)} then. Another time?`,
        end: false,
        source: "invitation-declined",
      };
    return {
      text: `I'd love to, ${v}. I'll be there ${onDay} at ${clock(asked)}.`,
      end: false,
      source: "invitation",
      accepted: { day, minute: asked, what: u.text },
    };
  }
  const open = (b: DayBlock) => free(b) && !promised(b.start);
  // A doing of its own day that bears on what is proposed ("grab LUNCH": its lunch hour) is when.
  // (The words of what is proposed, not of asking or going there: "go FISHING", "grab LUNCH";
  // "would you like to JOIN" proposes no doing of its day; nor where: "at my PLACE".)
  const proposed = contentTerms(proposal(u.text) ?? "");
  const nouns = proposed
    .filter(
      (t) =>
        // (A thing, not a time: "sometime" says when, not what.)
        (t.pos === "noun" &&
          !["", "noun.time", "noun.location"].includes(domainOf(t.word, "noun"))) ||
        (t.pos === "verb" &&
          // (Nor a phrasal verb of going: "come by" is no getting of things.)
          ![t.word, t.word.split(" ")[0]].some((w) =>
            ["verb.motion", "verb.social"].includes(domainOf(w, "verb")),
          )),
    )
    .map((t) => t.word);
  const slot = freeHour(u, k, blocks, day, nouns, open);
  if (slot.at === undefined)
    return {
      text: slot.busy
        ? `I'd like to, ${v}, but I'm ${doingPhrase(slot.busy, f, k)} then. Another time?`
        : `That's kind of you, ${v}, but my days are full just now. Maybe another week?`,
      end: false,
      source: "invitation-declined",
    };
  const shy = f.traits.some((t) => closeness(t, "shy") >= 0.6 || closeness(t, "reserved") >= 0.6);
  if (!slot)
    return {
      text: `That's kind of you, ${v}, but my days are full just now. Maybe another week?`,
      end: false,
      source: "invitation-declined",
    };
  // (Today's evening is "this evening": "today around 8 pm" is not how it is said.)
  const when = `${day === 0 && slot.at >= 17 * 60 ? "this evening" : onDay} around ${clock(slot.at)}`;
  return {
    text: shy
      ? `Thank you, ${v}. I'm not one for company, but I could try ${when}.`
      : choose(
          [
            `I'd love to, ${v}! I'm free ${when}.`,
            `What a nice idea, ${v}. ${cap(when)} suits me.`,
          ],
          talk,
          "accept",
        ),
    end: false,
    source: "invitation",
    accepted: { day, minute: slot.at, what: u.text },
  };
}

/** Its waking day by its plan: from when its night's sleep ends to when the next begins
 *  (minutes since midnight); the whole day when its plan names no sleep. The night's sleeps open
 *  and close the plan's day: a nap after lunch is no bedtime. */
function wakingDay(k: Knowledge): { wake: number; bed: number } {
  const sleeps = k.today.filter((b) => isSleep(plain(b.task)));
  const opens = Math.min(...k.today.map((b) => b.start));
  const closes = Math.max(...k.today.map((b) => b.end));
  const morning = sleeps.filter((b) => b.start <= opens && b.start <= 12 * 60).map((b) => b.end);
  const night = sleeps.filter((b) => b.end >= closes && b.end > 12 * 60).map((b) => b.start);
  return {
    wake: morning.length ? Math.max(...morning) : 0,
    bed: night.length ? Math.min(...night) : 24 * 60,
  };
}

/**
 * The hour it offers for what is proposed, on the half-hour: among its waking hours, an hour
 * after it wakes to an hour before it sleeps (and not within the hour, today), the one nearest
 * the hour the proposal is had at. That hour is, in order: the part of the day asked for
 * ("tomorrow AFTERNOON"), a doing of its own day that bears on what is proposed (its lunch hour
 * for "lunch"), the hour its definition names ("tea": "a light midafternoon meal"), else the
 * afternoon, when people meet. An hour in a gap of its plan is nearer than one over a doing of
 * its own; its work (where it spends most of its day away from home), a doing with others or a
 * promise is never given up. With a usual hour and no free one within
 * three hours of it, it declines by what it does then.
 */
function freeHour(
  u: Utterance,
  k: Knowledge,
  blocks: DayBlock[],
  day: number,
  nouns: string[],
  open: (b: DayBlock) => boolean,
): { at?: number; busy?: DayBlock } {
  const { wake, bed } = wakingDay(k);
  const first = Math.max(wake + 60, day === 0 ? k.minute + 60 : 0);
  const last = bed - 60;
  const usual = usualHourOf(proposal(u.text) ?? u.text);
  const fitting =
    nouns.length && u.partHour === undefined
      ? blocks.find(
          (b) =>
            b.start >= first &&
            b.start <= last &&
            // (Near the hour its definition names: "breakfast" is not its lunch.)
            (usual === undefined || Math.abs(b.start - usual * 60) <= 180) &&
            open(b) &&
            bears(b.task, nouns),
        )
      : undefined;
  // (A part of the day named with what is proposed gives way to the hour that is had at within
  // it: "dinner TONIGHT" is at dinner time, not at chrono-node's 10 pm for "tonight".)
  const part =
    u.partHour !== undefined && usual !== undefined && Math.abs(usual - u.partHour) <= 3
      ? usual
      : u.partHour;
  const target =
    part !== undefined
      ? part * 60
      : fitting
        ? fitting.start
        : usual !== undefined
          ? usual * 60
          : 15 * 60;
  // (Its work: the place away from home its day holds longest.)
  const homeSector = k.home.split(" of ").at(-1);
  const away = new Map<string, number>();
  for (const b of blocks) {
    const sector = b.place?.split(" of ").at(-1);
    if (sector && sector !== homeSector)
      away.set(sector, (away.get(sector) ?? 0) + b.end - b.start);
  }
  const work = [...away].sort((a, b) => b[1] - a[1])[0]?.[0];
  const within = usual !== undefined || u.partHour !== undefined ? 180 : 24 * 60;
  let best: { at: number; cost: number } | undefined;
  let nearestBusy: { b: DayBlock; off: number } | undefined;
  for (let m = Math.ceil(first / 30) * 30; m <= last; m += 30) {
    const off = Math.abs(m - target);
    if (off > within) continue;
    const over = blocks.filter((b) => b.start < m + 60 && b.end > m);
    const busy = over.find((b) => !open(b) || (work && b.place?.split(" of ").at(-1) === work));
    if (busy) {
      if (!nearestBusy || off < nearestBusy.off) nearestBusy = { b: busy, off };
      continue;
    }
    // (Its own doing that bears on it is had together: no doing given up.)
    const cost = off + (over.some((b) => b !== fitting) ? 90 : 0);
    if (!best || cost < best.cost) best = { at: m, cost };
  }
  if (best) return { at: best.at };
  return { busy: nearestBusy?.b };
}

/** A favour asked ("could you help me carry some boxes?"): given now when its hour is its own,
 *  else when what it is doing ends; undefined for a request of no doing of its own (a way, a
 *  place: "could you show me the way to ..."). */
export function favour(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
): PeopleAnswer | undefined {
  const doing = u.topic.filter(
    (w) =>
      u.pos?.[w] === "verb" &&
      !["verb.perception", "verb.communication", "verb.cognition"].includes(domainOf(w, "verb")),
  );
  if (!doing.length) return undefined;
  const v = firstName(talk.speaker);
  const now = activities(k.today).find((b) => b.start <= k.minute && b.end > k.minute);
  if (!now)
    return {
      text: choose(
        [`Of course, ${v}. I can help you now.`, `Happy to, ${v}. Lead the way.`],
        talk,
        "favour",
      ),
      end: false,
      source: "favour",
    };
  const done = now.end;
  if (done >= 22 * 60)
    return {
      text: `I'm sorry, ${v}, I'm ${doingPhrase(now, f, k)} for the rest of the day. Could it wait until tomorrow?`,
      end: false,
      source: "favour-declined",
    };
  return {
    text: `I'm ${doingPhrase(now, f, k)} just now, ${v}, but I could help when I'm done, around ${clock(done)}.`,
    end: false,
    source: "favour",
    accepted: { day: 0, minute: done, what: u.text },
  };
}
