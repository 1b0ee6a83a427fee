// "Follow the action": the places worth looking at now, liveliest first. A conversation, an
// object in an unusual state (a fire above all), and the residents gathered near either make a
// place lively; places a few tiles apart count as one. An object is in an unusual state when a
// person (a moderator) set it: residents' own use of things (a bed slept in) is their day.
import { isBurning, isIdle } from "./objectState.ts";
import type { CrowdCell } from "../../shared/interest.ts";
import type { TownObject } from "./townInfo.ts";

export interface ActionSpot {
  /** Tile to look at. */
  x: number;
  y: number;
  /** A resident to follow there ("" to look at the tile). */
  follow: string;
  /** What is going on, in words. */
  why: string;
  score: number;
  /** A burning object is there. */
  burning?: boolean;
}

export interface ActionInput {
  agents: readonly { id: string; name: string; x: number; y: number; talkingTo: string }[];
  avatars: readonly { id: string; name: string }[];
  objects: readonly { address: string; state: string; by: string }[];
}

const SAME_PLACE = 5;

const first = (name: string) => name.split(" ")[0];

export function actionSpots(v: ActionInput, townObjects: readonly TownObject[]): ActionSpot[] {
  const spots: ActionSpot[] = [];
  const nameOf = (id: string) =>
    v.agents.find((a) => a.id === id)?.name ??
    v.avatars.find((a) => a.id === id)?.name ??
    "someone";
  const paired = new Set<string>();
  const residentNames = new Set(v.agents.map((a) => a.name));
  for (const a of v.agents) {
    if (!a.talkingTo) continue;
    const key = [a.id, a.talkingTo].sort().join("|");
    if (paired.has(key)) continue;
    paired.add(key);
    const b = v.agents.find((x) => x.id === a.talkingTo);
    spots.push({
      x: b ? Math.round((a.x + b.x) / 2) : a.x,
      y: b ? Math.round((a.y + b.y) / 2) : a.y,
      follow: a.id,
      why: `${first(a.name)} and ${first(nameOf(a.talkingTo))} are talking`,
      score: 3,
    });
  }
  for (const o of v.objects) {
    if (!setByPerson(o, residentNames)) continue;
    const r = townObjects.find((t) => t.address === o.address);
    if (!r) continue;
    const burning = isBurning(o.state);
    spots.push({
      x: Math.floor(r.x + r.w / 2),
      y: Math.floor(r.y + r.h / 2),
      follow: "",
      why: `${r.name}: ${o.state}`,
      score: burning ? 6 : 4,
      burning,
    });
  }
  // Residents gathered there make it livelier.
  for (const s of spots)
    s.score +=
      v.agents.filter((a) => Math.abs(a.x - s.x) + Math.abs(a.y - s.y) <= SAME_PLACE).length * 0.5;
  spots.sort((a, b) => b.score - a.score);
  // Near places merge into the liveliest of them, their stories told together.
  const out: ActionSpot[] = [];
  for (const s of spots) {
    const near = out.find((o) => Math.abs(o.x - s.x) + Math.abs(o.y - s.y) <= SAME_PLACE);
    if (near) {
      near.score += s.score;
      near.why = `${near.why}; ${s.why}`;
      if (!near.follow) near.follow = s.follow;
      if (s.burning) near.burning = true;
    } else out.push({ ...s });
  }
  return out.sort(byLiveliness);
}

/**
 * A large town sends only the residents in view: talks further away come from the crowd (its
 * coarse cells). They join the spots in order of liveliness, a fire still first.
 */
export function withCrowdTalks(
  spots: readonly ActionSpot[],
  crowd: readonly CrowdCell[],
): ActionSpot[] {
  const out = [...spots];
  for (const c of crowd) {
    if (!c.talking) continue;
    const x = c.x + Math.floor(c.size / 2),
      y = c.y + Math.floor(c.size / 2);
    if (out.some((p) => Math.abs(p.x - x) + Math.abs(p.y - y) <= c.size)) continue;
    out.push({
      x,
      y,
      follow: "",
      why: `residents talking (${c.count} here)`,
      score: 3 + c.count * 0.5,
    });
  }
  return out.sort(byLiveliness);
}

/** Liveliest first; a fire above all: however busy a place of talk gets, a burning object leads. */
export const byLiveliness = (a: ActionSpot, b: ActionSpot): number =>
  Number(b.burning === true) - Number(a.burning === true) || b.score - a.score;

/** Whether an object's state was set by a person (a moderator), not by a resident using it. */
export function setByPerson(
  o: { state: string; by: string },
  residentNames: ReadonlySet<string>,
): boolean {
  return !isIdle(o.state) && !residentNames.has(o.by);
}
