// The HTTP side of the server, on the same port as the rooms: the JSON API of DESIGN.md
// ("Protocol") and the static files (built client, town assets).
import { matchMaker } from "@colyseus/core";
import express, { type Application, type NextFunction, type Request, type Response } from "express";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Towns } from "../hosting/towns.ts";
import type { Gateway } from "../llm/prompt.ts";
import { agentDetails, type AgentDetails } from "../hosting/agentDetails.ts";
import type { TownRoom } from "../rooms/TownRoom.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { mountRecordings } from "./recordings.ts";
import { savesRouter } from "./saves.ts";
import { townsRouter } from "./towns.ts";
import { fail } from "./reply.ts";
import type { Health } from "../../shared/health.ts";

export const CLIENT_DIR = fileURLToPath(new URL("../../dist/client/", import.meta.url));
export const ASSETS_DIR = fileURLToPath(new URL("../../assets/", import.meta.url));

export interface ApiDeps {
  towns: Towns;
  gateway: Gateway;
  db: "embedded" | "postgres";
  presence: "local" | "redis";
  store: PrismaStore;
  moderatorToken?: string;
  /** Whether every town listed at start-up is open. */
  ready: () => boolean;
}

export function mountHttp(app: Application, deps: ApiDeps): void {
  const { towns } = deps;
  /** The town a request names (`?town=`; none: the default town). */
  const townOf = (req: Request) => (typeof req.query.town === "string" ? req.query.town.slice(0, 64) : towns.primary);
  const notHosted = (res: Response, name: string) => fail(res, 404, "not_found", `no town "${name}" is running (GET /api/towns lists the towns)`);
  app.get("/api/health", (_req: Request, res: Response) => {
    const host = towns.host();
    const ready = deps.ready();
    // 503 until the towns of start-up are open: whoever waits on health may then read `step`.
    res.status(ready ? 200 : 503).json({
      ok: ready,
      ready,
      town: towns.primary,
      towns: towns.hostedHere.map((t) => t.name),
      step: host ? host.town.step : null,
      time: host ? new Date(host.town.time).toISOString() : null,
      llm: deps.gateway.engine,
      db: deps.db,
      presence: deps.presence,
    } satisfies Health);
  });
  app.use("/api/towns", townsRouter({ towns, moderatorToken: deps.moderatorToken }));
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
    if (!Number.isInteger(limit) || limit < 0 || limit > 500) return fail(res, 400, "bad_message", "limit: a whole number from 0 to 500");
    try {
      const host = towns.host(name);
      let details: AgentDetails | null;
      if (host) details = agentDetails(host, id, limit);
      else {
        const room = await towns.roomOf(name);
        if (!room) return notHosted(res, name);
        details = await matchMaker.remoteRoomCall<TownRoom>(room.roomId, "agentDetails", [id, limit]);
      }
      if (!details) return fail(res, 404, "not_found", `no agent "${id.slice(0, 64)}"`);
      res.json(details);
    } catch (err) {
      next(err);
    }
  });
  // One gateway serves every town of this process: its metrics are the process's.
  app.get("/api/metrics", (_req: Request, res: Response) => {
    res.json(deps.gateway.metrics());
  });
  app.use("/api/saves", savesRouter({ towns, store: deps.store, moderatorToken: deps.moderatorToken }));
  mountRecordings(app, { store: deps.store, clientDir: CLIENT_DIR });
  app.use("/api", (_req: Request, res: Response) => void res.status(404).json({ error: { code: "not_found", message: "no such API" } }));
  app.use("/assets", express.static(ASSETS_DIR, { fallthrough: false }));
  if (existsSync(CLIENT_DIR)) {
    app.use(express.static(CLIENT_DIR));
  } else {
    app.get("/", (_req: Request, res: Response) => void res.status(503).type("text").send("The client is not built: run `npm run build`, or start with `npm start`, which builds it."));
  }
}
