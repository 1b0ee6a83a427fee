// The fire scenario (issue 5): a moderator sets an object on fire in front of a resident, on a
// real server with the offline engine. The resident remembers it, and its action and its day's
// plan change: it tries to put the fire out at its own place, or gets away and warns the others.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chebyshev } from "../../server/world/talk.ts";
import { leaveAll, startTestServer, waitFor, waitUntil } from "../helpers/server.ts";
import { joinAs, memoriesOf, type TestServer, type TownRoomClient } from "../helpers/people.ts";

let server: TestServer;
const rooms: TownRoomClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ MODERATOR_TOKEN: "sesame" });
});
afterAll(async () => {
  await leaveAll(rooms);
  await server?.cleanup();
});

/** A resident standing in an arena with an object close by (kitchens' stoves first). */
function residentAndObject(): { agentId: string; address: string } {
  const town = server.host.town;
  const objects = town.map.addresses().filter((a) => a.split(":").length === 4);
  const preference = (a: string) => (/stove|oven|fireplace/.test(a) ? 0 : /table|counter|desk|sofa|bed/.test(a) ? 1 : 2);
  for (const agent of town.agentViews()) {
    if (agent.talkingTo) continue;
    const arena = town.map.arenaAt(agent.x, agent.y);
    if (!arena) continue;
    const near = objects
      .filter((a) => a.startsWith(`${arena}:`))
      .filter((a) => town.map.tilesOf(a).some((t) => chebyshev(t, agent) <= 5))
      .sort((a, b) => preference(a) - preference(b));
    if (near.length) return { agentId: agent.id, address: near[0] };
  }
  throw new Error("no resident stands near an object");
}

describe("fire", () => {
  it("a resident who sees an object catch fire remembers it and changes its plan", async () => {
    const mod = await joinAs(server, rooms, "Mo", "moderator", "sesame");
    const witness = await joinAs(server, rooms, "Wit");
    await waitFor("residents busy", () => mod.room.state.clock.step >= 5);
    mod.room.send("control", { action: "pause" });
    await waitFor("paused", () => !mod.room.state.clock.running);
    await new Promise((r) => setTimeout(r, 300)); // a step in flight settles
    const { agentId, address } = residentAndObject();
    const object = address.split(":").at(-1)!;
    const before = server.host.town.agent(agentId)!.action;
    const memoriesBefore = await memoriesOf(server, agentId);
    expect(memoriesBefore.some((m) => /on fire/i.test(m.description))).toBe(false);

    mod.room.send("set_object_state", { address, state: "on fire" });
    await waitFor("everyone sees the fire", () => witness.room.state.objects.get(address)?.state === "on fire");
    expect(witness.inbox.object_state_set.at(-1)).toEqual({ address, state: "on fire", by: "Mo" });
    mod.room.send("control", { action: "resume" });

    // It remembers what it saw...
    const memory = await waitUntil("a memory of the fire", async () => (await memoriesOf(server, agentId)).find((m) => /on fire/i.test(m.description) && m.description.includes(object)));
    expect(memory.importance).toBeGreaterThanOrEqual(8);
    // ...and does something about it instead of what it was doing.
    const action = await waitFor("a reaction", () => {
      const a = mod.room.state.agents.get(agentId)!.action;
      return a !== before && /the fire/i.test(a) ? a : undefined;
    }, 10_000);
    expect(action).toMatch(/put out the fire|away from the fire/);
    // The day's plan was revised around the reaction.
    const inspected = await (await fetch(`${server.url}/api/agents/${agentId}`)).json();
    expect(inspected.plan.schedule.some((b: { task: string }) => /the fire/.test(b.task))).toBe(true);
    // It wants to tell the others, or saw itself fighting it: a thought others will hear about.
    const thoughts = (await memoriesOf(server, agentId)).filter((m) => m.type === "thought" && /on fire/.test(m.description));
    expect(thoughts.length).toBeGreaterThanOrEqual(1);
  });
});
