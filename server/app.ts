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
import type { TownHost } from "./rooms/host.ts";
import { hostTownRoom } from "./rooms/TownRoom.ts";
import { Autosave } from "./store/autosave.ts";
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
  const gateway = makeGateway(llmConfig, { log });
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
    afterStep: () => autosave.afterStep(),
    save: () => autosave.save().catch((err: unknown) => log.error({ err }, "save failed")),
  };
  const db = store.kind;
  const presence = "local" as const;
  const server = defineServer({
    transport: new WebSocketTransport(),
    greet: false,
    gracefullyShutdown: false,
    rooms: { [TOWN_ROOM]: defineRoom(hostTownRoom(host)) },
    express: (app) => mountHttp(app, { host, db, presence }),
  });
  await server.listen(config.PORT, config.HOST);
  const address = (server.transport as unknown as { server: { address(): { port: number } } }).server.address();
  await matchMaker.createRoom(TOWN_ROOM, {});
  const url = `http://localhost:${address.port}`;
  const summary = [
    `town: ${name} (template ${template.key}, ${template.personas.length} residents) ${saved ? `resumed at step ${saved.step}` : "new"}`,
    `database: ${db === "embedded" ? `embedded (${path.join(config.DATA_DIR, "db")})` : "postgres (DATABASE_URL)"}`,
    `presence: ${presence}`,
    `engine: ${describeEngine(llmConfig)}`,
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
      await store.close();
      await gateway.close();
    },
  };
}
