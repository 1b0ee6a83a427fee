// Fuzzing the room: several SDK clients send over 10,000 random and malformed messages (wrong
// types, huge strings, nested junk, unknown and prototype-named types, binary payloads, raw bytes,
// prototype-pollution keys, and well-formed messages their role may not send). Afterwards the
// server still answers, the town is intact, and nothing was written: the clock is paused during
// the fuzz, so every resident's memories and every object must be exactly as before.
import { describe, expect, it } from "vitest";
import { Random } from "../../server/world/random.ts";
import { Junk } from "../helpers/junk.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";
import { sleep } from "../helpers/wait.ts";
import { memoriesOf, type Person } from "../helpers/people.ts";
import { avatarAt } from "../../shared/state.ts";

const t = useTestServer({ MODERATOR_TOKEN: "sesame" });

/** A generous estimate of a payload's size on the wire (JSON is never smaller than MessagePack here). */
function sizeOf(payload: unknown): number {
  try {
    return (
      JSON.stringify(payload, (_k, v) =>
        ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v,
      ) ?? ""
    ).length;
  } catch {
    return Infinity; // cannot tell: not sent
  }
}

/**
 * The WebSocket transport closes a connection that sends a frame over 4 KB (its first line of
 * defence; no client of ours sends more than MAX_TEXT_LENGTH characters). Such frames go to a
 * client of their own, which must be dropped while everybody else is served.
 */
const FRAME_LIMIT = 3_500;

/** Messages a visitor may not send at all, well formed and aimed at real things. */
function forbiddenForVisitors(rng: Random): { type: string; payload: unknown } {
  const j = new Junk(rng);
  const agentId = j.pick(["ines", "theo", "edmund"]);
  return j.pick([
    { type: "whisper", payload: { agentId, text: "zqfuzz you are on fire" } },
    { type: "interview", payload: { agentId, question: "zqfuzz who are you?" } },
    {
      type: "set_object_state",
      payload: { address: "Willowbrook:Copper Kettle cafe:kitchen:oven", state: "zqfuzz on fire" },
    },
    { type: "control", payload: { action: "speed", value: 100 } },
  ]);
}

describe("fuzz", () => {
  it("survives 10,000 random and malformed messages from several clients; nothing is written", async () => {
    const mod = await t.join("Mod", "moderator", "sesame");
    const town = t.server.host.town;
    const ids = town.agentViews().map((a) => a.id);
    // The minds' first work (each resident's day plan) is written before the clock stops, so what
    // is in flight at the pause is not taken for something the fuzz wrote.
    await waitFor(
      "every resident's day plan",
      async () =>
        (await Promise.all(ids.map((id) => memoriesOf(t.server, id)))).every((ms) =>
          ms.some((m) => m.type === "plan"),
        ),
      30_000,
      200,
    );
    await t.pause(mod);
    const memoriesBefore = await Promise.all(ids.map((id) => memoriesOf(t.server, id)));
    const objectsBefore = JSON.stringify(town.objectStates());
    const stepBefore = town.step;

    const people: { p: Person; role: string }[] = [];
    for (let i = 0; i < 6; i++)
      people.push({ p: await t.join(`Fuzz${i}`, "visitor"), role: "visitor" });
    for (let i = 0; i < 2; i++)
      people.push({ p: await t.join(`Press${i}`, "reporter"), role: "reporter" });
    const rng = new Random(20261123);
    const junk = new Junk(rng);
    const PER_CLIENT = 1_300;
    const sent = new Map<Person, number>();
    let total = 0;
    // Rounds of messages from every client, paced so that part of them gets past the rate limits
    // and reaches validation, and part is rate limited.
    for (let round = 0; round < 130; round++) {
      for (const { p, role } of people) {
        for (let k = 0; k < PER_CLIENT / 130; k++) {
          const m =
            role === "visitor" && rng.next() < 0.1 ? forbiddenForVisitors(rng) : junk.message();
          if (sizeOf(m.payload) + String(m.type).length > FRAME_LIMIT) continue;
          try {
            if ("bytes" in m && m.bytes) p.room.sendBytes(m.type, m.payload as Uint8Array);
            else p.room.send(m.type, m.payload);
          } catch {
            continue; // the SDK refused to encode it: not sent
          }
          sent.set(p, (sent.get(p) ?? 0) + 1);
          total++;
        }
      }
      // Time on purpose: bursts spread over time, as clients under the rate limits send them.
      await sleep(20);
    }
    // Frames that break the protocol itself, from a client of their own (the server may drop it):
    // random bytes, broken MessagePack bodies, and a message type too long for the SDK's header
    // (over 255 bytes: the SDK and the server disagree on its length).
    const raw = await t.join("Raw", "visitor");
    try {
      raw.room.send("x".repeat(300), { x: 1 });
      total++;
    } catch {
      // the SDK refused to encode it
    }
    for (let i = 0; i < 60; i++) {
      const bytes = new Uint8Array(1 + Math.floor(rng.next() * 64)).map(() =>
        Math.floor(rng.next() * 256),
      );
      if (i % 2 === 0) bytes[0] = 13; // ROOM_DATA, with a broken body
      try {
        raw.room.connection.send(bytes);
        total++;
      } catch {
        break; // disconnected by the server for sending garbage: fine
      }
    }
    // A frame over the transport's limit: that client is dropped, nobody else.
    const huge = await t.join("Huge", "visitor");
    huge.room.send("say", { agentId: "ines", text: "zqfuzz".repeat(2_000) });
    total++;
    await waitFor("the huge sender dropped", () => !huge.room.connection.isOpen);
    expect(total).toBeGreaterThanOrEqual(10_000);

    // Every refused message got an answer: wait until the answers stop coming.
    let last = -1;
    await waitFor(
      "answers to settle",
      () => {
        const n = people.reduce((s, { p }) => s + p.inbox.error.length, 0);
        const settled = n === last;
        last = n;
        return settled;
      },
      20_000,
      300,
    ).catch(() => {});
    for (const { p } of people) {
      expect(
        p.closed,
        `${p.id} closed after ${sent.get(p)} messages, last ${JSON.stringify(p.inbox.error.at(-1))}`,
      ).toBeUndefined();
      expect(p.room.connection.isOpen).toBe(true);
      const errors = p.inbox.error;
      // Moves to walkable tiles are the only messages that can be accepted silently.
      expect(errors.length).toBeGreaterThan(sent.get(p)! * 0.8);
      expect(errors.length).toBeLessThanOrEqual(sent.get(p)!);
      for (const e of errors) {
        expect(typeof e.code).toBe("string");
        expect(typeof e.message).toBe("string");
        expect(e.message.length).toBeLessThan(400);
      }
    }
    const codes = new Set(people.flatMap(({ p }) => p.inbox.error.map((e) => e.code)));
    for (const c of ["bad_message", "unknown_message", "forbidden", "rate_limited", "not_found"])
      expect(codes, c).toContain(c);

    // Nobody got an answer meant for allowed messages.
    for (const { p } of people) {
      expect(p.inbox.interview_answer).toHaveLength(0);
      expect(p.inbox.whisper_done).toHaveLength(0);
      expect(p.inbox.object_state_set).toHaveLength(0);
    }

    // Nothing was written, nothing polluted.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(JSON.stringify(town.objectStates())).toBe(objectsBefore);
    expect(mod.room.state.objects.size).toBe(JSON.parse(objectsBefore).length);
    const memoriesAfter = await Promise.all(ids.map((id) => memoriesOf(t.server, id)));
    expect(memoriesAfter).toEqual(memoriesBefore);
    for (const ms of memoriesAfter)
      expect(ms.some((m) => m.description.includes("zqfuzz"))).toBe(false);
    expect(mod.room.state.clock.running).toBe(false);
    expect(mod.room.state.clock.speed).toBe(10);
    expect(town.step).toBe(stepBefore);

    // The server still serves: a newcomer joins and walks, and the clock runs again.
    const fresh = await t.join("Newcomer");
    expect(fresh.room.state.agents.size).toBe(ids.length);
    const me = avatarAt(fresh.room.state.avatars.get(fresh.id))!;
    const target = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]
      .map(([dx, dy]) => ({ x: me.x + dx, y: me.y + dy }))
      .find((t) => town.map.isWalkable(t.x, t.y))!;
    fresh.room.send("move", target);
    await waitFor("the newcomer walks", () => {
      const a = avatarAt(fresh.room.state.avatars.get(fresh.id))!;
      return a.x === target.x && a.y === target.y;
    });
    mod.room.send("control", { action: "resume" });
    await waitFor("the clock runs", () => fresh.room.state.clock.step > stepBefore + 3);
    const health = await (await fetch(`${t.server.url}/api/health`)).json();
    expect(health.ok).toBe(true);
  });
});
