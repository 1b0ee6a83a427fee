// The first thing every HTTP request meets, before Colyseus's matchmaking routes and Express:
// it settles the client's address (the socket's, or the proxy's word for it when TRUST_PROXY
// says a proxy is in front), refuses oversized or unsized matchmaking bodies (Colyseus reads
// them whole), and adds the security headers to every answer.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import proxyaddr from "proxy-addr";
import { ADDRESS_HEADER } from "../access.ts";
import { securityHeaders } from "./security.ts";

/** Largest matchmaking body (join options are a name, a role, a token and a town). */
export const MAX_MATCHMAKE_BODY = 4 * 1024;

/**
 * TRUST_PROXY, as Express reads `trust proxy`: unset or "false" (no proxy: the socket's address),
 * a number of proxy hops, or a comma-separated list of addresses/subnets ("loopback", "10.0.0.0/8").
 */
export function trustOf(value: string | undefined): (addr: string, i: number) => boolean {
  const v = (value ?? "").trim();
  if (!v || v === "false" || v === "0") return () => false;
  if (/^\d+$/.test(v)) return (_a, i) => i < Number(v);
  if (v === "true") return () => true;
  return proxyaddr.compile(v.split(",").map((s) => s.trim()));
}

/** The client's address for a request. */
export function addressOf(
  req: IncomingMessage,
  trust: (addr: string, i: number) => boolean,
): string {
  try {
    return proxyaddr(req, trust) || "unknown";
  } catch {
    return req.socket.remoteAddress ?? "unknown";
  }
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** Puts the gate in front of every listener the server has (call after Colyseus bound its routes). */
export function gateRequests(
  server: Server,
  opts: { trustProxy?: string; connect?: readonly string[] },
): void {
  const trust = trustOf(opts.trustProxy);
  const headers = securityHeaders({ connect: opts.connect });
  const listeners = server.listeners("request") as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    req.headers[ADDRESS_HEADER] = addressOf(req, trust);
    headers(req, res, () => {
      if (req.method === "POST" && (req.url ?? "").startsWith("/matchmake/")) {
        const length = req.headers["content-length"];
        if (length === undefined)
          return refuse(res, 411, "bad_message", "join options need a Content-Length");
        if (!/^\d+$/.test(length) || Number(length) > MAX_MATCHMAKE_BODY)
          return refuse(
            res,
            413,
            "too_large",
            `join options are at most ${MAX_MATCHMAKE_BODY} bytes`,
          );
      }
      for (const l of listeners) l.call(server, req, res);
    });
  });
}
