// Talks between residents, offline (issue 29, item 6): the first hours of a base-25 morning, every
// line as the offline engine wrote it, with what it asked (a value) and what its answer drew on
// (the trace's `drew`). A talk is an exchange: questions go both ways, an answer is drawn from the
// speaker's own persona, plan or memories, no line says an earlier one again, and a talk that
// runs its course ends with a goodbye said back.
import { beforeAll, describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import type { Prompt } from "../../server/llm/prompt.ts";
import { traced } from "../../server/llm/trace.ts";
import { buildTown } from "../../server/townFactory.ts";
import type { TraceDrawn, TraceEntry } from "../../shared/trace.ts";
import type { UtteranceAnswer, UtteranceInput } from "../../server/agents/prompts/utterance.ts";

interface Said {
  input: UtteranceInput;
  answer: UtteranceAnswer;
  drew: TraceDrawn[];
}

/** The offline engine, with each line of a talk kept with what it drew on (its own trace scope). */
class Listening extends OfflineGateway {
  lines: Said[] = [];
  override ask<In, Out>(prompt: Prompt<In, Out>, input: In): Promise<Out> {
    if (prompt.name !== "utterance") return super.ask(prompt, input);
    let entry: TraceEntry | undefined;
    const sink = { trace: (...a: unknown[]) => (entry = JSON.parse(a[4] as string)) };
    return traced("talk", 0, sink, () => super.ask(prompt, input)).then((answer) => {
      this.lines.push({
        input: input as UtteranceInput,
        answer: answer as UtteranceAnswer,
        drew: entry?.drew ?? [],
      });
      return answer;
    });
  }
}

/** A whole talk: its lines with what each asked, and the drew of each. */
interface Talk {
  lines: { speaker: string; text: string; asks?: string; drew: TraceDrawn[] }[];
  ended: boolean;
  max: number;
}

let talks: Talk[] = [];
const template = await loadTemplate("base-25");
const persona = (name: string) => template.personas.find((p) => p.name === name)!;

beforeAll(async () => {
  const gateway = new Listening({ meter: false });
  const { town } = buildTown(template, { gateway, mode: "lockstep", seed: 7 });
  // Bound: from 05:30 to past 08:00, the first talks of the day (breakfasts, the cafe, the dorm).
  for (let i = 0; i < 950; i++) await town.advance();
  // A talk's lines arrive one by one; its last line's input holds all the lines before it.
  for (const s of gateway.lines) {
    const k = s.input.soFar.length;
    if (!s.answer.end && k + 1 < s.input.maxLines) continue;
    const all = [...gateway.lines.filter((x) => sameTalk(x, s))];
    talks.push({
      lines: all.map((x) => ({
        speaker: x.input.speaker.name,
        text: x.answer.text,
        ...(x.answer.asks ? { asks: x.answer.asks } : {}),
        drew: x.drew,
      })),
      ended: s.answer.end,
      max: s.input.maxLines,
    });
  }
  talks = talks.filter((t) => t.lines.length >= 2);
}, 300_000);

/** Whether x is a line of the talk that s ends (s's lines so far begin with x's). */
function sameTalk(x: Said, s: Said): boolean {
  const k = x.input.soFar.length;
  if (k > s.input.soFar.length) return false;
  if (k === s.input.soFar.length) return x === s;
  return (
    s.input.soFar[k]?.text === x.answer.text &&
    s.input.soFar.slice(0, k).every((l, i) => x.input.soFar[i]?.text === l.text) &&
    x.input.now === s.input.now
  );
}

const sentences = (t: string) =>
  t
    .split(/(?<=[.!?])\s+/)
    .map((x) => x.trim())
    .filter(Boolean);

describe("talks between residents, offline", () => {
  it("a base-25 morning has talks, and they differ", () => {
    expect(talks.length).toBeGreaterThanOrEqual(8);
    const openings = new Set(talks.map((t) => t.lines.map((l) => l.text).join("\n")));
    expect(openings.size).toBe(talks.length);
    // Not one script: the talks' shapes (who asks what, in which order) vary.
    const shapes = new Set(talks.map((t) => t.lines.map((l) => l.asks ?? "-").join(",")));
    expect(shapes.size).toBeGreaterThanOrEqual(Math.ceil(talks.length / 2));
  });

  it("questions go both ways", () => {
    const longer = talks.filter((t) => t.lines.length >= 4);
    expect(longer.length).toBeGreaterThan(0);
    const both = longer.filter((t) => {
      const askers = new Set(
        t.lines.filter((l) => l.asks && l.asks !== "bye").map((l) => l.speaker),
      );
      return askers.size === 2;
    });
    expect(both.length / longer.length).toBeGreaterThanOrEqual(0.5);
  });

  it("an answer is drawn from the speaker's own persona, plan or memories", () => {
    let answers = 0;
    let grounded = 0;
    for (const t of talks)
      t.lines.forEach((l, i) => {
        const q = t.lines[i - 1];
        if (!q?.asks || ["bye", "invite"].includes(q.asks) || q.speaker === l.speaker) return;
        answers++;
        const own = l.drew.filter((d) => ["persona", "plan", "memory", "record"].includes(d.kind));
        if (!own.length) {
          // Drawing on nothing ("Nothing much troubles me"), it names nobody, nowhere, no time.
          const names = sentences(l.text)
            .flatMap((x) => x.split(/\s+/).slice(1))
            .filter((w) => /^[A-Z][a-z]/.test(w) && !w.startsWith(q.speaker.split(" ")[0]));
          expect(names, `"${l.text}" names what it drew on nothing for`).toEqual([]);
          expect(l.text).not.toMatch(/\d/);
          return;
        }
        grounded++;
        const p = persona(l.speaker);
        const text = `${p.learned} ${p.currently} ${p.lifestyle}`.toLowerCase();
        for (const d of own.filter((x) => x.kind === "persona")) {
          // A persona fact is a clause of the speaker's own persona (not the other's).
          const words = d.text
            .toLowerCase()
            .split(/[^a-z']+/)
            .filter((w) => w.length > 4);
          const mine = words.filter((w) => text.includes(w)).length;
          expect(mine / Math.max(1, words.length), d.text).toBeGreaterThanOrEqual(0.8);
        }
      });
    expect(answers).toBeGreaterThanOrEqual(8);
    expect(grounded / answers, "answers with something of one's own in them").toBeGreaterThan(0.7);
  });

  it("no line says again a sentence said earlier in the talk", () => {
    for (const t of talks) {
      const seen = new Set<string>();
      for (const l of t.lines)
        for (const s of sentences(l.text)) {
          const key = s.toLowerCase();
          // "Bye, Ann!" and "Take care, Bob." may close two talks, never one twice.
          expect(seen.has(key), `"${s}" said twice in one talk`).toBe(false);
          seen.add(key);
        }
    }
  });

  it("a talk that runs its course ends with a goodbye said back", () => {
    const natural = talks.filter((t) => t.lines.length < t.max);
    expect(natural.length).toBeGreaterThan(0);
    for (const t of natural) {
      const [before, last] = t.lines.slice(-2);
      expect(before.asks, t.lines.map((l) => l.text).join(" | ")).toBe("bye");
      expect(last.speaker).not.toBe(before.speaker);
      expect(last.text).toMatch(/\b(Bye|See you|Take care|Good to see you)\b/);
    }
  });
});
