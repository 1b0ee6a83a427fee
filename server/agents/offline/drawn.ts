// What an offline answer drew on, for the trace (llm/trace.ts: noteDrawn): the persona facts,
// plan blocks, memories, typed records, places and people it was made from, by id or field and
// a short text. Noted only while a traced ask is being answered (drawingNoted), so an untraced
// town pays nothing for it.
import { drawingNoted, noteDrawn } from "../../llm/trace.ts";
import type { Fact as Record } from "../memory/fact.ts";
import type { MemoryLine } from "../prompts/builder.ts";
import { personaFacts } from "../language/facts.ts";
import type { DayBlock, Knowledge } from "../language/knowledge.ts";
import { ownMemoryAsI } from "../language/person.ts";
import { clock, inFirstPerson, toListener } from "../language/realise.ts";
import { Bounded } from "../language/parse.ts";

/** A memory drawn on: its kind and time, its text; its typed records by id. */
export function noteMemory(m: MemoryLine): void {
  if (!drawingNoted()) return;
  noteDrawn("memory", `${m.kind ?? "memory"} @${new Date(m.created).toISOString()}`, m.text);
  for (const f of m.facts ?? []) noteRecord(f);
}

/** A typed record drawn on (memory/fact.ts), by its id. */
export function noteRecord(f: Record): void {
  if (!drawingNoted()) return;
  noteDrawn("record", f.id, f.told ? `${f.text} (told by ${f.told.by})` : f.text);
}

/** A block of the day's plan drawn on. */
export function noteBlock(b: Pick<DayBlock, "start" | "task"> & { end?: number; place?: string }) {
  if (!drawingNoted()) return;
  const span = b.end !== undefined ? `${clock(b.start)}–${clock(b.end)}` : clock(b.start);
  noteDrawn("plan", span, b.place ? `${b.task} (${b.place})` : b.task);
}

/** How the resident sees another, drawn on. */
export function noteRelationship(name: string, view: string): void {
  if (!drawingNoted() || !view) return;
  noteDrawn("relationship", name, view);
}

/** Words that open a sentence as said (the realised form's first 40 characters, no end mark). */
const opening = (s: string) =>
  s
    .replace(/[.!?]+$/, "")
    .slice(0, 40)
    .toLowerCase();

/** Realised openings by resident and text (the realiser parses; the same facts, blocks and
 *  memories recur line after line). The oldest forgotten past a bound that holds a town of a
 *  thousand's: cleared whole at 20,000 keys (a resident's texts, and its facts once a listener),
 *  a large town's were made anew more often the larger it was (session 28: 1.3 s less in a
 *  town-1000 morning). */
const openings = new Bounded<string, string>(200_000);
function realised(key: string, make: () => string): string {
  let o = openings.get(key);
  if (o === undefined) {
    o = opening(make());
    openings.set(key, o);
  }
  return o;
}

/** Whether two texts share `n` words in a row. */
function sharesRun(a: string, b: string, n: number): boolean {
  const words = (t: string) => t.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const w = words(a);
  const text = ` ${words(b).join(" ")} `;
  for (let i = 0; i + n <= w.length; i++)
    if (text.includes(` ${w.slice(i, i + n).join(" ")} `)) return true;
  return false;
}

/**
 * What an answer made from a resident's knowledge (Knowledge and its memories) drew on: each value
 * whose realised form the answer says (a persona fact in the first person, a block's task, a
 * memory as its own, a place or a person by name). A lookup of values in what was said, for the
 * trace only: it changes no answer.
 */
export function noteKnowledgeIn(
  text: string,
  k: Knowledge,
  memories: readonly MemoryLine[],
  listener = "",
) {
  if (!drawingNoted()) return;
  const said = text.toLowerCase();
  const f = personaFacts(k.persona);
  for (const x of f.facts) {
    const mine = realised(`${f.name}\n${x.text}`, () => inFirstPerson(x.text, f.name, f.pronoun));
    // (As said to the one it names: "I am married to you".)
    const toThem = listener
      ? realised(`${f.name}\n${listener}\n${x.text}`, () =>
          toListener(inFirstPerson(x.text, f.name, f.pronoun), listener),
        )
      : mine;
    // (Or a clause of it, five words in a row: "I took over from my uncle Cobb" of "I run the
    // store, which I took over from my uncle Cobb".)
    if (
      [mine, toThem].some((m) => m.length > 8 && said.includes(m)) ||
      sharesRun(inFirstPerson(x.text, f.name, f.pronoun), said, 5)
    )
      noteDrawn("persona", x.source, x.text);
  }
  for (const b of [...k.today, ...k.yesterday]) {
    const task = b.task.replace(/\s*\(.*\)\s*$/, "");
    const mine = realised(`${f.name}\n${task}`, () => inFirstPerson(task, f.name, f.pronoun));
    // (As said to the one it names: "helping you bake".)
    const toThem = listener
      ? realised(`${f.name}\n${listener}\n${task}`, () =>
          toListener(inFirstPerson(task, f.name, f.pronoun), listener),
        )
      : mine;
    if ([mine, toThem].some((m) => m.length > 6 && said.includes(m))) noteBlock(b);
  }
  for (const m of memories) {
    const mine = realised(`${f.name}\n@${m.text}`, () => ownMemoryAsI(m.text, f.name));
    if (mine.length > 12 && said.includes(mine)) noteMemory(m);
  }
  // A place by its name (a building's rooms are what it holds).
  for (const p of k.places)
    if (said.includes(p.name.toLowerCase()))
      noteDrawn("place", p.name, p.parts.length ? p.parts.join(", ") : p.name);
  for (const p of k.people)
    if (p.relationship && text.includes(p.name.split(" ")[0]))
      noteRelationship(p.name, p.relationship);
}
