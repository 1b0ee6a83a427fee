// The live room's view upkeep (server/rooms/interest.ts) with many clients, in process: 200
// clients join 10 a patch at one spot and walk about as the load test's bots do (a few tiles
// away, or up to a resident, at 5 tiles a second, pauses between), 25 residents stand about, and
// every 100 patches one client's camera jumps away and back onto the crowd. A patch every 50 ms
// of simulated time. Says, once everyone has joined: the CPU time of Interest.update a patch
// (what the room does before each patch), how many entries came into one client's view in one
// patch and into all views, and the collections over the run. With --encode, the patches are
// encoded for every client too (Colyseus's encodeView), as the room does.
//
//   npx tsx bench/view-upkeep.ts [--clients 200] [--patches 4000] [--encode]
import { Encoder, StateView } from "@colyseus/schema";
import { Command } from "commander";
import { PerformanceObserver } from "node:perf_hooks";
import { AgentState, AvatarState, TownState } from "../shared/state.ts";
import { Interest, type ViewClient } from "../server/rooms/interest.ts";
import { percentile } from "./stats.ts";

const o = new Command()
  .option("--clients <n>", "clients", (v) => Number(v), 200)
  .option("--patches <n>", "patches", (v) => Number(v), 4000)
  .option("--encode", "also encode each patch for every client")
  .parse()
  .opts<{ clients: number; patches: number; encode?: boolean }>();

const MAP = { width: 140, height: 100 };
/** Patches before the figures count: everyone has joined by then. */
const SETTLE = 300;
let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);

const state = new TownState();
for (let i = 0; i < 25; i++) {
  const r = new AgentState();
  Object.assign(r, { id: `r${i}`, name: `r${i}`, action: "", emoji: "", address: "" });
  Object.assign(r, { talkingTo: "", sprite: 0 });
  Object.assign(r, { x: Math.floor(rnd() * MAP.width), y: Math.floor(rnd() * MAP.height) });
  state.agents.set(r.id, r);
}
const clock = { ms: 0 };
const interest = new Interest(state, MAP, () => clock.ms);
const encoder = new Encoder(state);

// Additions to each view, counted where they happen (markVisible alone sends nothing).
const addsByView = new Map<StateView, number>();
const proto = StateView.prototype;
const add = Reflect.get(proto, "add") as (this: StateView, ...args: unknown[]) => boolean;
proto.add = function (this: StateView, ...args: unknown[]) {
  addsByView.set(this, (addsByView.get(this) ?? 0) + 1);
  return add.apply(this, args);
} as typeof proto.add;
let collections = 0;
new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({
  entryTypes: ["gc"],
});

interface Walker {
  a: AvatarState;
  to: { x: number; y: number };
  restUntil: number;
}
const clients: ViewClient[] = [];
const walkers: Walker[] = [];
const SPAWN = { x: 70, y: 50 };
const updateCpuMs: number[] = [];
const oneViewAdds: number[] = [];
const allViewAdds: number[] = [];
let collectionsAtSettle = 0;

for (let p = 0; p < o.patches; p++) {
  clock.ms += 50;
  if (clients.length < o.clients && p % 10 === 0)
    for (let k = 0; k < 10 && clients.length < o.clients; k++) {
      const id = `c${clients.length}`;
      const a = new AvatarState();
      Object.assign(a, { id, name: id, role: "visitor", sprite: 8 });
      Object.assign(a, { x: SPAWN.x, y: SPAWN.y, fx: SPAWN.x, fy: SPAWN.y });
      state.avatars.set(id, a);
      const c: ViewClient = { sessionId: id };
      clients.push(c);
      walkers.push({ a, to: { ...SPAWN }, restUntil: p });
      interest.join(c, id);
    }
  walkers.forEach((w, i) => {
    if (w.a.x === w.to.x && w.a.y === w.to.y) {
      if (p < w.restUntil) return;
      const resident = rnd() < 0.3 ? state.agents.get(`r${Math.floor(rnd() * 25)}`) : undefined;
      const near = (v: number, max: number) =>
        Math.max(0, Math.min(max - 1, v + Math.round((rnd() * 2 - 1) * 8)));
      w.to = resident
        ? { x: resident.x, y: resident.y }
        : { x: near(w.a.x, MAP.width), y: near(w.a.y, MAP.height) };
      w.restUntil = p + 10 + Math.floor(rnd() * 30);
    } else if ((p + i) % 4 === 0) {
      if (w.a.x !== w.to.x) w.a.x += Math.sign(w.to.x - w.a.x);
      else w.a.y += Math.sign(w.to.y - w.a.y);
    }
  });
  if (p % 100 === 50)
    interest.camera("c0", { follow: "", x: 5, y: 5, halfWidth: 12, halfHeight: 7.5 });
  if (p % 100 === 99) interest.camera("c0", { follow: "", halfWidth: 48, halfHeight: 32 });
  addsByView.clear();
  const cpu = process.cpuUsage();
  interest.update();
  const used = process.cpuUsage(cpu);
  if (o.encode) {
    const it = { offset: 0 };
    encoder.encode(it);
    const shared = it.offset;
    for (const c of clients) encoder.encodeView(c.view!, shared, it);
  }
  encoder.discardChanges();
  if (p === SETTLE) collectionsAtSettle = collections;
  if (p < SETTLE) continue;
  updateCpuMs.push((used.user + used.system) / 1000);
  let one = 0,
    all = 0;
  for (const n of addsByView.values()) {
    one = Math.max(one, n);
    all += n;
  }
  oneViewAdds.push(one);
  allViewAdds.push(all);
}
await new Promise((r) => setTimeout(r, 100)); // the last collections' entries
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const mean = updateCpuMs.reduce((a, b) => a + b, 0) / updateCpuMs.length;
const patches = o.patches - SETTLE;
console.log(
  `${o.clients} clients, ${patches} patches after all joined${o.encode ? " (encoded)" : ""}:\n` +
    `  Interest.update CPU a patch: mean ${mean.toFixed(3)} ms, p99 ${percentile(sorted(updateCpuMs), 99).toFixed(2)} ms\n` +
    `  entries into one view in a patch: max ${Math.max(...oneViewAdds)}; into all views: max ${Math.max(...allViewAdds)}\n` +
    `  collections: ${collections - collectionsAtSettle}`,
);
