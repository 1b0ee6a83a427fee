// `npm run loadtest -- --clients N --seconds S [--url http://127.0.0.1:PORT] [--steps 10,50,100]
//    [--towns T --processes P] [--gather]`
//
// Bots (bot.ts) join a town (or T towns, the clients split evenly, hosted by P server processes
// over Redis and PostgreSQL), go about it and talk; the table says, per number of clients: the
// move-to-echo latency (p50/p99, less the rules' own delay, none today, and raw), the bytes per second
// each client receives, the server's CPU and memory (from its /api/ops), the town's step time,
// and what the load generator itself used (it shares the machine: a saturated generator delays
// what it measures). Without --url it starts a server itself (base-25, else base-3; offline
// engine) and a fresh one for each step. Bounded: at most 500 clients and 600 s, loopback only.
import { Command, InvalidArgumentError } from "commander";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Random } from "../../server/world/random.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { machine, percentile } from "../stats.ts";
import { hashEmbed } from "../../server/llm/hashEmbedding.ts";
import { FakeOpenAI, send } from "../../test/helpers/fakeOpenAI.ts";
import { Bot, placesFrom, RULES_DELAY_MS } from "./bot.ts";
import { startServerProcess, townAvailable } from "./serverProcess.ts";

export const MAX_CLIENTS = 1000;
export const MAX_SECONDS = 600;
const JOIN_BATCH = 10;
/** Bots that also count what each patch changed (bot.ts, PatchChanges). */
const PROBE_BOTS = 10;

const int = (name: string, min: number, max: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new InvalidArgumentError(`${name}: a whole number from ${min} to ${max}`);
  return n;
};

/** Only this machine: a load test must never be pointed at someone else's server. */
export function loopbackUrl(v: string): string {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new InvalidArgumentError("--url: not a URL (e.g. http://127.0.0.1:2567)");
  }
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (!(host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)))
    throw new InvalidArgumentError(
      `--url: ${host} is not this machine; the load test only runs against loopback addresses`,
    );
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new InvalidArgumentError("--url: http or https");
  return u.origin;
}

/** Where a town's bots join: the server's address and the town's name (none: the default town). */
export interface Target {
  url: string;
  town?: string;
}

export interface StepResult {
  clients: number;
  /** Per town (several towns only): its bots' echo p99 and bytes per client. */
  towns?: { town: string; joined: number; echoP99: number; bytesPerClientMean: number }[];
  joined: number;
  joinErrors: string[];
  moves: number;
  movesLost: number;
  echoMin: number;
  echoP50: number;
  echoP90: number;
  echoP99: number;
  rawP50: number;
  rawP99: number;
  bytesPerClientMean: number;
  bytesPerClientMax: number;
  /** Other avatars in a client's view (positions sent), mean over clients and seconds. */
  inViewMean: number;
  /** Residents in a client's view (positions sent), mean over clients and seconds, and of all. */
  residentsInViewMean: number;
  residents: number;
  /** Join to own avatar in the state, ms: median and worst over the bots (joining 10 at a time). */
  joinP50Ms: number;
  joinMaxMs: number;
  /** The same for three newcomers joining one by one while the bots walk: median and worst. */
  joinWalkingP50Ms: number;
  joinWalkingMaxMs: number;
  /** Payload bytes per client per second by kind of frame (a patch, a message's type), mean over clients. */
  bytesByKind: Record<string, number>;
  /** Websocket frames per client per second (each with 2-4 bytes of header besides its payload). */
  framesPerClient: number;
  /** What a patch changed, per probe bot per second (PatchChanges; PROBE_BOTS bots decode it). */
  changesPerSecond?: Record<string, number>;
  says: number;
  replies: number;
  /** From a bot's hello to a resident until the first words back to it: p50 and max, ms. */
  replyP50Ms: number;
  replyMaxMs: number;
  errors: Record<string, number>;
  serverCpuPercent: number | null;
  serverRssMB: number | null;
  /** The server's event-loop delay: worst per-second p99 during the window. */
  serverLagP99Ms: number | null;
  /**
   * The server loop's slices in its own thread's CPU time: worst per-second p99 during the window
   * (the lag without the waits for a core that other processes cause; Linux only).
   */
  serverLoopCpuP99Ms: number | null;
  stepMedianMs: number | null;
  stepP99Ms: number | null;
  /** CPU time of the p99 step: far below stepP99Ms, the step waited for a core (contention). */
  stepCpuP99Ms: number | null;
  serverBytesPerClient: number | null;
  /**
   * What the bots' decoders could not decode (the SDK logs `"refId" not found`, an invalid byte
   * in a string, a definition mismatch), by phase: while joining and warming up, in the
   * measuring window, while leaving. Anything but 0 is a garbled state.
   */
  decodeErrors: { before: number; window: number; leaving: number };
  generatorCpuPercent: number;
  generatorLoopP99Ms: number;
  loadBefore: number;
  loadAfter: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
/** The bots' move-to-echo times as measured, sorted. */
const rawEchoes = (bots: Bot[]) => bots.flatMap((b) => b.stats.echoes).sort((a, b) => a - b);
/** Bytes each bot read per second of the window. */
const bytesPerSecond = (bots: Bot[], wall: number) =>
  bots.map((b) => (b.stats.bytesAtEnd - b.stats.bytesAtStart) / wall);

/** The server's /api/ops, or undefined. With several processes, their sums (CPU, RSS) and worst (lag, step). */
async function ops(urls: string[]): Promise<any> {
  const all = await Promise.all(urls.map(opsOf));
  if (all.some((o) => !o)) return undefined;
  if (all.length === 1) return all[0];
  const sum = (f: (o: any) => number) => all.reduce((n, o) => n + (f(o) ?? 0), 0);
  const max = (f: (o: any) => number) => Math.max(...all.map((o) => f(o) ?? 0));
  return {
    process: {
      cpuUserMicros: sum((o) => o.process.cpuUserMicros),
      cpuSystemMicros: sum((o) => o.process.cpuSystemMicros),
      rssMB: sum((o) => o.process.rssMB),
      loopLagP99Ms: max((o) => o.process.loopLagP99Ms),
      loopCpuP99Ms: max((o) => o.process.loopCpuP99Ms),
    },
    step: {
      medianMs: max((o) => o.step.medianMs),
      p99Ms: max((o) => o.step.p99Ms),
      cpuP99Ms: max((o) => o.step.cpuP99Ms),
    },
    network: {
      bytesPerClientPerSecond: sum((o) => o.network.bytesPerClientPerSecond) / all.length,
    },
  };
}

async function opsOf(url: string): Promise<any> {
  try {
    const res = await fetch(`${url}/api/ops`, { signal: AbortSignal.timeout(2_000) });
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

export async function runStep(
  targets: Target[],
  clients: number,
  seconds: number,
  log: (s: string) => void,
  opts: { gather?: boolean; warmupSeconds?: number } = {},
): Promise<StepResult> {
  const loadBefore = os.loadavg()[0];
  // The SDK's decoder logs what it cannot decode (a garbled state) on the console: counted instead.
  const decodeErrors = { before: 0, window: 0, leaving: 0 };
  let phase: keyof typeof decodeErrors = "before";
  const { error: logError, warn: logWarn } = console;
  const decoderSays = (text: unknown) =>
    typeof text === "string" && /^("refId" not found|decode\.|@colyseus\/schema: )/.test(text);
  console.error = (...args: unknown[]) => {
    if (decoderSays(args[0])) decodeErrors[phase]++;
    else logError(...args);
  };
  console.warn = (...args: unknown[]) => {
    if (decoderSays(args[0])) decodeErrors[phase]++;
    else if (args[0] !== "Please report this issue to the developers.") logWarn(...args);
  };
  try {
    return await measure();
  } finally {
    console.error = logError;
    console.warn = logWarn;
  }

  async function measure(): Promise<StepResult> {
    // Bot i goes to town i mod T: the clients split evenly.
    const bots = Array.from(
      { length: clients },
      (_, i) =>
        new Bot(
          targets[i % targets.length].url,
          `bot-${i}`,
          undefined,
          seeded(i + 1),
          undefined,
          targets[i % targets.length].town,
        ),
    );
    const groups = targets.map((_, t) => bots.filter((_, i) => i % targets.length === t));
    for (const [t, group] of groups.entries()) {
      // The first bot of a town tells which template it is; the map comes from it.
      const first = group[0];
      if (!first) continue;
      await first.join();
      if (!first.stats.joined)
        throw new Error(
          `cannot join ${targets[t].town ?? "the town"} at ${targets[t].url}: ${first.stats.joinError}`,
        );
      const { map } = await loadTemplate(first.template!);
      // Spread over the town's places, reachable from where the first bot appeared (the spawn).
      const spawn = first.position()!;
      const places = opts.gather ? undefined : placesFrom(map, spawn.x, spawn.y);
      for (const b of group) {
        b.map = map;
        b.places = places;
      }
    }
    const rest = bots.filter((b) => !b.stats.joined);
    for (let i = 0; i < rest.length; i += JOIN_BATCH)
      await Promise.all(rest.slice(i, i + JOIN_BATCH).map((b) => b.join()));
    const live = bots.filter((b) => b.stats.joined);
    for (const b of live.slice(0, PROBE_BOTS)) b.probe = true;
    // Bots going about the town need a while to walk from the spawn to their first places.
    const warmup = opts.warmupSeconds ?? (opts.gather ? 3 : 30);
    log(`  ${live.length}/${clients} joined; warming up ${warmup} s, then measuring ${seconds} s`);
    const loops = live.map((b) => b.live());
    await sleep(warmup * 1000);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const urls = [...new Set(targets.map((t) => t.url))];
    const first = await ops(urls);
    for (const b of live) b.startWindow();
    phase = "window";
    const samples: any[] = [];
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      await sleep(Math.min(1_000, Math.max(0, end - Date.now())));
      const o = await ops(urls);
      if (o) samples.push(o);
      for (const b of live) b.sampleView();
    }
    for (const b of live) b.endWindow();
    const wall = (performance.now() - t0) / 1000;
    const cpu1 = process.cpuUsage(cpu0);
    loop.disable();
    // Someone joining while the others walk: three newcomers, one after the other.
    const probes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = targets[i % targets.length];
      const p = new Bot(t.url, `newcomer-${i}`, undefined, seeded(10_000 + i), undefined, t.town);
      await p.join();
      if (p.stats.joinMs !== undefined) probes.push(p.stats.joinMs);
      await p.stop();
    }
    phase = "leaving";
    await Promise.all(live.map((b) => b.stop()));
    await Promise.all(loops);

    const raw = rawEchoes(live);
    const echo = raw.map((ms) => ms - RULES_DELAY_MS);
    const bytes = bytesPerSecond(live, wall);
    const errors: Record<string, number> = {};
    for (const b of live)
      for (const [k, v] of Object.entries(b.stats.errors)) errors[k] = (errors[k] ?? 0) + v;
    const last = samples.at(-1);
    const serverCpu =
      first && last
        ? ((last.process.cpuUserMicros +
            last.process.cpuSystemMicros -
            first.process.cpuUserMicros -
            first.process.cpuSystemMicros) /
            1e6 /
            wall) *
          100
        : null;
    const round = (x: number) => Math.round(x * 10) / 10;
    const towns =
      targets.length > 1
        ? groups.map((group, t) => {
            const joined = group.filter((b) => b.stats.joined);
            const echoes = rawEchoes(joined).map((ms) => ms - RULES_DELAY_MS);
            return {
              town: targets[t].town ?? "?",
              joined: joined.length,
              echoP99: round(percentile(echoes, 99)),
              bytesPerClientMean: Math.round(mean(bytesPerSecond(joined, wall))),
            };
          })
        : undefined;
    return {
      clients,
      towns,
      joined: live.length,
      joinErrors: [
        ...new Set(bots.filter((b) => !b.stats.joined).map((b) => b.stats.joinError ?? "?")),
      ],
      moves: raw.length,
      movesLost: live.reduce((n, b) => n + b.stats.movesLost, 0),
      echoMin: round(echo[0] ?? NaN),
      echoP50: round(percentile(echo, 50)),
      echoP90: round(percentile(echo, 90)),
      echoP99: round(percentile(echo, 99)),
      rawP50: round(percentile(raw, 50)),
      rawP99: round(percentile(raw, 99)),
      bytesPerClientMean: Math.round(bytes.reduce((a, b) => a + b, 0) / Math.max(1, bytes.length)),
      bytesPerClientMax: Math.round(Math.max(0, ...bytes)),
      inViewMean: round(mean(live.flatMap((b) => b.stats.inView))),
      residentsInViewMean: round(mean(live.flatMap((b) => b.stats.residentsInView))),
      residents: live[0]?.residents() ?? 0,
      joinP50Ms: round(
        percentile(
          live.map((b) => b.stats.joinMs ?? NaN).sort((a, b) => a - b),
          50,
        ),
      ),
      joinMaxMs: round(Math.max(0, ...live.map((b) => b.stats.joinMs ?? 0))),
      joinWalkingP50Ms: round(
        percentile(
          [...probes].sort((a, b) => a - b),
          50,
        ),
      ),
      joinWalkingMaxMs: round(Math.max(0, ...probes)),
      bytesByKind: perClient(
        live.map((b) => b.stats.kinds),
        wall,
      ),
      framesPerClient: round(mean(live.map((b) => b.stats.frames)) / wall),
      changesPerSecond: perClient(
        live.flatMap((b) => (b.stats.changes ? [{ ...b.stats.changes }] : [])),
        wall,
      ),
      says: live.reduce((n, b) => n + b.stats.says, 0),
      replies: live.reduce((n, b) => n + b.stats.replies, 0),
      replyP50Ms: round(
        percentile(
          live.flatMap((b) => b.stats.replyMs).sort((a, b) => a - b),
          50,
        ),
      ),
      replyMaxMs: round(Math.max(0, ...live.flatMap((b) => b.stats.replyMs))),
      errors,
      serverCpuPercent: serverCpu === null ? null : round(serverCpu),
      serverRssMB: samples.length ? Math.max(...samples.map((s) => s.process.rssMB)) : null,
      serverLagP99Ms: samples.length
        ? Math.max(...samples.map((s) => s.process.loopLagP99Ms ?? 0))
        : null,
      serverLoopCpuP99Ms: samples.length
        ? Math.max(...samples.map((s) => s.process.loopCpuP99Ms ?? 0))
        : null,
      stepMedianMs: last?.step.medianMs ?? null,
      stepP99Ms: last?.step.p99Ms ?? null,
      stepCpuP99Ms: last?.step.cpuP99Ms ?? null,
      serverBytesPerClient: samples.length
        ? Math.round(
            samples.reduce((n, s) => n + s.network.bytesPerClientPerSecond, 0) / samples.length,
          )
        : null,
      decodeErrors,
      generatorCpuPercent: round(((cpu1.user + cpu1.system) / 1e6 / wall) * 100),
      generatorLoopP99Ms: round(loop.percentile(99) / 1e6),
      loadBefore: round(loadBefore),
      loadAfter: round(os.loadavg()[0]),
    };
  }
}

/** Sums of counters over clients, per client per second. */
function perClient(counts: Record<string, number>[], wall: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of counts) for (const [k, v] of Object.entries(c)) out[k] = (out[k] ?? 0) + v;
  for (const k of Object.keys(out))
    out[k] = Math.round((out[k] / Math.max(1, counts.length) / wall) * 10) / 10;
  return out;
}

export function table(rows: StepResult[]): string {
  const head = [
    "clients",
    "joined",
    "moves",
    "echo p50",
    "echo p99",
    "raw p99",
    "B/s/client",
    "max",
    "in view",
    "residents in view",
    "join p50/max",
    "join walking p50/max",
    "server CPU",
    "RSS MB",
    "server lag p99",
    "loop CPU p99",
    "step p50/p99 (cpu p99)",
    "says→replies",
    "reply p50/max",
    "gen CPU",
    "gen lag p99",
    "load",
  ];
  const body = rows.map((r) =>
    [
      r.clients,
      r.joined,
      r.moves,
      `${r.echoP50} ms`,
      `${r.echoP99} ms`,
      `${r.rawP99} ms`,
      r.bytesPerClientMean,
      r.bytesPerClientMax,
      r.inViewMean,
      `${r.residentsInViewMean} of ${r.residents}`,
      `${r.joinP50Ms}/${r.joinMaxMs} ms`,
      `${r.joinWalkingP50Ms}/${r.joinWalkingMaxMs} ms`,
      r.serverCpuPercent === null ? "?" : `${r.serverCpuPercent} %`,
      r.serverRssMB ?? "?",
      r.serverLagP99Ms === null ? "?" : `${r.serverLagP99Ms} ms`,
      r.serverLoopCpuP99Ms === null ? "?" : `${r.serverLoopCpuP99Ms} ms`,
      r.stepMedianMs === null ? "?" : `${r.stepMedianMs}/${r.stepP99Ms} (${r.stepCpuP99Ms}) ms`,
      `${r.says}→${r.replies}`,
      `${r.replyP50Ms}/${r.replyMaxMs} ms`,
      `${r.generatorCpuPercent} %`,
      `${r.generatorLoopP99Ms} ms`,
      `${r.loadBefore}→${r.loadAfter}`,
    ].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [
    line(head),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...body.map(line),
  ].join("\n");
}

async function main(): Promise<void> {
  const program = new Command()
    .name("loadtest")
    .description(
      "Bots join a town (or several), go about it and talk; measures move-to-echo latency, bytes per client, server CPU and memory.",
    )
    .option(
      "--clients <n>",
      `bots (1-${MAX_CLIENTS}), split evenly over the towns`,
      int("--clients", 1, MAX_CLIENTS),
      10,
    )
    .option(
      "--seconds <s>",
      `measuring time per step (1-${MAX_SECONDS})`,
      int("--seconds", 1, MAX_SECONDS),
      20,
    )
    .option("--steps <list>", "run each number of clients in turn, e.g. 10,50,100,200", (v) =>
      v.split(",").map((x) => int("--steps", 1, MAX_CLIENTS)(x.trim())),
    )
    .option(
      "--url <url>",
      "a running server on this machine, its default town (default: start one)",
      loopbackUrl,
    )
    .option("--town <key>", "template for the servers it starts (default base-25, else base-3)")
    .option(
      "--towns <n>",
      "towns of that template, the clients split evenly (1-8)",
      int("--towns", 1, 8),
      1,
    )
    .option(
      "--processes <n>",
      "server processes hosting them, over Redis and PostgreSQL when more than one (1-4)",
      int("--processes", 1, 4),
      1,
    )
    .option(
      "--gather",
      "bots that stay around the spawn (the older bot) instead of going about the town's places",
    )
    .option(
      "--warmup <s>",
      "seconds the bots go about before the measuring starts (default 30; 3 with --gather)",
      int("--warmup", 0, 300),
    )
    .option(
      "--embedding-dims <n>",
      "the servers embed with a model of that many dimensions, served by a local fake OpenAI-compatible server (default: the offline hashed vectors)",
      int("--embedding-dims", 2, 4096),
    )
    .option(
      "--server-warmup <s>",
      "seconds a server it starts runs before the bots join (its residents plan their day in the first minutes)",
      int("--server-warmup", 0, 600),
      0,
    )
    .option("--json <file>", "also write the results as JSON")
    .parse();
  const o = program.opts<{
    clients: number;
    seconds: number;
    steps?: number[];
    url?: string;
    town?: string;
    towns: number;
    processes: number;
    gather?: boolean;
    warmup?: number;
    serverWarmup: number;
    embeddingDims?: number;
    json?: string;
  }>();
  const steps = o.steps ?? [o.clients];
  if (steps.length * (o.seconds + 10) > 3 * MAX_SECONDS)
    throw new Error("--steps × --seconds: more than 30 minutes of load; run fewer steps");
  if (o.url && (o.towns > 1 || o.processes > 1))
    throw new Error(
      "--url measures one running server's default town; --towns and --processes start their own servers",
    );
  if (o.processes > o.towns) throw new Error("--processes: at most one per town");
  let town = o.town ?? "base-25";
  if (!o.url && !townAvailable(town)) {
    if (o.town) throw new Error(`no town template "${town}" in assets/towns`);
    console.log(`note: assets/towns/base-25 does not exist yet; using base-3`);
    town = "base-3";
  }
  console.log(
    `loadtest on ${machine()}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    o.url
      ? `server: ${o.url}`
      : `server: started here for each step (${o.towns > 1 ? `${o.towns} towns of ` : ""}${town}, offline engine${o.processes > 1 ? `, ${o.processes} processes over Redis and PostgreSQL` : ""})`,
  );
  console.log(
    o.gather ? "bots: around the spawn (--gather)" : "bots: going about the town's places",
  );
  const embeddings = o.embeddingDims && !o.url ? await fakeEmbeddings(o.embeddingDims) : undefined;
  if (embeddings)
    console.log(
      `embeddings: ${o.embeddingDims}-d, from a fake OpenAI-compatible server at ${embeddings.url}`,
    );
  const rows: StepResult[] = [];
  for (const clients of steps) {
    const servers = o.url
      ? undefined
      : await startServers(town, o.towns, o.processes, embeddings?.env);
    const targets = o.url ? [{ url: o.url }] : servers!.targets;
    if (servers && o.serverWarmup) {
      console.log(
        `  the server${o.processes > 1 ? "s" : ""} run${o.processes > 1 ? "" : "s"} ${o.serverWarmup} s before the bots join`,
      );
      await sleep(o.serverWarmup * 1000);
    }
    console.log(`${clients} clients on ${[...new Set(targets.map((t) => t.url))].join(", ")}`);
    try {
      rows.push(
        await runStep(targets, clients, o.seconds, console.log, {
          gather: o.gather,
          warmupSeconds: o.warmup,
        }),
      );
    } finally {
      await servers?.stop();
    }
    const r = rows.at(-1)!;
    if (embeddings)
      console.log(`  embedding requests served: ${embeddings.fake.embeddingRequests}`);
    if (r.joinErrors.length) console.log(`  join errors: ${r.joinErrors.join("; ")}`);
    if (Object.keys(r.errors).length)
      console.log(
        `  refusals: ${Object.entries(r.errors)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
    const d = r.decodeErrors;
    if (d.before + d.window + d.leaving)
      console.log(
        `  GARBLED STATE: decoding errors in the bots: ${d.before} while joining, ${d.window} while measuring, ${d.leaving} while leaving`,
      );
    const kinds = Object.entries(r.bytesByKind).sort((a, b) => b[1] - a[1]);
    console.log(
      `  payload B/s per client: ${kinds.map(([k, v]) => `${k} ${v}`).join(", ")}; ${r.framesPerClient} frames/s`,
    );
    if (r.changesPerSecond && Object.keys(r.changesPerSecond).length)
      console.log(
        `  a probe bot's patches changed, per second: ${Object.entries(r.changesPerSecond)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
    for (const t of r.towns ?? [])
      console.log(
        `  town ${t.town}: ${t.joined} joined, echo p99 ${t.echoP99} ms, ${t.bytesPerClientMean} B/s per client`,
      );
  }
  console.log("");
  console.log(table(rows));
  console.log(
    RULES_DELAY_MS === 0
      ? "\necho = move-to-echo as measured (= raw): a walk from rest takes its first tile with the order, so the rules add nothing."
      : `\necho = move-to-echo less the ${RULES_DELAY_MS as number} ms the rules themselves take to reach the first tile (raw = as measured).`,
  );
  const ok = rows.filter((r) => r.joined === r.clients && r.echoP99 < 100);
  console.log(
    ok.length
      ? `most clients with echo p99 < 100 ms: ${Math.max(...ok.map((r) => r.clients))}`
      : "no step kept echo p99 under 100 ms",
  );
  await embeddings?.fake.close();
  if (o.json)
    writeFileSync(
      o.json,
      JSON.stringify(
        {
          machine: machine(),
          town: o.url ? null : town,
          towns: o.towns,
          processes: o.processes,
          gather: !!o.gather,
          embeddingDims: o.embeddingDims ?? null,
          seconds: o.seconds,
          rows,
        },
        null,
        2,
      ),
    );
}

/**
 * An embedding model of `dims` dimensions for the servers under test: the tests' fake
 * OpenAI-compatible server, answering each text with its hashed vector at that size (unit length,
 * the same text the same vector, as a model's), and the settings that point a server at it.
 */
async function fakeEmbeddings(
  dims: number,
): Promise<{ fake: FakeOpenAI; url: string; env: Record<string, string> }> {
  const fake = await new FakeOpenAI().start();
  fake.embeddings = (req, res) => {
    const input: string[] = Array.isArray(req.body.input) ? req.body.input : [req.body.input];
    send(res, {
      object: "list",
      model: req.body.model,
      data: input.map((t, index) => ({
        object: "embedding",
        index,
        embedding: Array.from(hashEmbed(String(t), dims)),
      })),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    });
  };
  return {
    fake,
    url: fake.url,
    env: {
      EMBEDDING_MODEL: `fake-${dims}`,
      EMBEDDING_BASE_URL: fake.url,
      EMBEDDING_API_KEY: "loadtest",
      EMBEDDING_DIMS: String(dims),
    },
  };
}

/**
 * The servers of a step: `processes` server processes hosting `towns` towns of the template
 * between them (town k on process k mod P). More than one process share Redis (presence, the
 * LLM cache, town ownership) and a PostgreSQL database (a schema of their own, dropped after).
 */
async function startServers(
  template: string,
  towns: number,
  processes: number,
  extraEnv: Record<string, string> = {},
): Promise<{ targets: Target[]; stop(): Promise<void> }> {
  if (towns === 1 && processes === 1) {
    const server = await startServerProcess(template, extraEnv);
    return { targets: [{ url: server.url }], stop: () => server.stop() };
  }
  const run = `lt${process.pid}${Date.now() % 100000}`;
  const names = Array.from({ length: towns }, (_, k) => `${run}-${k + 1}`);
  const shared: Record<string, string> =
    processes > 1
      ? {
          ...extraEnv,
          REDIS_URL: process.env.LOADTEST_REDIS_URL ?? "redis://127.0.0.1:6379",
          DATABASE_URL: `${process.env.LOADTEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test"}?schema=${run}`,
        }
      : extraEnv;
  const started: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  const targets: Target[] = [];
  try {
    for (let p = 0; p < processes; p++) {
      const mine = names.filter((_, k) => k % processes === p);
      const server = await startServerProcess(template, {
        ...shared,
        TOWNS: mine.map((n) => `${n}=${template}`).join(","),
      });
      started.push(server);
      for (const n of mine) targets.push({ url: server.url, town: n });
    }
  } catch (e) {
    await Promise.all(started.map((s) => s.stop()));
    throw e;
  }
  targets.sort((a, b) => names.indexOf(a.town!) - names.indexOf(b.town!));
  return {
    targets,
    async stop() {
      await Promise.all(started.map((s) => s.stop()));
      if (shared.DATABASE_URL) await dropSchema(run);
    },
  };
}

/** Drops the load test's own schema from the shared PostgreSQL database (best effort). */
async function dropSchema(schema: string): Promise<void> {
  const { PrismaPg } = await import("@prisma/adapter-pg");
  try {
    const adapter = await new PrismaPg({
      connectionString:
        process.env.LOADTEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test",
      connectionTimeoutMillis: 5_000,
    }).connect();
    try {
      await adapter.underlyingDriver().query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await adapter.dispose();
    }
  } catch (e) {
    console.log(`note: could not drop schema ${schema}: ${(e as Error).message}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      console.error(`loadtest: ${e.message}`);
      process.exit(1);
    },
  );
}

/** A bot's own seeded randomness (the town's PRNG), so runs walk the same way. */
function seeded(seed: number): () => number {
  const r = new Random(seed);
  return () => r.next();
}
