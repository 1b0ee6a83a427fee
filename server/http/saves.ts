// GET /api/saves (everyone) and POST /api/saves {from, name} (a moderator: Authorization: Bearer
// <MODERATOR_TOKEN>): list the saved towns and fork one into a new town.
import express, { type Router } from "express";
import { z } from "zod";
import type { Towns } from "../hosting/towns.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { forkSave, listSaves, SaveError } from "../store/saves.ts";
import { fail, moderatorOnly, parsedBody } from "./reply.ts";
import { CleanText, TownName } from "../../shared/text.ts";

/** A fork is hosted under its name: it follows the rule of town names. */
export const ForkBody = z.object({ from: CleanText(200), name: TownName }).strict();

export function savesRouter(deps: {
  towns: Towns;
  store: PrismaStore;
  moderatorToken?: string;
}): Router {
  const router = express.Router();
  router.get("/", async (_req, res, next) => {
    try {
      res.json(await listSaves(deps.store.prisma));
    } catch (err) {
      next(err);
    }
  });
  router.post(
    "/",
    moderatorOnly(deps.moderatorToken),
    express.json({ limit: "16kb" }),
    async (req, res, next) => {
      const body = parsedBody(ForkBody, req, res, `{"from": "<save>", "name": "<new save>"}`);
      if (!body) return;
      try {
        // Forking a running town copies it as it is now, not as of its last autosave.
        await deps.towns.host(body.from)?.save();
        res.status(201).json(await forkSave(deps.store.prisma, body.from, body.name));
      } catch (err) {
        if (err instanceof SaveError)
          return fail(
            res,
            err.code === "conflict" ? 409 : err.code === "not_found" ? 404 : 400,
            err.code,
            err.message,
          );
        next(err);
      }
    },
  );
  return router;
}
