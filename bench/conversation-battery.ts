// The conversation battery (issue 29): questions and statements of many kinds, each in several
// wordings, said by a visitor (Town's path: mind.hear) and asked by a reporter (mind.interview),
// to residents of base-3, base-25 and an import of the original's Smallville, in the morning,
// afternoon and evening of day 1 and day 2, offline. Every answer is scored automatically:
// answered (where the resident's knowledge holds an answer), grounded (every name it says is in
// its persona, memory or map), echoed (an earlier line said back), repeated (the same answer
// twice in a talk), malformed (doubled names, empty phrases, wrong-person pronouns, dangling
// words, a sentence said twice in one answer, a memory said in the form it is written in).
// Prints Markdown; `--json FILE` also writes every answer.
//   npx tsx bench/conversation-battery.ts [--quick] [--town base-25] [--json out.json]
import { writeFileSync } from "node:fs";
import { GenerativeMind } from "../server/agents/generativeMind.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import { loadTemplate } from "../server/content/template.ts";
import { Town } from "../server/world/town.ts";
import { townLayout } from "../server/world/layout.ts";
import type { Persona } from "../shared/persona.ts";
import type { TownMap } from "../server/world/townMap.ts";
import { smallville25 } from "./mind-smallville.ts";
import { startTownAt } from "../server/hosting/startTime.ts";
import { makesClause } from "../server/agents/language/realise.ts";

export type Kind =
  | "identity"
  | "work"
  | "family and friends"
  | "plans"
  | "yesterday and today"
  | "places"
  | "feelings"
  | "opinions of residents"
  | "news in town"
  | "invitations and requests"
  | "small talk"
  | "thanks and goodbye";

export interface Item {
  kind: Kind;
  text: string;
  /** The resident's knowledge holds an answer for every resident (else: only where it names
   *  the person asked about). */
  expected: boolean;
}

// {other}: a person the resident's persona names (or, failing that, another resident).
export const ITEMS: Item[] = [
  ...[
    "Who are you?",
    "Tell me about yourself.",
    "What's your name?",
    "I don't think we've met. Who are you?",
    "Could you introduce yourself?",
    "So what's your story?",
    "How would you describe yourself?",
    "Are you from around here?",
    "How old are you?",
  ].map((text) => ({ kind: "identity" as const, text, expected: true })),
  ...[
    "What do you do for a living?",
    "What's your job?",
    "Where do you work?",
    "What kind of work do you do?",
    "Do you like your work?",
    "What are you working on these days?",
    "How do you spend your working day?",
    "What's your occupation?",
    "Are you busy at work?",
  ].map((text) => ({ kind: "work" as const, text, expected: true })),
  ...[
    "Who do you spend the most time with around here?",
    "Do you have family in town?",
    "Who are your closest friends in town?",
    "Tell me about your family.",
    "Who is your best friend?",
    "Do you live alone?",
    "Who do you live with?",
    "Are you married?",
    "Who are the people you care about most?",
  ].map((text) => ({ kind: "family and friends" as const, text, expected: true })),
  ...[
    "What are you doing right now?",
    "What are you planning to do this evening?",
    "What are your plans for tomorrow?",
    "What are you up to later today?",
    "Any plans for tonight?",
    "What will you do tomorrow morning?",
    "What's next on your schedule?",
    "What are you going to do this afternoon?",
    "Are you busy this evening?",
    "What are you planning this week?",
  ].map((text) => ({ kind: "plans" as const, text, expected: true })),
  ...[
    "How has your day been so far?",
    "What did you do yesterday?",
    "What have you done today?",
    "How was your morning?",
    "Did you do anything interesting yesterday?",
    "What did you have for lunch?",
    "How was yesterday?",
    "What have you been up to lately?",
    "Where were you this morning?",
  ].map((text) => ({ kind: "yesterday and today" as const, text, expected: true })),
  ...[
    "Where can I get a good meal around here?",
    "Where do you like to go in town?",
    "Is there a nice place to sit and read?",
    "Where can I get a coffee?",
    "Can you recommend a place to visit?",
    "Where do people go to relax around here?",
    "Where do you live?",
    "Where could I buy some groceries?",
    "Is there a park nearby?",
  ].map((text) => ({ kind: "places" as const, text, expected: true })),
  ...[
    "How are you feeling today?",
    "What do you worry about these days?",
    "Is anything on your mind?",
    "What makes you happy?",
    "What are you hoping for?",
    "Are you worried about anything?",
    "What do you dream of doing one day?",
    "How are you?",
    "Is something troubling you?",
  ].map((text) => ({ kind: "feelings" as const, text, expected: true })),
  ...[
    "What do you think of {other}?",
    "How well do you know {other}?",
    "What is {other} like?",
    "Tell me about {other}.",
    "Do you get along with {other}?",
    "When did you last see {other}?",
    "How do you know {other}?",
    "What does {other} do?",
  ].map((text) => ({ kind: "opinions of residents" as const, text, expected: false })),
  ...[
    "Is anything happening in town?",
    "Have you heard any news?",
    "Has anything surprising happened to you recently?",
    "What's new around here?",
    "Is anyone planning an event?",
    "Heard any gossip lately?",
    "What's going on in town this week?",
    "Has anything changed around here lately?",
  ].map((text) => ({ kind: "news in town" as const, text, expected: true })),
  ...[
    "I've just opened a little bookshop by the park. Would you come by sometime?",
    "Would you like to have tea with me tomorrow afternoon?",
    "Could you show me the way to the nearest cafe?",
    "We're having a picnic this evening at 6 pm. Will you join us?",
    "Would you come to my birthday dinner tomorrow at 7 pm?",
    "Could you help me carry some boxes?",
    "Let's go for a walk later.",
    "Can you tell me where the library is?",
    "I'm starting a choir. Would you like to join?",
  ].map((text) => ({ kind: "invitations and requests" as const, text, expected: true })),
  ...[
    "Hello!",
    "Nice weather today.",
    "Good morning!",
    "I love this town.",
    "It's a bit chilly today, isn't it?",
    "I just arrived here this week.",
    "My cat went missing yesterday.",
    "I'm a painter myself.",
    "Hi there, how's it going?",
  ].map((text) => ({ kind: "small talk" as const, text, expected: true })),
  ...[
    "Thanks so much!",
    "Thank you, that helps.",
    "Goodbye!",
    "I have to go now. Take care!",
    "Thanks, see you later.",
    "Bye for now!",
    "Thank you for your time.",
    "It was nice talking to you, goodbye.",
  ].map((text) => ({ kind: "thanks and goodbye" as const, text, expected: true })),
];

export interface Answer {
  town: string;
  resident: string;
  role: "visitor" | "reporter";
  at: string;
  kind: Kind;
  question: string;
  answer: string;
  expected: boolean;
  answered: boolean;
  ungrounded: string[];
  echoed: boolean;
  repeated: boolean;
  malformed: string[];
}

// ------------------------------------------------------------------ scoring (the bench's own)

const UNKNOWN =
  /\b(don't know|do not know|not sure|couldn't tell|could not tell|don't remember|no idea|haven't heard anything)\b/i;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Capitalised words that are not sentence openers, and the multi-word names they form. */
function namesIn(text: string): string[] {
  const out: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|[:;"]\s*/)) {
    const words = sentence.split(/\s+/).filter(Boolean);
    words.forEach((w, i) => {
      const bare = w.replace(/[^A-Za-z'&-]/g, "").replace(/'s$/, "");
      if (!bare || !/^[A-Z]/.test(bare)) return;
      if (i === 0 || /^(I|I'm|I'll|I'd|I've|OK)$/.test(bare)) return;
      out.push(bare);
    });
  }
  return out;
}

const CALENDAR =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Valentine)$/;

/** Names the answer uses that are nowhere in what the resident knows. */
function ungrounded(answer: string, known: string): string[] {
  return namesIn(answer).filter((n) => !CALENDAR.test(n) && !known.includes(n));
}

function malformed(answer: string, self: string): string[] {
  const out: string[] = [];
  const first = self.split(" ")[0];
  if (/\b(\w+) \1\b/i.test(answer.replace(/\b(very|so|had|that) \1\b/gi, "")))
    out.push("doubled word");
  if (/\(a [a-z]+\)/.test(answer) || /\ba \(a\b/.test(answer)) out.push("empty phrase");
  if (/\s[,.]|\(\s*\)|""|\s{2,}/.test(answer)) out.push("empty phrase");
  if (new RegExp(`\\b${first}( [A-Z][a-z]+)? (is|was|has|does|goes|will)\\b`).test(answer))
    out.push("self in the third person");
  if (/\bwhom (he|she) \w+/.test(answer) || /\b(he|she) (sees|is) (himself|herself)\b/.test(answer))
    out.push("wrong-person pronoun");
  if (/(^|[.!?] )i\b/.test(answer)) out.push("lower-case I");
  if (/\b(the|a|an|and|to|of|with|at|my|your|for)[.!?]?$/i.test(answer.trim()))
    out.push("dangling word");
  if (!answer.trim()) out.push("empty answer");
  // (A person never says the same sentence twice in one breath.)
  const sentences = answer
    .split(/(?<=[.!?])\s+/)
    .map(norm)
    .filter(Boolean);
  if (sentences.some((x, i) => sentences.indexOf(x) !== i)) out.push("sentence said twice");
  // A memory said in the form the engine writes it, not as a person says it: a planning note
  // ("For Ann's planning:"), a talk's record ("were conversing about"), or a line of the talk
  // with the resident's name made "I" ("Take care, I.").
  if (
    /\bFor (my|[A-Z][\w'-]*(?: [A-Z][\w'-]*)*'s) plan(s|ning):/.test(answer) ||
    /\bconversing\b/.test(answer)
  )
    out.push("memory's own form");
  if (/, I[.!?]/.test(answer)) out.push("wrong-person pronoun");
  // A subject and a word that makes no clause with it ("I weather.", "I coffee."): no verb.
  if (
    sentences.some((x) => {
      const m = /^i ([a-z]+)$/.exec(x);
      return !!m && !makesClause(m[1]);
    })
  )
    out.push("clause without a verb");
  return out;
}

// ------------------------------------------------------------------ towns

interface TownCase {
  name: string;
  map: TownMap;
  personas: Persona[];
  residents: string[];
}

async function towns(only?: string): Promise<TownCase[]> {
  const out: TownCase[] = [];
  if (!only || only === "base-3") {
    const t = await loadTemplate("base-3");
    out.push({
      name: "base-3",
      map: t.map,
      personas: t.personas,
      residents: [t.personas[0].id, t.personas[2].id],
    });
  }
  if (!only || only === "base-25") {
    const t = await loadTemplate("base-25");
    out.push({
      name: "base-25",
      map: t.map,
      personas: t.personas,
      residents: ["ada", t.personas[0].id],
    });
  }
  if (!only || only === "smallville") {
    const s = await smallville25();
    const ids = s.personas.map((p) => p.id);
    out.push({
      name: "smallville",
      map: s.map,
      personas: s.personas,
      residents: [ids[7], ids[12]],
    });
  }
  return out;
}

const HOURS: [number, string][] = [
  [1, "09:00"],
  [1, "14:00"],
  [1, "19:00"],
  [2, "09:00"],
  [2, "14:00"],
  [2, "19:00"],
];

/** Someone the resident's persona names, else another resident. */
function otherFor(p: Persona, all: Persona[]): { name: string; named: boolean } {
  const text = `${p.learned} ${p.currently}`;
  const named = all.find(
    (o) =>
      o.id !== p.id &&
      (text.includes(o.name) || new RegExp(`\\b${o.name.split(" ")[0]}\\b`).test(text)),
  );
  if (named) return { name: named.name.split(" ")[0], named: true };
  const other = all.find((o) => o.id !== p.id)!;
  return { name: other.name, named: false };
}

/** Talks of about ten lines: the items dealt out so each talk mixes kinds. */
function talksOf(items: Item[], size: number): Item[][] {
  const out: Item[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let h = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    const j = h % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export async function runBattery(opts: {
  only?: string;
  quick?: boolean;
  hours?: [number, string][];
  items?: Item[];
  /** Start the town at the first hour (START_TIME) instead of walking it there: a fast subset. */
  startAtFirstHour?: boolean;
  /** Called with all answers so far after each town (a long run keeps what it has). */
  onTown?: (answers: Answer[]) => void;
}): Promise<Answer[]> {
  const answers: Answer[] = [];
  const items = opts.items ?? ITEMS;
  for (const c of await towns(opts.only)) {
    const gateway = new OfflineGateway({ meter: false });
    const mind = new GenerativeMind({
      gateway,
      personas: c.personas,
      addresses: c.map.addresses(),
      layout: townLayout(c.map),
    });
    const town = new Town({
      template: c.name,
      map: c.map,
      personas: c.personas,
      mind,
      mode: "lockstep",
      seed: 1,
    });
    const mapNames = c.map.addresses().join(" ");
    const midnight = town.time - (town.time % 86_400_000);
    const first = (opts.hours ?? HOURS)[0];
    if (opts.startAtFirstHour && first[0] === 1) startTownAt(town, first[1]);
    for (const [day, hhmm] of opts.hours ?? HOURS) {
      const [h, m] = hhmm.split(":").map(Number);
      const target = midnight + (day - 1) * 86_400_000 + (h * 60 + m) * 60_000;
      do await town.advance();
      while (town.time < target);
      // Each item is asked once per town and hour: the shuffled battery dealt out in quarters to
      // (resident, visitor) and (resident, reporter).
      const deal = shuffled(items, day * 100 + h);
      const quarter = Math.ceil(deal.length / (2 * c.residents.length));
      let hand = 0;
      for (const id of c.residents) {
        const p = c.personas.find((x) => x.id === id)!;
        const other = otherFor(p, c.personas);
        const state = mind.context().agents.get(id)!;
        for (const role of ["visitor", "reporter"] as const) {
          const mineOf = deal.slice(hand * quarter, (hand + 1) * quarter);
          hand++;
          const speaker = role === "visitor" ? "Nora Vale" : "Rita Reyes";
          for (const talk of talksOf(opts.quick ? mineOf.slice(0, 10) : mineOf, 10)) {
            const soFar: { name: string; text: string }[] = [];
            const mine: string[] = [];
            for (const item of talk) {
              const question = item.text.replace("{other}", other.name);
              let answer: string;
              if (role === "visitor") {
                const r = await mind.hear({
                  agent: { id, name: p.name } as never,
                  now: town.time,
                  speaker: { name: speaker, role: "visitor" } as never,
                  words: [question],
                  soFar: [...soFar] as never,
                });
                answer = r.text;
              } else {
                answer = await mind.interview(id, question, {
                  interviewer: speaker,
                  now: town.time,
                });
              }
              const known = [
                p.name,
                p.learned,
                p.currently,
                p.lifestyle,
                p.innate,
                mapNames,
                speaker,
                ...state.memory.latest(5000, () => true).map((x) => x.description),
                ...(state.schedule?.items ?? []),
              ].join(" ");
              const earlier = soFar.map((l) => norm(l.text)).filter((t) => t.length >= 12);
              const a = norm(answer);
              answers.push({
                town: c.name,
                resident: p.name,
                role,
                at: `day ${day} ${hhmm}`,
                kind: item.kind,
                question,
                answer,
                expected: item.expected || (item.kind === "opinions of residents" && other.named),
                answered: !!answer.trim() && !UNKNOWN.test(answer),
                ungrounded: ungrounded(answer, known),
                echoed:
                  earlier.some((e) => a.includes(e)) ||
                  (norm(question).length >= 12 && a.includes(norm(question))),
                repeated: mine.some((x) => norm(x) === a),
                malformed: malformed(answer, p.name),
              });
              soFar.push({ name: speaker, text: question }, { name: p.name, text: answer });
              mine.push(answer);
            }
          }
        }
      }
    }
    opts.onTown?.(answers);
  }
  return answers;
}

export function summary(answers: Answer[]): {
  rows: string[];
  totals: {
    answered: number;
    grounded: number;
    echoed: number;
    repeated: number;
    malformed: number;
    n: number;
  };
} {
  const kinds = [...new Set(answers.map((a) => a.kind))];
  const pct = (x: number, n: number) => (n ? `${((100 * x) / n).toFixed(0)}%` : "–");
  const row = (label: string, xs: Answer[]) => {
    const exp = xs.filter((a) => a.expected);
    return `| ${label} | ${xs.length} | ${pct(exp.filter((a) => a.answered).length, exp.length)} | ${pct(xs.filter((a) => !a.ungrounded.length).length, xs.length)} | ${xs.filter((a) => a.echoed).length} | ${xs.filter((a) => a.repeated).length} | ${xs.filter((a) => a.malformed.length).length} |`;
  };
  const rows = [
    "| kind | asked | answered (where known) | grounded | echoed | repeated | malformed |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...kinds.map((k) =>
      row(
        k,
        answers.filter((a) => a.kind === k),
      ),
    ),
    row("**all**", answers),
  ];
  const exp = answers.filter((a) => a.expected);
  return {
    rows,
    totals: {
      n: answers.length,
      answered: exp.filter((a) => a.answered).length / Math.max(1, exp.length),
      grounded: answers.filter((a) => !a.ungrounded.length).length / Math.max(1, answers.length),
      echoed: answers.filter((a) => a.echoed).length,
      repeated: answers.filter((a) => a.repeated).length,
      malformed: answers.filter((a) => a.malformed.length).length,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (k: string) =>
    process.argv.includes(k) ? process.argv[process.argv.indexOf(k) + 1] : undefined;
  const t0 = performance.now();
  const json = arg("--json");
  const answers = await runBattery({
    only: arg("--town"),
    quick: process.argv.includes("--quick"),
    onTown: (xs) => json && writeFileSync(json, JSON.stringify(xs, null, 1)),
  });
  const s = summary(answers);
  console.log(s.rows.join("\n"));
  console.log(`\n${answers.length} answers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const bad = answers.filter(
    (a) =>
      a.ungrounded.length ||
      a.echoed ||
      a.repeated ||
      a.malformed.length ||
      (a.expected && !a.answered),
  );
  console.log(`\nFailures (first 40 of ${bad.length}):`);
  for (const a of bad.slice(0, 40))
    console.log(
      `- [${a.town} ${a.resident} ${a.role} ${a.at} ${a.kind}] "${a.question}" → "${a.answer}" ${[!a.answered && a.expected ? "unanswered" : "", a.ungrounded.length ? `ungrounded: ${a.ungrounded.join(",")}` : "", a.echoed ? "echo" : "", a.repeated ? "repeat" : "", a.malformed.join(",")].filter(Boolean).join("; ")}`,
    );
}
