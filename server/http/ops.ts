// The live operations view: GET /api/ops (JSON) and the page /ops that polls it. It shows what
// an operator watches while a town draws a crowd: how long the town's steps take, how many bytes
// each client is sent, the language model's load (in flight, queued), cache hit rate and cost,
// who is connected, and this process's CPU and memory.
import { matchMaker } from "@colyseus/core";
import type { Application, NextFunction, Request, Response } from "express";
import { readFileSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { Socket } from "node:net";
import {
  createHistogram,
  monitorEventLoopDelay,
  type IntervalHistogram,
  type RecordableHistogram,
} from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { OpsReport } from "../../shared/api.ts";
import { TOWN_ROOM } from "../../shared/constants.ts";
import type { GatewayLoad, GatewayView } from "../llm/prompt.ts";
import type { Towns } from "../hosting/towns.ts";
import { tokenMatches } from "../access.ts";
import { cspDirectives, cspHeader, inlineScriptHashes } from "./security.ts";

const OPS_PAGE = fileURLToPath(new URL("./ops-page.html", import.meta.url));

/** Steps kept for the median and p99. */
const STEP_WINDOW = 120;
/** Seconds over which the byte and CPU rates are averaged. */
const RATE_WINDOW_S = 10;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

interface StepTimes {
  count: number;
  wall: number[];
  /** CPU time of the same steps: wall time well above it means the step waited for a core. */
  cpu: number[];
}

interface Sample {
  at: number;
  bytes: number;
  cpuMicros: number;
  /** Event-loop delay over the second before: a blocked loop delays every patch. */
  lagP99Ms: number;
  lagMaxMs: number;
  /** The loop's longest slices in this thread's own CPU time (LoopCpu), p99 over the second before. */
  cpuSliceP99Ms: number;
}

/** Milliseconds between two looks of LoopCpu. */
const LOOP_CPU_MS = 10;

/**
 * This thread's CPU time in nanoseconds, from Linux's per-thread scheduler statistics; undefined
 * where there are none (another system).
 */
function threadCpuNs(): number | undefined {
  try {
    const n = Number(readFileSync("/proc/thread-self/schedstat", "latin1").split(" ", 1)[0]);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The event loop's slices measured in this thread's CPU time: a timer looks every LOOP_CPU_MS and
 * records the CPU the thread used since its last look, which is the work that ran between (a long
 * patch, a step, a burst of messages) whether or not the thread also waited for a core. On a
 * machine other processes load, the event-loop delay mostly measures that waiting; this measures
 * what the server itself blocks its loop with, which is what the delay is on a quiet machine.
 */
class LoopCpu {
  readonly histogram: RecordableHistogram = createHistogram();
  private last: number | undefined = threadCpuNs();
  private readonly timer = setInterval(() => this.look(), LOOP_CPU_MS).unref();

  private look(): void {
    const now = threadCpuNs();
    if (now === undefined || this.last === undefined) return;
    this.histogram.record(Math.max(1, now - this.last));
    this.last = now;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export class OpsStats {
  /** Recent step times per town. */
  private readonly towns = new Map<string, StepTimes>();
  private readonly sockets = new Set<Socket>();
  /** Bytes written to websockets that have closed. */
  private closedBytes = 0;
  private readonly samples: Sample[] = [];
  private timer?: NodeJS.Timeout;
  private lag?: IntervalHistogram;
  private loopCpu?: LoopCpu;
  readonly startedAt = Date.now();

  recordStep(town: string, ms: number, cpuMs = 0): void {
    let t = this.towns.get(town);
    if (!t) this.towns.set(town, (t = { count: 0, wall: [], cpu: [] }));
    t.count++;
    t.wall.push(ms);
    t.cpu.push(cpuMs);
    if (t.wall.length > STEP_WINDOW) {
      t.wall.shift();
      t.cpu.shift();
    }
  }

  /** Counts the bytes written to every websocket of this server (frames as sent: patches,
   *  messages, pings). */
  watch(server: HttpServer): void {
    server.on("upgrade", (_req, socket: Socket) => {
      this.sockets.add(socket);
      socket.once("close", () => {
        this.sockets.delete(socket);
        this.closedBytes += socket.bytesWritten;
      });
    });
    this.lag = monitorEventLoopDelay({ resolution: 10 });
    this.lag.enable();
    if (threadCpuNs() !== undefined) this.loopCpu = new LoopCpu();
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.lag?.disable();
    this.loopCpu?.stop();
  }

  private bytesWritten(): number {
    let n = this.closedBytes;
    for (const s of this.sockets) n += s.bytesWritten;
    return n;
  }

  private sample(): void {
    const cpu = process.cpuUsage();
    const lag = this.lag;
    const ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e5) / 10 : 0);
    this.samples.push({
      at: Date.now(),
      bytes: this.bytesWritten(),
      cpuMicros: cpu.user + cpu.system,
      lagP99Ms: lag ? ms(lag.percentile(99)) : 0,
      lagMaxMs: lag ? ms(lag.max) : 0,
      cpuSliceP99Ms: this.loopCpu ? ms(this.loopCpu.histogram.percentile(99)) : 0,
    });
    lag?.reset();
    this.loopCpu?.histogram.reset();
    while (this.samples.length > RATE_WINDOW_S + 1) this.samples.shift();
  }

  get websockets(): number {
    return this.sockets.size;
  }

  /** A town's step times over the last STEP_WINDOW steps. */
  stepSummary(town: string) {
    const t = this.towns.get(town) ?? { count: 0, wall: [], cpu: [] };
    const sorted = [...t.wall].sort((a, b) => a - b);
    const cpu = [...t.cpu].sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      count: t.count,
      window: sorted.length,
      medianMs: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? 0),
      cpuMedianMs: round(percentile(cpu, 50)),
      cpuP99Ms: round(percentile(cpu, 99)),
    };
  }

  /** Bytes per second sent and CPU share, over the last RATE_WINDOW_S seconds. */
  rates(): {
    bytesPerSecond: number;
    cpuPercent: number;
    loopLagP99Ms: number;
    loopLagMaxMs: number;
    loopCpuP99Ms: number;
  } {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at <= first.at)
      return {
        bytesPerSecond: 0,
        cpuPercent: 0,
        loopLagP99Ms: 0,
        loopLagMaxMs: 0,
        loopCpuP99Ms: 0,
      };
    const seconds = (last.at - first.at) / 1000;
    const later = this.samples.slice(1);
    return {
      loopLagP99Ms: Math.max(0, ...later.map((s) => s.lagP99Ms)),
      loopLagMaxMs: Math.max(0, ...later.map((s) => s.lagMaxMs)),
      loopCpuP99Ms: Math.max(0, ...later.map((s) => s.cpuSliceP99Ms)),
      bytesPerSecond: Math.round((last.bytes - first.bytes) / seconds),
      cpuPercent: Math.round(((last.cpuMicros - first.cpuMicros) / 1e6 / seconds) * 1000) / 10,
    };
  }
}

export interface OpsDeps {
  stats: OpsStats;
  towns: Towns;
  gateway: GatewayView;
  presence: "local" | "redis";
  publicAddress?: string;
  /** The moderator's token: the Colyseus monitor (which can dispose rooms) asks for it. */
  moderatorToken?: string;
}

/** The gateway's load if it tells it (the OpenAI gateway does; the offline engine has none). */
function gatewayLoad(gateway: GatewayView): GatewayLoad {
  return gateway.load ?? { inFlight: 0, queued: 0 };
}

export async function opsReport(deps: OpsDeps): Promise<OpsReport> {
  const { stats, gateway } = deps;
  const m = gateway.metrics();
  const rooms = await matchMaker.query({ name: TOWN_ROOM }).catch(() => []);
  const { towns } = deps;
  const primary = towns.host();
  const rates = stats.rates();
  const here = stats.websockets;
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
  return {
    town: towns.primary,
    presence: deps.presence,
    process: {
      id: matchMaker.processId,
      publicAddress: deps.publicAddress ?? null,
      uptimeSeconds: Math.round((Date.now() - stats.startedAt) / 1000),
      cpuPercent: rates.cpuPercent,
      loopLagP99Ms: rates.loopLagP99Ms,
      loopLagMaxMs: rates.loopLagMaxMs,
      loopCpuP99Ms: rates.loopCpuP99Ms,
      cpuUserMicros: cpu.user,
      cpuSystemMicros: cpu.system,
      rssMB: mb(mem.rss),
      heapUsedMB: mb(mem.heapUsed),
    },
    step: { current: primary ? primary.town.step : null, ...stats.stepSummary(towns.primary) },
    towns: towns.hostedHere.map((t) => ({
      name: t.name,
      step: { current: t.host.town.step, ...stats.stepSummary(t.name) },
    })),
    clients: {
      here,
      inRooms: rooms.reduce((n, r) => n + r.clients, 0),
      rooms: rooms.map((r) => ({
        roomId: r.roomId,
        town: (r.metadata as { town?: string } | undefined)?.town ?? null,
        processId: r.processId,
        clients: r.clients,
        publicAddress: r.publicAddress ?? null,
      })),
    },
    network: {
      bytesPerSecond: rates.bytesPerSecond,
      bytesPerClientPerSecond: here > 0 ? Math.round(rates.bytesPerSecond / here) : 0,
    },
    llm: {
      engine: m.engine,
      ...gatewayLoad(gateway),
      asks: m.asks,
      calls: m.calls,
      cacheHits: m.cacheHits,
      cacheHitRate: m.asks > 0 ? Math.round((m.cacheHits / m.asks) * 1000) / 1000 : 0,
      failures: m.failures,
      fallbacks: m.fallbacks,
      embeddingCacheHits: m.embeddings.cacheHits,
      costUsd: m.costUsd,
    },
  };
}

/** GET /api/ops, the page /ops, and the Colyseus monitor at /colyseus when it is installed.
 *  Mount before the API's catch-all. */
export async function mountOps(app: Application, deps: OpsDeps): Promise<void> {
  app.get("/api/ops", async (_req: Request, res: Response) => {
    res.json(await opsReport(deps)); // typed by OpsReport (shared/api.ts), the contract readers parse with
  });
  // The page's own script is inline: the policy allows exactly that script, by its hash.
  const page = readFileSync(OPS_PAGE, "utf8");
  const policy = cspHeader(cspDirectives({ scripts: inlineScriptHashes(page) }));
  app.get(
    "/ops",
    (_req: Request, res: Response) =>
      void res.set("Content-Security-Policy", policy).type("html").send(page),
  );
  await mountColyseusMonitor(app, deps.moderatorToken);
}

/**
 * The Colyseus monitor (rooms, clients; it can also dispose rooms, so it sits behind the
 * moderator's token, asked as the password of HTTP basic auth). @colyseus/monitor is optional:
 * without it, or without a token, /colyseus is simply not there. Resolves with whether it is.
 */
export async function mountColyseusMonitor(
  app: Application,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  let monitor: () => (req: Request, res: Response, next: NextFunction) => void;
  try {
    const pkg = "@colyseus/monitor"; // not a static import: the package is optional
    ({ monitor } = (await import(pkg)) as { monitor: typeof monitor });
  } catch {
    return false;
  }
  const allowed = (req: Request) => {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
    return (
      !!m &&
      tokenMatches(
        Buffer.from(m[1], "base64")
          .toString()
          .replace(/^[^:]*:/, ""),
        token,
      )
    );
  };
  // The monitor's page loads its icon font from Google Fonts.
  const policy = cspHeader(
    cspDirectives({
      styles: ["https://fonts.googleapis.com"],
      fonts: ["https://fonts.gstatic.com"],
    }),
  );
  app.use(
    "/colyseus",
    (req: Request, res: Response, next: NextFunction) => {
      res.set("Content-Security-Policy", policy);
      if (allowed(req)) return next();
      res
        .set(
          "WWW-Authenticate",
          'Basic realm="Simulacra monitor: the moderator token is the password"',
        )
        .status(401)
        .type("text")
        .send("the moderator token is needed");
    },
    monitor(),
  );
  return true;
}
