// Residents through interest management, with SDK clients on a real server (shared/interest.ts):
// a client is sent where residents are and what they do only near what its camera shows; the
// others are in its list by name, without a position, and in the coarse `crowd` for the minimap.
// Moving the camera (following a resident, or looking at a tile) brings the residents there in.
// A town larger than RESIDENTS_ALL_SENT is generated for it (npm run make-town); a smaller one
// sends every resident to everyone.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTownFolder } from "../../server/cli/makeTown.ts";
import { removeFolder } from "../helpers/childProcess.ts";
import {
  decodeCrowd,
  RESIDENTS_ALL_SENT,
  VIEW_HYSTERESIS,
  VIEW_MARGIN,
  VIEW_MESSAGE,
} from "../../shared/interest.ts";
import { objectStates } from "../../shared/objectStates.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";
import type { Person } from "../helpers/people.ts";
import { avatarAt } from "../../shared/state.ts";

const RESIDENTS = RESIDENTS_ALL_SENT + 10;
let dataDir = "";
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-interest-"));
  await makeTownFolder({
    residents: RESIDENTS,
    seed: 7,
    outDir: path.join(dataDir, "towns", "big"),
  });
}, 60_000);
afterAll(() => removeFolder(dataDir));
const t = useTestServer(
  () => ({ TOWN: "big", DATA_DIR: dataDir, MODERATOR_TOKEN: "sesame" }),
  180_000,
);

const send = (p: Person, type: string, payload: unknown) =>
  (p.room as unknown as { send(t: string, m: unknown): void }).send(type, payload);

/** What a client has of a resident: its position and doing, or undefined ones out of view. */
const seen = (p: Person, id: string) => {
  const a = p.room.state.agents.get(id);
  return a ? { x: a.x, y: a.y, action: a.action, name: a.name } : undefined;
};

describe("what each client is sent of the residents", () => {
  it("sees residents near its camera and not far ones, and moving the camera brings them in", async () => {
    const mod = await t.join("Mo", "moderator", "sesame");
    await t.pause(mod); // residents stay put
    const ann = await t.join("Ann");
    // Ann's camera shows one tile each way around her avatar at the spawn.
    send(ann, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1 });
    const town = t.server.host.town;
    const spawn = town.map.spawns.get("visitors")!;
    const reach = 1 + VIEW_MARGIN; // her area's half size
    const residents = town.agentViews();
    expect(residents.length).toBe(RESIDENTS);
    const cheb = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
    const far = residents.filter((r) => cheb(r, spawn) > reach + VIEW_HYSTERESIS + 10);
    expect(far.length, "residents far from the spawn").toBeGreaterThan(5);

    // Far residents drop out: named, without a position or a doing.
    await waitFor("far residents out of Ann's view", () =>
      far.every((r) => seen(ann, r.id)?.x === undefined),
    );
    for (const r of far) {
      expect(seen(ann, r.id)).toMatchObject({ name: r.name, x: undefined, action: undefined });
    }
    // Those within her area are there where they are.
    for (const r of residents.filter((r) => cheb(r, spawn) <= reach))
      expect(seen(ann, r.id)).toMatchObject({ x: r.x, y: r.y, action: r.action });
    // The minimap's crowd counts every resident, far or near.
    const crowd = decodeCrowd(ann.room.state.crowd);
    expect(crowd.reduce((n, c) => n + c.count, 0)).toBe(RESIDENTS);
    const target = far[0];
    expect(
      crowd.some(
        (c) =>
          target.x >= c.x && target.x < c.x + c.size && target.y >= c.y && target.y < c.y + c.size,
      ),
      "the crowd has a cell where a far resident is",
    ).toBe(true);

    // She looks at a far resident's tile (her camera follows nobody): it comes in, where it is.
    send(ann, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1, x: target.x, y: target.y });
    await waitFor(
      `${target.name} comes into Ann's view`,
      () => seen(ann, target.id)?.x === target.x,
    );
    expect(seen(ann, target.id)).toMatchObject({ x: target.x, y: target.y, action: target.action });
    // Residents near her avatar, and far from where she looks, are gone.
    const home = residents.filter(
      (r) => cheb(r, spawn) <= reach && cheb(r, target) > reach + VIEW_HYSTERESIS,
    );
    await waitFor("residents by the spawn leave her view", () =>
      home.every((r) => seen(ann, r.id)?.x === undefined),
    );

    // Following another far resident brings that one in, wherever the camera was.
    const other = far.find((r) => cheb(r, target) > 2 * (reach + VIEW_HYSTERESIS))!;
    expect(seen(ann, other.id)?.x).toBeUndefined();
    send(ann, VIEW_MESSAGE, { follow: other.id, halfWidth: 1, halfHeight: 1 });
    await waitFor(`${other.name} comes in when followed`, () => seen(ann, other.id)?.x === other.x);
    await waitFor(`${target.name} leaves`, () => seen(ann, target.id)?.x === undefined);

    // Her own avatar stays in her view wherever the camera is.
    expect(typeof avatarAt(ann.room.state.avatars.get(ann.id))?.x).toBe("number");
  }, 90_000);
});

describe("what each client is sent of the objects", () => {
  it("sends objects residents use only near its camera, and a person's fire wherever it is", async () => {
    const mod = await t.join("Moe", "moderator", "sesame");
    const bea = await t.join("Bea");
    // Bea's camera shows one tile each way around her avatar at the spawn.
    send(bea, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1 });
    const town = t.server.host.town;
    const spawn = town.map.spawns.get("visitors")!;
    const reach = 1 + VIEW_MARGIN;
    const middle = (address: string) => {
      const tiles = town.map.tilesOf(address);
      const x = Math.round(tiles.reduce((n, t) => n + t.x, 0) / tiles.length);
      const y = Math.round(tiles.reduce((n, t) => n + t.y, 0) / tiles.length);
      return { x, y };
    };
    const farFrom = (at: { x: number; y: number }, address: string) => {
      const m = middle(address);
      return Math.max(Math.abs(m.x - at.x), Math.abs(m.y - at.y)) > reach + VIEW_HYSTERESIS + 10;
    };
    const residentNames = new Set(town.agentViews().map((r) => r.name));
    const inUseFar = () =>
      town
        .objectStates()
        .filter((o) => residentNames.has(o.by) && farFrom(spawn, o.address))
        .map((o) => o.address);
    // The residents go about their day until they use objects away from the spawn; then the
    // clock stops, so what is in use stays.
    mod.room.send("control", { action: "resume" });
    await waitFor(
      "residents using objects far from the spawn",
      () => inUseFar().length >= 2,
      60_000,
    );
    await t.pause(mod);
    const far = inUseFar();
    expect(far.length).toBeGreaterThanOrEqual(2);
    const has = (p: Person, address: string) =>
      objectStates(p.room.state).find((o) => o.address === address);

    // The moderator's fire far away reaches Bea (and the town's announcement with it): sent to
    // everyone, wherever it is, so "Follow the action" finds it.
    const fire = town.map
      .addresses()
      .find(
        (a) =>
          a.split(":").length === 4 &&
          farFrom(spawn, a) &&
          !town.objectStates().some((o) => o.address === a),
      )!;
    mod.room.send("set_object_state", { address: fire, state: "on fire" });
    await waitFor("the fire in Bea's state", () => has(bea, fire)?.state === "on fire");
    expect(has(bea, fire)).toMatchObject({ state: "on fire", by: "Moe" });
    expect(bea.inbox.object_state_set).toContainEqual({
      address: fire,
      state: "on fire",
      by: "Moe",
    });
    // Objects residents use far from her camera are not sent to her.
    for (const address of far) expect(has(bea, address), address).toBeUndefined();

    // She looks at one of them: it comes in, with its state and who uses it.
    const target = far[0];
    const at = middle(target);
    send(bea, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1, x: at.x, y: at.y });
    const expected = town.objectStates().find((o) => o.address === target)!;
    await waitFor(`${target} comes into Bea's view`, () => has(bea, target));
    expect(has(bea, target)).toMatchObject({ state: expected.state, by: expected.by });
    // Those far from where she looks now are still not sent; the fire still is.
    for (const address of far.filter((a) => farFrom(at, a)))
      expect(has(bea, address), address).toBeUndefined();
    expect(has(bea, fire)?.state).toBe("on fire");
    // She looks back at the spawn: the one she saw leaves her state.
    send(bea, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1, x: spawn.x, y: spawn.y });
    await waitFor(`${target} leaves Bea's view`, () => !has(bea, target));
    mod.room.send("set_object_state", { address: fire, state: "idle" });
    await waitFor("the fire is out", () => !has(bea, fire));
  }, 120_000);
});

describe("a small town", () => {
  it("sends every resident to everyone, near or far", async () => {
    const { startTestServer } = await import("../helpers/server.ts");
    const small = await startTestServer({ TOWN: "base-25" });
    try {
      const { joinAs } = await import("../helpers/people.ts");
      const rooms: Person["room"][] = [];
      const bo = await joinAs(small, rooms, "Bo");
      send(bo, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1 });
      const all = small.host.town.agentViews();
      await waitFor("every resident placed", () =>
        all.every((r) => typeof seen(bo, r.id)?.x === "number"),
      );
      expect(bo.room.state.crowd).toBe("");
      await bo.room.leave();
    } finally {
      await small.cleanup();
    }
  }, 120_000);
});
