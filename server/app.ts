// Boots one Simulacra server: opens the store, hosts its towns (each resumed from its last
// autosave, each its own room `town`), and serves the rooms, the API and the client on one port.
import { defineRoom, defineServer, ServerError } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import path from "node:path";
import { pino, type Logger } from "pino";
import type { ServerConfig } from "./config.ts";
import { describeEngine, makeGateway, readLlmConfig } from "./llm/index.ts";
import { TurnTakingGateway } from "./llm/turns.ts";
import { mountHttp } from "./http/api.ts";
import { mountOps, OpsStats } from "./http/ops.ts";
import { gateRequests } from "./http/gate.ts";
import { allowOrigins, jsonErrors, parseOrigins, plainMatchmakingErrors } from "./http/security.ts";
import { oneRoomPerTown } from "./scale/oneRoom.ts";
import { setupScale } from "./scale/scale.ts";
import { townOption, townRoomOf } from "./rooms/TownRoom.ts";
import { Towns } from "./hosting/towns.ts";
import { noSuchTown } from "./rooms/metadata.ts";
import { townsOfConfig } from "./hosting/townSpec.ts";
import type { TownHost } from "./rooms/host.ts";
import { openStore } from "./store/open.ts";
import { loadTemplate } from "./content/template.ts";
import { legacyTownsNote, userTownsDir, useDataDir } from "./content/townDirs.ts";
import { townsToReopen } from "./content/townMade.ts";
import { TOWN_ROOM } from "../shared/constants.ts";

export interface RunningServer {
  port: number;
  url: string;
  /** What the server runs on, one line each, for start-up. */
  summary: string[];
  /** The towns it serves. */
  towns: Towns;
  /** The default town's host (the first town of the configuration); throws if another process hosts it. */
  host: TownHost;
  close(): Promise<void>;
}

export async function startServer(
  config: ServerConfig,
  log: Logger = pino({ level: config.LOG_LEVEL }),
): Promise<RunningServer> {
  // Users' towns live under DATA_DIR/towns (content/townDirs.ts), looked up from here on.
  useDataDir(config.DATA_DIR);
  const specs = townsOfConfig(config);
  const origins = parseOrigins(config.CORS_ORIGINS);
  // A template that does not load stops start-up before anything is opened.
  for (const s of specs) if (s.template) await loadTemplate(s.template);
  // A taken port too: nothing is opened yet (a transport that never listened cannot shut down).
  await ensurePortFree(config.PORT, config.HOST);
  const llmConfig = readLlmConfig(config.env);
  const scale = await setupScale(config.env, { host: config.HOST, port: config.PORT }, log);
  // One ask per turn of the event loop: the minds' offline work never holds the rooms for long (llm/turns.ts).
  const gateway = new TurnTakingGateway(makeGateway(llmConfig, { log, ...scale.caches }));
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "db"),
    embeddedThread: true,
  });
  const db = store.kind;
  store.database.logTo(log);
  const presence = scale.kind;
  const ops = new OpsStats();
  const towns = new Towns({ config, store, gateway, ops, log, scale }, specs[0].name);
  const llm = towns.llmView(gateway);
  const refusal = (town: string) =>
    !towns.serves(town)
      ? noSuchTown(town)
      : !scale.hostsTown(town)
        ? new ServerError(503, `town "${town}" is moving to another server: try again in a moment`)
        : undefined;
  // The port opens before the towns do (a town may take a while to resume): not ready till then.
  let ready = false;
  const server = defineServer({
    transport: new WebSocketTransport(),
    greet: false,
    gracefullyShutdown: false,
    ...scale.serverOptions,
    rooms: {
      // One room per town, found by its name (`town` in the join options; none: the default town).
      [TOWN_ROOM]: defineRoom(
        oneRoomPerTown(townRoomOf(towns), (o) => townOption(o) ?? towns.primary, refusal),
      )
        .filterBy(["town"])
        .sortBy({ primary: -1 }),
    },
    express: async (app) => {
      app.disable("x-powered-by");
      await mountOps(app, {
        stats: ops,
        towns,
        gateway: llm,
        presence,
        publicAddress: scale.serverOptions.publicAddress,
        moderatorToken: config.MODERATOR_TOKEN,
      });
      mountHttp(app, {
        towns,
        gateway: llm,
        db,
        presence,
        store,
        moderatorToken: config.MODERATOR_TOKEN,
        ready: () => ready,
        ...(scale.redis ? { redis: scale.redis } : {}),
        evalsDir: path.resolve(config.EVALS_DIR),
        tracePublic: config.TRACE_PUBLIC,
      });
      app.use(jsonErrors(log));
    },
  });
  const stop = async () => {
    await server.gracefullyShutdown(false);
    ops.stop();
    await scale.close();
    await towns.close();
    await store.close();
    await gateway.close();
  };
  let url: string;
  let port: number;
  const summary: string[] = [];
  try {
    allowOrigins(origins);
    plainMatchmakingErrors();
    await server.listen(scale.port, config.HOST);
    const transport = (server.transport as unknown as { server: import("node:http").Server })
      .server;
    // Every request meets the gate first (address, body limits, security headers), the rooms'
    // matchmaking included. With several processes a room's WebSocket may be at another
    // process's public address, which no process knows in advance: any WebSocket host then.
    gateRequests(transport, {
      trustProxy: config.TRUST_PROXY,
      connect: scale.serverOptions.publicAddress ? ["ws:", "wss:"] : [],
    });
    port = (transport.address() as { port: number }).port;
    url = `http://localhost:${port}`;
    ops.watch(transport);
    // With Redis, only the process that owns a town hosts its room (now, or on a takeover, from
    // the latest save); the others matchmake clients into it.
    for (const spec of specs) {
      const t = await towns.serve(spec, { standBy: true });
      summary.push(
        t
          ? `town: ${t.name} (template ${t.template}, ${t.residents} residents) ${t.resumedAt !== null ? `resumed at step ${t.resumedAt}` : "new"}${specs.length > 1 && t.name === towns.primary ? ", the default" : ""}`
          : `town: ${spec.name} hosted by another process`,
      );
    }
    // Towns made with "New town" open again (made.json); one that no longer opens is said, not fatal.
    for (const name of await townsToReopen()) {
      if (specs.some((s) => s.name === name)) continue;
      try {
        const t = await towns.serve({ name, template: name }, { standBy: true });
        summary.push(
          t
            ? `town: ${t.name} (made with New town, ${t.residents} residents) ${t.resumedAt !== null ? `resumed at step ${t.resumedAt}` : "new"}`
            : `town: ${name} hosted by another process`,
        );
      } catch (e) {
        log.warn({ town: name, err: e }, "a town made with New town did not open");
        summary.push(`town: ${name} (made with New town) did not open: ${(e as Error).message}`);
      }
    }
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
  ready = true;
  summary.push(
    `database: ${db === "embedded" ? `embedded (${path.join(config.DATA_DIR, "db")})` : "postgres (DATABASE_URL)"}`,
    `towns: templates in assets/towns, yours in ${userTownsDir()}`,
    ...[legacyTownsNote()].flatMap((note) => (note ? [`note: ${note}`] : [])),
    `presence: ${scale.describe()}`,
    `engine: ${describeEngine(llmConfig)}`,
    `minds: ${config.MIND_THREAD === "on" ? "each town's on a thread of their own (MIND_THREAD=on)" : "on the rooms' thread (MIND_THREAD=off)"}`,
  );
  for (const t of towns.hostedHere)
    summary.push(`recording: ${t.recordingId} (replay at ${url}/replay/${t.recordingId})`);
  let closed = false;
  return {
    port,
    url,
    summary,
    towns,
    get host(): TownHost {
      const h = towns.host();
      if (!h) throw new Error(`town "${towns.primary}" is hosted by another process`);
      return h;
    },
    async close() {
      if (closed) return;
      closed = true;
      // Disposing the rooms saves the towns (TownRoom.onDispose).
      await stop();
    },
  };
}

/** Thrown when the port is taken: `npm start` says so in one line and exits with code 1. */
export class PortTakenError extends Error {}

/**
 * Fails at once, in words, when another process listens on the port (the transport itself would
 * print a stack trace and never give up). Port 0 asks the system for a free one.
 */
export async function ensurePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const { createServer } = await import("node:net");
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EADDRINUSE")
        reject(
          new PortTakenError(
            `port ${port} is taken by another process (another Simulacra?): stop it, or start on another port, e.g. PORT=${port + 1} npm start`,
          ),
        );
      else if (e.code === "EACCES")
        reject(
          new PortTakenError(
            `port ${port} may not be used by this user: choose one above 1023, e.g. PORT=2567 npm start`,
          ),
        );
      else reject(e);
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
