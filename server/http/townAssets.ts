// The files of a user's town (DATA_DIR/towns/<town>/town.json, ...), served at the same address as
// a shipped template's (/assets/towns/<town>/<file>): the client loads every town's map from there
// and need not know where it lives. A shipped template (and a town an older version wrote into
// assets/towns) is left to the static files of assets/.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { findTown } from "../content/townDirs.ts";
import { fail } from "./reply.ts";

const TOWN_FILE = /^\/towns\/([\w-][\w.-]*)\/([\w-][\w.-]*\.(?:json|png))$/;

export function userTownFiles(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const m = TOWN_FILE.exec(req.path);
    const town = m ? findTown(m[1]) : undefined;
    if (!m || !town || town.kind !== "user") return next();
    res.sendFile(m[2], { root: town.dir, dotfiles: "deny" }, (err) => {
      if (err && !res.headersSent) fail(res, 404, "not_found", "no such asset");
    });
  };
}
