// How fast people walk: a walk from rest takes its first tile with the order itself, and no way
// of sending orders makes an avatar walk faster than AVATAR_TILES_PER_SECOND on average.
import { describe, expect, it } from "vitest";
import { AVATAR_TILES_PER_SECOND } from "../../shared/constants.ts";
import { ScriptedMind } from "../../server/agents/scriptedMind.ts";
import type { TownEvent } from "../../shared/events.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyPersonas, tinyTownJson } from "../fixtures/tinyTown.ts";

const map = TownMap.fromJson(tinyTownJson(), "tiny");

function makeTown(): Town {
  const town = new Town({
    template: "tiny",
    map,
    personas: tinyPersonas(),
    mind: new ScriptedMind(),
    mode: "lockstep",
    seed: 3,
  });
  // The visitors' spawn is (4,5), on the bottom row of the square (rows 4-5, columns 1-8).
  expect(town.apply({ kind: "joinAvatar", avatarId: "jo", name: "Jo", role: "visitor" }).ok).toBe(
    true,
  );
  return town;
}

const me = (town: Town) => town.avatarViews()[0];
const moves = (events: readonly TownEvent[]) => events.filter((e) => e.kind === "avatarMoved");

describe("avatars walking", () => {
  it("take the first tile of a walk from rest with the order, as an avatarMoved event", () => {
    const town = makeTown();
    const r = town.apply({ kind: "moveAvatar", avatarId: "jo", x: 8, y: 5 });
    expect(r).toEqual({ ok: true, events: [{ kind: "avatarMoved", avatarId: "jo", x: 5, y: 5 }] });
    expect(me(town)).toMatchObject({ x: 5, y: 5 });
    // The next tile comes a whole tile's time later (200 ms at 5 tiles/s), not before.
    expect(moves(town.tickHumans(50))).toEqual([]);
    expect(moves(town.tickHumans(50))).toEqual([]);
    expect(moves(town.tickHumans(50))).toEqual([]);
    expect(moves(town.tickHumans(50))).toEqual([
      { kind: "avatarMoved", avatarId: "jo", x: 6, y: 5 },
    ]);
  });

  it("after arriving, rest a tile's time before a walk starts at once again, and no longer counts", () => {
    const town = makeTown();
    expect(town.apply({ kind: "moveAvatar", avatarId: "jo", x: 5, y: 5 })).toEqual({
      ok: true,
      events: [{ kind: "avatarMoved", avatarId: "jo", x: 5, y: 5 }],
    });
    // Straight away: the credit is spent, so the order waits a tile's time for its tile.
    expect(town.apply({ kind: "moveAvatar", avatarId: "jo", x: 6, y: 5 })).toEqual({
      ok: true,
      events: [],
    });
    for (let i = 0; i < 3; i++) expect(moves(town.tickHumans(50))).toEqual([]);
    expect(moves(town.tickHumans(50))).toEqual([
      { kind: "avatarMoved", avatarId: "jo", x: 6, y: 5 },
    ]);
    // A long rest buys one tile, no more.
    for (let i = 0; i < 100; i++) town.tickHumans(50);
    expect(town.apply({ kind: "moveAvatar", avatarId: "jo", x: 8, y: 5 })).toEqual({
      ok: true,
      events: [{ kind: "avatarMoved", avatarId: "jo", x: 7, y: 5 }],
    });
    for (let i = 0; i < 3; i++) expect(moves(town.tickHumans(50))).toEqual([]);
    expect(moves(town.tickHumans(50))).toEqual([
      { kind: "avatarMoved", avatarId: "jo", x: 8, y: 5 },
    ]);
  });

  it("cannot be made to walk faster than 5 tiles a second by spamming orders", () => {
    const town = makeTown();
    // Every 10 ms an order one tile on from where the avatar is, back and forth along the row,
    // for 3 s: at most the one tile of credit plus 5 tiles a second.
    let tiles = 0;
    let last = { x: me(town).x, y: me(town).y };
    const count = (events: readonly TownEvent[]) => {
      for (const e of moves(events)) {
        if (e.kind !== "avatarMoved") continue;
        tiles += Math.abs(e.x - last.x) + Math.abs(e.y - last.y);
        last = { x: e.x, y: e.y };
      }
    };
    const MS = 3_000;
    for (let t = 0; t < MS; t += 10) {
      const { x, y } = me(town);
      const r = town.apply({ kind: "moveAvatar", avatarId: "jo", x: x < 8 ? x + 1 : 1, y });
      if (r.ok) count(r.events);
      if (t % 50 === 40) count(town.tickHumans(50));
    }
    expect(tiles).toBeLessThanOrEqual(1 + (MS / 1000) * AVATAR_TILES_PER_SECOND);
    // And it did walk, at about walking speed.
    expect(tiles).toBeGreaterThanOrEqual((MS / 1000) * AVATAR_TILES_PER_SECOND - 1);
  });

  it("keep walking speed over a long walk with uneven ticks: tile k+1 at the first tick after k × 200 ms", () => {
    const town = makeTown();
    const first = town.apply({ kind: "moveAvatar", avatarId: "jo", x: 8, y: 1 }); // through Home B's door
    expect(first.ok && moves(first.events)).toHaveLength(1);
    const ticks = [49, 51, 50, 48, 52, 50, 50, 47, 53];
    const at: number[] = [];
    let ms = 0;
    for (let i = 0; !(me(town).x === 8 && me(town).y === 1); i++) {
      expect(i).toBeLessThan(1_000);
      ms += ticks[i % ticks.length];
      for (const _ of moves(town.tickHumans(ticks[i % ticks.length]))) at.push(ms);
    }
    expect(at.length).toBeGreaterThanOrEqual(6);
    at.forEach((t, k) => {
      const due = ((k + 1) * 1000) / AVATAR_TILES_PER_SECOND;
      expect(t).toBeGreaterThanOrEqual(due);
      expect(t).toBeLessThan(due + 53);
    });
  });
});
