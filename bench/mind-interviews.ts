// The interview note (bench/mind-interviews.md): two game days of base-3 offline, in lockstep
// (test/helpers/mindScenario.ts, seed 1), for three history seeds of different kinds and for the
// unseeded town; then every resident is asked the same questions off the record. Prints Markdown.
//   npx tsx bench/mind-interviews.ts > bench/mind-interviews.md
import { runScenario } from "../test/helpers/mindScenario.ts";

const RUNS: { title: string; history?: string }[] = [
  {
    title:
      'Ines Calloway: "You are planning a book club at the Copper Kettle cafe tomorrow evening around five, and you hope people come"',
    history: `Name,Whisper\nInes Calloway,"You are planning a book club at the Copper Kettle cafe tomorrow evening around five, and you hope people come"`,
  },
  {
    title:
      'Edmund Hale: "You will lead a seed swap on Willow Green on February 14 from 10 am to noon"',
    history: `Name,Whisper\nEdmund Hale,"You will lead a seed swap on Willow Green on February 14 from 10 am to noon"`,
  },
  {
    title: `Theo Brandt: "you're throwing a small get-together at Brandt house on Saturday, five to seven in the evening"`,
    history: `Name,Whisper\nTheo Brandt,"you're throwing a small get-together at Brandt house on Saturday, five to seven in the evening"`,
  },
  { title: "base-3, no seed" },
];
const QUESTIONS = [
  "Is anyone in town planning an event?",
  "What did you do yesterday?",
  "Who is your best friend in town?",
  "What are you planning?",
];

const out: string[] = [
  "# Interviews after two game days of base-3 (offline engine, issue 13)",
  "",
  "Asked off the record at the end of each run (`npx tsx bench/mind-interviews.ts`, default settings, seed 1). Each seed is one history line in the host's inner voice; the last run has no seed.",
];
for (const r of RUNS) {
  const run = await runScenario({
    template: "base-3",
    days: 2,
    ...(r.history ? { history: r.history } : {}),
  });
  const reports = run.personas.map((p) => run.mind.report(p.id)!);
  // Each conversation is remembered by both sides.
  const conversations = reports.reduce((n, x) => n + x.conversations, 0) / 2;
  const reflections = run.mind.stats.reflections;
  out.push("", `### ${r.title} (${conversations} conversations, ${reflections} reflections)`);
  for (const p of run.personas) {
    for (const q of QUESTIONS)
      out.push(
        `- ${p.name} — "${q}" → "${await run.mind.interview(p.id, q, { offTheRecord: true })}"`,
      );
  }
}
console.log(out.join("\n"));
