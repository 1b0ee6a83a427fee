// A joining client's full state when the town's state is larger than the encoder's buffer. Colyseus
// (core 0.18.17, schema 5.0.34) grows its buffer on overflow, but the serializer keeps encoding each
// joiner's view after the old buffer's bytes: past 16 KB of state (~450 people in base-25, or
// many objects with states) every newcomer got a garbled state ("refId" not found, "Invalid byte"
// while decoding; the load test saw it at 500 clients). server/rooms/stateBuffer.ts sizes the
// buffer above any state a town can have; this checks what a joiner decodes at that size.
import { SchemaSerializer } from "@colyseus/core";
import { $changes, Decoder, StateView } from "@colyseus/schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STATE_BUFFER_BYTES } from "../../server/rooms/stateBuffer.ts";
import {
  avatarAt,
  AgentState,
  AvatarState,
  NEAR_TAG,
  ObjectState,
  TownState,
} from "../../shared/state.ts";
import { MAX_STATE_LENGTH } from "../../shared/constants.ts";

/** A town state of `people` avatars and `objects` objects with states as long as they may be. */
function bigTown(people: number, objects: number): TownState {
  const s = new TownState();
  Object.assign(s, {
    template: "base-25",
    name: "crowded",
    engine: "offline",
    engineStatus: "offline",
  });
  s.clock.step = 1;
  s.clock.time = 0;
  s.clock.running = true;
  s.clock.speed = 1;
  for (let i = 0; i < 25; i++) {
    s.agents.set(
      `agent${i}`,
      new AgentState().assign({
        id: `agent${i}`,
        name: `Resident Number ${i}`,
        x: i,
        y: i,
        action: "walking to the cafe for a coffee",
        emoji: "☕",
        talkingTo: "",
        sprite: i,
        facing: 0,
      }),
    );
  }
  for (let i = 0; i < people; i++) {
    s.avatars.set(
      `session-${i}`,
      new AvatarState().assign({
        id: `session-${i}`,
        name: `Visitor with a long name ${i}`.slice(0, 24),
        role: "visitor",
        sprite: i % 8,
      }),
    );
    const [x, y] = [i % 100, Math.floor(i / 100)];
    Object.assign(s.avatars.get(`session-${i}`)!, { x, y, fx: x, fy: y });
  }
  for (let i = 0; i < objects; i++) {
    const address = `the town:house ${i}:kitchen:stove`;
    s.objects.set(
      address,
      new ObjectState().assign({ state: "x".repeat(MAX_STATE_LENGTH), by: "A moderator" }),
    );
  }
  return s;
}

/** What a client decodes of the bytes the room sends it on joining. */
function decodeJoin(bytes: Uint8Array): TownState {
  const state = new TownState();
  new Decoder(state).decode(bytes, { offset: 1 }); // byte 0: the protocol's ROOM_STATE
  return state;
}

afterEach(() => vi.restoreAllMocks());

describe("a joining client's full state", () => {
  it("decodes whole for each joiner when the state is larger than Colyseus's default buffer", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const state = bigTown(500, 243);
    const serializer = new SchemaSerializer<TownState>();
    serializer.reset(state);
    const joiner = (id: string, near: string[]) => {
      const view = new StateView();
      for (const n of [id, ...near]) {
        const a = state.avatars.get(n)!;
        view.markVisible(a[$changes]!);
        view.add(a, NEAR_TAG);
      }
      return { view } as never;
    };
    const first = serializer.getFullState(joiner("session-0", ["session-1", "session-2"]));
    const second = serializer.getFullState(joiner("session-400", ["session-401"]));
    expect(first.byteLength).toBeGreaterThan(16 * 1024); // larger than Colyseus's default buffer
    expect(first.byteLength).toBeLessThan(STATE_BUFFER_BYTES);
    for (const [bytes, own, others] of [
      [first, "session-0", ["session-1", "session-2"]],
      [second, "session-400", ["session-401"]],
    ] as const) {
      const seen = decodeJoin(bytes);
      expect(errors).not.toHaveBeenCalled();
      expect(seen.avatars.size).toBe(500);
      expect(seen.objects.size).toBe(243);
      expect(seen.agents.get("agent24")?.name).toBe("Resident Number 24");
      expect(seen.avatars.get("session-499")?.name).toBe(state.avatars.get("session-499")!.name);
      // Positions only of the avatars in the joiner's view.
      expect(avatarAt(seen.avatars.get(own))?.x).toBe(avatarAt(state.avatars.get(own))!.x);
      for (const o of others)
        expect(avatarAt(seen.avatars.get(o))?.y).toBe(avatarAt(state.avatars.get(o))!.y);
      expect(avatarAt(seen.avatars.get("session-250"))).toBeUndefined();
    }
  });
});
