// People in the town, each through an avatar: they join, walk in real time between steps and
// leave. Avatars are not saved (people do not persist), so they have no snapshot.
import { AVATAR_TILES_PER_SECOND } from "../../../shared/constants.ts";
import type { TownEvent } from "../../../shared/events.ts";
import type { AvatarView } from "../../../shared/view.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { PathFinder } from "../path.ts";
import type { WorldEvent } from "../perception.ts";
import { hashString } from "../random.ts";
import { pickSpawn, spawnArea } from "../spawnArea.ts";
import type { Tile } from "../tile.ts";
import type { TownMap } from "../townMap.ts";

export interface Avatar {
  id: string;
  name: string;
  role: string;
  x: number;
  y: number;
  sprite: number;
  path: Tile[];
  /**
   * Walking credit, in tiles: it grows at walking speed and a tile costs one. At rest it fills up
   * to one tile, so a walk from rest takes its first tile at once (the order itself) and nobody
   * walks faster than AVATAR_TILES_PER_SECOND on average, however often they send orders.
   */
  credit: number;
  /** The person's connection dropped: the avatar waits where it is (town/presence.ts). */
  away: boolean;
}

/** Rounding slack of walking credit (sums of tick fractions). */
const CREDIT_EPSILON = 1e-9;
export const DEFAULT_AVATAR_SPRITES = [8, 9, 10, 11, 12, 13, 14, 15];

export class Avatars {
  private readonly byId = new Map<string, Avatar>();
  /** Where people join, worked out at the first join (spawnArea.ts). */
  private visitorArea?: Tile[];

  constructor(
    private readonly map: TownMap,
    private readonly paths: PathFinder,
    private readonly sprites: readonly number[],
  ) {}

  get(id: string): Avatar | undefined {
    return this.byId.get(id);
  }

  all(): IterableIterator<Avatar> {
    return this.byId.values();
  }

  join(cmd: Extract<Command, { kind: "joinAvatar" }>): CommandResult {
    if (this.byId.has(cmd.avatarId)) return refuse("bad_message", "already in the town");
    const spawn = pickSpawn((this.visitorArea ??= spawnArea(this.map)), [...this.byId.values()]);
    if (!spawn) return refuse("unavailable", "this town has no walkable tile to join on");
    const sprite = this.sprites[hashString(cmd.name) % this.sprites.length];
    const a: Avatar = {
      id: cmd.avatarId,
      name: cmd.name,
      role: cmd.role,
      x: spawn.x,
      y: spawn.y,
      sprite,
      path: [],
      credit: 1,
      away: false,
    };
    this.byId.set(a.id, a);
    return {
      ok: true,
      events: [
        {
          kind: "avatarJoined",
          avatarId: a.id,
          name: a.name,
          role: a.role,
          x: a.x,
          y: a.y,
          sprite,
        },
      ],
    };
  }

  /** Whether the avatar was there to leave. */
  leave(avatarId: string): boolean {
    return this.byId.delete(avatarId);
  }

  /** The person went away (their connection dropped: the avatar stops and waits) or is back. */
  setAway(cmd: Extract<Command, { kind: "avatarAway" }>): CommandResult {
    const a = this.byId.get(cmd.avatarId);
    if (!a) return refuse("not_found", "no such avatar");
    if (a.away === cmd.away) return { ok: true, events: [] };
    a.away = cmd.away;
    a.path = [];
    return { ok: true, events: [{ kind: "avatarAway", avatarId: a.id, away: a.away }] };
  }

  move(cmd: Extract<Command, { kind: "moveAvatar" }>): CommandResult {
    const a = this.byId.get(cmd.avatarId);
    if (!a) return refuse("not_found", "no such avatar");
    if (!this.map.isWalkable(cmd.x, cmd.y))
      return refuse("unreachable", `tile ${cmd.x},${cmd.y} is not walkable`);
    const path = this.paths.find(a, [{ x: cmd.x, y: cmd.y }]);
    if (!path) return refuse("unreachable", `no path to ${cmd.x},${cmd.y}`);
    const atRest = a.path.length === 0;
    a.path = path;
    // From rest with a whole tile of credit, the first tile is taken now; a walk that is
    // under way only changes course (its next tile comes when its credit does).
    if (!atRest || !step(a)) return { ok: true, events: [] };
    return { ok: true, events: [{ kind: "avatarMoved", avatarId: a.id, x: a.x, y: a.y }] };
  }

  /** Walks every avatar for `dtMs` real milliseconds. */
  walk(dtMs: number, events: TownEvent[]): void {
    // Whole milliseconds times tiles per second, over 1000: exact for the usual ticks.
    const gain = (dtMs * AVATAR_TILES_PER_SECOND) / 1000;
    for (const a of this.byId.values()) {
      a.credit += gain;
      let moved = false;
      while (step(a)) moved = true;
      // At rest the credit stops at one tile: waiting does not buy a sprint.
      if (a.path.length === 0) a.credit = Math.min(1, a.credit);
      if (moved) events.push({ kind: "avatarMoved", avatarId: a.id, x: a.x, y: a.y });
    }
  }

  /** What residents can notice of people: "Sam (a reporter) is here". */
  worldEvents(out: WorldEvent[]): void {
    for (const a of this.byId.values()) {
      out.push({
        subject: a.name,
        predicate: "is",
        object: "visiting",
        description: `${a.name} (${a.role === "visitor" ? "a visitor" : `a ${a.role}`}) is here`,
        address: this.map.addressAt(a.x, a.y),
        x: a.x,
        y: a.y,
        actor: { kind: "avatar", id: a.id },
      });
    }
  }

  views(): AvatarView[] {
    return [...this.byId.values()].map(({ id, name, role, x, y, sprite, away }) => ({
      id,
      name,
      role,
      x,
      y,
      sprite,
      ...(away ? { away } : {}),
    }));
  }
}

/** Takes the next tile of an avatar's path if its credit pays for it. */
function step(a: Avatar): boolean {
  if (a.path.length === 0 || a.credit < 1 - CREDIT_EPSILON) return false;
  const next = a.path.shift()!;
  a.x = next.x;
  a.y = next.y;
  a.credit -= 1;
  return true;
}
