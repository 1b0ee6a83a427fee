// Writes a built town as the Tiled-compatible JSON the server reads (server/world/townFile.ts):
// art layers, the collision layer, and the sector / arena / object rectangles and spawn points.
// The shipped towns (assets/scripts) and generated towns (npm run make-town) are written by it.
import { finish, type Place, type TownBuilder } from "./townBuilder.ts";
import { gidOf, townTileset, type TileIndex } from "./tileIndex.ts";

/**
 * The Tiled JSON of the town, with tile rows on their own lines so diffs stay readable. `image` is
 * the tileset's path from the map's folder (Tiled resolves it from there).
 */
export function townJsonText(
  t: TownBuilder,
  o: { world: string; start: string; index: TileIndex; image: string },
): string {
  const { world, start, index } = o;
  const MAP_W = t.width,
    MAP_H = t.height;
  finish(t);
  const gid = gidOf(index);
  let layerId = 0;
  let objectId = 0;
  const tileLayer = (name: string, data: number[], visible = true) => ({
    id: ++layerId,
    name,
    type: "tilelayer",
    x: 0,
    y: 0,
    width: MAP_W,
    height: MAP_H,
    opacity: 1,
    visible,
    data,
  });
  const rect = (p: Place) => ({
    id: ++objectId,
    name: p.name,
    type: "",
    x: p.x * 32,
    y: p.y * 32,
    width: p.w * 32,
    height: p.h * 32,
    rotation: 0,
    visible: true,
    ...(p.props
      ? {
          properties: Object.entries(p.props).map(([name, value]) => ({
            name,
            type: "string",
            value,
          })),
        }
      : {}),
  });
  const objectLayer = (name: string, objects: object[]) => ({
    id: ++layerId,
    name,
    type: "objectgroup",
    x: 0,
    y: 0,
    opacity: 1,
    visible: false,
    draworder: "topdown",
    objects,
  });
  const layers = [
    tileLayer("ground", t.ground.map(gid)),
    tileLayer("decor", t.decor.map(gid)),
    tileLayer("walls", t.walls.map(gid)),
    tileLayer("furniture", t.furniture.map(gid)),
    tileLayer("above", t.above.map(gid)),
    tileLayer(
      "collision",
      t.blocked.map((b) => (b ? gid("collision") : 0)),
      false,
    ),
    objectLayer("sectors", t.sectors.map(rect)),
    objectLayer("arenas", t.arenas.map(rect)),
    objectLayer("objects", t.objects.map(rect)),
    objectLayer(
      "spawns",
      t.spawns.map((s) => ({
        id: ++objectId,
        name: s.name,
        type: "",
        x: s.x * 32 + 16,
        y: s.y * 32 + 16,
        width: 0,
        height: 0,
        rotation: 0,
        visible: true,
        point: true,
      })),
    ),
  ];
  const map = {
    type: "map",
    version: "1.10",
    tiledversion: "1.10.2",
    orientation: "orthogonal",
    renderorder: "right-down",
    infinite: false,
    width: MAP_W,
    height: MAP_H,
    tilewidth: 32,
    tileheight: 32,
    compressionlevel: -1,
    nextlayerid: layerId + 1,
    nextobjectid: objectId + 1,
    properties: [
      { name: "world", type: "string", value: world },
      { name: "start", type: "string", value: start },
    ],
    tilesets: [townTileset(o.image, index)],
    layers,
  };
  // Pretty-print, then put each data row of a tile layer on one line.
  const text = JSON.stringify(map, null, 2).replace(
    /"data": \[([\d,\s]*?)\]/g,
    (_m, body: string) => {
      const nums = body.split(",").map((s) => s.trim());
      const rows: string[] = [];
      for (let y = 0; y < MAP_H; y++)
        rows.push("        " + nums.slice(y * MAP_W, (y + 1) * MAP_W).join(","));
      return `"data": [\n${rows.join(",\n")}\n      ]`;
    },
  );
  return text + "\n";
}

/** Pretty JSON with each row of a tile layer on one line, so the file stays readable in a diff. */
export function formatTown(map: unknown, width: number): string {
  return (
    JSON.stringify(map, null, 2).replace(/"data": \[([\d,\s]*?)\]/g, (_m, body: string) => {
      const nums = body.split(",").map((s) => s.trim());
      const rows: string[] = [];
      for (let y = 0; y * width < nums.length; y++)
        rows.push("        " + nums.slice(y * width, (y + 1) * width).join(","));
      return `"data": [\n${rows.join(",\n")}\n      ]`;
    }) + "\n"
  );
}
