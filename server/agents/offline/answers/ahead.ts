// What it looks forward to: hope and expectation ahead (WordNet's "look forward": to expect or
// hope for), answered by its wishes and plans, then by what it has ahead of its own day (time
// with someone first, away from home), never by what troubles it.
import type { PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { sentence } from "../../language/realise.ts";
import { plansAhead, type Held } from "../../language/news.ts";
import { type Talk, type Source, factsOf, firstName } from "./voice.ts";
import { activities, doingPhrase } from "./day.ts";

export function lookingAhead(
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
  held: readonly Held[] = [],
): Source {
  const wishes = factsOf(f, k, (x) => x.kinds.includes("wish"));
  const plans = factsOf(f, k, (x) => x.kinds.includes("plan"));
  const recorded = talk.now !== undefined ? plansAhead(held, talk.me, talk.speaker, talk.now) : [];
  // Ahead in its day: not what it is doing now, not at home; time with someone first.
  const home = k.home.split(" of ").at(-1);
  const ahead = activities(k.today).filter(
    (b) => b.start > k.minute && b.place?.split(" of ").at(-1) !== home,
  );
  const withSomeone = (task: string) =>
    /\bwith\b/.test(task) ||
    talk.residents.some((r) => r !== talk.me && task.includes(firstName(r)));
  const next = ahead.find((b) => withSomeone(b.task)) ?? ahead[0];
  const day = next
    ? sentence(`Nothing special, really; later today I'll be ${doingPhrase(next, f, k)}`)
    : "";
  return {
    name: "ahead",
    sentences: [...recorded, ...wishes, ...plans, day].filter(Boolean),
  };
}
