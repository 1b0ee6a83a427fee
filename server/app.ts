// Boots one Simulacra server: loads the town template, opens the store, resumes the last
// autosave, and serves the room `town`, the API and the client on one port.
import { defineRoom, defineServer, matchMaker } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import path from "node:path";
import { pino, type Logger } from "pino";
import type { ServerConfig } from "./config.ts";
import { describeEngine, makeGateway, readLlmConfig } from "./llm/index.ts";
import { buildTown } from "./townFactory.ts";
import { mountHttp } from "./http/api.ts";
import { mountOps, OpsStats } from "./http/ops.ts";
import { oneRoomPerProcess } from "./scale/oneRoom.ts";
import { setupScale } from "./scale/scale.ts";
import type { TownHost } from "./rooms/host.ts";
import { hostTownRoom } from "./rooms/TownRoom.ts";
import { Autosave } from "./store/autosave.ts";
import { Recorder } from "./store/recorder.ts";
import { openStore } from "./store/open.ts";
import { TownSnapshot } from "./world/snapshot.ts";
import { loadTemplate } from "./world/template.ts";
import { TOWN_ROOM } from "../shared/constants.ts";

export interface RunningServer {
  port: number;
  url: string;
  /** What the server runs on, one line each, for start-up. */
  summary: string[];
  host: TownHost;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, log: Logger = pino({ level: config.LOG_LEVEL })): Promise<RunningServer> {
  const template = await loadTemplate(config.TOWN);
  const llmConfig = readLlmConfig(config.env);
  const scale = await setupScale(config.env, { host: config.HOST, port: config.PORT }, log);
  const gateway = makeGateway(llmConfig, { log, ...scale.caches });
  const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "db") });
  const name = config.TOWN_NAME ?? template.key;
  const record = await store.ensureTown(name, template.key);
  if (record.template !== template.key) {
    await store.close();
    throw new Error(`town "${name}" was made from template "${record.template}", not "${template.key}": set TOWN_NAME to start a new town`);
  }
  const { town, mind } = buildTown(template, { gateway, mode: "live", seed: config.SEED });
  const saved = await store.latestSnapshot(record.id);
  if (saved) town.restore(TownSnapshot.parse(saved.data));
  const autosave = new Autosave(town, store, record.id, config.AUTOSAVE_STEPS, log);
  // Every session is recorded; its chunks are written at least as often as the autosaves.
  const recorder = await Recorder.start(store, record.id, town, { save: name, log, flushSteps: Math.min(30, config.AUTOSAVE_STEPS) });
  const engine = gateway.engine;

  const host: TownHost = {
    name,
    town,
    mind,
    gateway,
    engine,
    stepsPerSecond: config.STEPS_PER_SECOND,
    moderatorToken: config.MODERATOR_TOKEN,
    log,
    afterStep: async (events) => {
      recorder.afterStep(events);
      // The recording reaches the step of every autosave (a crash loses the same steps from both).
      if (town.step - autosave.savedStep >= config.AUTOSAVE_STEPS) void recorder.flush();
      await autosave.afterStep();
    },
    record: (events) => recorder.record(events),
    save: () => autosave.save().catch((err: unknown) => log.error({ err }, "save failed")),
  };
  const db = store.kind;
  const presence = scale.kind;
  const ops = new OpsStats();
  ops.timeSteps(town);
  const server = defineServer({
    transport: new WebSocketTransport(),
    greet: false,
    gracefullyShutdown: false,
    ...scale.serverOptions,
    rooms: { [TOWN_ROOM]: defineRoom(oneRoomPerProcess(hostTownRoom(host), () => scale.hostsTown())) },
    express: async (app) => {
      await mountOps(app, { stats: ops, town, townName: name, gateway, presence, publicAddress: scale.serverOptions.publicAddress, moderatorToken: config.MODERATOR_TOKEN });
      mountHttp(app, { host, db, presence, store });
    },
  });
  await server.listen(scale.port, config.HOST);
  const address = (server.transport as unknown as { server: { address(): { port: number } } }).server.address();
  ops.watch((server.transport as unknown as { server: import("node:http").Server }).server);
  // With Redis, only the process that owns the town hosts its room (now, or on a takeover, from
  // the latest save); the others matchmake clients into it.
  await scale.hostTown(name, async () => {
    const latest = await store.latestSnapshot(record.id);
    if (latest && latest.step > town.step) town.restore(TownSnapshot.parse(latest.data));
    await matchMaker.createRoom(TOWN_ROOM, {});
  });
  const url = `http://localhost:${address.port}`;
  const summary = [
    `town: ${name} (template ${template.key}, ${template.personas.length} residents) ${saved ? `resumed at step ${saved.step}` : "new"}`,
    `database: ${db === "embedded" ? `embedded (${path.join(config.DATA_DIR, "db")})` : "postgres (DATABASE_URL)"}`,
    `presence: ${scale.describe()}`,
    `engine: ${describeEngine(llmConfig)}`,
    `recording: ${recorder.id} (replay at ${url}/replay/${recorder.id})`,
  ];
  let closed = false;
  return {
    port: address.port,
    url,
    summary,
    host,
    async close() {
      if (closed) return;
      closed = true;
      // Disposing the room saves the town (TownRoom.onDispose).
      await server.gracefullyShutdown(false);
      ops.stop();
      await scale.close();
      await recorder.close().catch((err: unknown) => log.error({ err }, "recording flush failed"));
      await store.close();
      await gateway.close();
    },
  };
}
