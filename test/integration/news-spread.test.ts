// News that is not an event (issue 29): a loss, a change of home and something seen, each told to
// one base-25 resident by a history line (words, people and kinds of news none of the engine's
// tuning used), one game day offline. Checked: each piece of news reaches other residents only
// through conversations; whoever knows it keeps it as a typed record (memory/fact.ts) naming who
// told it, resting on a talk with that person, and the memory says the news itself (its own
// words, not a name alone); the one it happened to still holds it and told it in its own voice.
import { describe, expect, it } from "vitest";
import type { Fact } from "../../server/agents/memory/fact.ts";
import { runScenario } from "../helpers/mindScenario.ts";

const NEWS = [
  {
    host: "Priya Hayes",
    whisper:
      "You lost your grandmother's silver bracelet somewhere between the town hall and the market on Tuesday, and you are heartbroken.",
    word: "bracelet",
  },
  {
    host: "Arjun Rao",
    whisper:
      "You have decided to move out of your parents' house and rent a room above the bookshop next month.",
    word: "bookshop",
  },
  {
    host: "Kenji Mori",
    whisper: "Last night you saw a fox carrying a kitten across Main Street in the rain.",
    word: "fox",
  },
];

describe("news that is not an event spreads by word of mouth (base-25, one day, offline)", () => {
  it("a loss, a move and a sighting: heard from someone named, kept as records, told as themselves", async () => {
    const history = [
      "Name,Whisper",
      ...NEWS.map((n) => `${n.host},"${n.whisper.replace(/"/g, '""')}"`),
    ].join("\n");
    const r = await runScenario({ template: "base-25", days: 1, history });
    expect(r.town.mindErrors).toEqual([]);
    const report: string[] = [];
    for (const n of NEWS) {
      const informed: string[] = [];
      for (const p of r.personas) {
        const s = r.mind.agent(p.id)!;
        const mems = s.memory.latest(s.memory.size);
        if (p.name === n.host) {
          // Never forgets its own news: the record is its own (no teller), and it told it as "I"/"my".
          const own = mems.find((m) => m.facts?.some((f) => !f.told && f.source === n.host));
          expect(own, `${n.host} keeps the record of its own news`).toBeDefined();
          const said = mems
            .filter((m) => m.type === "chat")
            .flatMap((m) => m.lines ?? [])
            .filter(([who, text]) => who === n.host && text.toLowerCase().includes(n.word));
          expect(said.length, `${n.host} told of the ${n.word}`).toBeGreaterThan(0);
          expect(said.some(([, t]) => /\b(I|my|My)\b/.test(t))).toBe(true);
          continue;
        }
        // (A talk's record holds what was told in it too; the memo is what one keeps as heard.)
        const heard = mems.filter(
          (m) =>
            m.type === "thought" &&
            m.facts?.some((f: Fact) => !!f.told && f.text.toLowerCase().includes(n.word)),
        );
        if (heard.length === 0) {
          // Nobody knows it but through a talk.
          expect(
            mems.some((m) => m.type === "thought" && m.description.toLowerCase().includes(n.word)),
            `${p.name} knows of the ${n.word} without having been told`,
          ).toBe(false);
          continue;
        }
        informed.push(p.name);
        for (const m of heard) {
          const f = m.facts!.find((x) => x.text.toLowerCase().includes(n.word))!;
          expect(f.told!.to).toBe(p.name);
          expect(f.source).toBe(n.host);
          // The memory says who told it and what (the news's own words), and rests on a talk with them.
          expect(m.description).toContain(`heard from ${f.told!.by}`);
          expect(m.description.toLowerCase()).toContain(n.word);
          const chat = m.evidence.map((id) => s.memory.get(id)).find((c) => c?.type === "chat");
          expect(chat?.object, `${p.name}'s record of the ${n.word} rests on a talk`).toBe(
            f.told!.by,
          );
        }
      }
      report.push(`${n.word}: ${informed.length} (${informed.join(", ")})`);
      expect(informed.length, `the ${n.word} reached other residents`).toBeGreaterThanOrEqual(2);
    }
    console.log(report.join("\n"));
  }, 300_000);
});
