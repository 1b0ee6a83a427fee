// Whom it has met: asked whether it met anyone (new) lately, it answers from its memories of
// people — someone from outside the town it first met (a visitor, a reporter: named in its
// memories with what they are), else not really, and whom it did talk with or see today.
import { parsed } from "../../language/parse.ts";
import { closeness, lemma } from "../../language/lexicon.ts";
import { listOf, sentence } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { dayFrom } from "../../language/time.ts";
import { type Talk, firstName, type Source } from "./voice.ts";

/** "Have you met anyone new?", "Did you meet somebody interesting today?": a verb of meeting
 *  about itself, its object someone (an indefinite person, or people). */
export function metAsked(u: Utterance): boolean {
  if (u.about !== "you" || u.act !== "question") return false;
  const meets = u.topic.some(
    (w) => (u.pos?.[w] ?? "verb") === "verb" && closeness(lemma(w, "verb") ?? w, "meet") >= 0.6,
  );
  return meets && parsed(u.text).has("(anyone|anybody|someone|somebody|people|folks|#Person)");
}

/** A person named with what they are, as memories write them ("Jane Doe (a reporter)"). */
const LABELLED = /\b([A-Z][a-z]+(?: [A-Z][a-z'-]+)?) \(an? ([a-z ]+)\)/g;

/** Whom it first met lately from outside the town, else whom it saw or talked with today. */
export function met(talk: Talk, now: number): Source {
  const today = (t: number) => dayFrom(t, now) === "today";
  const strangers = new Map<string, { role: string; at: number }>();
  for (const m of [...talk.memories].sort((a, b) => a.created - b.created))
    for (const [, name, role] of m.text.matchAll(LABELLED))
      if (name !== talk.speaker && !talk.residents.includes(name) && !strangers.has(name))
        strangers.set(name, { role, at: m.created });
  const recent = [...strangers].filter(([, s]) => now - s.at < 7 * 86_400_000).at(-1);
  if (recent) {
    const [name, s] = recent;
    const when = dayFrom(s.at, now);
    return {
      name: "met",
      sentences: [
        sentence(`Yes, I met ${name}, a ${s.role}, ${when === "today" ? "earlier today" : when}`),
      ],
    };
  }
  // Residents it talked with or saw today, most recent first.
  const seen: string[] = [];
  for (const m of [...talk.memories].sort((a, b) => b.created - a.created)) {
    if (!today(m.created)) continue;
    for (const r of talk.residents)
      if (r !== talk.me && (m.with === r || m.text.includes(r)) && !seen.includes(r)) seen.push(r);
  }
  const names = seen.slice(0, 2).map(firstName);
  return {
    name: "met",
    sentences: [
      names.length
        ? sentence(
            `Not really; I know most people around here already. I did see ${listOf(names)} today`,
          )
        : "Not really; I know most people around here already. Have you?",
    ],
  };
}
