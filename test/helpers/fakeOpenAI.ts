// A local server that speaks the OpenAI chat and embeddings API, for tests of whole towns run
// against "a model". Its default chat answer is nonsense that fits the asked JSON schema: the
// smallest instance the schema allows (a model that obeys the format and says nothing useful).
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { [k: string]: any };

/**
 * schema-nonsense: the smallest answer the schema allows; slow: that, after `slowMs`; silent: never
 * answers; garbage: prose that is not JSON; rate-limited: 429 with Retry-After: 1; error: 500.
 */
export type ChatBehaviour =
  "schema-nonsense" | "slow" | "silent" | "garbage" | "rate-limited" | "error";

/** One request as the server saw it. */
export type FakeRequest = {
  path: string;
  body: any;
  headers: http.IncomingHttpHeaders;
  at: number;
};
/** A test's own answer to a request; `n` counts requests to the same path, from 1. */
export type FakeHandler = (
  req: FakeRequest,
  res: http.ServerResponse,
  n: number,
) => void | Promise<void>;

/**
 * The one fake OpenAI server of the tests. Whole-town tests pick a `behaviour`; tests of the
 * gateway set `chat`/`embeddings` to answer each request their own way.
 */
export class FakeOpenAI {
  behaviour: ChatBehaviour = "schema-nonsense";
  slowMs = 1_000;
  /** When set, answers chat requests instead of `behaviour`. */
  chat?: FakeHandler;
  /** When set, answers embedding requests instead of the default vectors. */
  embeddings?: FakeHandler;
  readonly requests: FakeRequest[] = [];
  /** Requests open right now, and the most ever open at once. */
  active = 0;
  maxActive = 0;
  url = "";
  private server = http.createServer((req, res) => void this.handle(req, res));
  private sockets = new Set<Socket>();

  async start(): Promise<this> {
    this.server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** The chat requests received so far, oldest first. */
  chats(): FakeRequest[] {
    return this.requests.filter((r) => r.path === CHAT);
  }

  get chatRequests(): number {
    return this.chats().length;
  }

  get embeddingRequests(): number {
    return this.requests.filter((r) => r.path === EMBEDDINGS).length;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const r: FakeRequest = {
      path: req.url ?? "",
      body: raw ? JSON.parse(raw) : {},
      headers: req.headers,
      at: Date.now(),
    };
    this.requests.push(r);
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    res.on("close", () => this.active--);
    const n = this.requests.filter((x) => x.path === r.path).length;
    if (r.path === EMBEDDINGS)
      return this.embeddings ? this.embeddings(r, res, n) : embed(res, r.body);
    if (r.path !== CHAT) return send(res, { error: { message: "not found" } }, 404);
    if (this.chat) return this.chat(r, res, n);
    if (this.behaviour === "silent") return; // accepted, never answered
    if (this.behaviour === "rate-limited")
      return send(res, { error: { message: "slow down" } }, 429, { "retry-after": "1" });
    if (this.behaviour === "error")
      return send(res, { error: { message: "the model fell over" } }, 500);
    // Time on purpose: a slow model.
    if (this.behaviour === "slow") await new Promise((resolve) => setTimeout(resolve, this.slowMs));
    if (res.destroyed) return;
    const schema = r.body.response_format?.json_schema?.schema as Schema | undefined;
    answer(
      res,
      this.behaviour === "garbage" ? "I am a teapot {{{" : schema ? sample(schema, schema) : {},
      { prompt_tokens: 20, completion_tokens: 5 },
    );
  }
}

const CHAT = "/v1/chat/completions";
const EMBEDDINGS = "/v1/embeddings";

/** Small deterministic vectors, enough for retrieval to have something to rank. */
function embed(res: http.ServerResponse, body: any): void {
  const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
  send(res, {
    object: "list",
    model: body.model,
    data: input.map((t, index) => ({
      object: "embedding",
      index,
      embedding: [t.length % 7, 1, (t.charCodeAt(0) || 0) % 5],
    })),
    usage: { prompt_tokens: 1, total_tokens: 1 },
  });
}

export function send(
  res: http.ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** A chat completion whose content is `content` (an object is sent as its JSON text); `usage: null` leaves usage out. */
export function answer(
  res: http.ServerResponse,
  content: unknown,
  usage: { prompt_tokens: number; completion_tokens: number } | null = {
    prompt_tokens: 50,
    completion_tokens: 10,
  },
): void {
  send(res, {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [
      {
        index: 0,
        finish_reason: "stop",
        message: {
          role: "assistant",
          content: typeof content === "string" ? content : JSON.stringify(content),
        },
      },
    ],
    ...(usage
      ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }
      : {}),
  });
}

/** The smallest value a JSON schema accepts (enough of it for zod's toJSONSchema output). */
export function sample(s: Schema, root: Schema): Json {
  if (s.$ref) {
    const path = String(s.$ref).replace(/^#\//, "").split("/");
    let target: any = root;
    for (const p of path) target = target?.[p];
    return sample(target ?? {}, root);
  }
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt.find((x: Schema) => x.type !== "null") ?? alt[0], root);
  if (s.allOf) return sample(s.allOf[0], root);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) out[k] = sample(v, root);
      return out;
    }
    case "array":
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, root));
    case "string":
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    case "integer":
    case "number":
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return {};
  }
}
