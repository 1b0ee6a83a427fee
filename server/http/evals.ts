// GET /api/evals lists the reports `npm run eval` wrote under EVALS_DIR (newest first); GET
// /eval/:id shows one (its self-contained report.html; its replays at /replay/<recording>).
import type { Application, Request, Response } from "express";
import { EVAL_ID, listReports, readReportPage } from "../eval/reports.ts";

export function mountEvals(app: Application, deps: { evalsDir: string }): void {
  app.get("/api/evals", async (_req: Request, res: Response, next: (err?: unknown) => void) => {
    try {
      res.json(await listReports(deps.evalsDir));
    } catch (err) {
      next(err);
    }
  });
  app.get("/eval/:id", async (req: Request, res: Response, next: (err?: unknown) => void) => {
    const id = String(req.params.id);
    if (!EVAL_ID.test(id)) return void res.status(404).type("text").send("No such eval.");
    try {
      const page = await readReportPage(deps.evalsDir, id);
      if (page === null)
        return void res
          .status(404)
          .type("text")
          .send(`No eval "${id}" (GET /api/evals lists them).`);
      // The page is ours and self-contained: no scripts, nothing fetched.
      res.set(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      );
      res.type("html").send(page);
    } catch (err) {
      next(err);
    }
  });
}
