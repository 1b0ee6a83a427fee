// The town file: a Tiled-compatible JSON map (orthogonal, 32×32 tiles, embedded tilesets),
// read and validated into a TownMap. Layers the simulation reads:
//   tilelayer   "collision"  any non-zero tile blocks walking (hidden in the client)
//   objectgroup "sectors"    rectangles named after sectors ("Lin family home")
//   objectgroup "arenas"     rectangles named after arenas ("kitchen"); optional string property
//                            "sector" names the sector, else the sector under the rectangle's centre
//   objectgroup "objects"    rectangles named after game objects ("stove"); optional "sector",
//                            "arena" properties, else those under the centre
//   objectgroup "spawns"     points (or rectangles) named for a resident id, or "visitors"
// Every other tile layer ("ground", "walls", "furniture", ...) is art for the client.
// Map properties: "world" (the world's name, first part of every address) and "start"
// (ISO date-time of the town's first step, read in UTC).
import { z } from "zod";

const Property = z.object({
  name: z.string(),
  type: z.string().optional(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});

const MapObject = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().optional(),
  x: z.number(),
  y: z.number(),
  width: z.number().default(0),
  height: z.number().default(0),
  point: z.boolean().optional(),
  properties: z.array(Property).optional(),
});
export type MapObject = z.infer<typeof MapObject>;

const TileLayer = z.object({
  type: z.literal("tilelayer"),
  name: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  data: z.array(z.number().int().nonnegative()),
  visible: z.boolean().optional(),
});

const ObjectLayer = z.object({
  type: z.literal("objectgroup"),
  name: z.string(),
  objects: z.array(MapObject),
});

const Tileset = z.object({
  firstgid: z.number().int().positive(),
  name: z.string(),
  image: z.string(),
  tilewidth: z.literal(32),
  tileheight: z.literal(32),
  columns: z.number().int().positive(),
  tilecount: z.number().int().positive(),
});

export const TiledMap = z.object({
  type: z.literal("map"),
  orientation: z.literal("orthogonal"),
  infinite: z.literal(false),
  width: z.number().int().positive().max(1000),
  height: z.number().int().positive().max(1000),
  tilewidth: z.literal(32),
  tileheight: z.literal(32),
  layers: z.array(
    z.union([TileLayer, ObjectLayer, z.object({ type: z.string(), name: z.string() }).loose()]),
  ),
  tilesets: z.array(Tileset).min(1),
  properties: z.array(Property).optional(),
});
export type TiledMap = z.infer<typeof TiledMap>;
