// GET /api/agents/:id/trace: a resident's asks of its mind, newest first, a page at a time
// (`before` = the `next` of the page before), from a saved town (`town`) or a recording up to a
// step (`recording`, `step`: the replay). Prompts hold the residents' private memories, so only a
// moderator reads them, unless TRACE_PUBLIC says anyone may.
import type { Application, NextFunction, Request, Response } from "express";
import { tokenMatches } from "../access.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { pageTrace } from "../store/traceRows.ts";
import { formatTranscript, transcriptOf } from "../store/transcripts.ts";
import { TraceQuery } from "../../shared/trace.ts";
import { fail, parsedQuery } from "./reply.ts";

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

const FORMATS = { jsonl: "application/x-ndjson", csv: "text/csv", md: "text/markdown" } as const;

export function mountTrace(app: Application, deps: TraceDeps): void {
  // Every conversation of a saved town, or those a resident was in, as a file to download (what
  // was said is what the town and its replays show anyone).
  app.get("/api/transcripts", async (req: Request, res: Response, next: NextFunction) => {
    const format = typeof req.query.format === "string" ? req.query.format : "md";
    if (!(format in FORMATS)) return fail(res, 400, "bad_message", "format: jsonl, csv or md");
    const town = typeof req.query.town === "string" ? req.query.town.slice(0, 64) : deps.primary();
    const agent = typeof req.query.agent === "string" ? req.query.agent.slice(0, 200) : undefined;
    try {
      const saved = await deps.store.findTown(town);
      if (!saved) return fail(res, 404, "not_found", `no saved town "${town}"`);
      const lines = await transcriptOf(deps.store, saved.id, agent);
      const file = `${town}${agent ? `-${agent}` : ""}-transcript.${format}`.replace(
        /[^\w.-]+/g,
        "_",
      );
      // The type after the attachment: attachment() sets one from the file's extension, and
      // ".jsonl" has none it knows (it sent application/octet-stream).
      res
        .attachment(file)
        .type(FORMATS[format as keyof typeof FORMATS])
        .send(formatTranscript(lines, format as keyof typeof FORMATS));
    } catch (err) {
      next(err);
    }
  });

  app.get("/api/agents/:id/trace", async (req: Request, res: Response, next: NextFunction) => {
    if (!mayReadTrace(req, deps))
      return fail(
        res,
        403,
        "forbidden",
        "the minds' trace is for moderators (Authorization: Bearer <token>) unless TRACE_PUBLIC is on",
      );
    const query = parsedQuery(TraceQuery, req, res);
    if (!query) return;
    const { town, recording, step, from, to, prompt, limit, before } = query;
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
