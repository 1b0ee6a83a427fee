// GET /api/saves (everyone) and POST /api/saves {from, name} (a moderator: Authorization: Bearer
// <MODERATOR_TOKEN>): list the saved towns and fork one into a new town.
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { TownHost } from "../rooms/host.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { forkSave, listSaves, SaveError } from "../store/saves.ts";

const ForkBody = z.object({ from: z.string().trim().min(1).max(200), name: z.string().trim().min(1).max(64) }).strict();

const fail = (res: Response, status: number, code: string, message: string) => void res.status(status).json({ error: { code, message } });

/** Checks the moderator's bearer token; answers and returns false when it is missing or wrong. */
export function requireModerator(req: Request, res: Response, token: string | undefined): boolean {
  if (!token) {
    fail(res, 403, "forbidden", "this server has no moderator token set, so nobody can act as moderator");
    return false;
  }
  const header = req.get("authorization") ?? "";
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (!m) {
    fail(res, 401, "forbidden", "moderators only: send Authorization: Bearer <token>");
    return false;
  }
  if (m[1].trim() !== token) {
    fail(res, 403, "forbidden", "wrong moderator token");
    return false;
  }
  return true;
}

export function savesRouter(deps: { host: TownHost; store: PrismaStore }): Router {
  const router = express.Router();
  router.get("/", async (_req, res, next) => {
    try {
      res.json(await listSaves(deps.store.prisma));
    } catch (err) {
      next(err);
    }
  });
  router.post("/", express.json({ limit: "16kb" }), async (req, res, next) => {
    if (!requireModerator(req, res, deps.host.moderatorToken)) return;
    const body = ForkBody.safeParse(req.body ?? {});
    if (!body.success) {
      const issue = body.error.issues[0];
      return fail(res, 400, "bad_message", `${issue.path.join(".") || "body"}: ${issue.message} (expected {"from": "<save>", "name": "<new save>"})`);
    }
    try {
      // Forking the running town copies it as it is now, not as of its last autosave.
      if (body.data.from === deps.host.name) await deps.host.save();
      res.status(201).json(await forkSave(deps.store.prisma, body.data.from, body.data.name));
    } catch (err) {
      if (err instanceof SaveError) return fail(res, err.code === "conflict" ? 409 : err.code === "not_found" ? 404 : 400, err.code, err.message);
      next(err);
    }
  });
  return router;
}
