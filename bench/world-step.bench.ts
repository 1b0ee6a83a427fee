// One step of the world for 25, 250 and 1,000 walking agents, without the mind: a mind that
// answers at once with a random arena (so agents keep walking), on imported Smallville and on
// our own base-25 (Oakmere). Spawns are shared when there are more agents than spawn points.
// Measures Town.advance(): perception, spatial views, object states, walking. Target: < 2 ms for 25.
import type { Mind, MindOutput } from "../server/world/mind.ts";
import type { Persona } from "../shared/persona.ts";
import { Random } from "../server/world/random.ts";
import { loadTemplate } from "../server/content/template.ts";
import { Town } from "../server/world/town.ts";
import type { TownMap } from "../server/world/townMap.ts";
import { smallville } from "./smallville.ts";
import { fmt, machine, summarize } from "./stats.ts";

function wanderer(arenas: readonly string[], seed: number): Mind {
  const rng = new Random(seed);
  const done: MindOutput | null = null;
  return {
    tick({ needsAction, now }) {
      if (!needsAction) return Promise.resolve(done);
      const address = arenas[rng.int(arenas.length)];
      return Promise.resolve({
        action: { action: "walking", emoji: "🚶", address, until: now + 30 * 60_000 },
      });
    },
  };
}

function personas(map: TownMap, n: number): Persona[] {
  const arenas = map.addresses().filter((a) => a.split(":").length === 3);
  const spawns = [...map.spawns.keys()];
  return Array.from({ length: n }, (_, i) => ({
    id: `a${i}`,
    name: `Agent ${i}`,
    age: 30,
    innate: "",
    learned: "",
    currently: "",
    lifestyle: "",
    home: arenas[i % arenas.length],
    sprite: i % 16,
    spawn: spawns[i % spawns.length],
    schedule: [{ at: "00:00", action: "walking", emoji: "🚶", address: arenas[0] }],
  }));
}

async function run(label: string, map: TownMap): Promise<void> {
  const arenas = map.addresses().filter((a) => a.split(":").length === 3);
  for (const n of [25, 250, 1000]) {
    const town = new Town({
      template: label,
      map,
      personas: personas(map, n),
      mind: wanderer(arenas, n),
      mode: "lockstep",
      seed: 1,
    });
    for (let i = 0; i < 50; i++) await town.advance(); // warm up: everyone has a path
    const samples: number[] = [];
    let moves = 0;
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      const events = await town.advance();
      samples.push(performance.now() - t0);
      moves += events.filter((e) => e.kind === "agentMoved").length;
    }
    const s = summarize(samples);
    console.log(
      `world step on ${label}, ${String(n).padStart(4)} agents: median ${fmt(s.median)}  p99 ${fmt(s.p99)}  (${(moves / 500).toFixed(0)} moves a step)`,
    );
  }
}

console.log(machine());
await run("Smallville (imported)", await smallville());
await run("base-25", (await loadTemplate("base-25")).map);
