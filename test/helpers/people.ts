// SDK clients playing people in a test server: joining with a role, collecting what the server
// sends them, and walking up to a resident.
import { Client, type Room } from "@colyseus/sdk";
import { fromWire, WIRE_TYPES, type ServerMessages } from "../../shared/messages.ts";
import { avatarAt, personAt, type TownState } from "../../shared/state.ts";
import type { RunningServer } from "../../server/app.ts";
import { chebyshev } from "../../server/world/talk.ts";
import { waitFor } from "./wait.ts";

/** A server started by startTestServer (helpers/server.ts): its data folder and its clean-up. */
export type TestServer = RunningServer & { dataDir: string; cleanup(): Promise<void> };
export type TownRoomClient = Room<any, TownState>;

/** Everything a client received, by message type. */
export type Inbox = { [K in keyof ServerMessages]: ServerMessages[K][] };

const TYPES: (keyof ServerMessages)[] = [
  "error",
  "welcome",
  "agent_said",
  "avatar_said",
  "interview_answer",
  "whisper_done",
  "object_state_set",
  "chat_ended",
  "chat_members",
];

export interface Person {
  room: TownRoomClient;
  inbox: Inbox;
  id: string;
  /** The close code, once the server closed the connection. */
  closed?: number;
  /** Waits for the next error after `before` errors and returns it. */
  nextError(before: number, ms?: number): Promise<ServerMessages["error"]>;
}

export async function joinAs(
  server: TestServer,
  rooms: TownRoomClient[],
  name: string,
  role: "visitor" | "reporter" | "moderator" = "visitor",
  token?: string,
): Promise<Person> {
  const room = await new Client(server.url).joinOrCreate<TownState>("town", {
    name,
    role,
    ...(token ? { token } : {}),
  });
  rooms.push(room);
  const inbox = Object.fromEntries(TYPES.map((t) => [t, []])) as unknown as Inbox;
  for (const t of TYPES)
    if (Object.hasOwn(WIRE_TYPES, t)) {
      // Sent compactly (shared/messages.ts); kept as the client's link reads them.
      const wire = t as keyof typeof WIRE_TYPES;
      room.onMessage(WIRE_TYPES[wire], (w: unknown) =>
        (inbox[t] as unknown[]).push(fromWire(wire, w, (seat) => personAt(room.state, seat))),
      );
    } else room.onMessage(t, (m: any) => (inbox[t] as any[]).push(m));
  await waitFor(
    `${name}'s state`,
    () => room.state?.agents?.size > 0 && room.state.avatars.get(room.sessionId),
  );
  const person: Person = {
    room,
    inbox,
    id: room.sessionId,
    nextError: (before, ms = 5_000) =>
      waitFor(`an error for ${name}`, () => inbox.error[before], ms),
  };
  room.onLeave((code: number) => (person.closed = code));
  return person;
}

/**
 * Walks a person's avatar to a walkable tile within `range` tiles of a resident (the clock should
 * be paused, so the resident stays put) and waits until it arrives.
 */
export async function walkUpTo(
  server: TestServer,
  p: Person,
  agentId: string,
  range = 2,
): Promise<{ x: number; y: number }> {
  const town = server.host.town;
  const agent = town.agent(agentId)!;
  const tiles: { x: number; y: number; d: number }[] = [];
  for (let dy = -range; dy <= range; dy++) {
    for (let dx = -range; dx <= range; dx++) {
      const x = agent.x + dx;
      const y = agent.y + dy;
      if ((dx || dy) && town.map.isWalkable(x, y))
        tiles.push({ x, y, d: chebyshev(agent, { x, y }) });
    }
  }
  tiles.sort((a, b) => a.d - b.d);
  for (const t of tiles) {
    const before = p.inbox.error.length;
    p.room.send("move", { x: t.x, y: t.y });
    const arrived = await waitFor(
      `${agentId}'s side`,
      () => {
        const me = avatarAt(p.room.state.avatars.get(p.id));
        if (me && me.x === t.x && me.y === t.y) return "here";
        if (p.inbox.error.length > before) return "refused";
        return undefined;
      },
      15_000,
    );
    if (arrived === "here") return t;
  }
  throw new Error(`no reachable tile near ${agentId}`);
}

/** Walks a person to (x, y) and waits until it is there; false when the server refuses the walk. */
export async function walkTo(p: Person, x: number, y: number): Promise<boolean> {
  const before = p.inbox.error.length;
  p.room.send("move", { x, y });
  const r = await waitFor(
    `${p.id} at ${x},${y}`,
    () => {
      const me = avatarAt(p.room.state.avatars.get(p.id));
      if (me && me.x === x && me.y === y) return "here";
      return p.inbox.error.length > before ? "refused" : undefined;
    },
    20_000,
  );
  return r === "here";
}

/** A resident's memories as GET /api/agents/:id shows them (newest first). */
export async function memoriesOf(
  server: TestServer,
  agentId: string,
  limit = 500,
): Promise<{ type: string; description: string; importance: number; created: number }[]> {
  const res = await fetch(`${server.url}/api/agents/${agentId}?limit=${limit}`);
  if (!res.ok) throw new Error(`GET /api/agents/${agentId}: ${res.status}`);
  return (await res.json()).memories;
}
