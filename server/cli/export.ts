// `npm run export -- transcripts --save <name> [--agent "<name or id>"] [--format jsonl|csv|md] [--out file]`:
// every conversation of a saved town (residents among themselves and with people), from its
// recordings, one line each with time, place, speaker and listener(s); with --agent, only what
// that resident said or heard. On stdout unless --out. The database is the server's.
import { Command, Option } from "commander";
import { writeFile } from "node:fs/promises";
import { loadTemplate } from "../content/template.ts";
import { findResident } from "../sim/resident.ts";
import { runMain, withSave } from "../sim/session.ts";
import { formatTranscript, transcriptOf } from "../store/transcripts.ts";

interface Options {
  save: string;
  agent?: string;
  format: "jsonl" | "csv" | "md";
  out?: string;
}

const program = new Command("export")
  .description("export what a saved town holds")
  .showHelpAfterError();
program
  .command("transcripts")
  .description("every line said in the town: time, place, speaker, listener(s), text")
  .requiredOption("--save <name>", "the saved town")
  .option("--agent <name>", "only what this resident said or heard (name, first name or id)")
  .addOption(
    new Option("--format <format>", "output format").choices(["jsonl", "csv", "md"]).default("md"),
  )
  .option("--out <file>", "write to this file instead of stdout")
  .action((opts: Options) => runMain("export", () => transcripts(opts)));

function transcripts(opts: Options): Promise<void> {
  return withSave(opts.save, async (store, town) => {
    const agent = opts.agent
      ? findResident((await loadTemplate(town.template)).personas, opts.agent).name
      : undefined;
    const lines = await transcriptOf(store, town.id, agent);
    const text = formatTranscript(lines, opts.format);
    if (opts.out) {
      await writeFile(opts.out, text);
      console.error(`export: ${lines.length} lines -> ${opts.out}`);
    } else process.stdout.write(text);
  });
}

void program.parseAsync(process.argv);
