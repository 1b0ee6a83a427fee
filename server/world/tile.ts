// Tiles and addresses: the vocabulary of the world.

export type Tile = { x: number; y: number };

export { Address } from "../../shared/address.ts";
