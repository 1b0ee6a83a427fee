// Spatial memory: the part of the town's address tree an agent knows, world → sector → arena →
// objects (the paper's "environment tree", original §4.3). It starts with the agent's home, the
// places of its habits and the town's public places (generativeMind.ts), and grows from what the
// Town says is in view. Prompts see it as a compact outline; answers are resolved back to known
// addresses, never to coordinates.
import { Address } from "../../../shared/address.ts";

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Words that say little about which place is meant. */
const GENERIC = new Set([
  "the",
  "a",
  "an",
  "of",
  "at",
  "in",
  "room",
  "house",
  "home",
  "s",
  "area",
  "place",
]);

function significantWords(name: string): string[] {
  return norm(name)
    .split(" ")
    .filter((w) => w.length > 1 && !GENERIC.has(w));
}

export interface OutlineOptions {
  /** The agent's home arena ("world:sector:arena"). */
  home: Address;
  /** The agent's last name: other people's homes are left out unless they carry it. */
  lastName?: string;
  /** The agent's full name: other people's rooms in a shared home are left out. */
  name?: string;
  /** Sectors whose objects are always listed (home, where the agent is, where the plan goes). */
  focus?: readonly string[];
  /** Soft cap on the outline's length in characters; far sectors lose their objects first. */
  maxChars?: number;
  /** The sectors out of focus by their names alone, on one line (the original's sector choice
   *  lists the known sectors' names; their rooms only once one is chosen): the outline grows
   *  with the places known by a few words each, not by their rooms. */
  othersByName?: boolean;
}

export class SpatialMemory {
  /** sector → arena → objects (insertion ordered, so outlines are stable). */
  private readonly tree = new Map<string, Map<string, Set<string>>>();
  private size = 0;
  world = "";

  /** Addresses already in the tree, as given: what is in view is added again at every step, and
   *  the tree only grows, so one lookup tells it is not new. */
  private readonly held = new Set<Address>();

  /** Adds an address of any depth (sector, arena or object). Returns whether it was new. */
  add(address: Address): boolean {
    if (this.held.has(address)) return false;
    const parts = Address.levels(address);
    if (parts.length < 2 || parts.some((p) => !p)) return false;
    const [world, sector, arena, object] = parts;
    if (!this.world) this.world = world;
    if (world !== this.world) return false;
    let fresh = false;
    let arenas = this.tree.get(sector);
    if (!arenas) {
      this.tree.set(sector, (arenas = new Map<string, Set<string>>()));
      fresh = true;
      this.changes++;
    }
    if (arena === undefined) return fresh;
    let objects = arenas.get(arena);
    if (!objects) {
      arenas.set(arena, (objects = new Set()));
      fresh = true;
      this.changes++;
    }
    if (object !== undefined && !objects.has(object)) {
      objects.add(object);
      fresh = true;
      this.changes++;
    }
    if (fresh) this.size++;
    this.held.add(address);
    return fresh;
  }

  addAll(addresses: Iterable<Address>): number {
    // The town hands the same array for the same tile (what is in view from it): once taken in,
    // none of it is new again (the tree only grows and its world is set once).
    if (this.taken.has(addresses)) return 0;
    let n = 0;
    for (const a of addresses) if (this.add(a)) n++;
    if (this.world) this.taken.add(addresses);
    return n;
  }

  /** Lists of addresses already added whole (see addAll). */
  private readonly taken = new WeakSet<Iterable<Address>>();

  /** How many places (sectors, arenas, objects) were ever added. */
  get count(): number {
    return this.size;
  }

  has(address: Address): boolean {
    const [world, sector, arena, object] = Address.levels(address);
    if (world !== this.world) return false;
    const arenas = this.tree.get(sector);
    if (!arenas) return false;
    if (arena === undefined) return true;
    const objects = arenas.get(arena);
    if (!objects) return false;
    return object === undefined || objects.has(object);
  }

  sectors(): string[] {
    return [...this.tree.keys()];
  }

  arenas(sector: string): string[] {
    return [...(this.tree.get(sector)?.keys() ?? [])];
  }

  objects(sector: string, arena: string): string[] {
    return [...(this.tree.get(sector)?.get(arena) ?? [])];
  }

  /**
   * `addresses()` as one list kept while the tree is unchanged (frozen: shared, never changed).
   * A save lists every resident's places; most residents learned no new place since the last
   * save, and the save writes a list again only when its text changed (store/memoryRows.ts), so
   * the same list is handed and its text is not made again.
   */
  addressesKept(): readonly Address[] {
    const k = this.kept;
    if (k && k.changes === this.changes && k.world === this.world) return k.list;
    const list = Object.freeze(this.addresses());
    this.kept = { changes: this.changes, world: this.world, list };
    return list;
  }

  /** Places added to the tree since it was made (each sector, arena, object once). */
  private changes = 0;
  private kept?: { changes: number; world: string; list: readonly Address[] };

  /** Every known arena and object address. */
  addresses(): Address[] {
    const out: Address[] = [];
    for (const [sector, arenas] of this.tree) {
      for (const [arena, objects] of arenas) {
        out.push(`${this.world}:${sector}:${arena}`);
        for (const o of objects) out.push(`${this.world}:${sector}:${arena}:${o}`);
      }
    }
    return out;
  }

  /** Whether a sector is somebody's home: it has a bedroom or a bed. */
  isHome(sector: string): boolean {
    const arenas = this.tree.get(sector);
    if (!arenas) return false;
    for (const [arena, objects] of arenas)
      if (/bedroom/i.test(arena) || [...objects].some((o) => /^bed$/i.test(o))) return true;
    return false;
  }

  /** Sectors an agent may go to: public ones, its own home, homes that carry its last name. */
  allowedSectors(home: Address, lastName = ""): string[] {
    const homeSector = Address.levels(home)[1];
    const ln = lastName.toLowerCase();
    return this.sectors().filter(
      (s) => s === homeSector || !this.isHome(s) || (ln !== "" && s.toLowerCase().includes(ln)),
    );
  }

  /**
   * The known tree as prompt text, one sector a line: "Copper Kettle cafe: dining room (piano,
   * window table); kitchen (oven)". Other people's homes are left out (the original filters them
   * too), and far sectors lose their objects when the outline grows past `maxChars`.
   */
  /** Whether an arena is somebody else's room ("Maria Lopez's room" in a shared dorm). */
  static othersRoom(arena: string, home: Address, name = ""): boolean {
    if (!/'s (room|bedroom)$/i.test(arena) || Address.levels(home)[2] === arena) return false;
    const words = name.toLowerCase().split(/\s+/).filter(Boolean);
    return !words.some((w) => arena.toLowerCase().includes(w));
  }

  outline(opts: OutlineOptions): string {
    const sectors = [
      ...new Set([
        ...this.allowedSectors(opts.home, opts.lastName),
        ...(opts.focus ?? []).filter((f) => this.tree.has(f)),
      ]),
    ];
    const focus = new Set([Address.levels(opts.home)[1], ...(opts.focus ?? [])]);
    const line = (sector: string, withObjects: boolean) =>
      `${sector}: ${this.arenas(sector)
        .filter((a) => !SpatialMemory.othersRoom(a, opts.home, opts.name ?? opts.lastName))
        .map((a) => {
          const objs = this.objects(sector, a);
          return withObjects && objs.length ? `${a} (${objs.join(", ")})` : a;
        })
        .join("; ")}`;
    if (opts.othersByName) {
      const near = sectors.filter((x) => focus.has(x));
      const far = sectors.filter((x) => !focus.has(x));
      return [
        ...near.map((x) => line(x, true)),
        ...(far.length ? [`Other places: ${far.join("; ")}`] : []),
      ].join("\n");
    }
    const max = opts.maxChars ?? 1400;
    const lines = sectors.map((s) => line(s, true));
    let total = lines.reduce((n, l) => n + l.length + 1, 0);
    for (let i = sectors.length - 1; i >= 0 && total > max; i--) {
      if (focus.has(sectors[i])) continue;
      const short = line(sectors[i], false);
      total -= lines[i].length - short.length;
      lines[i] = short;
    }
    return lines.join("\n");
  }

  /**
   * The known address a model (or the offline engine) meant: exact addresses with or without the
   * world, then the best fuzzy match of sector, arena and object names. Returns the deepest known
   * address it can, or undefined when nothing matches.
   */
  resolve(text: string, allowedSectors?: readonly string[]): Address | undefined {
    if (!text) return undefined;
    const raw = text.trim().replace(/^[{[("']+|[}\])"'.]+$/g, "");
    const parts = Address.levels(raw)
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length && norm(parts[0]) === norm(this.world)) parts.shift();
    const sectors = (allowedSectors ?? this.sectors()).filter((s) => this.tree.has(s));
    if (parts.length === 0) return undefined;
    // Exact path first.
    const exactSector = sectors.find((s) => norm(s) === norm(parts[0]));
    if (exactSector) return this.descend(exactSector, parts.slice(1));
    // A path that starts with an arena or object name, or a loose phrase: match names.
    const phrase = norm(parts.join(" "));
    let best: { address: Address; score: number } | undefined;
    for (const s of sectors) {
      const ss = matchScore(s, phrase);
      for (const a of this.arenas(s)) {
        const as = matchScore(a, phrase);
        if (ss + as > (best?.score ?? 0))
          best = { address: `${this.world}:${s}:${a}`, score: ss + as };
        for (const o of this.objects(s, a)) {
          const os = matchScore(o, phrase);
          if (os > 0 && ss + as + os > (best?.score ?? 0))
            best = { address: `${this.world}:${s}:${a}:${o}`, score: ss + as + os };
        }
      }
      if (ss > (best?.score ?? 0)) best = { address: `${this.world}:${s}`, score: ss };
    }
    return best?.address;
  }

  private descend(sector: string, rest: string[]): Address {
    const base = `${this.world}:${sector}`;
    if (rest.length === 0) return base;
    const arena =
      this.arenas(sector).find((a) => norm(a) === norm(rest[0])) ??
      bestName(this.arenas(sector), rest[0]);
    if (!arena) return base;
    if (rest.length === 1) return `${base}:${arena}`;
    const objects = this.objects(sector, arena);
    const object = objects.find((o) => norm(o) === norm(rest[1])) ?? bestName(objects, rest[1]);
    return object ? `${base}:${arena}:${object}` : `${base}:${arena}`;
  }

  toJSON(): Address[] {
    return this.addresses();
  }

  static from(addresses: readonly Address[]): SpatialMemory {
    const m = new SpatialMemory();
    m.addAll(addresses);
    return m;
  }
}

/** How well a place name is named in a phrase: 0 none, more for more of its words, 3 + for all. */
export function matchScore(name: string, phrase: string): number {
  const n = norm(name);
  if (!n) return 0;
  if (` ${phrase} `.includes(` ${n} `)) return 3 + n.split(" ").length;
  const words = significantWords(name);
  if (words.length === 0) return 0;
  const padded = ` ${phrase} `;
  const hits = words.filter((w) => padded.includes(` ${w} `) || padded.includes(` ${w}s `)).length;
  return hits === 0 ? 0 : (2 * hits) / words.length;
}

function bestName(names: readonly string[], wanted: string): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const n of names) {
    const s = matchScore(n, norm(wanted));
    if (s > (best?.score ?? 0)) best = { name: n, score: s };
  }
  return best?.name;
}
