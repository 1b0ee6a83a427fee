// `npm run interview -- --save <name> --agent "<name or id>" --question "<text>" [--off-the-record]`
// loads the save's newest snapshot and asks the resident; the answer comes from the memories
// retrieved for the question and the persona (GenerativeMind.interview) and is printed on stdout.
// On the record (the default) the resident remembers the interview and the save is updated in
// place (same step); --off-the-record changes nothing. Configured like the server.
import { Command } from "commander";
import { buildTown } from "../townFactory.ts";
import { MemoryJournal } from "../agents/memory/journal.ts";
import { takeSave, writeSave } from "../store/autosave.ts";
import { MemoryRows } from "../store/memoryRows.ts";
import { findResident } from "../sim/resident.ts";
import { findSave, UsageError } from "../sim/saves.ts";
import { openSession, runMain } from "../sim/session.ts";

interface Options {
  save: string;
  agent: string;
  question: string;
  offTheRecord: boolean;
  verbose: boolean;
}

const program = new Command("interview")
  .description("Ask a resident of a saved town a question; the answer comes from its memories.")
  .requiredOption("--save <name>", "the save (npm run sim -- --name ..., or the server's town)")
  .requiredOption(
    "--agent <name>",
    'the resident: full name, first name or id ("Ines Calloway", "Ines", "ines")',
  )
  .requiredOption("--question <text>", "what to ask")
  .option(
    "--off-the-record",
    "the resident does not remember it and the save is not changed",
    false,
  )
  .option("--verbose", "also print the save, the step and the engine (on stderr)", false)
  .showHelpAfterError()
  .addHelpText(
    "after",
    '\nExample: npm run interview -- --save day1 --agent "Ines Calloway" --question "What did you do today?"',
  );

async function main(opts: Options): Promise<number> {
  const question = opts.question.trim();
  if (!question) throw new UsageError("--question is empty");
  const session = await openSession();
  try {
    const save = await findSave(session.store, opts.save);
    if (!save.snapshot)
      throw new UsageError(
        `save "${opts.save}" has no snapshot yet: run it first (npm run sim -- --from ${save.template.key} --name ${opts.save} --resume --steps 1)`,
      );
    const resident = findResident(save.template.personas, opts.agent);
    const journal = new MemoryJournal();
    const { town, mind } = buildTown(save.template, {
      gateway: session.gateway,
      mode: "lockstep",
      journal,
    });
    town.restore(save.snapshot);
    await town.restored();
    // The save's rows resume at its mark; what the interview adds is written as rows after them.
    const rows = new MemoryRows(session.store, save.save.id, journal, save.mark, session.log);
    if (opts.verbose)
      console.error(
        `interview: ${resident.name} in save ${save.save.name} at step ${town.step}; engine: ${session.engine}`,
      );
    const answer = await mind.interview(resident.id, question, { offTheRecord: opts.offTheRecord });
    console.log(answer);
    // The interview is now one of the resident's memories: keep it with the save (same step).
    if (!opts.offTheRecord)
      await writeSave(session.store, save.save.id, await takeSave(town, rows), rows);
    return 0;
  } finally {
    await session.close();
  }
}

program.action(async (opts: Options) => runMain("interview", () => main(opts)));
await program.parseAsync();
