// What it looks forward to: hope and expectation ahead (WordNet's "look forward": to expect or
// hope for), answered by its wishes and plans, then by what it has ahead of its own day (time
// with someone first, away from home), never by what troubles it.
import type { Knowledge } from "../../language/knowledge.ts";
import { sentence } from "../../language/realise.ts";
import { plansAhead, type Held } from "../../language/news.ts";
import { tellable, type PersonaFacts } from "../../language/facts.ts";
import { glossOf, relatedness } from "../../language/lexicon.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Talk, type Source, factsOf, firstName, mine } from "./voice.ts";
import { activities, doingPhrase } from "./day.ts";
import { dayIn } from "../../language/time.ts";

/**
 * `expecting`: asked what it expects as well as hopes ("looking forward to"), its day ahead is an
 * answer too; asked only what it hopes or wishes for, its next doing is none, and with no wish nor
 * plan it says honestly that there is nothing in particular.
 */
export function lookingAhead(
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
  held: readonly Held[] = [],
  expecting = true,
): Source {
  // (A contest it takes part in is one it hopes to win: "..., and I hope to win.")
  const wishes = f.facts
    .filter((x) => x.kinds.includes("wish") && tellable(x, k.knowsSpeaker))
    .map((x) => {
      const said = mine(f, x.text);
      return x.aim ? `${said.replace(/[.!]+$/, "")}, and I hope to win.` : said;
    });
  // (Its plans, and what its persona says it is doing on a day to come: "hosting a quiz night
  // tomorrow" is one.)
  const plans = factsOf(
    f,
    k,
    (x) =>
      x.kinds.includes("plan") ||
      (x.source === "currently" && talk.now !== undefined && dayIn(x.text, talk.now, [0, 366])),
  );
  // (Hoped for, only its own plans: an event it heard of is news, not its hope.)
  const own = expecting ? held : held.filter(({ fact }) => fact.source === talk.me && !fact.told);
  const recorded = talk.now !== undefined ? plansAhead(own, talk.me, talk.speaker, talk.now) : [];
  // Ahead in its day: not what it is doing now, not at home; time with someone first.
  const home = k.home.split(" of ").at(-1);
  const ahead = activities(k.today).filter(
    (b) => b.start > k.minute && b.place?.split(" of ").at(-1) !== home,
  );
  const withSomeone = (task: string) =>
    /\bwith\b/.test(task) ||
    talk.residents.some((r) => r !== talk.me && task.includes(firstName(r)));
  const next = ahead.find((b) => withSomeone(b.task)) ?? ahead[0];
  // ("Nothing special" only when it hopes for nothing it has said.)
  const hoped = recorded.length + wishes.length + plans.length > 0;
  const day = next
    ? sentence(
        `${hoped ? "Later today" : "Nothing special, really; later today"} I'll be ${doingPhrase(next, f, k)}`,
      )
    : "";
  if (!expecting) {
    const hopes = [...recorded, ...wishes, ...plans];
    const now = factsOf(f, k, (x) => x.source === "currently" && !x.kinds.includes("worry"))[0];
    return {
      name: "ahead",
      sentences: hopes.length
        ? hopes
        : [`Nothing in particular, to be honest.${now ? ` ${now}` : ""}`],
    };
  }
  // (A plan of its own for today is what today holds ahead, not its next doing.)
  const today =
    talk.now !== undefined && [...recorded, ...plans].some((x) => dayIn(x, talk.now!, [0, 0]));
  return {
    name: "ahead",
    sentences: [...recorded, ...wishes, ...plans, today ? "" : day].filter(Boolean),
  };
}

/** Whether what is asked looks for what it expects, not only what it hopes: a word asked near
 *  "expect", or a phrase whose gloss says so ("look forward": to expect or hope for). */
export function expectsAsked(u: Utterance): boolean {
  return u.topic.some(
    (t) =>
      relatedness(t, "expect", u.pos?.[t], "verb") >= 0.6 ||
      (t.includes(" ") && glossOf(t, u.pos?.[t] ?? "verb").includes("expect")),
  );
}
