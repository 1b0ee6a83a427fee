// The HTTP side of the server, on the same port as the rooms: the JSON API
// (docs/ARCHITECTURE.md, "Protocol") and the static files (built client, town assets).
import { matchMaker } from "@colyseus/core";
import express, { type Application, type NextFunction, type Request, type Response } from "express";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Towns } from "../hosting/towns.ts";
import type { GatewayView } from "../llm/prompt.ts";
import { agentDetails, type AgentDetails } from "../rooms/agentDetails.ts";
import type { TownRoom } from "../rooms/TownRoom.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { mountEvals } from "./evals.ts";
import { mountRecordings } from "./recordings.ts";
import { mountTrace } from "./trace.ts";
import { savesRouter } from "./saves.ts";
import { townsRouter } from "./towns.ts";
import { townCommandsRouter } from "./townCommands.ts";
import { userTownFiles } from "./townAssets.ts";
import { fail, parsedQuery } from "./reply.ts";
import type { Health } from "../../shared/health.ts";
import type { Dependency } from "../store/dependency.ts";
import { EngineHealth } from "../rooms/engineStatus.ts";
import { MemoryQuery } from "../../shared/memories.ts";
import { pageMemories } from "../store/memories.ts";

export const CLIENT_DIR = fileURLToPath(new URL("../../dist/client/", import.meta.url));
export const ASSETS_DIR = fileURLToPath(new URL("../../assets/", import.meta.url));
/** The art the client loads (never the generator scripts beside it). */
const ART = /^\/(sprites|tiles)\/[\w.-]+\.png$|^\/towns\/[\w.-]+\/[\w.-]+\.(json|png)$/;

export interface ApiDeps {
  towns: Towns;
  gateway: GatewayView;
  db: "embedded" | "postgres";
  presence: "local" | "redis";
  store: PrismaStore;
  moderatorToken?: string;
  /** Whether every town listed at start-up is open. */
  ready: () => boolean;
  /** Redis, when REDIS_URL is set (scale.ts). */
  redis?: Dependency;
  /** Where eval reports are (EVALS_DIR); none: /api/evals lists nothing. */
  evalsDir?: string;
  /** Anyone may read the minds' trace (TRACE_PUBLIC); else moderators only. */
  tracePublic?: boolean;
}

export function mountHttp(app: Application, deps: ApiDeps): void {
  const { towns } = deps;
  /** The town a request names (`?town=`; none: the default town). */
  const townOf = (req: Request) =>
    typeof req.query.town === "string" ? req.query.town.slice(0, 64) : towns.primary;
  const notHosted = (res: Response, name: string) =>
    fail(res, 404, "not_found", `no town "${name}" is running (GET /api/towns lists the towns)`);
  const engine = new EngineHealth();
  app.get("/api/health", (_req: Request, res: Response) => {
    const host = towns.host();
    const ready = deps.ready();
    const database = deps.store.database;
    const model = engine.sample(deps.gateway.metrics(), Date.now());
    let recordingSteps = 0;
    let recordingBytes = 0;
    for (const w of deps.store.waiting) {
      recordingSteps += w.bufferedSteps;
      recordingBytes += w.bufferedBytes;
    }
    // 503 until the towns of start-up are open (whoever waits on health may then read `step`),
    // and while the store cannot write.
    const ok = ready && database.up;
    res.status(ok ? 200 : 503).json({
      ok,
      ready,
      town: towns.primary,
      towns: towns.hostedHere.map((t) => t.name),
      step: host ? host.town.step : null,
      time: host ? new Date(host.town.time).toISOString() : null,
      llm: deps.gateway.engine,
      db: deps.db,
      presence: deps.presence,
      dependencies: {
        database: database.health(),
        redis: deps.redis?.health() ?? { state: "off" },
        model:
          model === "offline"
            ? { state: "off" }
            : model === "failing"
              ? { state: "down", error: "asks fell back to offline answers in the last minute" }
              : { state: "up" },
      },
      waiting: { recordingSteps, recordingBytes },
    } satisfies Health);
  });
  app.use(
    "/api/towns",
    townsRouter({ towns, store: deps.store, moderatorToken: deps.moderatorToken }),
  );
  app.use("/api/towns", townCommandsRouter({ towns, moderatorToken: deps.moderatorToken }));
  // A town hosted by another process (with Redis) is asked through its room.
  app.get("/api/agents", async (req: Request, res: Response, next: NextFunction) => {
    const name = townOf(req);
    try {
      const host = towns.host(name);
      if (host) return void res.json(host.town.agentViews());
      const room = await towns.roomOf(name);
      if (!room) return notHosted(res, name);
      res.json(await matchMaker.remoteRoomCall<TownRoom>(room.roomId, "agentList", []));
    } catch (err) {
      next(err);
    }
  });
  app.get("/api/agents/:id", async (req: Request, res: Response, next: NextFunction) => {
    const name = townOf(req);
    const id = String(req.params.id).slice(0, 200);
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 0 || limit > 500)
      return fail(res, 400, "bad_message", "limit: a whole number from 0 to 500");
    try {
      const host = towns.host(name);
      let details: AgentDetails | null;
      if (host) details = await agentDetails(host, id, limit);
      else {
        const room = await towns.roomOf(name);
        if (!room) return notHosted(res, name);
        details = (await matchMaker.remoteRoomCall<TownRoom>(room.roomId, "agentDetails", [
          id,
          limit,
        ])) as AgentDetails | null;
      }
      if (!details) return fail(res, 404, "not_found", `no agent "${id.slice(0, 64)}"`);
      res.json(details);
    } catch (err) {
      next(err);
    }
  });
  // The memory stream from the database (any saved town, hosted here or not).
  app.get("/api/agents/:id/memories", async (req: Request, res: Response, next: NextFunction) => {
    const query = parsedQuery(MemoryQuery, req, res);
    if (!query) return;
    const name = query.town ?? towns.primary;
    const id = String(req.params.id).slice(0, 200);
    try {
      const town = await deps.store.findTown(name);
      if (!town) return fail(res, 404, "not_found", `no saved town "${name}"`);
      const { q, type, before, limit, from, to } = query;
      res.json(
        await pageMemories(deps.store.prisma, town.id, id, {
          q: q || undefined,
          type,
          before,
          limit,
          from: from ? Date.parse(from) : undefined,
          to: to ? Date.parse(to) : undefined,
        }),
      );
    } catch (err) {
      next(err);
    }
  });
  mountTrace(app, {
    store: deps.store,
    primary: () => towns.primary,
    moderatorToken: deps.moderatorToken,
    tracePublic: deps.tracePublic ?? false,
  });
  // One gateway serves every town of this process: its metrics are the process's.
  app.get("/api/metrics", (_req: Request, res: Response) => {
    res.json(deps.gateway.metrics());
  });
  app.use(
    "/api/saves",
    savesRouter({ towns, store: deps.store, moderatorToken: deps.moderatorToken }),
  );
  mountRecordings(app, { store: deps.store, clientDir: CLIENT_DIR });
  if (deps.evalsDir) mountEvals(app, { evalsDir: deps.evalsDir });
  app.use(
    "/api",
    (_req: Request, res: Response) =>
      void res.status(404).json({ error: { code: "not_found", message: "no such API" } }),
  );
  app.use(
    "/assets",
    (req: Request, res: Response, next: NextFunction) =>
      ART.test(req.path) ? next() : fail(res, 404, "not_found", "no such asset"),
    userTownFiles(),
    express.static(ASSETS_DIR, { fallthrough: false, dotfiles: "deny" }),
  );
  if (existsSync(CLIENT_DIR)) {
    app.use(express.static(CLIENT_DIR));
  } else {
    app.get(
      "/",
      (_req: Request, res: Response) =>
        void res
          .status(503)
          .type("text")
          .send(
            "The client is not built: run `npm run build`, or start with `npm start`, which builds it.",
          ),
    );
  }
  app.use((_req: Request, res: Response) => fail(res, 404, "not_found", "not found"));
}
