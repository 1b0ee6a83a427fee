import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkAnswer,
  describeShape,
  extractJson,
  jsonInstruction,
  repairMessage,
  withJsonInstruction,
} from "../../server/llm/json.ts";

describe("extractJson", () => {
  const ok = (text: string) => {
    const r = extractJson(text);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };

  it("replaces a lone surrogate a model escaped into its answer (no client could decode it)", () => {
    const r = extractJson('{"text": "hello \\ud800 there", "list": ["\\udfff"]}');
    expect(r).toEqual({ ok: true, value: { text: "hello \ufffd there", list: ["\ufffd"] } });
    expect(extractJson('{"text": "\\ud83d\\ude00"}')).toEqual({ ok: true, value: { text: "😀" } });
  });

  it("reads plain JSON, fenced JSON, and JSON inside prose", () => {
    expect(ok('{"a": 1}')).toEqual({ a: 1 });
    expect(ok('```json\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(ok('Here you go:\n```\n{"a": 3}\n```\nAnything else?')).toEqual({ a: 3 });
    expect(ok('Sure. {"a": 4, "b": "x"} That is my answer.')).toEqual({ a: 4, b: "x" });
    expect(ok("[1, 2]")).toEqual([1, 2]);
  });

  it("drops <think> blocks of reasoning models and ignores braces inside strings", () => {
    expect(ok('<think>maybe {"a": 0}? no.</think>\n{"a": 5}')).toEqual({ a: 5 });
    expect(ok('Answer: {"say": "I love {curly} braces }", "n": 1} ok')).toEqual({
      say: "I love {curly} braces }",
      n: 1,
    });
  });

  it("skips a broken candidate and takes the next one that parses", () => {
    expect(ok('first {not json} then {"a": 6}')).toEqual({ a: 6 });
  });

  it("explains what is wrong", () => {
    expect(extractJson("")).toEqual({ ok: false, error: "the answer was empty" });
    expect(extractJson("I would rather not.")).toEqual({
      ok: false,
      error: "no JSON object in the answer",
    });
    const cut = extractJson('{"action": "walk", "emoji": ');
    expect(cut.ok).toBe(false);
    expect(!cut.ok && cut.error).toMatch(/not closed/);
    const bad = extractJson("{action: walk}");
    expect(!bad.ok && bad.error).toMatch(/^not valid JSON: /);
  });
});

describe("the JSON instruction", () => {
  const Schema = z.object({
    action: z.string().describe("what the resident does"),
    importance: z.number().int().min(1).max(10),
    mood: z.enum(["calm", "busy"]),
    tags: z.array(z.string()).max(3),
    note: z.string().nullable(),
    extra: z.boolean().optional(),
  });

  it("pictures the schema compactly", () => {
    expect(jsonInstruction(Schema)).toBe(
      'Reply with one JSON object and nothing else, in this shape: {"action": string /* what the resident does */, "importance": integer 1..10, "mood": "calm" | "busy", "tags": string[] (0..3 items), "note": string | null, "extra"?: boolean}',
    );
    expect(describeShape({ type: "array", items: { type: ["string", "null"] } })).toBe(
      "(string | null)[]",
    );
  });

  it("copes with schemas JSON Schema cannot express (transforms)", () => {
    const T = z.object({ n: z.string().transform((s) => s.length) });
    expect(jsonInstruction(T)).toBe(
      'Reply with one JSON object and nothing else, in this shape: {"n": string}',
    );
  });

  it("goes into the first system message, or a new one", () => {
    const S = z.object({ a: z.string() });
    const withSystem = withJsonInstruction(
      [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ],
      S,
    );
    expect(withSystem).toEqual([
      { role: "system", content: `Be brief.\n\n${jsonInstruction(S)}` },
      { role: "user", content: "Hi" },
    ]);
    expect(withJsonInstruction([{ role: "user", content: "Hi" }], S)[0]).toEqual({
      role: "system",
      content: jsonInstruction(S),
    });
  });
});

describe("checkAnswer and the repair message", () => {
  const S = z.object({ action: z.string(), n: z.coerce.number() });

  it("returns zod's output and the raw JSON it came from", () => {
    expect(checkAnswer('{"action": "walk", "n": "3"}', S)).toEqual({
      ok: true,
      value: { action: "walk", n: 3 },
      raw: { action: "walk", n: "3" },
    });
  });

  it("gives the precise zod error, which the repair message carries", () => {
    const r = checkAnswer('{"action": 1, "n": 2}', S);
    expect(r.ok).toBe(false);
    const error = !r.ok ? r.error : "";
    expect(error).toBe("✖ Invalid input: expected string, received number\n  → at action");
    const msg = repairMessage(error, S);
    expect(msg).toContain(error);
    expect(msg).toContain(jsonInstruction(S));
  });
});
