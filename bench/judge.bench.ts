// The offline knows-judge measured on hand-labelled interview answers
// (test/fixtures/judge-answers.json: real answers from `npm run eval` runs of paper-party-25,
// garden-3 and the scenarios of test/fixtures/judge-scenarios/ (a telescope evening told in loose
// words, a lost cat), and hard cases written by hand: a name alone, paraphrases, denials, questions
// back, a wrong day or place).
// Precision and recall of the judge before issue 29 (term overlap) and now (the answer states the
// fact's content). `npx tsx bench/judge.bench.ts [--wrong]` (--wrong lists the cases each gets wrong).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  contentJudge,
  LabelledAnswers,
  scoreJudge,
  termOverlapJudge,
} from "../server/eval/judgeScore.ts";
import { machine } from "./stats.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const cases = LabelledAnswers.parse(
  JSON.parse(readFileSync(path.join(here, "../test/fixtures/judge-answers.json"), "utf8")),
);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`${machine()}, ${new Date().toISOString()}`);
const real = cases.filter((c) => !c.from.startsWith("hand:"));
console.log(
  `${cases.length} labelled answers (${real.length} from harness runs, ${cases.length - real.length} written by hand), ${cases.filter((c) => c.knows).length} labelled "knows"`,
);
console.log("| judge | set | precision | recall | false knows | missed |");
console.log("|---|---|---:|---:|---:|---:|");
for (const [name, judge] of [
  ["term overlap (before)", termOverlapJudge],
  ["states the content (now)", contentJudge],
] as const) {
  for (const [set, cs] of [
    ["all", cases],
    ["harness answers", real],
  ] as const) {
    const s = scoreJudge(judge, cs);
    console.log(
      `| ${name} | ${set} | ${pct(s.precision)} | ${pct(s.recall)} | ${s.falsePositives} | ${s.falseNegatives} |`,
    );
  }
  if (process.argv.includes("--wrong"))
    for (const c of scoreJudge(judge, cases).wrong)
      console.log(`    ${name} wrong (label ${c.knows}): [${c.from}] ${c.answer.slice(0, 160)}`);
}
