// `npm run eval -- --scenario paper-party-25 --seeds 3 [--out evals/run1]` measures believability
// the way the paper did (server/eval/): each seed a lockstep run in a save of its own, recorded
// (/replay/<id>), with diffusion, relationships, coordination, hallucination and the interview
// battery ranked with TrueSkill; writes report.json and report.html (shown at /eval/<id>).
// `--estimate` prints the calls, tokens and cost the run would take on the configured model (an
// offline dry run priced with LLM_PRICE_*) and spends nothing. Configured like the server.
import { Command, InvalidArgumentError } from "commander";
import path from "node:path";
import { pino } from "pino";
import { readLlmConfig } from "../llm/config.ts";
import { OfflineGateway } from "../llm/offlineGateway.ts";
import { estimate, pricesFromEnv } from "../eval/estimate.ts";
import { runEval } from "../eval/evaluate.ts";
import { evalProgress } from "../eval/progress.ts";
import { runSeed } from "../eval/runner.ts";
import { loadScenario, parseMindFlag } from "../eval/scenario.ts";
import { TierTally } from "../eval/tierTally.ts";
import { UsageError } from "../sim/saves.ts";
import { openSession, runMain } from "../sim/session.ts";
import { loadTemplate } from "../content/template.ts";
import { readConfig } from "../config.ts";
import type { MindOverrides } from "../agents/settings.ts";

interface Options {
  scenario: string;
  seeds: number;
  firstSeed: number;
  out?: string;
  id?: string;
  estimate: boolean;
  concurrency: number;
  autosave: number;
  quiet: boolean;
  mind?: MindOverrides;
}

const wholeNumber = (min: number, max: number) => (text: string) => {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max)
    throw new InvalidArgumentError(`a whole number from ${min} to ${max}`);
  return n;
};

const mindFlag = (text: string): MindOverrides => {
  try {
    return parseMindFlag(text);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
};

const program = new Command("eval")
  .description("Measure believability the way the paper did, on the configured model or offline.")
  .requiredOption(
    "--scenario <name>",
    "a scenario of assets/scenarios (paper-party-25, garden-3) or a JSON file",
  )
  .option("--seeds <n>", "how many seeds to run (mean and spread over them)", wholeNumber(1, 50), 1)
  .option(
    "--first-seed <n>",
    "the first seed (the others follow it)",
    wholeNumber(0, 2 ** 31 - 1),
    1,
  )
  .option("--out <dir>", "where to write report.json and report.html (default EVALS_DIR/<id>)")
  .option("--id <id>", "the eval's id (default: the --out folder's name, else scenario and time)")
  .option("--estimate", "print the calls, tokens and cost the run would take, and stop", false)
  .option("--concurrency <n>", "interviews at once (a model serves several)", wholeNumber(1, 64), 8)
  .option(
    "--autosave <steps>",
    "save each seed's town every this many steps (it is always saved at the end)",
    wholeNumber(1, 10_000_000),
    360,
  )
  .option("--quiet", "no progress bar", false)
  .option(
    "--mind <settings>",
    "change the minds' settings over the scenario's: key=value,... (reusePlans, restWhileAsleep, replanImportance, conversationMode, reuseRelationship)",
    mindFlag,
  )
  .showHelpAfterError()
  .addHelpText(
    "after",
    "\nExample: npm run eval -- --scenario paper-party-25 --seeds 3 --out evals/run1",
  );

const ID = /^[\w.-]{1,40}$/;

function judgeOf(env: NodeJS.ProcessEnv): string {
  const chat = readLlmConfig(env).chat;
  return chat
    ? `model ${chat.strongModel}`
    : "offline rubric (weaker than a model: the answer must state the fact's content, compared by stem; memories backing it by term overlap)";
}

async function main(opts: Options): Promise<number> {
  const loaded = await loadScenario(opts.scenario).catch((e: Error) => {
    throw new UsageError(e.message);
  });
  const scenario = { ...loaded, mind: { ...loaded.mind, ...opts.mind } };
  const template = await loadTemplate(scenario.town);
  const seeds = Array.from({ length: opts.seeds }, (_, k) => opts.firstSeed + k);

  if (opts.estimate) {
    const dry = new TierTally(new OfflineGateway({ meter: true }));
    const t0 = performance.now();
    await runSeed({
      scenario,
      template,
      seed: seeds[0],
      gateway: dry,
      saveName: "dry-run",
      autosaveSteps: 1e9,
      log: pino({ level: "silent" }),
    });
    const llm = readLlmConfig(process.env);
    const e = estimate(
      dry.metrics(),
      dry.tiers,
      seeds.length,
      pricesFromEnv(process.env),
      Boolean(llm.embedding),
    );
    const usd = (x: number | null) =>
      x === null ? "no price set (LLM_PRICE_IN/OUT, LLM_PRICE_STRONG_IN/OUT)" : `$${x.toFixed(2)}`;
    console.log(
      `eval estimate: ${scenario.name} × ${seeds.length} seed(s), on ${llm.chat ? `${llm.chat.model} (strong: ${llm.chat.strongModel})` : "no model configured: the offline engine (free)"}`,
    );
    console.log(
      `  from an offline dry run of one seed (${((performance.now() - t0) / 1000).toFixed(1)} s), times ${seeds.length}`,
    );
    console.log(
      `  calls: ${e.calls} (cheap ${e.byTier.cheap.calls}, strong ${e.byTier.strong.calls})`,
    );
    console.log(
      `  tokens: ${e.tokensIn} in, ${e.tokensOut} out (cheap ${e.byTier.cheap.tokensIn} in, ${e.byTier.cheap.tokensOut} out; strong ${e.byTier.strong.tokensIn} in, ${e.byTier.strong.tokensOut} out); embeddings: ${e.embeddingTokens} tokens`,
    );
    console.log(
      `  cost: cheap ${usd(e.byTier.cheap.costUsd)}, strong ${usd(e.byTier.strong.costUsd)}, total ${usd(e.costUsd)}`,
    );
    return 0;
  }

  const config = readConfig({ LOG_LEVEL: "warn", ...process.env });
  const id =
    opts.id ??
    (opts.out
      ? path.basename(path.resolve(opts.out))
      : `${scenario.name}-${new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "")}`);
  if (!ID.test(id))
    throw new UsageError(`eval id "${id}": 1 to 40 letters, digits, '.', '_' or '-' (give --id)`);
  const out = path.resolve(opts.out ?? path.join(config.EVALS_DIR, id));
  const session = await openSession();
  const bar = evalProgress({ quiet: opts.quiet, seeds: seeds.length });
  try {
    console.log(
      `eval ${id}: ${scenario.name} (town ${scenario.town}, ${scenario.hours} game hours) × ${seeds.length} seed(s)`,
    );
    console.log(`  engine: ${session.engine}; judge: ${judgeOf(process.env)}`);
    if (Object.keys(scenario.mind).length)
      console.log(
        `  minds' settings changed: ${Object.entries(scenario.mind)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(", ")}`,
      );
    console.log(`  database: ${session.database}`);
    const report = await runEval({
      id,
      scenario,
      template,
      seeds,
      gateway: session.gateway,
      store: session.store,
      outDir: out,
      autosaveSteps: opts.autosave,
      log: session.log,
      judge: judgeOf(process.env),
      concurrency: opts.concurrency,
      progress: (seed, done, total, phase) => bar.update(seed, done, total, phase),
    });
    bar.stop();
    const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
    for (const d of report.summary.diffusion)
      console.log(
        `  diffusion ${d.label}: ${pct(d.start.mean)} → ${pct(d.end.mean)}${seeds.length > 1 ? ` (sd ${pct(d.end.sd)})` : ""}`,
      );
    if (report.summary.density)
      console.log(
        `  density η: ${report.summary.density.start.mean.toFixed(3)} → ${report.summary.density.end.mean.toFixed(3)}`,
      );
    for (const c of report.summary.coordination)
      console.log(
        `  coordination ${c.study}: ${c.attended.mean.toFixed(1)} of ${c.invited.mean.toFixed(1)} invited attended`,
      );
    console.log(
      `  hallucination: facts ${pct(report.summary.hallucination.facts.mean)}, relationships ${pct(report.summary.hallucination.relationships.mean)}`,
    );
    for (const t of report.summary.trueskill)
      console.log(`  TrueSkill ${t.condition}: ${t.mu.mean.toFixed(2)}`);
    const residents = template.personas.length;
    for (const [k, day] of (report.seeds[0]?.days ?? []).entries()) {
      const mean = (f: (d: { calls: number; tokensIn: number }) => number) =>
        report.seeds.reduce((a, sd) => a + (sd.days[k] ? f(sd.days[k]) : 0), 0) /
        report.seeds.length /
        residents;
      console.log(
        `  cost of game day ${k + 1} (${day.day}) per resident: ${mean((d) => d.calls).toFixed(1)} calls, ${Math.round(mean((d) => d.tokensIn))} prompt tokens`,
      );
    }
    if (report.fallbackMarked)
      console.error(
        `eval: warning: more than 1% of answers came from the offline engine although a model is configured`,
      );
    console.log(`  replays: ${report.seeds.map((s) => `/replay/${s.recording}`).join(" ")}`);
    console.log(
      `  report: ${path.join(out, "report.html")} (and report.json); wall ${report.wallSeconds.toFixed(1)} s`,
    );
    return 0;
  } finally {
    bar.stop();
    await session.close();
  }
}

program.action(async (opts: Options) => runMain("eval", () => main(opts)));
await program.parseAsync();
