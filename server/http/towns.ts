// GET /api/towns (everyone: the join dialog lists them) and POST /api/towns {name, template?}
// (a moderator): host another town in this process, a new one from a template or a saved one
// (a fork, say), each its own room with its own clock.
import express, { type Router } from "express";
import type { Towns } from "../hosting/towns.ts";
import { TownRefusal, TownSpec } from "../hosting/townSpec.ts";
import { TownFileError } from "../world/townMap.ts";
import { fail, moderatorOnly, parsedBody } from "./reply.ts";

export function townsRouter(deps: { towns: Towns; moderatorToken?: string }): Router {
  const router = express.Router();
  router.get("/", async (_req, res, next) => {
    try {
      res.json(await deps.towns.list());
    } catch (err) {
      next(err);
    }
  });
  router.post(
    "/",
    moderatorOnly(deps.moderatorToken),
    express.json({ limit: "4kb" }),
    async (req, res, next) => {
      const body = parsedBody(
        TownSpec,
        req,
        res,
        `{"name": "<town>", "template": "<template, for a new town>"}`,
      );
      if (!body) return;
      try {
        const hosted = await deps.towns.serve(body);
        const listing = (await deps.towns.list()).find((t) => t.name === body.name);
        // With Redis another process may have claimed the town first: it hosts it, this one stands by.
        res.status(hosted ? 201 : 202).json(listing ?? { name: body.name, here: false });
      } catch (err) {
        if (err instanceof TownRefusal)
          return fail(res, err.code === "conflict" ? 409 : 404, err.code, err.message);
        if (err instanceof TownFileError) return fail(res, 422, "bad_town", err.message);
        next(err);
      }
    },
  );
  return router;
}
