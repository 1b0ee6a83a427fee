// Recordings over HTTP: GET /api/recordings (newest first), GET /api/recordings/:id
// ({id, save, startedAt, steps, ...}), the frame of a step (/frame?step=), the events of a span of
// steps (/steps?from=&to=), the whole recording as a file (/export); and the page /replay/:id.
import express, { type Application, type Request, type Response, type Router } from "express";
import { existsSync } from "node:fs";
import path from "node:path";
import type { PrismaStore } from "../store/prismaStore.ts";
import { RecordingStore } from "../store/recordings.ts";
import { encodeEntry } from "../../shared/replay/codec.ts";
import { fail } from "./reply.ts";

/** Most steps one /steps request returns (a game hour and a half). */
export const MAX_SPAN = 600;

const ID = /^[\w-]{1,64}$/;

function stepParam(req: Request, name: string): number | null {
  const v = req.query[name];
  if (typeof v !== "string" || !/^\d{1,10}$/.test(v)) return null;
  return Number(v);
}

export function recordingsRouter(store: PrismaStore): Router {
  const recordings = new RecordingStore(store);
  const router = express.Router();
  const wrap =
    (fn: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: (err?: unknown) => void) =>
      void fn(req, res).catch(next);
  const idOf = (req: Request, res: Response): string | null => {
    const id = String(req.params.id);
    if (ID.test(id)) return id;
    fail(res, 404, "not_found", "no such recording");
    return null;
  };

  router.get(
    "/",
    wrap(async (_req, res) => void res.json(await recordings.list())),
  );
  router.get(
    "/:id",
    wrap(async (req, res) => {
      const id = idOf(req, res);
      if (!id) return;
      const rec = await recordings.get(id);
      if (!rec) return fail(res, 404, "not_found", `no recording "${id}"`);
      res.json(rec);
    }),
  );
  router.get(
    "/:id/frame",
    wrap(async (req, res) => {
      const id = idOf(req, res);
      if (!id) return;
      const step = stepParam(req, "step");
      if (step === null) return fail(res, 400, "bad_message", "step: a whole number");
      const frame = await recordings.frame(id, step);
      if (!frame) return fail(res, 404, "not_found", `no recording "${id}"`);
      res.json(frame);
    }),
  );
  router.get(
    "/:id/steps",
    wrap(async (req, res) => {
      const id = idOf(req, res);
      if (!id) return;
      const from = stepParam(req, "from");
      const to = stepParam(req, "to");
      if (from === null || to === null || to < from)
        return fail(res, 400, "bad_message", "from, to: whole numbers, from <= to");
      if (to - from >= MAX_SPAN)
        return fail(res, 400, "bad_message", `at most ${MAX_SPAN} steps at a time`);
      if (!(await recordings.get(id))) return fail(res, 404, "not_found", `no recording "${id}"`);
      // Sent as the compact entries they are stored as; the client decodes them with the same codec.
      res.json((await recordings.entries(id, from, to)).map(encodeEntry));
    }),
  );
  router.get(
    "/:id/export",
    wrap(async (req, res) => {
      const id = idOf(req, res);
      if (!id) return;
      const file = await recordings.export(id);
      if (!file) return fail(res, 404, "not_found", `no recording "${id}"`);
      res.attachment(`recording-${id}.json`).json(file);
    }),
  );
  return router;
}

/** /api/recordings and the replay page (the client's index.html; the client reads the path). */
export function mountRecordings(
  app: Application,
  deps: { store: PrismaStore; clientDir: string },
): void {
  app.use("/api/recordings", recordingsRouter(deps.store));
  const index = path.join(deps.clientDir, "index.html");
  app.get("/replay/:id", (_req: Request, res: Response) => {
    if (!existsSync(index))
      return void res
        .status(503)
        .type("text")
        .send("The client is not built: run `npm run build`.");
    res.sendFile(index);
  });
}
