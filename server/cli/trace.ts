// `npm run trace -- --save <name> --agent "<name or id>" [--prompt <name>] [--jsonl] [--limit n]`:
// a resident's asks of its mind from a save's trace, oldest first: when, the prompt, who answered,
// the memories retrieved with their scores, and the answer (--jsonl: one whole entry per line,
// the text sent included). The database is the server's (DATABASE_URL, else DATA_DIR).
import { Command, InvalidArgumentError } from "commander";
import { loadTemplate } from "../content/template.ts";
import { findResident } from "../sim/resident.ts";
import { runMain, withSave } from "../sim/session.ts";
import { pageTrace } from "../store/traceRows.ts";
import type { TraceEntry } from "../../shared/trace.ts";

interface Options {
  save: string;
  agent: string;
  prompt?: string;
  jsonl: boolean;
  limit?: number;
}

const program = new Command("trace")
  .description("print a resident's asks of its mind (prompts, retrieved memories, answers)")
  .requiredOption("--save <name>", "the saved town")
  .requiredOption("--agent <name>", "the resident (name, first name or id)")
  .option("--prompt <name>", "only this prompt (day-plan, decompose, utterance, ...)")
  .option("--jsonl", "one JSON entry per line, the text sent included", false)
  .option("--limit <n>", "the newest n asks only", (t: string) => {
    const n = Number(t);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("a whole number ≥ 1");
    return n;
  })
  .showHelpAfterError()
  .addHelpText(
    "after",
    '\nExample: npm run trace -- --save day1 --agent "Ines Calloway" --prompt day-plan',
  );

const clock = (t: number) => new Date(t).toISOString().slice(0, 16).replace("T", " ");
const pct = (x: number) => (x * 100).toFixed(0).padStart(3);

/** One ask as a few readable lines. */
export function describeEntry(e: TraceEntry): string {
  const head = `${clock(e.time)}  step ${e.step ?? "?"}  ${e.prompt}  [${e.engine}${e.engine === "model" || e.engine === "repair" ? ` ${e.model}` : ""}${e.reason ? `: ${e.reason}` : ""}]  ${e.tokensIn}+${e.tokensOut} tokens${e.costUsd ? `, $${e.costUsd.toFixed(5)}` : ""}, ${e.latencyMs} ms${e.cacheHit ? ", cached" : ""}`;
  const lines = [head, `  ${e.purpose}`];
  for (const m of e.memories.slice(0, 10))
    lines.push(
      `  memory ${m.total.toFixed(2)} (recency ${pct(m.recency)}%, importance ${pct(m.importance)}%, relevance ${pct(m.relevance)}%): ${m.text}`,
    );
  if (e.memories.length > 10) lines.push(`  ... ${e.memories.length - 10} more memories`);
  lines.push(`  answer: ${JSON.stringify(e.answer)}`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  program.parse(process.argv);
  const opts = program.opts<Options>();
  await withSave(opts.save, async (store, town) => {
    const { personas } = await loadTemplate(town.template);
    const resident = findResident(personas, opts.agent);
    const entries: TraceEntry[] = [];
    let before: string | undefined;
    do {
      const page = await pageTrace(store, { town: opts.save }, resident.id, {
        prompt: opts.prompt,
        limit: Math.min(500, opts.limit ? opts.limit - entries.length : 500),
        before,
      });
      if (!page) break;
      entries.push(...page.entries);
      before = page.next ?? undefined;
    } while (before && (!opts.limit || entries.length < opts.limit));
    entries.reverse();
    if (opts.jsonl) for (const e of entries) process.stdout.write(`${JSON.stringify(e)}\n`);
    else {
      for (const e of entries) console.log(`${describeEntry(e)}\n`);
      console.log(
        `${entries.length} asks of ${resident.name}'s mind in "${opts.save}"${opts.prompt ? ` (prompt ${opts.prompt})` : ""}`,
      );
    }
  });
}

void runMain("trace", main);
