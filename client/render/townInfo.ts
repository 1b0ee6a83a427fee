// What the client reads from a town file besides the art: which tiles block (for choosing where
// to walk), where each object address lies (for object-state labels) and which tiles glow at
// night. The file is the Tiled JSON described in server/world/townFile.ts.

export interface TownObject {
  address: string;
  name: string;
  /** Rectangle in tiles. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TownLight {
  x: number;
  y: number;
  kind: string;
}

export interface TownInfo {
  world: string;
  width: number;
  height: number;
  blocked: Uint8Array;
  objects: TownObject[];
  lights: TownLight[];
  /** Names of the tile layers to draw, in order. */
  artLayers: string[];
}

type Prop = { name: string; value: unknown };
type Obj = {
  name: string;
  x: number;
  y: number;
  width?: number;
  height?: number;
  properties?: Prop[];
};
type Layer = { type: string; name: string; data?: number[]; objects?: Obj[]; visible?: boolean };
type Tileset = { firstgid: number; tiles?: { id: number; properties?: Prop[] }[] };
type MapJson = {
  width: number;
  height: number;
  layers: Layer[];
  tilesets: Tileset[];
  properties?: Prop[];
};

const prop = (props: Prop[] | undefined, name: string): string | undefined => {
  const v = props?.find((p) => p.name === name)?.value;
  return typeof v === "string"
    ? v
    : typeof v === "number" || typeof v === "boolean"
      ? String(v)
      : v === undefined
        ? undefined
        : JSON.stringify(v);
};

export function readTownInfo(json: unknown): TownInfo {
  const map = json as MapJson;
  const { width, height } = map;
  const world = prop(map.properties, "world") ?? "Town";
  const layer = (name: string) => map.layers.find((l) => l.name === name);
  const collision = layer("collision")?.data ?? [];
  const blocked = Uint8Array.from({ length: width * height }, (_, i) => (collision[i] ? 1 : 0));

  const rects = (name: string) =>
    (layer(name)?.objects ?? []).map((o) => ({
      name: o.name,
      props: o.properties,
      x: Math.round(o.x / 32),
      y: Math.round(o.y / 32),
      w: Math.round((o.width ?? 0) / 32),
      h: Math.round((o.height ?? 0) / 32),
    }));
  const sectors = rects("sectors");
  const arenas = rects("arenas");
  const under = <T extends { x: number; y: number; w: number; h: number }>(
    list: T[],
    x: number,
    y: number,
  ) => list.find((r) => x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h);
  const objects: TownObject[] = rects("objects").map((o) => {
    const cx = o.x + Math.floor((o.w - 1) / 2),
      cy = o.y + Math.floor((o.h - 1) / 2);
    const arena = prop(o.props, "arena") ?? under(arenas, cx, cy)?.name ?? "";
    const arenaRect = arenas.find(
      (a) =>
        a.name === arena &&
        (prop(o.props, "sector") === undefined ||
          prop(a.props, "sector") === prop(o.props, "sector")),
    );
    const sector =
      prop(o.props, "sector") ??
      prop(arenaRect?.props, "sector") ??
      under(sectors, cx, cy)?.name ??
      "";
    return {
      address: `${world}:${sector}:${arena}:${o.name}`,
      name: o.name,
      x: o.x,
      y: o.y,
      w: o.w,
      h: o.h,
    };
  });

  const lightOf = new Map<number, string>();
  for (const ts of map.tilesets)
    for (const t of ts.tiles ?? []) {
      const light = prop(t.properties, "light");
      if (light) lightOf.set(ts.firstgid + t.id, light);
    }
  const artLayers = map.layers
    .filter((l) => l.type === "tilelayer" && l.name !== "collision" && l.visible !== false)
    .map((l) => l.name);
  const lights: TownLight[] = [];
  for (const l of map.layers) {
    if (!artLayers.includes(l.name) || !l.data) continue;
    l.data.forEach((gid, i) => {
      const kind = lightOf.get(gid);
      if (kind) lights.push({ x: i % width, y: Math.floor(i / width), kind });
    });
  }
  return { world, width, height, blocked, objects, lights, artLayers };
}

export function isWalkable(info: TownInfo, x: number, y: number): boolean {
  return (
    x >= 0 && y >= 0 && x < info.width && y < info.height && info.blocked[y * info.width + x] === 0
  );
}

/** The walkable tile nearest to (x, y) within `radius` tiles, or null. */
export function nearestWalkable(
  info: TownInfo,
  x: number,
  y: number,
  radius = 2,
): { x: number; y: number } | null {
  if (isWalkable(info, x, y)) return { x, y };
  let best: { x: number; y: number } | null = null;
  let bestD = Infinity;
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++) {
      const d = Math.abs(dx) + Math.abs(dy) + (dy > 0 ? 0.1 : 0);
      if (d < bestD && isWalkable(info, x + dx, y + dy)) {
        best = { x: x + dx, y: y + dy };
        bestD = d;
      }
    }
  return best;
}
