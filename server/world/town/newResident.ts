// A resident a moderator adds to a running town: the form's fields checked against the town (a
// name taken, a place that does not exist, a home with no free bed) and turned into a persona like
// those of a town's personas.json. Pure: the Town places the body and tells the mind.
import { Address } from "../../../shared/address.ts";
import type { NewResidentSpec } from "../../../shared/newResident.ts";
import type { Persona } from "../../../shared/persona.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { Tile } from "../tile.ts";
import type { TownMap } from "../townMap.ts";
import type { Residents } from "./residents.ts";
import type { TownEvent } from "../../../shared/events.ts";

/** Where each bed of an arena is: objects whose name says bed ("bed", "double bed", "Bed 2"). */
const isBed = (address: string) => /\bbed\b/i.test(Address.levels(address)[3] ?? "");

/** Arenas with more beds than residents living there: the homes a newcomer may move into. */
export function freeHomes(map: TownMap, residents: readonly Persona[]): string[] {
  const beds = new Map<string, number>();
  for (const a of map.addresses()) {
    if (Address.depth(a) !== 4 || !isBed(a)) continue;
    const arena = Address.prefix(a, 3);
    beds.set(arena, (beds.get(arena) ?? 0) + 1);
  }
  for (const p of residents) if (beds.has(p.home)) beds.set(p.home, beds.get(p.home)! - 1);
  return [...beds].filter(([, n]) => n > 0).map(([arena]) => arena);
}

/** A lower-case id from a name, unlike any other: "Ada Lin" → "ada-lin" (or "ada-lin-2"). */
function idFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "resident";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

export type NewResident =
  | { ok: true; persona: Persona; at: Tile }
  | { ok: false; code: "conflict" | "not_found" | "bad_message"; message: string };

/** Checks a new resident against the town; its persona and the tile it appears on, or why not. */
export function newResident(
  spec: NewResidentSpec,
  map: TownMap,
  residents: readonly Persona[],
): NewResident {
  const fail = (message: string, code: "conflict" | "not_found" | "bad_message" = "not_found") =>
    ({ ok: false, code, message }) as NewResident;
  const lower = spec.name.trim().toLowerCase();
  const same = residents.find((p) => p.name.toLowerCase() === lower);
  if (same) return fail(`name: "${same.name}" already lives in this town`, "conflict");
  if (!map.hasAddress(spec.workplace))
    return fail(`workplace: no place "${spec.workplace.slice(0, 120)}" in this town`);
  let home: string;
  if (spec.shareWith?.length) {
    const homes = new Set<string>();
    for (const name of spec.shareWith) {
      const p = residents.find((r) => r.name.toLowerCase() === name.trim().toLowerCase());
      if (!p) return fail(`shareWith: no resident named "${name.slice(0, 60)}"`);
      homes.add(p.home);
    }
    if (homes.size > 1)
      return fail("shareWith: those residents do not live together", "bad_message");
    home = [...homes][0];
  } else {
    if (!spec.home)
      return fail("home: choose a home with a free bed, or residents to live with", "bad_message");
    if (!map.hasAddress(spec.home))
      return fail(`home: no place "${spec.home.slice(0, 120)}" in this town`);
    if (!freeHomes(map, residents).includes(spec.home))
      return fail(`home: "${spec.home.slice(0, 120)}" has no free bed`, "conflict");
    home = spec.home;
  }
  const at = map.tilesOf(home).find((t) => map.isWalkable(t.x, t.y));
  if (!at) return fail(`home: "${home}" has no tile to stand on`);
  const name = spec.name.trim();
  // Its workplace as a room it knows (the minds learn the rest of a place by seeing it).
  const workRoom =
    map.addresses().find((a) => Address.depth(a) === 3 && a.startsWith(`${spec.workplace}:`)) ??
    spec.workplace;
  const persona: Persona = {
    id: idFor(name, new Set(residents.map((p) => p.id))),
    name,
    age: spec.age,
    innate: spec.traits,
    learned: `${name} is a ${spec.occupation} at ${Address.levels(spec.workplace).slice(1).join(", ")}.`,
    currently: spec.currently,
    lifestyle: spec.lifestyle,
    home,
    sprite: spec.sprite,
    spawn: "",
    // The scripted mind's day (the generative mind plans its own from the rest).
    schedule: [
      { at: "00:00", action: "sleeping", emoji: "😴", address: home },
      {
        at: "08:00",
        action: `working as a ${spec.occupation}`,
        emoji: "💼",
        address: workRoom,
      },
      { at: "18:00", action: "resting at home", emoji: "🏠", address: home },
      { at: "22:30", action: "sleeping", emoji: "😴", address: home },
    ],
  };
  return { ok: true, persona, at };
}

/** The Town's command: checks the new resident and has it move in (`moveIn`) at home. */
export function addResident(
  cmd: Extract<Command, { kind: "addResident" }>,
  map: TownMap,
  residents: Residents,
  moveIn: (persona: Persona, at: Tile) => void,
): CommandResult {
  const made = newResident(
    cmd,
    map,
    residents.all.map((r) => r.persona),
  );
  if (!made.ok) return refuse(made.code, made.message);
  const { persona: p, at } = made;
  moveIn(p, at);
  const event: TownEvent = {
    kind: "residentAdded",
    by: cmd.by,
    agentId: p.id,
    name: p.name,
    sprite: p.sprite,
    x: at.x,
    y: at.y,
    home: p.home,
  };
  return { ok: true, events: [event] };
}
