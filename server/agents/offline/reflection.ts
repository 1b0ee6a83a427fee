// Offline reflection: focal questions about the people and doings that fill the latest memories
// and about what matters most in them, and for each question insights that generalise over the
// statements retrieved for it, each citing the statements it rests on. People are found by name,
// plans by the general future cues; nothing is about any particular event.
import type { PlaceName } from "../language/events.ts";
import { aboutTheFuture } from "../language/importance.ts";
import { nameCandidates, without } from "../language/names.ts";
import { withoutDanglingEnd } from "../language/person.ts";

function mentions(statements: readonly string[], people: readonly string[]): [string, number[]][] {
  const out = new Map<string, number[]>();
  statements.forEach((s, n) => {
    for (const i of nameCandidates(s, people)) {
      const p = people[i];
      if (s.includes(p) || new RegExp(`\\b${p.split(" ")[0]}\\b`).test(s)) {
        let list = out.get(p);
        if (!list) out.set(p, (list = []));
        list.push(n);
      }
    }
  });
  return [...out].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

function doings(name: string, statements: readonly string[]): [string, number[]][] {
  const first = name.split(" ")[0];
  const re = new RegExp(`^(?:${name}|${first}) is ([a-z]+ing(?: [a-z]+){0,3})`);
  const out = new Map<string, number[]>();
  statements.forEach((s, i) => {
    const m = re.exec(s);
    if (!m) return;
    const act = withoutDanglingEnd(m[1].replace(/\s*\(.*$/, "").split(" ")).join(" ");
    let list = out.get(act);
    if (!list) out.set(act, (list = []));
    list.push(i);
  });
  return [...out].sort((a, b) => b[1].length - a[1].length);
}

export function offlineQuestions(
  name: string,
  statements: readonly { text: string; created: number }[],
  people: readonly string[],
  _places: readonly PlaceName[],
  n: number,
): string[] {
  const qs: string[] = [];
  const texts = statements.map((s) => s.text);
  for (const [p] of mentions(texts, without(people, name)).slice(0, 2))
    qs.push(`What is the relationship between ${name} and ${p}?`);
  // (Ahead of when it was noted, in game time: never the clock of the machine running the town.)
  if (statements.some((s) => aboutTheFuture(s.text, s.created)))
    qs.push(`What is ${name} planning or looking forward to?`);
  qs.push(`What does ${name} spend most of the day doing?`);
  qs.push(`What matters most to ${name} right now?`);
  return qs.slice(0, n);
}

export interface OfflineInsight {
  insight: string;
  evidence: number[];
}

/** Insights for one question over numbered statements (0-based indices into `statements`). */
export function offlineInsights(
  name: string,
  question: string,
  memories: readonly { text: string; created: number; kind?: string }[],
  people: readonly string[],
  _places: readonly PlaceName[],
  n: number,
): OfflineInsight[] {
  const out: OfflineInsight[] = [];
  const statements = memories.map((m) => m.text);
  const others = without(people, name);
  // (Only names whose first word the question holds can be in it: names.ts.)
  const asked = nameCandidates(question, others)
    .map((i) => others[i])
    .filter((p) => question.includes(p));
  for (const [p, idx] of mentions(statements, asked.length ? asked : others).slice(0, 2)) {
    const talked = idx.filter(
      (j) =>
        memories[j].kind === "chat" ||
        memories[j].kind === "memo" ||
        memories[j].kind === "reflection",
    );
    // Over earlier insights about them, a higher-level one.
    const deeper = idx.some((j) => memories[j].kind === "reflection");
    const insight = deeper
      ? `${p} has become one of the people who matter most to ${name}`
      : talked.length
        ? `${name} and ${p} talk often and share news`
        : `${name} often comes across ${p}`;
    out.push({ insight, evidence: idx.slice(0, 6) });
  }
  const ahead = memories
    .map((m, j) => (aboutTheFuture(m.text, m.created) ? j : -1))
    .filter((j) => j >= 0);
  if (ahead.length)
    out.push({
      insight: `${name} has plans ahead and keeps thinking about them`,
      evidence: ahead.slice(0, 6),
    });
  const top = doings(name, statements)[0];
  if (top)
    out.push({
      insight: `${name} spends a good part of the day ${top[0]}`,
      evidence: top[1].slice(0, 6),
    });
  if (out.length === 0 && statements.length)
    out.push({
      insight: `${name} has had an ordinary, quiet time lately`,
      evidence: statements.map((_, j) => j).slice(0, 3),
    });
  return out.slice(0, n);
}
