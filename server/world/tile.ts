// Tiles and addresses: the vocabulary of the world.

export type Tile = { x: number; y: number };

/** "world:sector:arena:object", or a prefix of it ("world:sector:arena"). */
export type Address = string;

export const tileKey = (t: Tile, width: number) => t.y * width + t.x;

export const sameTile = (a: Tile, b: Tile) => a.x === b.x && a.y === b.y;

/** Splits an address into its parts: [world, sector?, arena?, object?]. */
export const addressParts = (address: Address): string[] => address.split(":");
