// Its plans: what it organises or means to do (its records and persona), and its day ahead,
// for the time the question names (now, this evening, tomorrow, this week).
import type { PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { cap, sentence } from "../../language/realise.ts";
import { dayFrom, dayIn } from "../../language/time.ts";
import type { Utterance } from "../../language/understand.ts";
import { plansAhead, type Held } from "../../language/news.ts";
import { type Talk, type Source, factsOf } from "./voice.ts";
import { activities, doingPhrase, narrate } from "./day.ts";

export function plansFor(
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
  // A day further ahead named ("next Friday", "on Tuesday"): what is planned that day, else that
  // nothing is yet and how its day will likely go, not how most days go.
  const named = u.span !== "week" && u.days !== undefined && u.days > 1 ? u.days : undefined;
  if (named !== undefined && talk?.now !== undefined) {
    const then = [
      ...plansAhead(held, talk.me, talk.speaker, talk.now, named),
      // (Its own, and what its persona says it is doing that day: "... for the fair on Saturday".)
      ...[...plans, ...factsOf(f, k, (x) => x.source === "currently")].filter((p) =>
        dayIn(p, talk.now!, [named, named]),
      ),
    ];
    return {
      name: "plan-day",
      sentences: then.length ? [...new Set(then)] : quietAhead([named, named], f, k, talk.now),
    };
  }
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
      // (The evening asked of first; what it heard of may follow.)
      sentences: said ? [said.replace(/^I'll be/, "This evening I'll be"), ...recorded] : plans,
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

/** Asked what is on a day ahead with nothing known of it: that it knows of nothing planned then
 *  (no "it's been quiet": that day has not come), and its own day then as it will likely go
 *  ("On Sunday I'll probably be ..."). `days`: from today, the first and last day asked. */
export function quietAhead(
  days: readonly [number, number],
  f: PersonaFacts,
  k: Knowledge,
  now: number,
): string[] {
  const DAY = 86_400_000;
  const one = days[0] === days[1];
  const when = one
    ? dayFrom(now - (now % DAY) + days[0] * DAY + DAY / 2, now)
    : "in the days ahead";
  // (Its days as they usually go: what today's plan shares with yesterday's, when it kept
  // yesterday's; today's party is no day's routine.)
  const before = new Set(activities(k.yesterday).map((b) => b.task));
  const usual = narrate(
    before.size ? k.today.filter((b) => before.has(activities([b])[0]?.task ?? "")) : k.today,
    f,
    k,
    "future",
  );
  return [
    `Nothing that I know of is planned ${when}.`,
    usual ? usual.replace(/^I'll be/, `${cap(one ? when : "most days")} I'll probably be`) : "",
  ].filter(Boolean);
}
