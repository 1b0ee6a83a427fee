// Object states a person sets (issue 5, 13): a moderator sets an object's state in front of a
// resident, on a real server with the offline engine; several states in different words. The
// resident remembers what it saw, and its action and its day's plan change to deal with it (at
// its own place) or to tell others (elsewhere), whatever the state is: one general rule.
import { describe, expect, it } from "vitest";
import { chebyshev } from "../../server/world/talk.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";
import { memoriesOf } from "../helpers/people.ts";

const t = useTestServer({ MODERATOR_TOKEN: "sesame" });

/** A resident standing in an arena with an object close by (kitchens' stoves first). */
function residentAndObject(skip: ReadonlySet<string>): { agentId: string; address: string } {
  const town = t.server.host.town;
  const objects = town.map.addresses().filter((a) => a.split(":").length === 4);
  const preference = (a: string) =>
    /stove|oven|fireplace/.test(a) ? 0 : /table|counter|desk|sofa|bed/.test(a) ? 1 : 2;
  for (const agent of town.agentViews()) {
    if (agent.talkingTo || skip.has(agent.id)) continue;
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

describe("object states", () => {
  it("residents who see an object change state remember it and change their plans, for any state", async () => {
    const mod = await t.join("Mo", "moderator", "sesame");
    const witness = await t.join("Wit");
    await waitFor("residents busy", () => mod.room.state.clock.step >= 5);
    const used = new Set<string>();
    for (const state of ["flooded", "on fire", "leaking oil"]) {
      await t.pause(mod);
      const { agentId, address } = residentAndObject(used);
      used.add(agentId);
      const object = address.split(":").at(-1)!;
      const before = t.server.host.town.agent(agentId)!.action;
      const memoriesBefore = await memoriesOf(t.server, agentId);
      expect(memoriesBefore.some((m) => m.description.includes(state))).toBe(false);

      mod.room.send("set_object_state", { address, state });
      await waitFor(
        "everyone sees the new state",
        () => witness.room.state.objects.get(address)?.state === state,
      );
      expect(witness.inbox.object_state_set.at(-1)).toEqual({ address, state, by: "Mo" });
      mod.room.send("control", { action: "resume" });

      // It remembers what it saw, as something that matters...
      const memory = await waitFor(
        `a memory of the ${object} ${state}`,
        async () =>
          (await memoriesOf(t.server, agentId)).find(
            (m) =>
              m.type === "thought" &&
              m.description.includes(state) &&
              m.description.includes(object),
          ),
        30_000,
      );
      expect(memory.importance).toBeGreaterThanOrEqual(6);
      // ...and does something about that object instead of what it was doing.
      const action = await waitFor(
        "a reaction",
        () => {
          const a = mod.room.state.agents.get(agentId)!.action;
          return a !== before && a.includes(object) ? a : undefined;
        },
        10_000,
      );
      expect(action).toContain(state);
      // The day's plan was revised around the reaction.
      const inspected = await (await fetch(`${t.server.url}/api/agents/${agentId}`)).json();
      expect(inspected.plan.schedule.some((b: { task: string }) => b.task === action)).toBe(true);
    }
  });
});
