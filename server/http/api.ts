// The HTTP side of the server, on the same port as the rooms: the JSON API of DESIGN.md
// ("Protocol") and the static files (built client, town assets).
import express, { type Application, type Request, type Response } from "express";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TownHost } from "../rooms/host.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { mountRecordings } from "./recordings.ts";
import { savesRouter } from "./saves.ts";

export const CLIENT_DIR = fileURLToPath(new URL("../../dist/client/", import.meta.url));
export const ASSETS_DIR = fileURLToPath(new URL("../../assets/", import.meta.url));

export interface ApiDeps {
  host: TownHost;
  db: "embedded" | "postgres";
  presence: "local" | "redis";
  store: PrismaStore;
}

export function mountHttp(app: Application, deps: ApiDeps): void {
  const { host } = deps;
  app.get("/api/health", (_req: Request, res: Response) => {
    res.json({ ok: true, town: host.name, step: host.town.step, time: new Date(host.town.time).toISOString(), llm: host.engine, db: deps.db, presence: deps.presence });
  });
  app.get("/api/agents", (_req: Request, res: Response) => {
    res.json(host.town.agentViews());
  });
  app.get("/api/agents/:id", (req: Request, res: Response) => {
    const id = String(req.params.id);
    const agent = host.town.agent(id);
    if (!agent) return void res.status(404).json({ error: { code: "not_found", message: `no agent "${id.slice(0, 64)}"` } });
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 0 || limit > 500) {
      return void res.status(400).json({ error: { code: "bad_message", message: "limit: a whole number from 0 to 500" } });
    }
    const mind = host.mind.inspect(id, { limit });
    // Where the body is and what it does come from the Town; persona, plan and memories from the mind.
    res.json({ ...agent, persona: mind?.persona ?? host.town.persona(id), currently: mind?.currently ?? "", plan: mind?.plan ?? null, memories: mind?.memories ?? [] });
  });
  app.get("/api/metrics", (_req: Request, res: Response) => {
    res.json(host.gateway.metrics());
  });
  app.use("/api/saves", savesRouter({ host, store: deps.store }));
  mountRecordings(app, { store: deps.store, clientDir: CLIENT_DIR });
  app.use("/api", (_req: Request, res: Response) => void res.status(404).json({ error: { code: "not_found", message: "no such API" } }));
  app.use("/assets", express.static(ASSETS_DIR, { fallthrough: false }));
  if (existsSync(CLIENT_DIR)) {
    app.use(express.static(CLIENT_DIR));
  } else {
    app.get("/", (_req: Request, res: Response) => void res.status(503).type("text").send("The client is not built: run `npm run build`, or start with `npm start`, which builds it."));
  }
}
