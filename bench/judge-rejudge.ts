// Diffusion of a finished eval re-judged from its stored answers, by the offline judge before
// issue 29 (term overlap) and now (the answer states the fact's content): the interviews are the
// same, only the judge differs, so this shows where the old figures were inflated.
// `npx tsx bench/judge-rejudge.ts <report.json> [--list]` (--list prints the answers the judges
// disagree on).
import { readFileSync } from "node:fs";
import { EvalReport } from "../shared/evalReport.ts";
import { contentJudge, termOverlapJudge, type Judge } from "../server/eval/judgeScore.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: npx tsx bench/judge-rejudge.ts <report.json> [--list]");
const report = EvalReport.parse(JSON.parse(readFileSync(file, "utf8")));
const about = new Map(report.scenario.studies.map((s) => [s.id, s]));
const hours = (t: number, t0: number) => Math.round((t - t0) / 3_600_000);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const pct = (xs: number[]) =>
  `${(100 * mean(xs)).toFixed(0)}%${xs.length > 1 ? ` ± ${(100 * sd(xs)).toFixed(0)}` : ""}`;

console.log(`${report.id}: ${report.scenario.name}, ${report.seeds.length} seed(s)`);
const disagree: string[] = [];
for (const st of report.scenario.studies) {
  const rows = new Map<number, { stored: number[]; old: number[]; now: number[]; total: number }>();
  for (const seed of report.seeds) {
    const t0 = seed.diffusion.find((d) => d.study === st.id)!.points[0].time;
    const js = seed.judgements.filter((j) => j.kind === "diffusion" && j.subject === st.id);
    for (const time of [...new Set(js.map((j) => j.time))]) {
      const at = js.filter((j) => j.time === time);
      const count = (judge: Judge) =>
        at.filter((j) =>
          judge({
            from: "",
            about: about.get(st.id)!.about,
            question: j.question ?? "",
            now: new Date(time).toISOString(),
            answer: j.answer ?? "",
            knows: false,
          }),
        );
      const old = count(termOverlapJudge);
      const now = count(contentJudge);
      const row = rows.get(hours(time, t0)) ?? { stored: [], old: [], now: [], total: at.length };
      row.stored.push(at.filter((j) => j.knows).length / at.length);
      row.old.push(old.length / at.length);
      row.now.push(now.length / at.length);
      rows.set(hours(time, t0), row);
      for (const j of at) {
        const o = old.includes(j);
        const n = now.includes(j);
        if (o !== n)
          disagree.push(
            `  ${st.id} seed ${seed.seed} ${hours(time, t0)} h ${j.resident}: old ${o}, now ${n}: ${j.answer}`,
          );
      }
    }
  }
  console.log(`\n${st.label} (${st.id}): informed share, mean ± sd over seeds`);
  console.log("| hour | as the report judged | term overlap (old) | states the content (now) |");
  console.log("|---:|---:|---:|---:|");
  for (const [h, r] of [...rows.entries()].sort((a, b) => a[0] - b[0]))
    console.log(`| ${h} | ${pct(r.stored)} | ${pct(r.old)} | ${pct(r.now)} |`);
}
if (process.argv.includes("--list")) console.log(`\nDisagreements:\n${disagree.join("\n")}`);
