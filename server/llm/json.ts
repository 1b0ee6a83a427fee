// The JSON side of a prompt: how the answer is asked for, found in what a model says, checked
// against the prompt's zod schema, and how a wrong answer is explained back to the model.
//
// Many local servers ignore `response_format`, and small models wrap JSON in ``` fences, prose or
// <think> blocks. So the shape is also stated in the system message, and the answer is dug out
// of the text by hand instead of trusting the SDK's parser.
import { wellFormed } from "../../shared/text.ts";
import { z } from "zod";
import type { ChatMessage } from "./prompt.ts";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** A compact, TypeScript-like picture of a JSON schema: `{"action": string, "n": integer 1..10}`.
 *  Far fewer tokens than the schema itself, and every model reads it. */
export function describeShape(s: JsonSchema, depth = 0): string {
  if (depth > 8) return "any";
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.map((a) => describeShape(a, depth + 1)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(s.type))
    return s.type.map((t) => describeShape({ ...s, type: t }, depth + 1)).join(" | ");
  switch (s.type) {
    case "object": {
      const req = new Set(s.required ?? []);
      const fields = Object.entries(s.properties ?? {}).map(([k, v]) => {
        const note = v.description ? ` /* ${v.description.replace(/\*\//g, "")} */` : "";
        return `${JSON.stringify(k)}${req.has(k) ? "" : "?"}: ${describeShape(v, depth + 1)}${note}`;
      });
      return `{${fields.join(", ")}}`;
    }
    case "array": {
      const item = s.items ? describeShape(s.items, depth + 1) : "any";
      const one = item.includes(" ") && !item.startsWith("{") ? `(${item})[]` : `${item}[]`;
      if (s.minItems !== undefined || s.maxItems !== undefined)
        return `${one} (${s.minItems ?? 0}..${s.maxItems ?? "∞"} items)`;
      return one;
    }
    case "integer":
    case "number":
      return s.minimum !== undefined || s.maximum !== undefined
        ? `${s.type} ${s.minimum ?? ""}..${s.maximum ?? ""}`
        : s.type;
    case "string":
    case "boolean":
    case "null":
      return s.type;
    default:
      return "any";
  }
}

const instructions = new WeakMap<object, string>();

/** The sentence added to the system message. Cached per schema (schemas are module constants). */
export function jsonInstruction(schema: z.ZodType): string {
  let text = instructions.get(schema);
  if (text === undefined) {
    try {
      // io "input": the model writes what the schema accepts, before any transform.
      const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
      text = `Reply with one JSON object and nothing else, in this shape: ${describeShape(js)}`;
    } catch {
      text = "Reply with one JSON object and nothing else.";
    }
    instructions.set(schema, text);
  }
  return text;
}

/** The rendered messages plus the JSON instruction, appended to the first system message (or
 *  as a new first one). What is sent to a model, and what offline metering counts. */
export function withJsonInstruction(
  messages: readonly ChatMessage[],
  schema: z.ZodType,
): ChatMessage[] {
  const instruction = jsonInstruction(schema);
  const i = messages.findIndex((m) => m.role === "system");
  if (i < 0) return [{ role: "system", content: instruction }, ...messages];
  return messages.map((m, j) =>
    j === i ? { role: m.role, content: `${m.content}\n\n${instruction}` } : m,
  );
}

export type Extracted = { ok: true; value: unknown } | { ok: false; error: string };

/** The end of the balanced JSON value starting at `from` (an opening brace or bracket), or -1.
 *  Braces inside strings do not count. */
function balancedEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function tryParse(s: string): Extracted {
  try {
    // A "\ud800" escape parses to a lone surrogate, which no client could decode: replaced.
    return {
      ok: true,
      value: JSON.parse(s, (_k, v: unknown) => (typeof v === "string" ? wellFormed(v) : v)),
    };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/**
 * The JSON value in a model's reply: the whole text if it parses; else the first ``` fenced
 * block that parses; else the first balanced {...} (or [...]) that parses. <think> blocks of
 * reasoning models are dropped first. The error names what went wrong, for the repair message.
 */
export function extractJson(content: string): Extracted {
  const text = content.replace(/<think>[\s\S]*?<\/think>/gi, "").trim();
  if (!text) return { ok: false, error: "the answer was empty" };
  const whole = tryParse(text);
  if (whole.ok) return whole;
  for (const m of text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) {
    const fenced = tryParse(m[1].trim());
    if (fenced.ok) return fenced;
  }
  let firstError: string | undefined;
  // At most a few candidates: each scan is linear, and a reply is not a haystack.
  for (let i = 0, tries = 0; i < text.length && tries < 16; i++) {
    const c = text[i];
    if (c !== "{" && c !== "[") continue;
    tries++;
    const end = balancedEnd(text, i);
    if (end < 0) {
      firstError ??= "the JSON object is not closed (the answer may have been cut off)";
      continue;
    }
    const r = tryParse(text.slice(i, end + 1));
    if (r.ok) return r;
    firstError ??= r.error;
  }
  return {
    ok: false,
    error: firstError ? `not valid JSON: ${firstError}` : "no JSON object in the answer",
  };
}

export type Checked<Out> = { ok: true; value: Out; raw: unknown } | { ok: false; error: string };

/** Extracts and validates a reply. `raw` is the JSON before zod's transforms (what is cached). */
export function checkAnswer<Out>(content: string, schema: z.ZodType<Out>): Checked<Out> {
  const found = extractJson(content);
  if (!found.ok) return found;
  const parsed = schema.safeParse(found.value);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  return { ok: true, value: parsed.data, raw: found.value };
}

/** The follow-up message that sends a wrong answer's error back for one repair. */
export function repairMessage(error: string, schema: z.ZodType): string {
  return `Your answer could not be used:\n${error}\n\nCorrect it. ${jsonInstruction(schema)}`;
}
