// Offline reflection: focal questions about the people, events and activities that fill the
// recent memories, and insights that generalise over the retrieved statements, each citing the
// statements it rests on.
import { describeEvent, extractEvent, type PlaceName } from "./text.ts";

function mentions(statements: readonly string[], people: readonly string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  statements.forEach((s, n) => {
    for (const p of people) {
      if (s.includes(p) || s.includes(p.split(" ")[0] + " ")) {
        let list = out.get(p);
        if (!list) out.set(p, (list = []));
        list.push(n);
      }
    }
  });
  return out;
}

function topPeople(statements: readonly string[], people: readonly string[]): [string, number[]][] {
  return [...mentions(statements, people)].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

export function offlineQuestions(name: string, statements: readonly string[], people: readonly string[], places: readonly PlaceName[], n: number): string[] {
  const qs: string[] = [];
  const event = statements.map((s) => extractEvent(s, places)).find((e) => e !== undefined);
  if (event) qs.push(`What does ${name} think about the ${event.what}?`);
  for (const [p] of topPeople(statements, people).slice(0, 2)) qs.push(`What is the relationship between ${name} and ${p}?`);
  qs.push(`What does ${name} spend most of the day doing?`);
  qs.push(`What matters most to ${name} right now?`);
  return qs.slice(0, n);
}

export interface OfflineInsight {
  insight: string;
  evidence: number[];
}

/** Insights over numbered statements (0-based indices into `statements`). */
export function offlineInsights(name: string, statements: readonly string[], people: readonly string[], places: readonly PlaceName[], n: number): OfflineInsight[] {
  const out: OfflineInsight[] = [];
  const first = name.split(" ")[0];
  // Events: what the resident looks forward to.
  const seen = new Set<string>();
  statements.forEach((s, i) => {
    const e = extractEvent(s, places);
    if (!e || seen.has(e.what.toLowerCase())) return;
    seen.add(e.what.toLowerCase());
    const evidence = statements.map((t, j) => (t.toLowerCase().includes(e.what.toLowerCase()) ? j : -1)).filter((j) => j >= 0);
    const hosting = e.host === name || e.host === first;
    out.push({ insight: hosting ? `${name} is busy preparing ${describeEvent(e)}, and wants everyone to come` : `${name} is looking forward to ${describeEvent(e)}`, evidence: evidence.length ? evidence : [i] });
    if (e.host && !hosting) out.push({ insight: `${name} knows that ${e.host} is organising the ${e.what}`, evidence: evidence.length ? evidence : [i] });
  });
  // People: who the resident is close to, and how.
  for (const [p, idx] of topPeople(statements, people).slice(0, 3)) {
    const texts = idx.map((j) => statements[j].toLowerCase());
    let insight: string;
    if (texts.some((t) => /crush|in love|romantic/.test(t))) insight = `${name} has feelings for ${p}`;
    else if (texts.some((t) => /friend/.test(t))) insight = `${name} considers ${p} a friend`;
    else if (texts.some((t) => /convers|talk|chat|heard/.test(t))) insight = `${name} enjoys talking with ${p}`;
    else insight = `${name} sees ${p} often around town`;
    out.push({ insight, evidence: idx.slice(0, 6) });
  }
  // Activities: what fills the resident's days.
  const doing = new Map<string, number[]>();
  const re = new RegExp(`^(?:${name}|${first}) is ([a-z]+ing(?: [a-z]+){0,3})`);
  statements.forEach((s, i) => {
    const m = re.exec(s);
    if (!m || /^(looking|conversing|going|getting|heading|waiting|planning)\b/.test(m[1])) return;
    const act = m[1].replace(/\s*\(.*$/, "");
    let list = doing.get(act);
    if (!list) doing.set(act, (list = []));
    list.push(i);
  });
  const top = [...doing].sort((a, b) => b[1].length - a[1].length)[0];
  if (top) out.push({ insight: `${name} spends a good part of the day ${top[0]}`, evidence: top[1].slice(0, 6) });
  if (out.length === 0 && statements.length) out.push({ insight: `${name} has had an ordinary, quiet time lately`, evidence: statements.map((_, j) => j).slice(0, 3) });
  return out.slice(0, n);
}
