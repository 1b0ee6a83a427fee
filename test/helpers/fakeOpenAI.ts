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
export type ChatBehaviour = "schema-nonsense" | "slow" | "silent" | "garbage" | "rate-limited" | "error";

export class FakeOpenAI {
  behaviour: ChatBehaviour = "schema-nonsense";
  slowMs = 1_000;
  chatRequests = 0;
  embeddingRequests = 0;
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

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : {};
    if (req.url === "/v1/embeddings") {
      this.embeddingRequests++;
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      return send(res, { object: "list", model: body.model, data: input.map((t, index) => ({ object: "embedding", index, embedding: [t.length % 7, 1, (t.charCodeAt(0) || 0) % 5] })), usage: { prompt_tokens: 1, total_tokens: 1 } });
    }
    if (req.url !== "/v1/chat/completions") return send(res, { error: { message: "not found" } }, 404);
    this.chatRequests++;
    if (this.behaviour === "silent") return; // accepted, never answered
    if (this.behaviour === "rate-limited") return send(res, { error: { message: "slow down" } }, 429, { "retry-after": "1" });
    if (this.behaviour === "error") return send(res, { error: { message: "the model fell over" } }, 500);
    if (this.behaviour === "slow") await new Promise((r) => setTimeout(r, this.slowMs));
    if (res.destroyed) return;
    const schema = body.response_format?.json_schema?.schema as Schema | undefined;
    const content = this.behaviour === "garbage" ? "I am a teapot {{{" : JSON.stringify(schema ? sample(schema, schema) : {});
    send(res, {
      id: "fake", object: "chat.completion", created: 0, model: body.model,
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
      usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
    });
  }
}

function send(res: http.ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
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
