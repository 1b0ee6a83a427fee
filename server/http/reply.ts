// How the API refuses: every error is `{ error: { code, message } }` with its HTTP status, and
// moderator-only calls check `Authorization: Bearer <MODERATOR_TOKEN>` the same way everywhere.
import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";
import { tokenMatches } from "../access.ts";

export const fail = (res: Response, status: number, code: string, message: string) =>
  void res.status(status).json({ error: { code, message } });

/**
 * A request's JSON body read with its schema; a bad one is answered with 400 `bad_message` naming
 * the field (and, when given, the shape expected) and comes back undefined.
 */
export function parsedBody<T>(
  schema: z.ZodType<T>,
  req: Request,
  res: Response,
  expected?: string,
): T | undefined {
  const body = schema.safeParse(req.body ?? {});
  if (body.success) return body.data;
  const issue = body.error.issues[0];
  const shape = expected ? ` (expected ${expected})` : "";
  fail(res, 400, "bad_message", `${issue.path.join(".") || "body"}: ${issue.message}${shape}`);
  return undefined;
}

/**
 * A request's query read with its schema; a bad one is answered with 400 `bad_message` naming its
 * first three faults and comes back undefined.
 */
export function parsedQuery<T>(schema: z.ZodType<T>, req: Request, res: Response): T | undefined {
  const query = schema.safeParse(req.query);
  if (query.success) return query.data;
  const faults = query.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "query"}: ${i.message}`);
  fail(res, 400, "bad_message", faults.join("; "));
  return undefined;
}

/** Checks the moderator's bearer token; answers and returns false when it is missing or wrong. */
export function requireModerator(req: Request, res: Response, token: string | undefined): boolean {
  if (!token) {
    fail(
      res,
      403,
      "forbidden",
      "this server has no moderator token set, so nobody can act as moderator",
    );
    return false;
  }
  const header = req.get("authorization") ?? "";
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (!m) {
    fail(res, 401, "forbidden", "moderators only: send Authorization: Bearer <token>");
    return false;
  }
  if (!tokenMatches(m[1].trim(), token)) {
    fail(res, 403, "forbidden", "wrong moderator token");
    return false;
  }
  return true;
}

/** requireModerator as a middleware: put it before the body parser, so nobody else's body is read. */
export const moderatorOnly =
  (token: string | undefined) => (req: Request, res: Response, next: NextFunction) => {
    if (requireModerator(req, res, token)) next();
  };
