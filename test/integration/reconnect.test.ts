// A person whose connection drops (issue 30): the room holds their avatar, seat and talk for
// RECONNECT_SECONDS, others see the avatar away meanwhile, and the SDK's own reconnection gives
// the same session back. The connection runs through a TCP proxy the test cuts, as a Wi-Fi switch
// would.
import { matchMaker, type Client } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaveAll, startTestServer, waitFor } from "../helpers/server.ts";
import {
  joinAs,
  walkUpTo,
  type Person,
  type TestServer,
  type TownRoomClient,
} from "../helpers/people.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcpProxy.ts";
import { avatarAt } from "../../shared/state.ts";

let server: TestServer;
let proxy: TcpProxy;
const rooms: TownRoomClient[] = [];
let mod: Person;
let resident: string;

/** Joins through the proxy, with the SDK's reconnection allowed at once (its default waits 5 s of uptime). */
async function joinThroughProxy(name: string): Promise<Person> {
  const p = await joinAs({ ...server, url: `http://127.0.0.1:${proxy.port}` }, rooms, name);
  p.room.reconnection.minUptime = 0;
  return p;
}

beforeAll(async () => {
  server = await startTestServer({ MODERATOR_TOKEN: "sesame", RECONNECT_SECONDS: "4" });
  proxy = await startTcpProxy({ host: "127.0.0.1", port: server.port });
  mod = await joinAs(server, rooms, "Mo", "moderator", "sesame");
  // Paused, so the resident stays where the visitor walks to.
  mod.room.send("control", { action: "pause" });
  await waitFor("paused", () => !mod.room.state.clock.running);
  const spawn = server.host.town.map.spawns.get("visitors")!;
  resident = server.host.town
    .agentViews()
    .sort(
      (a, b) => Math.hypot(a.x - spawn.x, a.y - spawn.y) - Math.hypot(b.x - spawn.x, b.y - spawn.y),
    )[0].id;
});
afterAll(async () => {
  await leaveAll(rooms);
  await proxy?.close();
  await server?.cleanup();
});

describe("a dropped connection", () => {
  it("keeps the avatar (away meanwhile), its place and its talk, and gives the same session back", async () => {
    const ann = await joinThroughProxy("Ann");
    const spot = await walkUpTo(server, ann, resident);
    ann.room.send("say", { agentId: resident, text: "Hello, how is your morning going?" });
    await waitFor("the resident answers", () =>
      ann.inbox.agent_said.find((m) => m.agentId === resident && m.to === ann.id),
    );
    const talk = () => server.host.town.chatsWithPeople().find((c) => c.avatarId === ann.id);
    expect(talk()).toBeTruthy();
    let reconnected = 0;
    ann.room.onReconnect(() => reconnected++);

    proxy.cut();
    // The moderator, connected directly, sees Ann's avatar marked away, not gone.
    await waitFor("Ann away", () => mod.room.state.avatars.get(ann.id)?.away === true);
    expect(mod.room.state.avatars.get(ann.id)!.name).toBe("Ann");
    expect(talk()).toBeTruthy();
    // Her name stays hers while she is away.
    await expect(joinAs(server, rooms, "Ann")).rejects.toThrow(/Ann/);
    proxy.restore();

    await waitFor("Ann back", () => reconnected > 0 && !mod.room.state.avatars.get(ann.id)?.away);
    expect(ann.closed).toBeUndefined();
    expect(ann.room.sessionId).toBe(ann.id);
    const me = avatarAt(ann.room.state.avatars.get(ann.id))!;
    expect({ x: me.x, y: me.y }).toEqual({ x: spot.x, y: spot.y });
    expect(talk()).toBeTruthy();
    // The talk's members are sent again, and she can go on talking.
    await waitFor("the talk resent", () => ann.inbox.chat_members.length > 0);
    const before = ann.inbox.agent_said.filter((m) => m.to === ann.id).length;
    ann.room.send("say", { agentId: resident, text: "Sorry, my connection dropped. Still there?" });
    await waitFor(
      "an answer after the drop",
      () => ann.inbox.agent_said.filter((m) => m.to === ann.id).length > before,
    );
  });

  it("gives the same seat, avatar and talk back each time one connection drops three times, even mid-handshake", async () => {
    const cy = await joinThroughProxy("Cy");
    const spot = await walkUpTo(server, cy, resident);
    cy.room.send("say", { agentId: resident, text: "Good morning! Have you been busy today?" });
    await waitFor("the resident answers Cy", () =>
      cy.inbox.agent_said.find((m) => m.agentId === resident && m.to === cy.id),
    );
    const talk = () => server.host.town.chatsWithPeople().find((c) => c.avatarId === cy.id);
    const talkId = talk()!.chat;
    let reconnected = 0;
    cy.room.onReconnect(() => reconnected++);
    // The town's side of the room, to time a cut to the instant it takes the session back.
    const townRoom = matchMaker.getLocalRoomById(cy.room.roomId) as unknown as {
      onReconnect(client: Client): void;
    };
    const takeBack = townRoom.onReconnect.bind(townRoom);

    // 1: a plain drop. 2: dropped again the instant the server has the session back, before the
    // page has heard so (the page still holds the token it reconnected with). 3: dropped again the
    // instant the page has the session back, before the server has its acknowledgement (Colyseus
    // refused to hold such a connection: the avatar was gone, issue 30).
    let secondCuts = 0;
    const cutAgain = () => {
      secondCuts++;
      proxy.cut();
      proxy.restore();
    };
    const drops = [
      { arm: () => undefined, secondCuts: 0, pageBacks: 1 },
      {
        arm: () => {
          townRoom.onReconnect = (client) => {
            takeBack(client);
            // Ann, from the test before, comes back through the same proxy.
            if (client.sessionId !== cy.id) return;
            townRoom.onReconnect = takeBack;
            cutAgain();
          };
        },
        secondCuts: 1,
        // The page never heard of the first reconnection.
        pageBacks: 1,
      },
      { arm: () => cy.room.onReconnect.once(cutAgain), secondCuts: 2, pageBacks: 2 },
    ];
    for (const [i, drop] of drops.entries()) {
      const before = reconnected;
      drop.arm();
      proxy.cut();
      await waitFor(`Cy away (drop ${i + 1})`, () => mod.room.state.avatars.get(cy.id)?.away);
      proxy.restore();
      await waitFor(
        `Cy back (drop ${i + 1})`,
        () =>
          reconnected >= before + drop.pageBacks &&
          mod.room.state.avatars.get(cy.id)?.away === false,
      );
      expect(secondCuts).toBe(drop.secondCuts);
      expect(cy.closed).toBeUndefined();
      expect(cy.room.sessionId).toBe(cy.id);
      const me = cy.room.state.avatars.get(cy.id)!;
      expect({ name: me.name, x: avatarAt(me)?.x, y: avatarAt(me)?.y }).toEqual({
        name: "Cy",
        x: spot.x,
        y: spot.y,
      });
      expect(talk()?.chat).toBe(talkId);
      // The talk goes on: the resident answers what she says after the drop.
      const heard = cy.inbox.agent_said.filter((m) => m.to === cy.id).length;
      cy.room.send("say", { agentId: resident, text: `Sorry, I dropped out again. Still there?` });
      await waitFor(
        `an answer after drop ${i + 1}`,
        () => cy.inbox.agent_said.filter((m) => m.to === cy.id).length > heard,
      );
    }
  });

  it("lets the avatar go when nobody comes back within RECONNECT_SECONDS", async () => {
    const bob = await joinThroughProxy("Bob");
    bob.room.reconnection.enabled = false;
    proxy.cut();
    await waitFor("Bob away", () => mod.room.state.avatars.get(bob.id)?.away === true);
    proxy.restore();
    await waitFor("Bob's avatar gone", () => !mod.room.state.avatars.has(bob.id), 8_000);
    // The name is free again.
    const again = await joinAs(server, rooms, "Bob");
    expect(again.room.state.avatars.get(again.id)?.away).toBe(false);
  });
});
