// Interest management (server/rooms/interest.ts): which avatars' positions each client is sent,
// checked on the room state itself and through the real schema encoder and decoder, as a client
// would decode its patches.
import { Decoder, Encoder, Reflection, type StateView } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import {
  decodeCrowd,
  DEFAULT_VIEW_HALF,
  encodeCrowd,
  COARSE_SETTLE_MS,
  COARSE_TILES,
  MAX_VIEW_HALF,
  NEAR_HALF,
  RESIDENTS_ALL_SENT,
  VIEW_HYSTERESIS,
  VIEW_MARGIN,
} from "../../shared/interest.ts";
import { AgentState, AvatarState, avatarAt, TownState } from "../../shared/state.ts";
import { Interest, type ViewClient } from "../../server/rooms/interest.ts";

const MAP = { width: 140, height: 100 };
const AREA_W = DEFAULT_VIEW_HALF.width + VIEW_MARGIN;

function town() {
  const state = new TownState();
  const put = (id: string, x: number, y: number) => {
    const a = new AvatarState();
    Object.assign(a, { id, name: id, role: "visitor", sprite: 8 });
    Object.assign(a, { x, y, fx: x, fy: y });
    state.avatars.set(id, a);
    return a; // where it is (x, y): the tests walk it
  };
  const resident = (id: string, x: number, y: number) => {
    const a = new AgentState();
    Object.assign(a, {
      id,
      name: id,
      x,
      y,
      action: "",
      emoji: "",
      address: "",
      talkingTo: "",
      sprite: 0,
    });
    state.agents.set(id, a);
    return a;
  };
  const clock = { ms: 0 };
  return { state, put, resident, clock, interest: new Interest(state, MAP, () => clock.ms) };
}

/** A client that decodes what it is sent, as the SDK does: full state at join, then patches. */
class Listener implements ViewClient {
  view?: StateView;
  decoder?: Decoder<TownState>;
  constructor(readonly sessionId: string) {}
  start(encoder: Encoder<TownState>): void {
    this.decoder = Reflection.decode<TownState>(Reflection.encode(encoder));
    const it = { offset: 0 };
    encoder.encodeAll(it);
    this.decoder.decode(encoder.encodeAllView(this.view!, it.offset, it));
  }
  positions(): Record<string, [number | undefined, number | undefined]> {
    const out: Record<string, [number | undefined, number | undefined]> = {};
    for (const [id, a] of this.decoder!.state.avatars) out[id] = [avatarAt(a)?.x, avatarAt(a)?.y];
    return out;
  }
}

function patch(encoder: Encoder<TownState>, interest: Interest, listeners: Listener[]): void {
  interest.update(); // what the room does in onBeforePatch
  const it = { offset: 0 };
  encoder.encode(it);
  const shared = it.offset;
  for (const l of listeners) l.decoder!.decode(encoder.encodeView(l.view!, shared, it));
  encoder.discardChanges();
}

describe("interest management", () => {
  it("sends a client its own avatar and those near it, not a far one; names of everyone", () => {
    const { state, put, interest } = town();
    put("me", 60, 50);
    put("near", 60 + AREA_W, 50);
    put("far", 60 + AREA_W + 1, 50);
    put("below", 60, 50 + DEFAULT_VIEW_HALF.height + VIEW_MARGIN + 1);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    expect(interest.sentTo("me")).toEqual(["near"]);
    expect(me.positions()).toEqual({
      me: [60, 50],
      near: [60 + AREA_W, 50],
      far: [undefined, undefined],
      below: [undefined, undefined],
    });
    // Who is in the town is not filtered.
    expect([...me.decoder!.state.avatars.values()].map((a) => a.name).sort()).toEqual([
      "below",
      "far",
      "me",
      "near",
    ]);
  });

  it("an avatar appears when it walks near, stays a little beyond the edge, disappears further out, and comes back", () => {
    const { state, put, interest } = town();
    put("me", 60, 50);
    const other = put("walker", 100, 50);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    const seen: (number | undefined)[] = [];
    const track = () => seen.push(me.positions().walker[0]);
    // Walks west past me and on.
    for (let x = 100; x >= 20; x--) {
      other.x = x;
      patch(encoder, interest, [me]);
      track();
    }
    const firstSeen = seen.findIndex((x) => x !== undefined);
    expect(100 - firstSeen).toBe(60 + AREA_W); // appeared on entering the area
    const lastSeen = seen.length - 1 - [...seen].reverse().findIndex((x) => x !== undefined);
    expect(100 - lastSeen).toBe(60 - AREA_W - VIEW_HYSTERESIS); // left only beyond the margin
    // Near the middle of my view every position it was sent is where it was; further out in the
    // view, where it was a tile or two ago.
    seen.forEach((x, i) => {
      if (x === undefined) return;
      if (Math.abs(100 - i - 60) <= NEAR_HALF.width) expect(x).toBe(100 - i);
      else expect(Math.abs(x - (100 - i))).toBeLessThan(COARSE_TILES);
    });
    // And back again: it reappears where it is.
    other.x = 55;
    patch(encoder, interest, [me]);
    expect(me.positions().walker).toEqual([55, 50]);
  });

  it("an avatar far in the view is sent every few tiles it walks, and where it stands once it stops", () => {
    const { state, put, clock, interest } = town();
    put("me", 60, 50);
    const other = put("walker", 60 + AREA_W, 50 - NEAR_HALF.height - 2);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    const changes: number[] = [];
    let last = me.positions().walker[0];
    // Walks west along the top of my view, never near its middle, a tile every 200 ms.
    for (let x = 60 + AREA_W - 1; x >= 60 - AREA_W; x--) {
      other.x = x;
      clock.ms += 200;
      patch(encoder, interest, [me]);
      const seen = me.positions().walker[0]!;
      expect(Math.abs(seen - x)).toBeLessThan(COARSE_TILES);
      if (seen !== last) changes.push(seen);
      last = seen;
    }
    // 28 tiles walked, a change every COARSE_TILES of them (every one of them before).
    expect(changes.length).toBeLessThanOrEqual(Math.ceil((2 * AREA_W) / COARSE_TILES));
    // It stops: a moment later I see it where it stands.
    clock.ms += COARSE_SETTLE_MS;
    patch(encoder, interest, [me]);
    expect(me.positions().walker).toEqual([other.x, other.y]);
    // It walks to the middle of my view: every tile again.
    other.y = 50;
    for (let x = other.x + 1; x <= 60; x++) {
      other.x = x;
      clock.ms += 200;
      patch(encoder, interest, [me]);
      if (Math.abs(x - 60) <= NEAR_HALF.width) expect(me.positions().walker).toEqual([x, 50]);
    }
  });

  it("never drops a client's own avatar, and follows it as it walks", () => {
    const { state, put, interest } = town();
    const mine = put("me", 10, 10);
    put("a", 80, 80);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    interest.camera("me", { follow: "", halfWidth: 1, halfHeight: 1 });
    for (let i = 0; i < 70; i++) {
      mine.x++;
      mine.y++;
      patch(encoder, interest, [me]);
      expect(me.positions().me).toEqual([mine.x, mine.y]);
    }
    expect(me.positions().a).toEqual([80, 80]); // walked up to it
  });

  it("centres the area on the resident the camera follows, and on its own avatar again after", () => {
    const { state, put, resident, interest } = town();
    put("me", 10, 10);
    put("there", 100, 70);
    resident("rosa", 102, 72);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    expect(me.positions().there).toEqual([undefined, undefined]);
    expect(interest.camera("me", { follow: "rosa", halfWidth: 10, halfHeight: 6 })).toBeUndefined();
    patch(encoder, interest, [me]);
    expect(interest.areaOf("me")).toEqual({
      x: 102,
      y: 72,
      halfWidth: 10 + VIEW_MARGIN,
      halfHeight: 6 + VIEW_MARGIN,
    });
    expect(me.positions()).toEqual({ me: [10, 10], there: [100, 70] });
    interest.camera("me", { follow: "", halfWidth: 10, halfHeight: 6 });
    patch(encoder, interest, [me]);
    expect(me.positions().there).toEqual([undefined, undefined]);
  });

  it("keeps the area inside the town where the camera stops at its edge, and caps what a client may ask", () => {
    const { put, interest } = town();
    put("me", 2, 97);
    interest.join(new Listener("me"), "me");
    interest.camera("me", { follow: "", halfWidth: 20, halfHeight: 12 });
    expect(interest.areaOf("me")).toEqual({
      x: 20,
      y: 88,
      halfWidth: 20 + VIEW_MARGIN,
      halfHeight: 12 + VIEW_MARGIN,
    });
    interest.camera("me", { follow: "", halfWidth: 1e6, halfHeight: 1e6 });
    expect(interest.areaOf("me")).toMatchObject({
      halfWidth: MAX_VIEW_HALF.width + VIEW_MARGIN,
      halfHeight: MAX_VIEW_HALF.height + VIEW_MARGIN,
    });
    expect(interest.camera("me", { follow: 3 })).toMatch(/^view: follow/);
    expect(interest.camera("me", { follow: "", halfWidth: -1, halfHeight: 1 })).toMatch(
      /^view: halfWidth/,
    );
  });

  it("tells a client of avatars that join near it and forgets those that leave", () => {
    const { state, put, interest } = town();
    put("me", 60, 50);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    put("new", 61, 50);
    put("newfar", 130, 90);
    patch(encoder, interest, [me]);
    expect(me.positions()).toEqual({ me: [60, 50], new: [61, 50], newfar: [undefined, undefined] });
    state.avatars.delete("new");
    patch(encoder, interest, [me]);
    expect(interest.sentTo("me")).toEqual([]);
    expect(Object.keys(me.positions()).sort()).toEqual(["me", "newfar"]);
    interest.leave("me");
    expect(me.view).toBeUndefined();
  });
});

describe("a crowd coming into view", () => {
  /** 150 avatars standing on the tiles around (100, 70), each on its own. */
  function crowd() {
    const t = town();
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) {
      const id = `c${i}`;
      t.put(id, 100 + (i % 25) - 12, 70 + Math.floor(i / 25) - 3);
      ids.push(id);
    }
    return { ...t, ids };
  }
  const seenOf = (l: Listener, ids: string[]) =>
    ids.filter((id) => l.positions()[id]?.[0] !== undefined);
  const CAP = 32;

  it("a camera that jumps onto a crowd is sent it over a few patches, nearest first, at most 32 a patch", () => {
    const { state, put, interest, ids } = crowd();
    put("me", 10, 10);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    expect(seenOf(me, ids)).toEqual([]);
    interest.camera("me", { follow: "", x: 100, y: 70, halfWidth: 12, halfHeight: 7.5 });
    const arrivals: string[][] = [];
    let seen: string[] = [];
    for (let i = 0; i < 10 && seen.length < ids.length; i++) {
      patch(encoder, interest, [me]);
      const now = seenOf(me, ids);
      arrivals.push(now.filter((id) => !seen.includes(id)));
      seen = now;
    }
    // Every one arrives, where it stands, within 8 patches (0.4 s), none lost on the way.
    expect(seen.length).toBe(150);
    expect(arrivals.length).toBeLessThanOrEqual(8);
    for (const id of ids)
      expect(me.positions()[id]).toEqual([state.avatars.get(id)!.x, state.avatars.get(id)!.y]);
    for (const batch of arrivals) expect(batch.length).toBeLessThanOrEqual(CAP);
    // Those nearest the middle of the view come first.
    const distance = (id: string) => {
      const a = state.avatars.get(id)!;
      return Math.abs(a.x - 100) + Math.abs(a.y - 70);
    };
    expect(Math.max(...arrivals[0].map(distance))).toBeLessThanOrEqual(
      Math.min(...arrivals.at(-1)!.map(distance)),
    );
  });

  it("a newcomer joining in a crowd gets part of it in its first state and the rest in the next patches", () => {
    const { state, put, interest, ids } = crowd();
    put("me", 100, 70);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    expect(seenOf(me, ids).length).toBeLessThanOrEqual(CAP);
    expect(me.positions().me).toEqual([100, 70]);
    for (let i = 0; i < 8; i++) patch(encoder, interest, [me]);
    expect(seenOf(me, ids).length).toBe(150);
    expect(interest.sentTo("me").length).toBe(150);
  });
});

describe("residents in a town of more than RESIDENTS_ALL_SENT", () => {
  /** A town of 60 residents in a row along y = 50, two tiles apart, with me at its west end. */
  function bigTown() {
    const { state, put, resident } = town();
    const residents = Array.from({ length: RESIDENTS_ALL_SENT + 10 }, (_, i) =>
      resident(`r${i}`, 2 * i, 50),
    );
    const mine = put("me", 0, 50);
    const interest = new Interest(state, MAP);
    const encoder = new Encoder(state);
    const me = new Listener("me");
    interest.join(me, "me");
    me.start(encoder);
    return { state, residents, mine, interest, encoder, me, resident };
  }
  const doing = (me: Listener) => {
    const out: Record<string, [number | undefined, string | undefined]> = {};
    for (const [id, a] of me.decoder!.state.agents) out[id] = [a.x, a.action];
    return out;
  };

  it("sends where residents are and what they do only near the client's area, and every name", () => {
    const { residents, interest, me } = bigTown();
    expect(interest.residentsByArea).toBe(true);
    const seen = doing(me);
    for (const r of residents) {
      const inside = Math.abs(r.x - interest.areaOf("me")!.x) <= AREA_W;
      expect(seen[r.id], r.id).toEqual(inside ? [r.x, ""] : [undefined, undefined]);
    }
    expect(me.decoder!.state.agents.size).toBe(residents.length);
    expect(interest.residentsSentTo("me").length).toBeGreaterThan(0);
    expect(interest.residentsSentTo("me").length).toBeLessThan(residents.length / 2);
  });

  it("brings residents in and out as the client walks, and keeps a doing up to date in view", () => {
    const { residents, mine, interest, encoder, me } = bigTown();
    for (let x = 0; x <= 118; x++) {
      mine.x = x;
      patch(encoder, interest, [me]);
    }
    const seen = doing(me);
    const centre = interest.areaOf("me")!.x;
    for (const r of residents) {
      const d = Math.abs(r.x - centre);
      if (d <= AREA_W) expect(seen[r.id][0], r.id).toBe(r.x);
      if (d > AREA_W + VIEW_HYSTERESIS) expect(seen[r.id][0], r.id).toBeUndefined();
    }
    const last = residents.at(-1)!;
    last.action = "reading the paper";
    patch(encoder, interest, [me]);
    expect(doing(me)[last.id]).toEqual([last.x, "reading the paper"]);
    // One far away changes what it does: the client is not told.
    residents[0].action = "cooking";
    patch(encoder, interest, [me]);
    expect(doing(me)[residents[0].id]).toEqual([undefined, undefined]);
  });

  it("a resident who leaves and one who comes in the same patch: the newcomer is seen where it is", () => {
    const { state, residents, interest, encoder, me, resident } = bigTown();
    state.agents.delete(residents[1].id);
    resident("nora", 3, 51);
    patch(encoder, interest, [me]);
    expect(me.decoder!.state.agents.has(residents[1].id)).toBe(false);
    expect(doing(me).nora).toEqual([3, ""]);
    expect(interest.residentsSentTo("me")).toContain("nora");
    expect(interest.residentsSentTo("me")).not.toContain(residents[1].id);
  });
  it("a camera jumping onto a square crowded with residents is sent them over a few patches, every doing right", () => {
    const { state, resident, interest, encoder, me } = bigTown();
    const square = Array.from({ length: 80 }, (_, i) => {
      const r = resident(`s${i}`, 100 + (i % 16) - 8, 80 + Math.floor(i / 16) - 2);
      r.action = `selling ${i}`;
      return r;
    });
    interest.camera("me", { follow: "", x: 100, y: 80, halfWidth: 12, halfHeight: 7.5 });
    const counts: number[] = [];
    for (let i = 0; i < 8; i++) {
      patch(encoder, interest, [me]);
      counts.push(square.filter((r) => doing(me)[r.id]?.[0] !== undefined).length);
    }
    expect(counts[0]).toBeLessThanOrEqual(32);
    expect(counts.at(-1)).toBe(80);
    for (const r of square) expect(doing(me)[r.id]).toEqual([r.x, r.action]);
    expect(state.agents.size).toBe(RESIDENTS_ALL_SENT + 10 + 80);
  });
});

describe("the crowd (the minimap's residents out of view)", () => {
  it("counts every resident in the cell it stands in, and marks cells where one talks", () => {
    const map = { width: 425, height: 425 };
    const residents = [
      { x: 0, y: 0, talking: false },
      { x: 3, y: 4, talking: true },
      { x: 424, y: 424, talking: false },
      ...Array.from({ length: 40 }, () => ({ x: 200, y: 100, talking: false })),
    ];
    const cells = decodeCrowd(encodeCrowd(map, residents));
    expect(cells.reduce((n, c) => n + c.count, 0)).toBe(3 + 31); // a cell counts up to 31
    const at = (x: number, y: number) =>
      cells.find((c) => x >= c.x && x < c.x + c.size && y >= c.y && y < c.y + c.size);
    expect(at(3, 4)).toMatchObject({ count: 2, talking: true });
    expect(at(424, 424)).toMatchObject({ count: 1, talking: false });
    expect(at(200, 100)?.count).toBe(31);
    expect(at(100, 300)).toBeUndefined();
    expect(decodeCrowd("")).toEqual([]);
    expect(decodeCrowd("9;ab")).toEqual([]);
  });
});
