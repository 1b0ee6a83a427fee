// `npm run sim -- --from <template or save> --name <new save> --steps <n> [--report <file.json>]`
// runs a town headless in lockstep (every mind answers within its step) as fast as the minds
// allow, autosaves into the save --name every AUTOSAVE_STEPS and at the end, and writes the report
// (docs/ARCHITECTURE.md, "Command line"). Configured like the server: DATA_DIR or DATABASE_URL, LLM_*.
//
// --from: a template (assets/towns/<key>) starts a new town at step 0; a save forks it: the new
// save starts from a copy of that save's newest snapshot, the original is left as it was.
// `template:<key>` or `save:<name>` says which when a name is both.
// --name: a new save. If it exists, the run refuses, unless
//   --resume: continue that save from its newest snapshot (--from may be left out; a save that
//             does not exist yet is made from --from, so the same command can be run again), or
//   --force:  delete that save (its snapshots) and make it anew from --from.
// --mind-thread on: the minds run on a worker thread of their own; the run is the same.
// --mind-threads n: with --mind-thread on, over n threads (agents/mindPool.ts); the run is the same.
// --db-thread on|off|auto: the embedded database on a thread of its own, so its writes run beside
//   the steps instead of between them; the run is the same. Default auto: on for a template of
//   500 residents or more (sim/dbThread.ts), off for smaller ones and for saves: on 2 cores a
//   base-25 day with autosave took 1.30× the day without, against 1.15× off (bench/RESULTS.md,
//   session 22), while at 1,000 the database is 11 % of the run's thread (session 27).
// Ctrl-C stops after the step in progress, saves, writes the report and exits with code 130.
import { Command, InvalidArgumentError, Option } from "commander";
import { readFile, mkdir, writeFile } from "node:fs/promises";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { loadHistory, type HistoryRow } from "../agents/whisper.ts";
import { MemoryJournal, type JournalFeed } from "../agents/memory/journal.ts";
import type { GenerativeMind } from "../agents/generativeMind.ts";
import type { TownTemplate } from "../content/template.ts";
import type { Gateway, LlmMetrics } from "../llm/prompt.ts";
import type { Town } from "../world/town.ts";
import { buildThreadedTown, buildTown } from "../townFactory.ts";
import { progressBar } from "../sim/progress.ts";
import { startRecordedRun } from "../sim/recordedRun.ts";
import { buildReport, summaryLine, SimReport } from "../sim/report.ts";
import { runSteps } from "../sim/run.ts";
import { embeddedThreadFor, templateResidents } from "../sim/dbThread.ts";
import { findSave, resolveSource, SAVE_NAME, UsageError, type Source } from "../sim/saves.ts";
import { openSession, runMain } from "../sim/session.ts";

interface Options {
  from?: string;
  name: string;
  steps: number;
  report?: string;
  history?: string;
  seed?: number;
  resume: boolean;
  force: boolean;
  quiet: boolean;
  autosave?: number;
  mindThread: "on" | "off";
  mindThreads: number;
  dbThread: "on" | "off" | "auto";
}

const wholeNumber = (min: number) => (text: string) => {
  const n = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min)
    throw new InvalidArgumentError(`a whole number ≥ ${min}`);
  return n;
};

const program = new Command("sim")
  .description("Run a town headless (lockstep), save it, and write a report.")
  .option(
    "--from <town>",
    "town template (assets/towns/<key>, e.g. base-3) or the name of a save to fork; template:<key> or save:<name> to say which",
  )
  .requiredOption(
    "--name <save>",
    "name of the save to write (a new one, see --resume and --force)",
  )
  .requiredOption(
    "--steps <n>",
    "steps to run (10 game seconds each; 8640 = one game day)",
    wholeNumber(0),
  )
  .option("--report <file.json>", "write the run's report (JSON) to this file")
  .option(
    "--history <file.csv>",
    "seed memories first from a history file (the original's Name,Whisper CSV)",
  )
  .option("--seed <n>", "random seed of a new town (default SEED, 1)", wholeNumber(-(2 ** 31)))
  .option(
    "--resume",
    "continue the save --name from its newest snapshot (made from --from when it does not exist yet)",
    false,
  )
  .option("--force", "if the save --name exists, delete it and start it anew from --from", false)
  .option(
    "--autosave <steps>",
    "save every this many steps (default AUTOSAVE_STEPS, 60)",
    wholeNumber(1),
  )
  .option("--quiet", "no progress bar", false)
  .addOption(
    new Option(
      "--mind-thread <on|off>",
      "run the minds on a worker thread of their own (the same run either way)",
    )
      .choices(["on", "off"])
      .default("off"),
  )
  .option(
    "--mind-threads <n>",
    "with --mind-thread on: the residents' minds over this many threads (the same run)",
    wholeNumber(1),
    1,
  )
  .addOption(
    new Option(
      "--db-thread <on|off>",
      "the embedded database on a thread of its own, its writes beside the steps (the same run either way); auto: on for a template of 500 residents or more",
    )
      .choices(["on", "off", "auto"])
      .default("auto"),
  )
  .showHelpAfterError()
  .addHelpText(
    "after",
    "\nExample: npm run sim -- --from base-3 --name day1 --steps 8640 --report day1.json",
  );

async function readHistory(file: string): Promise<HistoryRow[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new UsageError(
      `--history ${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  try {
    return loadHistory(text);
  } catch (e) {
    throw new UsageError(`--history ${file}: ${(e as Error).message}`);
  }
}

/** A report into a folder that does not exist yet: the folder is made now (and said), before the run, not found missing after it. */
async function prepareReportFolder(report: string): Promise<void> {
  const dir = path.dirname(path.resolve(report));
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory())
      throw new UsageError(`--report ${report}: ${dir} is a file, not a folder`);
    return;
  }
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(
      `--report ${report}: cannot create the folder ${dir} (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  console.log(`sim: created the folder ${dir} for the report`);
}

async function main(opts: Options): Promise<number> {
  if (!SAVE_NAME.test(opts.name))
    throw new UsageError(`--name "${opts.name}": 1 to 64 letters, digits, '.', '_' or '-'`);
  if (opts.resume && opts.force)
    throw new UsageError(
      "--resume and --force contradict each other: continue the save, or replace it",
    );
  if (!opts.from && !opts.resume)
    throw new UsageError("--from is needed: a town template (e.g. base-3) or a save to fork");
  const history = opts.history ? await readHistory(opts.history) : null;
  if (opts.report) await prepareReportFolder(opts.report);

  const session = await openSession(process.env, {
    embeddedThread: embeddedThreadFor(
      opts.dbThread,
      opts.dbThread === "auto" ? templateResidents(opts.from) : undefined,
    ),
  });
  const { store, gateway, config } = session;
  let onClose = () => Promise.resolve();
  try {
    const notes: string[] = [];
    const existing = await store.findTown(opts.name);
    let source: Source;
    if (existing && opts.resume) {
      source = await findSave(store, opts.name);
      const from = opts.from?.replace(/^(save|template):/, "");
      if (from && from !== opts.name && from !== existing.template) {
        throw new UsageError(
          `--resume continues the save "${opts.name}" (made from ${existing.template}); --from "${opts.from}" would be ignored: leave it out`,
        );
      }
    } else {
      if (!opts.from)
        throw new UsageError(`no save named "${opts.name}" to resume: give --from to start it`);
      source = await resolveSource(store, opts.from, notes);
      if (existing && !opts.force) {
        const saved = await store.latestSnapshot(existing.id);
        throw new UsageError(
          `a save named "${opts.name}" exists already (${existing.template}, ${saved ? `step ${saved.step}` : "never saved"}): choose another --name, --resume to continue it, or --force to replace it`,
        );
      }
      if (existing && source.kind === "save" && source.save.id === existing.id) {
        throw new UsageError(
          `--force would delete the save "${opts.name}" that --from starts from: use --resume to continue it, or another --name to fork it`,
        );
      }
    }
    const resuming = Boolean(existing && opts.resume);
    if (source.kind === "save" && opts.seed !== undefined)
      notes.push("--seed is ignored: a save continues its own random sequence");

    const seed = opts.seed ?? config.SEED;
    const threads = opts.mindThread === "on" ? opts.mindThreads : 0;
    const { town, mind, journal } = await buildSimTown(source.template, threads, {
      gateway,
      seed,
      env: config.env,
      logLevel: config.LOG_LEVEL,
    });
    onClose = () => mind.close();
    if (source.kind === "save" && source.snapshot) {
      town.restore(source.snapshot);
      await town.restored();
    }
    if (existing && opts.force) await store.deleteTown(opts.name);
    const record = resuming ? existing! : await store.ensureTown(opts.name, source.template.key);

    const what = resuming
      ? `resumed at step ${town.step}`
      : source.kind === "save"
        ? `fork of save ${source.save.name} at step ${town.step}`
        : `new from template ${source.template.key}`;
    console.log(
      `sim: save ${record.name} (template ${source.template.key}, ${source.template.personas.length} residents), ${what}`,
    );
    console.log(`  engine: ${session.engine}`);
    console.log(`  database: ${session.database}`);
    for (const n of notes) console.log(`  note: ${n}`);

    if (history) {
      const seeded = await mind.seedHistory(history, town.time);
      console.log(`  history: ${seeded.seeded} memories seeded from ${opts.history}`);
      if (seeded.unknown.length)
        console.error(
          `sim: warning: --history names people who do not live in ${source.template.key}: ${seeded.unknown.join(", ")}`,
        );
    }

    // A resumed save continues its own rows; a new town or a fork writes its memories afresh.
    const rows = { journal, mark: resuming && source.kind === "save" ? source.mark : null };
    const run = await startRecordedRun(store, town, record, {
      autosaveSteps: opts.autosave ?? config.AUTOSAVE_STEPS,
      log: session.log,
      rows,
    });
    console.log(`  recording: ${run.recordingId}`);

    let stopRequested = false;
    const onSignal = (signal: string) => {
      if (stopRequested) {
        console.error(`sim: ${signal} again: exiting without saving`);
        process.exit(130);
      }
      stopRequested = true;
      console.error(
        `\nsim: ${signal}: stopping after this step to save and write the report (again to quit at once)`,
      );
    };
    const onInt = () => onSignal("SIGINT");
    const onTerm = () => onSignal("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);

    const startStep = town.step;
    const startTime = town.time;
    const bar = progressBar(opts.steps, { quiet: opts.quiet });
    const t0 = performance.now();
    let result: Awaited<ReturnType<typeof runSteps>>;
    try {
      result = await runSteps(town, opts.steps, {
        stop: () => stopRequested,
        afterStep: async (events) => {
          bar.update(town.step - startStep, town.time);
          await run.afterStep(events);
        },
      });
    } finally {
      bar.stop();
    }
    const wallSeconds = (performance.now() - t0) / 1000;
    await run.close();
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);

    const counts = new Map(
      await Promise.all(
        town.agentViews().map(async (a) => [a.id, await mind.report(a.id)] as const),
      ),
    );
    if (town.mindErrors.length)
      console.error(
        `sim: warning: ${town.mindErrors.length} mind errors (last: ${String(town.mindErrors.at(-1)!.error)})`,
      );
    const report = SimReport.parse(
      buildReport({
        town: record.name,
        template: source.template.key,
        from: resuming ? `save ${record.name}` : source.label,
        stepsRequested: opts.steps,
        startStep,
        endStep: town.step,
        startTime,
        endTime: town.time,
        wallSeconds,
        interrupted: result.interrupted,
        engine: gateway.engine,
        agents: town.agentViews(),
        counts: (id) => counts.get(id),
        llm: await mind.llmMetrics(),
      }),
    );
    console.log(`  ${summaryLine(report)}`);
    console.log(`  saved: ${record.name} at step ${town.step}`);
    if (opts.report) {
      const file = path.resolve(opts.report);
      await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`  report: ${file}`);
    }
    return result.interrupted ? 130 : 0;
  } finally {
    await onClose();
    await session.close();
  }
}

/** What the run needs of its minds, wherever they run. */
interface SimMinds {
  seedHistory(
    history: readonly HistoryRow[],
    now: number,
  ): Promise<{ seeded: number; unknown: string[] }>;
  report(
    id: string,
  ): ReturnType<GenerativeMind["report"]> | Promise<ReturnType<GenerativeMind["report"]>>;
  llmMetrics(): Promise<LlmMetrics>;
  close(): Promise<void>;
}

/** The town, with its minds in this thread over the session's gateway, or on a thread of their own. */
async function buildSimTown(
  template: TownTemplate,
  /** 0: the minds in this thread; else on this many threads of their own. */
  threads: number,
  o: { gateway: Gateway; seed: number; env: Record<string, string | undefined>; logLevel: string },
): Promise<{ town: Town; mind: SimMinds; journal: JournalFeed }> {
  if (threads > 0) {
    const { town, mind } = await buildThreadedTown(template, {
      mode: "lockstep",
      seed: o.seed,
      threads,
      minds: { env: o.env, journal: true, logLevel: o.logLevel },
    });
    const minds: SimMinds = {
      seedHistory: (h, now) => mind.seedHistory(h, now),
      report: (id) => mind.report(id),
      llmMetrics: async () => (await mind.refresh()).metrics,
      close: () => mind.close(),
    };
    return { town, mind: minds, journal: mind.journal };
  }
  const journal = new MemoryJournal();
  const { town, mind } = buildTown(template, {
    gateway: o.gateway,
    mode: "lockstep",
    seed: o.seed,
    journal,
  });
  const minds: SimMinds = {
    seedHistory: (h, now) => mind.seedHistory(h, now),
    report: (id) => mind.report(id),
    llmMetrics: () => Promise.resolve(o.gateway.metrics()),
    close: () => Promise.resolve(),
  };
  return { town, mind: minds, journal };
}

program.action(async (opts: Options) => runMain("sim", () => main(opts)));
await program.parseAsync();
