// Interest management through SDK clients on a real server (shared/interest.ts): each client is
// sent its own avatar's position always, and others' only near what its camera shows. One client
// reports a tiny camera (`view`), so a short walk takes another person out of its view and back.
import { describe, expect, it } from "vitest";
import { VIEW_HYSTERESIS, VIEW_MARGIN, VIEW_MESSAGE } from "../../shared/interest.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";
import { walkTo, walkUpTo, type Person } from "../helpers/people.ts";
import { avatarAt, talkingToOf } from "../../shared/state.ts";

const t = useTestServer({ MODERATOR_TOKEN: "sesame" });

/** Where `of` is as `watcher` is sent it; null out of its view. */
const pos = (watcher: Person, of: Person) => {
  const a = avatarAt(watcher.room.state.avatars.get(of.id));
  return a ? [a.x, a.y] : null;
};
const send = (p: Person, type: string, payload: unknown) =>
  (p.room as unknown as { send(t: string, m: unknown): void }).send(type, payload);

describe("what each client is sent of others' avatars", () => {
  it("sees avatars near it and not a far one, sees it appear as it walks near, and always its own", async () => {
    const ann = await t.join("Ann");
    const bob = await t.join("Bob");
    const cal = await t.join("Cal");
    // Everybody starts at the visitors' spawn: all near each other.
    for (const watcher of [ann, bob, cal]) {
      for (const other of [ann, bob, cal])
        await waitFor(`${watcher.id} sees ${other.id}`, () =>
          pos(watcher, other)?.every((v) => typeof v === "number"),
        );
    }

    // Ann's camera shows one tile around her: her area is VIEW_MARGIN + 1 tiles each way.
    send(ann, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1 });
    const keep = 1 + VIEW_MARGIN + VIEW_HYSTERESIS;
    const town = t.server.host.town;
    const spawn = town.map.spawns.get("visitors")!;
    // Cal walks off to a tile out of Ann's area but well inside Bob's default one.
    const far = [];
    for (let y = 0; y < town.map.height; y++) {
      for (let x = 0; x < town.map.width; x++) {
        const d = Math.max(Math.abs(x - spawn.x), Math.abs(y - spawn.y));
        if (d > keep + 1 && d <= keep + 4 && town.map.isWalkable(x, y))
          far.push({ x, y, d: Math.abs(x - spawn.x) + Math.abs(y - spawn.y) });
      }
    }
    far.sort((a, b) => a.d - b.d);
    let there: { x: number; y: number } | undefined;
    for (const t of far)
      if (await walkTo(cal, t.x, t.y)) {
        there = t;
        break;
      }
    expect(there, "a reachable tile out of Ann's view").toBeDefined();

    await waitFor("Cal drops out of Ann's view", () => pos(ann, cal) === null);
    expect(ann.room.state.avatars.get(cal.id)!.name).toBe("Cal"); // still in the town, for the list of people
    // Bob's camera is larger: he sees Cal where he stopped (a moment after, when he is not near
    // the middle of Bob's view: NEAR_HALF).
    await waitFor(
      "Bob sees Cal where he stopped",
      () => pos(bob, cal)?.join() === `${there!.x},${there!.y}`,
    );
    expect(pos(cal, cal)).toEqual([there!.x, there!.y]); // and Cal always sees himself
    const annAt = pos(ann, ann)!;
    expect(annAt).toEqual([spawn.x, spawn.y]);

    // Back next to Ann: she sees him appear where he is.
    expect(
      (await walkTo(cal, spawn.x, spawn.y)) ||
        (await walkTo(cal, spawn.x + 1, spawn.y)) ||
        (await walkTo(cal, spawn.x, spawn.y + 1)),
    ).toBe(true);
    const calAt = pos(cal, cal)!;
    await waitFor("Cal back in Ann's view", () => pos(ann, cal)?.join() === calAt.join());

    // A malformed camera report is refused like any bad message.
    const n = ann.inbox.error.length;
    send(ann, VIEW_MESSAGE, { follow: "", halfWidth: "wide", halfHeight: 1 });
    expect(await ann.nextError(n)).toMatchObject({ code: "bad_message", type: VIEW_MESSAGE });
  });

  it("a client that follows a resident is sent the avatars near that resident", async () => {
    const dee = await t.join("Dee");
    send(dee, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1 });
    const eve = await t.join("Eve");
    await waitFor("Dee sees Eve at the spawn", () => typeof pos(dee, eve)?.[0] === "number");
    // Dee's camera follows the resident furthest from the spawn: Eve, at the spawn, drops out.
    const spawn = t.server.host.town.map.spawns.get("visitors")!;
    const far = t.server.host.town
      .agentViews()
      .sort(
        (a, b) =>
          Math.hypot(b.x - spawn.x, b.y - spawn.y) - Math.hypot(a.x - spawn.x, a.y - spawn.y),
      )[0];
    send(dee, VIEW_MESSAGE, { follow: far.id, halfWidth: 1, halfHeight: 1 });
    await waitFor("Eve out of Dee's view", () => pos(dee, eve) === null);
    expect(typeof pos(dee, dee)?.[0]).toBe("number");
    // Back to her own avatar: Eve is there again.
    send(dee, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1 });
    await waitFor("Eve back in Dee's view", () => typeof pos(dee, eve)?.[0] === "number");
  });

  it("what is said reaches those who see the speaker or the one spoken to, not a client far away", async () => {
    // Residents stay put while people walk up to one.
    const mod = await t.join("Mo", "moderator", "sesame");
    await t.pause(mod);
    const spawn = t.server.host.town.map.spawns.get("visitors")!;
    const resident = t.server.host.town
      .agentViews()
      .sort(
        (a, b) =>
          Math.hypot(a.x - spawn.x, a.y - spawn.y) - Math.hypot(b.x - spawn.x, b.y - spawn.y),
      )[0];
    const far = await t.join("Faye");
    send(far, VIEW_MESSAGE, { follow: "", halfWidth: 1, halfHeight: 1 });
    const gus = await t.join("Gus");
    const hal = await t.join("Hal");
    await Promise.all([
      walkUpTo(t.server, gus, resident.id),
      walkUpTo(t.server, hal, resident.id, 3),
    ]);
    expect(
      Math.max(Math.abs(resident.x - spawn.x), Math.abs(resident.y - spawn.y)),
      "the resident is out of Faye's view",
    ).toBeGreaterThan(1 + VIEW_MARGIN + VIEW_HYSTERESIS);
    gus.room.send("say", { agentId: resident.id, text: "Hello! Lovely day, isn't it?" });
    await waitFor("Gus's own words come back", () =>
      gus.inbox.avatar_said.find((m) => m.avatarId === gus.id),
    );
    await waitFor("Hal, next to him, sees them", () =>
      hal.inbox.avatar_said.find((m) => m.avatarId === gus.id),
    );
    await waitFor("the answer to Gus", () =>
      gus.inbox.agent_said.find((m) => m.agentId === resident.id && m.to === gus.id),
    );
    await waitFor("Hal sees the answer", () =>
      hal.inbox.agent_said.find((m) => m.agentId === resident.id && m.to === gus.id),
    );
    gus.room.send("say", { agentId: resident.id, text: "Goodbye!" });
    await waitFor("the talk ends for Gus", () =>
      gus.inbox.chat_ended.find((m) => m.avatarId === gus.id),
    );
    // Hal sees it end in the state (the resident turns from Gus); the message is Gus's alone.
    await waitFor("Hal sees the resident turn from Gus", () => {
      const r = hal.room.state.agents.get(resident.id);
      return r !== undefined && talkingToOf(hal.room.state, r) !== gus.id;
    });
    expect(hal.inbox.chat_ended.filter((m) => m.avatarId === gus.id)).toEqual([]);
    // Faye, far away with a small camera, was sent none of it.
    expect(far.inbox.avatar_said.filter((m) => m.avatarId === gus.id)).toEqual([]);
    expect(far.inbox.agent_said.filter((m) => m.to === gus.id)).toEqual([]);
    expect(far.inbox.chat_ended.filter((m) => m.avatarId === gus.id)).toEqual([]);
    mod.room.send("control", { action: "resume" });
  });
});
