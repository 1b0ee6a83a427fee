import { describe, expect, it } from "vitest";
import { JoinOptions, parseClientMessage } from "../../shared/messages.ts";

describe("client message validation", () => {
  it("accepts well-formed messages", () => {
    expect(parseClientMessage("move", { x: 3, y: 4 })).toEqual({
      ok: true,
      type: "move",
      value: { x: 3, y: 4 },
    });
    expect(parseClientMessage("say", { agentId: "ann", text: "  hello  " })).toMatchObject({
      ok: true,
      value: { text: "hello" },
    });
    expect(parseClientMessage("control", { action: "speed", value: 4 }).ok).toBe(true);
  });

  it("refuses malformed payloads with a code and a message naming the field", () => {
    const cases: [string, unknown, RegExp][] = [
      ["move", { x: 1.5, y: 2 }, /move: x/],
      ["move", { x: -1, y: 2 }, /move: x/],
      ["move", { x: "3", y: 2 }, /move: x/],
      ["move", null, /move: message/],
      ["move", { x: 1, y: 2, teleport: true }, /move: message/],
      ["say", { agentId: "ann", text: "" }, /say: text/],
      ["say", { agentId: "ann", text: "x".repeat(501) }, /say: text/],
      ["control", { action: "speed" }, /speed needs a value/],
      ["control", { action: "explode" }, /control: action/],
    ];
    for (const [type, payload, message] of cases) {
      const r = parseClientMessage(type, payload);
      expect(r.ok, `${type} ${JSON.stringify(payload)}`).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("bad_message");
        expect(r.error.message).toMatch(message);
      }
    }
  });

  it("refuses unknown message types, including prototype keys", () => {
    for (const type of ["teleport", "__proto__", "constructor", "toString"]) {
      const r = parseClientMessage(type, {});
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("unknown_message");
    }
  });

  it("validates join options: a name is required, visitor is the default role", () => {
    expect(JoinOptions.parse({ name: " Mia " })).toEqual({ name: "Mia", role: "visitor" });
    expect(JoinOptions.safeParse({ name: "" }).success).toBe(false);
    expect(JoinOptions.safeParse({ name: "Mia", role: "god" }).success).toBe(false);
  });
});
