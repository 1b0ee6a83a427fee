// What every HTTP answer shares: security headers (helmet, with a content security policy the
// game, the replay page and the ops page run under), CORS for the server's own origin and the
// configured ones, one JSON error handler (never a stack trace or a path).
import { matchMaker } from "@colyseus/core";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import type { NextFunction, Request, Response } from "express";

/** The policy's directives; `scripts` adds sources (hashes of inline scripts) for one page. */
export function cspDirectives(
  opts: {
    connect?: readonly string[];
    scripts?: readonly string[];
    styles?: readonly string[];
    fonts?: readonly string[];
  } = {},
): Record<string, string[] | null> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(opts.scripts ?? [])],
    "script-src-attr": ["'none'"],
    // Phaser and the panels set element styles; nothing else is inline.
    "style-src": ["'self'", "'unsafe-inline'", ...(opts.styles ?? [])],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:", ...(opts.fonts ?? [])],
    // The rooms' WebSocket, on this origin or another process's public address (with Redis).
    "connect-src": ["'self'", ...(opts.connect ?? [])],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    // Servers are often reached over plain http on a LAN: upgrading would break them.
    "upgrade-insecure-requests": null,
  };
}

/** The policy as a header value (for a page that needs its own, such as /ops). */
export function cspHeader(directives: Record<string, string[] | null>): string {
  return Object.entries(directives)
    .filter((e): e is [string, string[]] => e[1] !== null)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}

/** 'sha256-…' sources for the inline <script> elements of a page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash("sha256").update(m[1], "utf8").digest("base64")}'`,
  );
}

/** Helmet's headers on a raw request (so the rooms' matchmaking answers get them too). */
export function securityHeaders(
  opts: { connect?: readonly string[] } = {},
): (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts) },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    // The game loads its art from this origin only; a cross-origin embedder policy would add nothing.
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over TLS, which a proxy in front of the server adds.
    strictTransportSecurity: false,
  });
}

/**
 * CORS for every answer (the API and the rooms' matchmaking, which Colyseus answers itself): a
 * browser page of another origin may call this server only if that origin is listed. No
 * credentials: the server uses no cookies, tokens travel in headers the page sets.
 */
export function allowOrigins(origins: readonly string[]): void {
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, "").toLowerCase()));
  const { controller } = matchMaker;
  // Colyseus's defaults allow any origin with credentials; these replace them.
  (controller as { DEFAULT_CORS_HEADERS: Record<string, string> }).DEFAULT_CORS_HEADERS = {
    "Access-Control-Allow-Headers": "Content-Type, Authorization",
    "Access-Control-Allow-Methods": "GET,HEAD,POST",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
  controller.getCorsHeaders = (headers: Headers): Record<string, string> => {
    const origin = headers.get("origin");
    if (!origin) return {};
    const host = headers.get("host");
    const same =
      host !== null &&
      /^https?:\/\//i.test(origin) &&
      origin.replace(/^https?:\/\//i, "").toLowerCase() === host.toLowerCase();
    return same || allowed.has(origin.toLowerCase())
      ? { "Access-Control-Allow-Origin": origin }
      : {};
  };
}

/** CORS_ORIGINS: comma-separated origins ("https://a.example, http://localhost:5173"). */
export function parseOrigins(value: string | undefined): string[] {
  const list = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const o of list) {
    let url: URL;
    try {
      url = new URL(o);
    } catch {
      throw new Error(`CORS_ORIGINS: "${o}" is not an origin (write e.g. https://example.org)`);
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/+$/, ""))
      throw new Error(
        `CORS_ORIGINS: "${o}" is not an origin (scheme://host[:port], nothing after)`,
      );
  }
  return list;
}

/** What an error thrown in a route answers: its 4xx status when it has one, else 500; never its text. */
function refusalOf(err: unknown): { status: number; code: string; message: string } {
  const e = err as { status?: unknown; statusCode?: unknown; type?: unknown };
  const status =
    typeof e?.status === "number"
      ? e.status
      : typeof e?.statusCode === "number"
        ? e.statusCode
        : 500;
  if (status === 413)
    return { status, code: "too_large", message: "the request body is too large" };
  if (status === 400 && e.type === "entity.parse.failed")
    return { status, code: "bad_message", message: "the request body is not valid JSON" };
  if (status === 415)
    return { status, code: "bad_message", message: "unsupported content type or encoding" };
  if (status === 404) return { status, code: "not_found", message: "not found" };
  if (status === 405) return { status, code: "bad_message", message: "method not allowed" };
  if (status >= 400 && status < 500) return { status, code: "bad_message", message: "bad request" };
  return { status: 500, code: "internal", message: "the server could not answer that request" };
}

/** The one error handler: JSON, no stack trace, no path; unexpected errors are logged. */
export function jsonErrors(log: { error(obj: object, msg: string): void }) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const r = refusalOf(err);
    if (r.status >= 500)
      log.error({ err, method: req.method, path: req.path.slice(0, 200) }, "request failed");
    if (res.headersSent) return void res.end();
    res.status(r.status).json({ error: { code: r.code, message: r.message } });
  };
}

/**
 * Matchmaking over HTTP answers with Colyseus's own error codes as HTTP statuses (520-526), which
 * read as server faults; they are mapped to what they mean. Creating a room is not offered: a
 * town's room exists as long as the town is hosted.
 */
let plain = false;
export function plainMatchmakingErrors(): void {
  if (plain) return; // once per process: the controller is Colyseus's, shared by every server
  plain = true;
  const { controller } = matchMaker;
  controller.exposedMethods = controller.exposedMethods.filter((m) => m !== "create");
  const MEANING: Record<number, number> = { 520: 404, 521: 404, 522: 404, 524: 410, 525: 403 };
  const invoke = controller.invokeMethod.bind(controller);
  controller.invokeMethod = async (...args: Parameters<typeof invoke>) => {
    try {
      return (await invoke(...args)) as unknown;
    } catch (e) {
      const code = (e as { code?: number }).code;
      if (typeof code === "number" && MEANING[code]) (e as { code: number }).code = MEANING[code];
      throw e;
    }
  };
}
