// Two SDK clients in the room `town` of a real server: joins, moves, agents walking,
// refusals of bad messages and forbidden roles, leaving.
import { Client, type Room } from "@colyseus/sdk";
import { describe, expect, it } from "vitest";
import type { ServerMessages } from "../../shared/messages.ts";
import { avatarAt, type TownState } from "../../shared/state.ts";
import { startTestServer, useTestServer, waitFor } from "../helpers/server.ts";
import { sleep } from "../helpers/wait.ts";

const t = useTestServer({ MODERATOR_TOKEN: "sesame" });

async function join(
  name: string,
  extra: Record<string, unknown> = {},
): Promise<Room<any, TownState>> {
  const room = await new Client(t.server.url).joinOrCreate<TownState>("town", { name, ...extra });
  t.rooms.push(room);
  await waitFor(`${name}'s state`, () => room.state?.agents?.size > 0);
  return room;
}

function errors(room: Room<any, TownState>): ServerMessages["error"][] {
  const seen: ServerMessages["error"][] = [];
  room.onMessage("error", (e: ServerMessages["error"]) => seen.push(e));
  return seen;
}

describe("room town", () => {
  it("two visitors join; one walks and the other sees it; both see residents walk", async () => {
    const ann = await join("Ann");
    const bob = await join("Bob");
    expect(ann.roomId).toBe(bob.roomId);
    await waitFor("Bob sees Ann", () => bob.state.avatars.get(ann.sessionId));
    const start = bob.state.avatars.get(ann.sessionId)!;
    expect(start.name).toBe("Ann");
    expect(bob.state.template).toBe("base-3");
    // Walk two tiles to a walkable tile near the spawn, found through the API's own map data.
    const target = await nearbyWalkable(start.x, start.y);
    ann.send("move", target);
    await waitFor("Bob sees Ann arrive", () => {
      const a = avatarAt(bob.state.avatars.get(ann.sessionId));
      return a && a.x === target.x && a.y === target.y;
    });
    // Residents walk: some resident's tile changes while we watch.
    const before = new Map([...bob.state.agents.entries()].map(([id, a]) => [id, `${a.x},${a.y}`]));
    expect(before.size).toBeGreaterThanOrEqual(3);
    await waitFor(
      "a resident to move",
      () => [...bob.state.agents.entries()].some(([id, a]) => before.get(id) !== `${a.x},${a.y}`),
      20_000,
    );
    expect(bob.state.clock.step).toBeGreaterThan(0);
  });

  it("answers a malformed or unknown message with an error and changes nothing", async () => {
    const cara = await join("Cara");
    const seen = errors(cara);
    const me = () => avatarAt(cara.state.avatars.get(cara.sessionId))!;
    await waitFor("own avatar", () => cara.state.avatars.get(cara.sessionId));
    const { x, y } = me();
    cara.send("move", { x: "far", y: 2 } as any);
    cara.send("move", { x: 99999, y: 2 });
    (cara as any).send("teleport", { x: 1, y: 1 });
    cara.send("move", { x: 0, y: 0 }); // a wall in the corner of every town
    await waitFor("four errors", () => seen.length >= 4);
    expect(seen.map((e) => e.code)).toEqual([
      "bad_message",
      "bad_message",
      "unknown_message",
      "unreachable",
    ]);
    expect(seen[0].message).toMatch(/^move: x/);
    expect(me()).toMatchObject({ x, y });
    // Still connected and served.
    const target = await nearbyWalkable(x, y);
    cara.send("move", target);
    await waitFor("Cara moves after the errors", () => me().x === target.x && me().y === target.y);
  });

  it("refuses roles that may not do a thing", async () => {
    await expect(join("Mallory", { role: "moderator" })).rejects.toThrow(/wrong moderator token/);
    await expect(join("")).rejects.toThrow(/name/);
    const dave = await join("Dave");
    const seen = errors(dave);
    dave.send("control", { action: "pause" });
    await waitFor("forbidden", () => seen.length > 0);
    expect(seen[0]).toMatchObject({ code: "forbidden" });
    expect(dave.state.clock.running).toBe(true);
    const mod = await join("Mo", { role: "moderator", token: "sesame" });
    mod.send("control", { action: "pause" });
    await waitFor("everyone sees the pause", () => dave.state.clock.running === false);
    const paused = dave.state.clock.step;
    // Time on purpose: a paused clock must not step for a while (four steps' worth here).
    await sleep(400);
    expect(dave.state.clock.step).toBe(paused);
    mod.send("control", { action: "resume" });
    await waitFor("the clock runs again", () => dave.state.clock.step > paused);
  });

  it("removes an avatar when its client leaves", async () => {
    const eve = await join("Eve");
    const fay = await join("Fay");
    await waitFor("Fay sees Eve", () => fay.state.avatars.get(eve.sessionId));
    await eve.leave();
    await waitFor("Eve gone", () => !fay.state.avatars.get(eve.sessionId));
  });

  it('reports health and the residents over HTTP (docs/ARCHITECTURE.md, "Protocol")', async () => {
    const health = await (await fetch(`${t.server.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, llm: "offline", db: "embedded", presence: "local" });
    expect(health.step).toBeGreaterThan(0);
    const agents = await (await fetch(`${t.server.url}/api/agents`)).json();
    expect(agents.length).toBeGreaterThanOrEqual(3);
    expect((await fetch(`${t.server.url}/api/agents/nobody`)).status).toBe(404);
  });
});

/** A walkable tile two steps from (x, y), read from the server's own map. */
async function nearbyWalkable(x: number, y: number): Promise<{ x: number; y: number }> {
  const map = t.server.host.town.map;
  for (const [dx, dy] of [
    [2, 0],
    [-2, 0],
    [0, 2],
    [0, -2],
    [1, 1],
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 0],
    [0, 1],
  ]) {
    if (map.isWalkable(x + dx, y + dy)) return { x: x + dx, y: y + dy };
  }
  throw new Error("no walkable tile near the spawn");
}

describe("shutdown", () => {
  it("tells people it is restarting (and when to try again) before their connection closes", async () => {
    const own = await startTestServer();
    const room = await new Client(own.url).joinOrCreate<TownState>("town", { name: "Zed" });
    const closing: ServerMessages["server_closing"][] = [];
    room.onMessage("server_closing", (m: ServerMessages["server_closing"]) => closing.push(m));
    const left = new Promise<number>((resolve) => room.onLeave((code: number) => resolve(code)));
    await waitFor("some steps", () => own.host.town.step >= 2);
    await own.cleanup();
    expect(await left).toBe(4001);
    expect(closing).toEqual([
      { reason: expect.stringMatching(/restarting.*saved/), restarting: true, retryMs: 2_000 },
    ]);
  });
});
