// Whether an earlier answer of the talk answered the same thing as what is asked now: a pointer
// back ("As I said, ...") is only right to the answer of the same question, however worded.
import { lemma, relatedness } from "../../language/lexicon.ts";
import { understand, type Utterance } from "../../language/understand.ts";
import { nearestKind } from "./self.ts";
import { wordsOf, type Talk } from "./voice.ts";

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The question the resident's earlier line holding one of these sentences answered: the
 *  person's line at its place (`heard` holds the person's lines in order and the one said now,
 *  `said` the resident's answers to them); undefined when the lines do not pair so. */
function questionBefore(sentences: string[], talk: Talk): string | undefined {
  if (talk.heard.length !== talk.said.length + 1) return undefined;
  const wanted = sentences.map(norm).filter((x) => x.length >= 12);
  const at = talk.said.findIndex((l) => wanted.some((w) => norm(l).includes(w)));
  return at >= 0 ? talk.heard[at] : undefined;
}

/** Whether two questions ask the same thing: of the same one, the same way (who, what, ...) with
 *  no words of their own; or with words alike ("job" and "occupation"); or on the same part of
 *  its life ("your job?" and "what do you do for a living?": its occupation). */
export function askedAlike(a: Utterance, b: Utterance): boolean {
  if (a.about !== b.about || a.person !== b.person) return false;
  if (!a.topic.length && !b.topic.length) return a.wh === b.wh;
  if (a.topic.some((x) => b.topic.some((y) => relatedness(x, y, a.pos?.[x], b.pos?.[y]) >= 0.45)))
    return true;
  const ka = nearestKind(a);
  const kb = nearestKind(b);
  return ka.kind === kb.kind && ka.score >= 0.45 && kb.score >= 0.45;
}

/** The words a question asks with: its content words, and its verb after "you" ("who do you
 *  LIVE with?"), each by its lemma. */
function askingWords(u: Utterance): string[] {
  const afterYou = [...u.text.toLowerCase().matchAll(/\byou (\w+)/g)].map(
    (m) => lemma(m[1], "verb") ?? m[1],
  );
  return [...wordsOf(u.text), ...afterYou.flatMap((w) => wordsOf(w))];
}

/** Whether the earlier answer holding these sentences answered this question: one of its
 *  sentences says what is asked in the question's own words ("who do you LIVE with?": "I still
 *  LIVE with my parents"), it was drawn from this same source, or it was to a question asked as
 *  this one is. */
export function answeredAlike(sentences: string[], u: Utterance, talk: Talk): boolean {
  const asked = new Set(askingWords(u));
  const said = sentences.filter((x) => talk.said.some((l) => norm(l).includes(norm(x))));
  if (said.some((x) => wordsOf(x).some((w) => asked.has(w)))) return true;
  // (Or the earlier answer was drawn from the same source: it opened with one of its sentences,
  // "I'm a student at the college" to "what's your job?" and now to "what do you do?".)
  const opened = sentences.map(norm).filter((x) => x.length >= 12);
  // (After its reply, if it opened with one: "No, I live with Marco" to "do you live alone?".)
  const body = (l: string) => norm(l).replace(/^(yes|no)\s+/, "");
  if (talk.said.some((l) => opened.some((x) => body(l).startsWith(x)))) return true;
  const q = questionBefore(sentences, talk);
  // (What the earlier line answered is not known, the talk's lines not kept in pairs: the source
  // that fits best is trusted.)
  if (!q) return talk.heard.length !== talk.said.length + 1;
  const before = understand(q, {
    now: talk.now ?? 0,
    residents: talk.residents,
    listener: talk.me,
    speaker: talk.speaker,
  });
  return askedAlike(before, u);
}
