// Offline interview answers: in the first person, from the retrieved memories (best first), the
// day's plan and the persona. What is not in memory is not claimed.
import type { MemoryLine } from "../prompts/common.ts";
import { cap, describeEvent, eventUpcoming, knownEvents, mentionsDate, toFirstPerson, type KnownEvent, type PlaceName } from "./text.ts";
import { words } from "../../llm/hashEmbedding.ts";
import { RELATION } from "./dialogue.ts";

export interface OfflineInterviewInput {
  name: string;
  age: number;
  learned: string;
  currently: string;
  question: string;
  now: number;
  memories: readonly MemoryLine[];
  plan: readonly string[];
  places: readonly PlaceName[];
  people: readonly { name: string; relationship: string }[];
}

const YES_NO = /^\s*(do|did|does|are|is|was|were|have|has|will|would|can|could)\b/i;
const ABOUT_SELF = /\b(who are you|about yourself|what do you do|your job|introduce yourself)\b/i;
const ABOUT_EVENTS = /\b(part(y|ies)|event|celebrat|plan|plans|tomorrow|today|tonight|weekend|valentine|going on|happening|news|heard|invite|invited|festival|concert|gathering)\b/i;

function sentence(s: string): string {
  const t = s.trim().replace(/\s+/g, " ");
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function eventAnswer(name: string, k: KnownEvent, now: number, plan: readonly string[], yesNo: boolean): string {
  const e = k.event;
  const yes = yesNo ? "Yes, " : "";
  const past = !eventUpcoming(e, now) && e.month !== undefined;
  const parts: string[] = [];
  if (k.hostedBySelf) parts.push(past ? cap(`${yes}I hosted ${describeEvent(e, "a")}.`) : cap(`${yes}I'm hosting ${describeEvent(e, "a")}, and I'm telling everyone to come.`));
  else if (e.host) parts.push(`${yes}${e.host} ${past ? "hosted" : "is hosting"} ${describeEvent(e, "a")}.`);
  else parts.push(cap(`${yes}there ${past ? "was" : "is"} ${describeEvent(e, "a")}.`));
  if (!k.hostedBySelf) {
    const sources = k.texts.map((t) => /heard from ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*)/.exec(t)?.[1]).filter((x): x is string => !!x && x !== name);
    const from = sources.find((x) => x === e.host) ?? sources[0];
    if (from) parts.push(`I heard about it from ${from}.`);
    const what = e.what.toLowerCase();
    const planned = plan.some((p) => p.toLowerCase().includes(what)) || k.texts.some((t) => /^This is .*'s plan for/.test(t) || /\b(would come|wants to go|plans to go|will go)\b/i.test(t));
    if (planned) parts.push(past ? `I went.` : `I'm planning to go.`);
  }
  return parts.join(" ");
}

export function offlineInterview(i: OfflineInterviewInput): string {
  if (ABOUT_SELF.test(i.question)) {
    return `I'm ${i.name}, ${i.age}. ${toFirstPerson(sentence(i.learned.split(/(?<=[.!?])\s/)[0] ?? i.learned), i.name)} ${toFirstPerson(sentence(i.currently.split(/(?<=[.!?])\s/)[0] ?? ""), i.name)}`.trim();
  }
  const person = i.people.find((p) => p.name !== i.name);
  if (i.people.some((p) => p.name === i.name) && !person && /\bwho\b/i.test(i.question)) return `That's me! I'm ${i.name}.`;
  if (person && /\b(who|how do you|what do you think|feel|know|relationship|friend)\b/i.test(i.question) && !ABOUT_EVENTS.test(i.question)) {
    const first = person.name.split(" ")[0];
    const ties = i.memories.filter((m) => (m.text.includes(person.name) || m.text.includes(`${first} `)) && RELATION.test(m.text) && !/friendly chat|heard from|conversing/.test(m.text)).slice(0, 1);
    const parts = ties.map((m) => sentence(cap(toFirstPerson(m.text, i.name))));
    if (person.relationship) parts.push(sentence(cap(toFirstPerson(person.relationship, i.name).replace(/\bThey last talked\b/, "We last talked"))));
    if (parts.length) return parts.join(" ");
  }
  const qWords = new Set(words(i.question));
  const overlap = (t: string) => words(t).filter((w) => qWords.has(w)).length;
  // Events the question may be about, best retrieved first.
  if (ABOUT_EVENTS.test(i.question) || mentionsDate(i.question)) {
    const answers: string[] = [];
    for (const k of knownEvents(i.memories, i.places, i.name)) {
      if (!eventUpcoming(k.event, i.now) && !k.texts.some((t) => overlap(t) > 0)) continue;
      answers.push(eventAnswer(i.name, k, i.now, i.plan, answers.length === 0 && YES_NO.test(i.question)));
      if (answers.length === 2) break;
    }
    if (answers.length) return answers.join(" ");
    if (/\b(plans?|today|tomorrow)\b/i.test(i.question) && i.plan.length) return `My plan for today: ${i.plan.slice(0, 5).join("; ")}.`;
  }
  const relevant = i.memories.filter((m) => overlap(m.text) > 0).slice(0, 3);
  const chosen = relevant.length ? relevant : [];
  if (chosen.length === 0) return `I'm not sure. I don't remember anything about that.`;
  const said = chosen.map((m) => sentence(cap(toFirstPerson(m.text.replace(/^For [^:]+: /, ""), i.name))));
  return `Let me think. ${said.join(" ")}`;
}
