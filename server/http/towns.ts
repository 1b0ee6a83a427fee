// GET /api/towns (everyone: the join dialog lists them); POST /api/towns (a moderator): a new town
// ("New town": {name, template | map + personas, start?, seed?}, written under DATA_DIR/towns and
// opened, content/newTown.ts) or a saved one ({name}: a fork, say), each its own room with its own
// clock; GET /api/towns/templates (a moderator): what a new town can be made from.
import express, { type Response, type Router } from "express";
import { NEW_TOWN_BODY_LIMIT, NewTownRequest } from "../../shared/newTown.ts";
import { listTemplates, NewTownError } from "../content/newTown.ts";
import { makeNewTown } from "../hosting/newTown.ts";
import type { Towns } from "../hosting/towns.ts";
import { TownRefusal } from "../hosting/townSpec.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { TownFileError } from "../world/townMap.ts";
import { fail, moderatorOnly, parsedBody } from "./reply.ts";

const NEW_TOWN_STATUS = { invalid: 400, conflict: 409, not_found: 404 } as const;
const NEW_TOWN_CODE = {
  invalid: "bad_town",
  conflict: "conflict",
  not_found: "not_found",
} as const;

/** A refused new town: its status, code, message and the field at fault. */
function refuseNewTown(res: Response, e: NewTownError): void {
  res
    .status(NEW_TOWN_STATUS[e.kind])
    .json({ error: { code: NEW_TOWN_CODE[e.kind], message: e.message, field: e.field } });
}

export function townsRouter(deps: {
  towns: Towns;
  store: Pick<PrismaStore, "findTown">;
  moderatorToken?: string;
}): Router {
  const router = express.Router();
  router.get("/", async (_req, res, next) => {
    try {
      res.json(await deps.towns.list());
    } catch (err) {
      next(err);
    }
  });
  router.get("/templates", moderatorOnly(deps.moderatorToken), async (_req, res, next) => {
    try {
      res.json(await listTemplates());
    } catch (err) {
      next(err);
    }
  });
  router.post(
    "/",
    moderatorOnly(deps.moderatorToken),
    express.json({ limit: NEW_TOWN_BODY_LIMIT }),
    async (req, res, next) => {
      const body = parsedBody(
        NewTownRequest,
        req,
        res,
        `{"name": "<town>", "template": "<template>" or "map" and "personas": {"file", "text"}, "start"?, "seed"?}`,
      );
      if (!body) return;
      const { name, ...made } = body;
      try {
        // A name alone opens a saved town (a fork); anything more makes a new one.
        const hosted =
          Object.keys(made).length === 0
            ? await deps.towns.serve({ name })
            : await makeNewTown(body, deps);
        const listing = (await deps.towns.list()).find((t) => t.name === name);
        // With Redis another process may have claimed the town first: it hosts it, this one stands by.
        res.status(hosted ? 201 : 202).json(listing ?? { name, here: false });
      } catch (err) {
        if (err instanceof NewTownError) return refuseNewTown(res, err);
        if (err instanceof TownRefusal)
          return fail(res, err.code === "conflict" ? 409 : 404, err.code, err.message);
        if (err instanceof TownFileError) return fail(res, 422, "bad_town", err.message);
        next(err);
      }
    },
  );
  return router;
}
