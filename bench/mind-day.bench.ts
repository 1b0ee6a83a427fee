// One game day of the generative mind, offline, in lockstep: wall time, and what each resident
// would cost a model per game day (calls and prompt tokens counted by the offline gateway's token
// meter on the prompts the mind renders), per prompt. Towns: base-25 when assets/towns/base-25
// exists; base-3 (seeded with the party, test/fixtures/mind-history-base3.csv); and the original's
// 25 residents on the original's map (bench/mind-smallville.ts). Targets (issue 4): under 10 s for a
// day of 25 residents on this 2-core machine; at most 25,000 prompt tokens and 100 calls per
// resident-day. The dialogue is the paper's turn by turn (the default); `--brief` also measures
// the cheaper "brief" mode (no relationship-summary calls, fewer memories per line).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GenerativeMind } from "../server/agents/generativeMind.ts";
import type { Persona } from "../shared/persona.ts";
import type { MindSettings } from "../server/agents/settings.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import { stepsPerDay } from "../server/world/clock.ts";
import { loadTemplate, TOWNS_DIR } from "../server/content/template.ts";
import { Town } from "../server/world/town.ts";
import type { TownMap } from "../server/world/townMap.ts";
import { SMALLVILLE_HISTORY, smallville25 } from "./mind-smallville.ts";
import { machine } from "./stats.ts";

interface Case {
  name: string;
  map: TownMap;
  personas: Persona[];
  history?: string;
}

async function run(c: Case, opts: { meter: boolean; settings?: Partial<MindSettings> }) {
  const gateway = new OfflineGateway({ meter: opts.meter });
  const mind = new GenerativeMind({
    gateway,
    personas: c.personas,
    addresses: c.map.addresses(),
    settings: opts.settings,
  });
  const town = new Town({
    template: c.name,
    map: c.map,
    personas: c.personas,
    mind,
    mode: "lockstep",
    seed: 1,
  });
  if (c.history) await mind.seedHistory(c.history, town.time);
  const steps = stepsPerDay(town.stepSeconds);
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) await town.advance();
  const wall = (performance.now() - t0) / 1000;
  if (town.mindErrors.length)
    console.log(
      `  mind errors: ${town.mindErrors.length}, first: ${String(town.mindErrors[0].error)}`,
    );
  return { wall, metrics: gateway.metrics(), mind, n: c.personas.length };
}

function report(c: Case, r: Awaited<ReturnType<typeof run>>, label = "") {
  const m = r.metrics;
  const per = (x: number) => x / r.n;
  console.log(
    `\n${c.name}${label}: ${r.n} residents, one game day (${stepsPerDay()} steps) in ${r.wall.toFixed(2)} s wall`,
  );
  console.log(
    `  per resident-day: ${per(m.calls).toFixed(1)} calls, ${Math.round(per(m.tokensIn))} prompt tokens, ${Math.round(per(m.tokensOut))} answer tokens; ${per(m.embeddings.texts).toFixed(0)} texts embedded`,
  );
  console.log(
    `  town: ${r.mind.stats.conversations} conversations, ${r.mind.stats.reflections} reflections (${(r.mind.stats.reflections / r.n).toFixed(1)} per resident-day), ${r.mind.stats.observations} observations, ${r.mind.stats.retrievals} retrievals`,
  );
  console.log(
    `  ${"prompt".padEnd(22)} ${"calls/res".padStart(9)} ${"tokens/res".padStart(10)} ${"tokens/call".padStart(11)}`,
  );
  for (const [name, p] of Object.entries(m.byPrompt).sort(
    (a, b) => b[1].tokensIn - a[1].tokensIn,
  )) {
    console.log(
      `  ${name.padEnd(22)} ${per(p.calls).toFixed(1).padStart(9)} ${Math.round(per(p.tokensIn)).toString().padStart(10)} ${Math.round(
        p.tokensIn / Math.max(1, p.calls),
      )
        .toString()
        .padStart(11)}`,
    );
  }
}

console.log(machine());
const cases: Case[] = [];
if (existsSync(`${TOWNS_DIR}base-25/town.json`)) {
  const t = await loadTemplate("base-25");
  const historyFile = ["history.csv", "agent_history.csv"]
    .map((f) => `${t.dir}/${f}`)
    .find((f) => existsSync(f));
  cases.push({
    name: "base-25",
    map: t.map,
    personas: t.personas,
    history: historyFile ? readFileSync(historyFile, "utf8") : undefined,
  });
}
{
  const t = await loadTemplate("base-3");
  cases.push({
    name: "base-3",
    map: t.map,
    personas: t.personas,
    history: readFileSync(
      fileURLToPath(new URL("../test/fixtures/mind-history-base3.csv", import.meta.url)),
      "utf8",
    ),
  });
}
{
  const s = await smallville25();
  cases.push({
    name: "smallville-25 (the original's map and residents)",
    map: s.map,
    personas: s.personas,
    history: SMALLVILLE_HISTORY,
  });
}
// `--town base-25` measures one town only.
const only = process.argv.includes("--town")
  ? process.argv[process.argv.indexOf("--town") + 1]
  : undefined;
for (const c of cases.filter((x) => !only || x.name.startsWith(only))) {
  report(c, await run(c, { meter: true }));
  if (c.personas.length >= 25) {
    // The first run of a process also pays for loading and compiling the language libraries
    // (~3 s); the next ones show what a day costs once a town is running.
    const fast = await run(c, { meter: false });
    console.log(`  without token metering: ${fast.wall.toFixed(2)} s wall (target < 10 s)`);
    const warm = await run(c, { meter: true });
    console.log(`  metered again, warm: ${warm.wall.toFixed(2)} s wall (target ≤ 5 s, issue 16)`);
  }
  if (process.argv.includes("--brief"))
    report(
      c,
      await run(c, { meter: true, settings: { conversationMode: "brief" } }),
      ", brief dialogue mode",
    );
}
