// Tiles and addresses: the vocabulary of the world.

export type Tile = { x: number; y: number };

export { Address } from "../../shared/address.ts";

export const tileKey = (t: Tile, width: number) => t.y * width + t.x;

export const sameTile = (a: Tile, b: Tile) => a.x === b.x && a.y === b.y;
