// Answers in kind to what is not a question: a statement or opinion acknowledged with something
// of its own, an invitation accepted or declined by its day and character.
import nlp from "compromise";
import type { PersonaFacts } from "../../language/facts.ts";
import type { DayBlock, Knowledge } from "../../language/knowledge.ts";
import { closeness } from "../../language/lexicon.ts";
import { cap, clock } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Talk, type PeopleAnswer, firstName, choose, unsaid } from "./voice.ts";
import { activities, doingPhrase } from "./day.ts";
import { topical } from "./self.ts";

/** A person's news or view, answered in kind, with something of its own that bears on it. */
export function statement(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
  withHello: (t: string) => string,
): PeopleAnswer {
  const v = firstName(talk.speaker);
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

/** The tag's agreement said back ("isn't it?" → "It is."; "didn't we?" → "We did."; "wasn't I?"
 *  → "You were."). */
function agreement(tag: NonNullable<Utterance["tag"]>, talk: Talk): string {
  const toYou: Record<string, string> = { am: "are", was: "were" };
  const subject = tag.subject === "i" ? "you" : tag.subject;
  const verb = tag.subject === "i" ? (toYou[tag.verb] ?? tag.verb) : tag.verb;
  const said = `${subject} ${verb}`;
  return choose([`${cap(said)}.`, `${cap(said)}, yes.`, `Yes, ${said}.`], talk, "agree");
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

/** Accepts or declines by its day and its character, with a time when it accepts. */
export function invitation(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk): PeopleAnswer {
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
  // What it has already said it will be at that day (a visit agreed, an event) is not given up.
  const promised = (start: number, end = start + 60) =>
    (k.commitments ?? []).find((c) => c.day === day && c.start < end && c.end > start);
  if (asked !== undefined) {
    const b = busyWith(asked);
    const p = promised(asked);
    if (p)
      return {
        text: `I'd like to, ${v}, but I've already ${p.place ? `promised to be at ${p.place}` : "got something on"} then. Another time?`,
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
      text: `I'd love to, ${v}. I'll come by ${day ? "tomorrow" : "today"} at ${clock(asked)}.`,
      end: false,
      source: "invitation",
      accepted: { day, minute: asked, what: u.text },
    };
  }
  const from = day === 0 ? Math.max(k.minute + 60, 15 * 60) : 15 * 60;
  const open = (b: DayBlock) => free(b) && !promised(b.start);
  const slot =
    blocks.find((b) => b.start >= from && b.start <= 20 * 60 && open(b)) ??
    blocks.find((b) => b.start >= from && open(b));
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
