// What a client is sent, in bytes, for other people's avatars and for the residents: measured at
// the schema encoder (no sockets, no server), with the room's own state (shared/state.ts), its
// mirror of the town's events (server/rooms/mirror.ts) and its interest management
// (server/rooms/interest.ts), patch by patch as the room encodes them (the shared patch, then each
// client's view). Figures are the bytes a change adds to a patch; the patch's one-byte code, paid
// once per patch whatever it holds, is left out.
//
//   npx tsx bench/view-bytes.ts [--steps 2000] [--seed 1] [--people 50]
//   npx tsx bench/view-bytes.ts --walkers 500 [--seconds 60]   (part 4 alone)
//   npx tsx bench/view-bytes.ts --talkers 100 [--seconds 30]   (part 5 alone)
//
// Part 1, avatars: one client in base-25 and 50 other people (--people); what it is sent when one of them
// joins (near it or not), walks into its view, walks a tile in it, walks out of it, leaves.
// Part 2, residents: a base-25 day run offline (lockstep), its events mirrored step by step; the
// bytes a client standing somewhere in town is sent for the residents (moves and facings, and
// their doings: action, emoji, address, talk), per change and per step.
// Part 4, a crowd walking (--walkers N): N people go about the town's places as the load test's
// bots do (bench/loadtest/bot.ts: a place picked by its size, a few strolls in it with pauses, then
// another), at AVATAR_TILES_PER_SECOND, in simulated time with a patch every 50 ms; the bytes a
// second each is sent for the others' avatars (no residents, no speech), mean and max.
// Part 5, people talking with residents (--talkers N): N people in the town itself (base-25,
// offline, a step a simulated second, a patch every 50 ms), each walking up to a resident picked
// at random, saying hello and waiting 4-12 s before the next; several at one resident make a
// group talk. What a client is sent a second, by the kind of event that caused it: the patches
// (the shared one and each client's view) and the speech messages (each message's frame as the
// room sends it, to each client it sends it to: interest.audience, or the person alone for the
// end of a talk; `--named`: lines as named messages, as before session 26).
import { Encoder, type StateView } from "@colyseus/schema";
import { getMessageBytes, Protocol } from "@colyseus/core";
import { toWire, WIRE_TYPES, type ServerMessages } from "../shared/messages.ts";
import os from "node:os";
import { loadTemplate } from "../server/content/template.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import { Interest, type ViewClient } from "../server/rooms/interest.ts";
import { agentState, mirror } from "../server/rooms/mirror.ts";
import { buildTown } from "../server/townFactory.ts";
import type { TownEvent } from "../shared/events.ts";
import { TownState } from "../shared/state.ts";
import { TALK_EMOJI, talkingWith } from "../shared/view.ts";
import { AVATAR_TILES_PER_SECOND } from "../shared/constants.ts";
import { Random } from "../server/world/random.ts";
import { placesFrom } from "./loadtest/bot.ts";
import { machine } from "./stats.ts";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const steps = Number(opt("--steps", "2000"));
const seed = Number(opt("--seed", "1"));
const crowd = Number(opt("--people", "50"));
const walkers = Number(opt("--walkers", "0"));
const talkers = Number(opt("--talkers", "0"));
const walkSeconds = Number(opt("--seconds", talkers > 0 ? "30" : "60"));
/** Part 5: lines sent as named messages with object payloads, as before session 26. */
const named = args.includes("--named");
/** A message's frame as the room sends it (its websocket header aside). */
const frameOf = (type: string | number, message: unknown) =>
  getMessageBytes.raw(Protocol.ROOM_DATA, type, message).length;

const template = await loadTemplate("base-25");
const { town } = buildTown(template, { gateway: new OfflineGateway(), mode: "lockstep", seed });
const map = town.map;

/** A room's state of the town as it is now, named `name` (one encoder a state). */
function townState(name: string): TownState {
  const state = new TownState();
  Object.assign(state, {
    template: "base-25",
    name,
    engine: "offline",
    engineStatus: "offline",
    crowd: "",
  });
  Object.assign(state.clock, { step: town.step, time: town.time, running: true, speed: 1 });
  for (const a of town.agentViews()) state.agents.set(a.id, agentState(a));
  return state;
}

const state = townState("bytes");
const interest = new Interest<ViewClient>(state, map);
const encoder = new Encoder(state);

const clients = new Map<string, ViewClient>();
/** The room's mirror, then one patch: each client's bytes beyond the patch's code. */
function patch(events: TownEvent[] = []): Map<string, number> {
  mirror(state, events);
  interest.update();
  const it = { offset: 1 };
  encoder.encode(it);
  const shared = it.offset;
  const out = new Map<string, number>();
  for (const [id, c] of clients)
    out.set(id, encoder.encodeView(c.view as StateView, shared, it).length - 1);
  encoder.discardChanges();
  return out;
}

/** A walkable tile nearest to (x, y). */
function walkable(x: number, y: number): { x: number; y: number } {
  for (let r = 0; r < 40; r++)
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const tx = x + dx,
          ty = y + dy;
        if (
          tx >= 0 &&
          ty >= 0 &&
          tx < map.width &&
          ty < map.height &&
          !map.blocked[ty * map.width + tx]
        )
          return { x: tx, y: ty };
      }
  throw new Error(`nothing walkable near ${x},${y}`);
}

let people = 0;
function join(at: { x: number; y: number }): string {
  const id = `session${String(people++).padStart(3, "0")}`; // a Colyseus session id is 9 characters
  const events: TownEvent[] = [
    {
      kind: "avatarJoined",
      avatarId: id,
      name: `bot-${people}`,
      role: "visitor",
      x: at.x,
      y: at.y,
      sprite: people % 8,
    },
  ];
  mirror(state, events);
  const client: ViewClient = { sessionId: id };
  clients.set(id, client);
  interest.join(client, id);
  return id;
}
const moved = (id: string, at: { x: number; y: number }): TownEvent => ({
  kind: "avatarMoved",
  avatarId: id,
  x: at.x,
  y: at.y,
});

console.log(
  `${machine()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

// ---- Part 4: a crowd walking (--walkers N), alone ----
if (walkers > 0) {
  const PATCH_MS = 50;
  const rng = new Random(seed);
  const random = () => rng.next();
  const spawn = map.spawns.get("visitors") ?? walkable(map.width >> 1, map.height >> 1);
  const places = placesFrom(map, spawn.x, spawn.y);
  const totalTiles = places.reduce((n, p) => n + p.tiles.length, 0);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const pickPlace = () => {
    let r = random() * totalTiles;
    for (const p of places) if ((r -= p.tiles.length) < 0) return p;
    return places[places.length - 1];
  };
  const s = new TownState();
  Object.assign(s, {
    template: "base-25",
    name: "walk",
    engine: "offline",
    engineStatus: "",
    crowd: "",
  });
  Object.assign(s.clock, { step: 0, time: 0, running: true, speed: 1 });
  let now = 0;
  // The third argument (a clock) is the interest's since coarse places; older ones take two.
  const ix = new (Interest as unknown as new (...a: unknown[]) => Interest<ViewClient>)(
    s,
    map,
    () => now,
  );
  const enc = new Encoder(s);
  interface Walker {
    id: string;
    x: number;
    y: number;
    place: (typeof places)[number];
    strolls: number;
    to?: { x: number; y: number };
    next: number;
    client?: ViewClient;
    bytes: number;
  }
  const people: Walker[] = [];
  for (let i = 0; i < walkers; i++) {
    const id = `session${String(i).padStart(3, "0")}`;
    const place = pickPlace();
    const at = pick(place.tiles);
    mirror(s, [
      {
        kind: "avatarJoined",
        avatarId: id,
        name: `bot-${i}`,
        role: "visitor",
        ...at,
        sprite: i % 8,
      },
    ]);
    const w: Walker = { id, ...at, place, strolls: 3, next: random() * 2000, bytes: 0 };
    // Every one a client, as in the room (each a view to update and encode a patch for).
    w.client = { sessionId: id };
    ix.join(w.client, id);
    people.push(w);
  }
  const probes = people.filter((w) => w.client);
  const warm = 20_000;
  const end = warm + walkSeconds * 1000;
  const tileMs = 1000 / AVATAR_TILES_PER_SECOND;
  /** CPU milliseconds of each patch: the mirror, interest and encoding for every client. */
  const patchCpu: number[] = [];
  for (; now < end; now += PATCH_MS) {
    const events: TownEvent[] = [];
    for (const w of people) {
      if (now < w.next) continue;
      if (!w.to) {
        if (w.strolls-- <= 0) {
          w.place = pickPlace();
          w.strolls = 3 + Math.floor(random() * 6);
        }
        w.to = pick(w.place.tiles);
      }
      if (w.x === w.to.x && w.y === w.to.y) {
        w.to = undefined;
        w.next = now + 500 + random() * 1500; // a pause, as a bot waits between walks
        continue;
      }
      if (w.x !== w.to.x) w.x += Math.sign(w.to.x - w.x);
      else w.y += Math.sign(w.to.y - w.y);
      events.push(moved(w.id, w));
      w.next = now + tileMs;
    }
    const cpu0 = process.cpuUsage();
    mirror(s, events);
    ix.update();
    const it = { offset: 1 };
    enc.encode(it);
    const shared = it.offset;
    for (const w of probes) {
      const n = enc.encodeView(w.client!.view as StateView, shared, it).length;
      // A frame with nothing for this client is not sent (TownRoom); one that is costs its code too.
      if (now >= warm && n > 1) w.bytes += n;
    }
    enc.discardChanges();
    if (now >= warm) {
      const used = process.cpuUsage(cpu0);
      patchCpu.push((used.user + used.system) / 1000);
    }
  }
  patchCpu.sort((a, b) => a - b);
  const perSecond = probes.map((w) => w.bytes / walkSeconds);
  console.log(
    `\nPart 4, ${walkers} people walking about base-25's ${places.length} places for ${walkSeconds} s (after 20 s), a patch every ${PATCH_MS} ms: bytes a second a client is sent for the others' avatars: mean ${(perSecond.reduce((a, b) => a + b, 0) / probes.length).toFixed(0)}, max ${Math.max(...perSecond).toFixed(0)} (${probes.length} clients)`,
  );
  console.log(
    `  CPU a patch (mirror, interest, encoding for all ${probes.length} clients): median ${patchCpu[patchCpu.length >> 1].toFixed(2)} ms, p99 ${patchCpu[Math.floor(patchCpu.length * 0.99)].toFixed(2)} ms`,
  );
  process.exit(0);
}

// ---- Part 5: people talking with residents (--talkers N), alone ----
if (talkers > 0) {
  let now = 0;
  // A state of its own (one encoder a state).
  const state = townState("talks");
  const ix = new Interest<ViewClient>(state, map, () => now);
  const enc = new Encoder(state);
  const rng = new Random(seed);
  const views: ViewClient[] = [];
  const bytes = new Map<string, number>();
  const counts = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  const said = new Set(["said", "avatarSaid", "chatEnded"]);
  /** The room's publish, one patch per kind of event (to tell the kinds apart). */
  const publish = (events: TownEvent[], measuring: boolean) => {
    const byKind = new Map<string, TownEvent[]>();
    for (const e of events) {
      const k = e.kind === "actionStarted" && e.talkingTo ? "actionStarted (a talk)" : e.kind;
      byKind.set(k, [...(byKind.get(k) ?? []), e]);
      if (measuring) add(counts, k, 1);
    }
    for (const [k, some] of byKind) {
      mirror(state, some);
      ix.update();
      const it = { offset: 1 };
      enc.encode(it);
      const shared = it.offset;
      let total = 0;
      for (const c of views) {
        const n = enc.encodeView(c.view as StateView, shared, it).length;
        if (n > 1) total += n - 1; // the patch's code left out: the kinds share one patch live
      }
      enc.discardChanges();
      if (!measuring) continue;
      add(bytes, `patch: ${k}`, total / views.length);
      if (said.has(k))
        for (const e of some) {
          // As TownRoom.publish(): a line to those who see the person, or the resident's tile;
          // the end of a talk to the person alone. Each message as the room sends it.
          if (e.kind === "chatEnded") {
            const message = { agentId: e.agentId, avatarId: e.avatarId };
            add(bytes, `message: ${k}`, frameOf("chat_ended", message) / views.length);
            continue;
          }
          const [avatars, residents, message] =
            e.kind === "said"
              ? [
                  [e.listener],
                  [e.speaker, e.listener],
                  { agentId: e.speaker, to: e.listener, text: e.text, chat: e.chat },
                ]
              : e.kind === "avatarSaid"
                ? [
                    [e.avatarId],
                    [e.agentId],
                    { avatarId: e.avatarId, to: e.agentId, text: e.text, chat: e.chat },
                  ]
                : [[], [], {}];
          const tiles = residents.flatMap((id) => {
            const r = state.agents.get(id);
            return r ? [{ x: r.x, y: r.y }] : [];
          });
          const heard = ix.audience(avatars, tiles).length;
          const type = e.kind === "said" ? "agent_said" : "avatar_said";
          const frame = named
            ? frameOf(type, message)
            : frameOf(
                WIRE_TYPES[type],
                toWire(
                  type,
                  message as ServerMessages[typeof type],
                  (id) => state.avatars.get(id)?.seat,
                ),
              );
          add(bytes, `message: ${k}`, (heard * frame) / views.length);
        }
    }
  };
  const people: { id: string; wait: number; to?: string; at?: { x: number; y: number } }[] = [];
  for (let i = 0; i < talkers; i++) {
    const id = `session${String(i).padStart(3, "0")}`;
    const r = town.apply({ kind: "joinAvatar", avatarId: id, name: `bot-${i}`, role: "visitor" });
    if (r.ok) publish(r.events, false);
    const c: ViewClient = { sessionId: id };
    ix.join(c, id);
    views.push(c);
    people.push({ id, wait: rng.next() * 2000 });
  }
  const warm = 20_000;
  const end = warm + walkSeconds * 1000;
  for (; now < end; now += 50) {
    const events: TownEvent[] = [];
    const where = new Map(town.avatarViews().map((a) => [a.id, a]));
    for (const p of people) {
      if (now < p.wait) continue;
      p.wait = now + 200;
      if (!p.to) {
        const rs = town.agentViews();
        const r = rs[Math.floor(rng.next() * rs.length)];
        for (let k = 0; k < 30 && !p.at; k++) {
          const x = r.x + Math.round(rng.next() * 2 - 1),
            y = r.y + Math.round(rng.next() * 2 - 1);
          if ((x !== r.x || y !== r.y) && map.isWalkable(x, y)) p.at = { x, y };
        }
        if (!p.at) continue;
        p.to = r.id;
        const res = town.apply({ kind: "moveAvatar", avatarId: p.id, ...p.at });
        if (res.ok) events.push(...res.events);
        continue;
      }
      const me = where.get(p.id);
      if (me && p.at && me.x === p.at.x && me.y === p.at.y) {
        const text = "Hello, how is your day going?";
        const r = town.apply({ kind: "say", avatarId: p.id, agentId: p.to, text });
        if (r.ok) events.push(...r.events);
        p.to = undefined;
        p.at = undefined;
        p.wait = now + 4000 + rng.next() * 8000;
      }
    }
    events.push(...town.tickHumans(50));
    if (now % 1000 === 0) {
      events.push(...(await town.advance()));
      Object.assign(state.clock, { step: town.step, time: town.time });
    }
    publish(events, now >= warm);
  }
  console.log(
    `\nPart 5, ${talkers} people talking with base-25's ${town.agentViews().length} residents for ${walkSeconds} s (after 20 s), seed ${seed}: bytes a second a client is sent, by the event that caused them`,
  );
  let total = 0;
  for (const [k, b] of [...bytes].sort((x, y) => y[1] - x[1])) {
    total += b / walkSeconds;
    const kind = k.replace(/^\w+: /, "");
    console.log(
      `  ${k.padEnd(34)} ${(b / walkSeconds).toFixed(1).padStart(7)} B/s  (${((counts.get(kind) ?? 0) / walkSeconds).toFixed(1)} events a second)`,
    );
  }
  console.log(`  all${" ".repeat(31)} ${total.toFixed(0).padStart(7)} B/s`);
  process.exit(0);
}

// ---- Part 1: avatars ----
const centre = walkable(Math.floor(map.width / 2), Math.floor(map.height / 2));
const me = join(centre);
const fullStateOf = (id: string) => {
  const it = { offset: 0 };
  encoder.encodeAll(it);
  return encoder.encodeAllView(clients.get(id)!.view as StateView, it.offset, it).length;
};
patch();
// 50 others spread over the town, a few of them near.
const others: string[] = [];
for (let i = 0; i < crowd; i++)
  others.push(join(walkable(Math.floor((i * 37) % map.width), Math.floor((i * 53) % map.height))));
patch();
console.log(
  `\nPart 1, avatars (base-25 ${map.width} × ${map.height}, ${crowd + 1} people; the client at ${centre.x},${centre.y}, its area ±${interest.areaOf(me)!.halfWidth} × ±${interest.areaOf(me)!.halfHeight} tiles)`,
);
console.log(`  a joining client's full state: ${fullStateOf(me)} bytes`);

const far = walkable(centre.x + 40, centre.y);
const near = walkable(centre.x + 3, centre.y + 1);
const rows: [string, number[]][] = [
  ["another joins out of its view", []],
  ["another joins in its view", []],
  ["another walks into its view", []],
  ["another walks a tile in its view", []],
  ["another walks out of its view", []],
  ["another leaves the town, in its view", []],
  ["another leaves the town, out of its view", []],
  ["another walks a tile out of its view", []],
];
for (let k = 0; k < 20; k++) {
  const a = join(far);
  rows[0][1].push(patch().get(me)!);
  const b = join(near);
  rows[1][1].push(patch().get(me)!);
  rows[2][1].push(patch([moved(a, near)]).get(me)!);
  rows[3][1].push(patch([moved(a, walkable(near.x + 1, near.y))]).get(me)!);
  rows[4][1].push(patch([moved(a, far)]).get(me)!);
  rows[7][1].push(patch([moved(a, walkable(far.x, far.y + 1))]).get(me)!);
  rows[5][1].push(patch([{ kind: "avatarLeft", avatarId: b }]).get(me)!);
  clients.delete(b);
  interest.leave(b);
  rows[6][1].push(patch([{ kind: "avatarLeft", avatarId: a }]).get(me)!);
  clients.delete(a);
  interest.leave(a);
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
for (const [what, xs] of rows) console.log(`  ${what.padEnd(42)} ${mean(xs).toFixed(1)} bytes`);

// ---- Part 2: residents ----
// The clients of part 1 stay (at the centre, and spread); the residents' events of a day,
// one patch a step, by kind (a move turns the walker too: its facing is counted with the move).
for (const id of others) {
  clients.delete(id);
  interest.leave(id);
  mirror(state, [{ kind: "avatarLeft", avatarId: id }]);
}
patch();
const kinds = [
  "agentMoved",
  "agentFaced",
  "actionStarted",
  "objectChanged",
  "clockTicked",
] as const;
const totals = new Map<string, { bytes: number; changes: number }>(
  kinds.map((k) => [k, { bytes: 0, changes: 0 }]),
);
const from = new Date(town.time).toISOString().slice(11, 16);
const t0 = performance.now();
for (let s = 0; s < steps; s++) {
  const events = await town.advance();
  for (const kind of kinds) {
    const some = events.filter((e) => e.kind === kind);
    if (some.length === 0) continue;
    const t = totals.get(kind)!;
    t.bytes += patch(some).get(me)!;
    t.changes += some.length;
  }
  // Speech, talks and the rest change nothing in the state.
}
const wall = (performance.now() - t0) / 1000;
console.log(
  `\nPart 2, residents: ${steps} steps of base-25 offline from ${from} (seed ${seed}, ${wall.toFixed(1)} s); the client at the centre`,
);
let sum = 0;
for (const [kind, t] of totals) {
  sum += t.bytes;
  console.log(
    `  ${kind.padEnd(14)} ${(t.changes / steps).toFixed(2).padStart(6)} a step, ${(t.bytes / Math.max(1, t.changes)).toFixed(1).padStart(5)} bytes each, ${(t.bytes / steps).toFixed(1).padStart(6)} bytes a step`,
  );
}
console.log(`  all             ${(sum / steps).toFixed(1)} bytes a step (one step a second live)`);

// ---- Part 3: people talking with residents (what bots in the load test do) ----
// A person, bot-17, talks with each resident in turn, as server/world/town/residents.ts emits it:
// the talk starts ("talking with bot-17", 💬, its tile's address, the person's id), ends (the
// same doing, talkingTo "": the resident is choosing what next) and the resident's next doing;
// in the talk it turns to the person.
mirror(state, [
  {
    kind: "avatarJoined",
    avatarId: "session017",
    name: "bot-17",
    role: "visitor",
    ...far,
    sprite: 1,
  },
]);
patch();
const talkRows: [string, number[]][] = [
  ["the talk starts", []],
  ["it turns to the person", []],
  ["the talk ends", []],
  ["its next doing", []],
];
for (const r of town.agentViews()) {
  const talking = {
    kind: "actionStarted",
    agentId: r.id,
    action: talkingWith("bot-17"),
    emoji: TALK_EMOJI,
    address: map.addressAt(r.x, r.y),
  } as const;
  const events: TownEvent[] = [
    { ...talking, talkingTo: "session017" },
    { kind: "agentFaced", agentId: r.id, facing: r.facing === "right" ? "left" : "right" },
    { ...talking, talkingTo: "" },
    { ...r, kind: "actionStarted", agentId: r.id, talkingTo: "" },
  ];
  events.forEach((e, i) => talkRows[i][1].push(patch([e]).get(me)!));
}
console.log(
  `\nPart 3, a person's talk with each resident (${town.agentViews().length}), bytes a change`,
);
for (const [what, xs] of talkRows) console.log(`  ${what.padEnd(42)} ${mean(xs).toFixed(1)} bytes`);
