// GET /api/agents/:id/trace: a resident's asks of its mind, newest first, a page at a time
// (`before` = the `next` of the page before), from a saved town (`town`) or a recording up to a
// step (`recording`, `step`: the replay). Prompts hold the residents' private memories, so only a
// moderator reads them, unless TRACE_PUBLIC says anyone may.
import type { Application, NextFunction, Request, Response } from "express";
import { tokenMatches } from "../access.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { pageTrace } from "../store/traceRows.ts";
import { TraceQuery } from "../../shared/trace.ts";
import { fail } from "./reply.ts";

export interface TraceDeps {
  store: PrismaStore;
  /** The default town's name. */
  primary: () => string;
  moderatorToken?: string;
  tracePublic: boolean;
}

/** Whether the request may read the trace: TRACE_PUBLIC, or the moderator's bearer token. */
export function mayReadTrace(
  req: Request,
  deps: Pick<TraceDeps, "moderatorToken" | "tracePublic">,
) {
  if (deps.tracePublic) return true;
  const m = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "");
  return !!deps.moderatorToken && !!m && tokenMatches(m[1].trim(), deps.moderatorToken);
}

export function mountTrace(app: Application, deps: TraceDeps): void {
  app.get("/api/agents/:id/trace", async (req: Request, res: Response, next: NextFunction) => {
    if (!mayReadTrace(req, deps))
      return fail(
        res,
        403,
        "forbidden",
        "the minds' trace is for moderators (Authorization: Bearer <token>) unless TRACE_PUBLIC is on",
      );
    const query = TraceQuery.safeParse(req.query);
    if (!query.success)
      return fail(
        res,
        400,
        "bad_message",
        query.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join(".") || "query"}: ${i.message}`)
          .join("; "),
      );
    const { town, recording, step, from, to, prompt, limit, before } = query.data;
    const id = String(req.params.id).slice(0, 200);
    try {
      const page = await pageTrace(
        deps.store,
        recording ? { recording, step } : { town: town ?? deps.primary() },
        id,
        {
          from: from ? Date.parse(from) : undefined,
          to: to ? Date.parse(to) : undefined,
          prompt,
          limit,
          before,
        },
      );
      if (!page)
        return fail(
          res,
          404,
          "not_found",
          recording ? `no recording "${recording}"` : `no saved town "${town ?? deps.primary()}"`,
        );
      res.json(page);
    } catch (err) {
      next(err);
    }
  });
}
