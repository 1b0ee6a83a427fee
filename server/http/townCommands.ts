// Town commands over HTTP, for a moderator's scripts and tools: POST /api/towns/:town/announcements
// {text, place?}, POST /api/towns/:town/residents (shared/newResident.ts) and
// PATCH /api/towns/:town/residents/:id {currently?, lifestyle?, traits?} and
// DELETE /api/towns/:town/residents/:id (or POST .../residents/:id/retire) {by?}, which retires
// the resident. Each is the same command a moderator's client message makes (validated by the
// same registry schema), applied by the town's room wherever it runs, so it is shown to everyone
// present and recorded like one sent from the browser.
import { matchMaker } from "@colyseus/core";
import express, { type Router } from "express";
import type { Towns } from "../hosting/towns.ts";
import type { TownRoom } from "../rooms/TownRoom.ts";
import type { Command, CommandResult } from "../world/commands.ts";
import { ClientMessages } from "../../shared/messages.ts";
import { NewResidentFields, ResidentChanges } from "../../shared/newResident.ts";
import { z } from "zod";
import { PersonName } from "../../shared/text.ts";
import { fail, moderatorOnly, parsedBody } from "./reply.ts";

const STATUS: Record<string, number> = {
  bad_message: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
};

/** The announcement body: the client message's fields, and who announces (default "the moderator"). */
const AnnouncementBody = ClientMessages.announce.schema.extend({ by: PersonName.optional() });

/** A new resident: the form's fields, and who adds it (default "the moderator"). */
const NewResidentBody = NewResidentFields.extend({ by: PersonName.optional() });

/** Who retires a resident (the body may be empty). */
const RetireBody = z.object({ by: PersonName.optional() }).strict();

/** A change to a resident: its "currently", lifestyle or traits, and who makes it. */
const EditBody = ResidentChanges.and(z.object({ by: PersonName.optional() }));

export function townCommandsRouter(deps: { towns: Towns; moderatorToken?: string }): Router {
  const router = express.Router();
  /** Applies a command in the town's room; answers its events (201) or its refusal. */
  const run = async (res: express.Response, town: string, cmd: Command) => {
    const room = await deps.towns.roomOf(town);
    if (!room)
      return fail(
        res,
        404,
        "not_found",
        `no town "${town}" is running (GET /api/towns lists them)`,
      );
    const result = (await matchMaker.remoteRoomCall<TownRoom>(room.roomId, "apiCommand", [
      cmd,
    ])) as CommandResult;
    if (!result.ok) return fail(res, STATUS[result.code] ?? 409, result.code, result.message);
    res.status(201).json({ events: result.events });
  };
  router.post(
    "/:town/announcements",
    moderatorOnly(deps.moderatorToken),
    express.json({ limit: "8kb" }),
    async (req, res, next) => {
      const body = parsedBody(
        AnnouncementBody,
        req,
        res,
        `{"text": "<news>", "place": "<address prefix, optional>"}`,
      );
      if (!body) return;
      const { text, place, by } = body;
      try {
        await run(res, String(req.params.town).slice(0, 64), {
          kind: "announce",
          text,
          place: place ?? "",
          by: by ?? "the moderator",
        });
      } catch (err) {
        next(err);
      }
    },
  );
  router.post(
    "/:town/residents",
    moderatorOnly(deps.moderatorToken),
    express.json({ limit: "16kb" }),
    async (req, res, next) => {
      const body = parsedBody(NewResidentBody, req, res);
      if (!body) return;
      const { by, ...spec } = body;
      try {
        await run(res, String(req.params.town).slice(0, 64), {
          kind: "addResident",
          by: by ?? "the moderator",
          ...spec,
        });
      } catch (err) {
        next(err);
      }
    },
  );
  router.patch(
    "/:town/residents/:id",
    moderatorOnly(deps.moderatorToken),
    express.json({ limit: "8kb" }),
    async (req, res, next) => {
      const body = parsedBody(EditBody, req, res);
      if (!body) return;
      const { by, ...changes } = body;
      try {
        await run(res, String(req.params.town).slice(0, 64), {
          kind: "editResident",
          by: by ?? "the moderator",
          agentId: String(req.params.id).slice(0, 64),
          changes,
        });
      } catch (err) {
        next(err);
      }
    },
  );
  // Retiring: DELETE, or POST .../retire for clients that send no DELETE.
  const retire: express.RequestHandler = async (req, res, next) => {
    const body = parsedBody(RetireBody, req, res);
    if (!body) return;
    try {
      await run(res, String(req.params.town).slice(0, 64), {
        kind: "retireResident",
        by: body.by ?? "the moderator",
        agentId: String(req.params.id).slice(0, 64),
      });
    } catch (err) {
      next(err);
    }
  };
  const guard = [moderatorOnly(deps.moderatorToken), express.json({ limit: "1kb" })];
  router.delete("/:town/residents/:id", ...guard, retire);
  router.post("/:town/residents/:id/retire", ...guard, retire);
  return router;
}
