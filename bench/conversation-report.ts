// The conversation battery's figures before and after, as Markdown for bench/RESULTS.md: per
// kind, for two sets of answers written by `bench/conversation-battery.ts --json`, and sample
// talks from the second set.
//   npx tsx bench/conversation-report.ts before.json[,more.json] after.json[,more.json]
import { readFileSync } from "node:fs";
import { summary, type Answer } from "./conversation-battery.ts";

const load = (list: string): Answer[] =>
  list.split(",").flatMap((f) => JSON.parse(readFileSync(f, "utf8")) as Answer[]);

const [beforeFiles, afterFiles] = process.argv.slice(2);
const before = load(beforeFiles);
const after = load(afterFiles);

const out: string[] = [];
const towns = (xs: Answer[]) => [...new Set(xs.map((a) => a.town))].join(", ");
out.push(`**Before** (${before.length} answers; ${towns(before)}):`, "", ...summary(before).rows);
out.push("", `**After** (${after.length} answers; ${towns(after)}):`, "", ...summary(after).rows);

// Sample talks: the first talk of each role with each town's first resident, day 2 afternoon.
out.push("", "Sample talks (after):");
for (const town of [...new Set(after.map((a) => a.town))]) {
  for (const role of ["visitor", "reporter"] as const) {
    const xs = after.filter((a) => a.town === town && a.role === role && a.at === "day 2 14:00");
    const who = xs[0]?.resident;
    out.push("", `*${town}, ${who}, asked by a ${role}, day 2 14:00:*`, "");
    for (const a of xs.filter((x) => x.resident === who).slice(0, 8))
      out.push(`- "${a.question}" → "${a.answer}"`);
  }
}
const fails = after.filter(
  (a) => a.ungrounded.length || a.echoed || a.repeated || a.malformed.length,
);
out.push("", `Flagged answers after (${fails.length}):`, "");
for (const a of fails.slice(0, 12))
  out.push(
    `- [${a.town}, ${a.resident}, ${a.role}, ${a.at}] "${a.question}" → "${a.answer}" (${[a.ungrounded.length ? `ungrounded: ${a.ungrounded.join(", ")}` : "", a.echoed ? "echo" : "", a.repeated ? "repeat" : "", ...a.malformed].filter(Boolean).join("; ")})`,
  );
const unanswered = after.filter((a) => a.expected && !a.answered);
out.push(
  "",
  `Unanswered where the battery expects an answer, after (${unanswered.length}), first ten:`,
  "",
);
for (const a of unanswered.slice(0, 10))
  out.push(`- [${a.town}, ${a.resident}, ${a.role}] "${a.question}" → "${a.answer}"`);
console.log(out.join("\n"));
