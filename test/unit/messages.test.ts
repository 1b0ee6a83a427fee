import { describe, expect, it } from "vitest";
import { getMessageBytes, Protocol } from "@colyseus/core";
import {
  fromWire,
  JoinOptions,
  parseClientMessage,
  toWire,
  WIRE_TYPES,
} from "../../shared/messages.ts";

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

describe("lines on the wire (toWire, fromWire)", () => {
  const seats = new Map([
    ["kq3Xz81Lp", 7],
    ["Ab0cd9Efg", 300],
  ]);
  const seatOf = (id: string) => seats.get(id);
  const personAt = (seat: number) => [...seats].find(([, s]) => s === seat)?.[0] ?? "";

  it("reads back what was sent: a person by their seat, a resident by its id", () => {
    const lines = [
      ["agent_said", { agentId: "wilhelmina", to: "kq3Xz81Lp", text: "Morning! Tea?" }],
      ["agent_said", { agentId: "wilhelmina", to: "bartholomew", text: "Did you see the kite?" }],
      ["agent_said", { agentId: "bartholomew", to: "Ab0cd9Efg", text: "Aye.", chat: "talk-9" }],
      ["avatar_said", { avatarId: "Ab0cd9Efg", to: "wilhelmina", text: "Hi there" }],
      ["avatar_said", { avatarId: "kq3Xz81Lp", to: "bartholomew", text: "So?", chat: "talk-12" }],
    ] as const;
    for (const [type, m] of lines) {
      const wire = toWire(type, m, seatOf);
      expect(fromWire(type, wire, personAt)).toEqual(m);
    }
    // A person not in the room (no seat) is sent by their id.
    const unseated = { agentId: "wilhelmina", to: "Zz9Yy8Xx7", text: "Bye" };
    expect(fromWire("agent_said", toWire("agent_said", unseated, seatOf), personAt)).toEqual(
      unseated,
    );
    expect(fromWire("avatar_said", { not: "a line" }, personAt)).toBeUndefined();
  });

  it("is a third shorter on the wire than the named message it replaces", () => {
    const m = { agentId: "wilhelmina", to: "kq3Xz81Lp", text: "Morning! Fancy a cup of tea?" };
    const named = getMessageBytes.raw(Protocol.ROOM_DATA, "agent_said", m).length;
    const wire = getMessageBytes.raw(
      Protocol.ROOM_DATA,
      WIRE_TYPES.agent_said,
      toWire("agent_said", m, seatOf),
    ).length;
    expect(named).toBeGreaterThan(80);
    expect(wire).toBeLessThanOrEqual(Math.round(named * 0.6));
  });
});
