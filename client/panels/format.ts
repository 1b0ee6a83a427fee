// Small text helpers the panels share: addresses as places, game times, people's first names.
import { Address } from "../../shared/address.ts";

/** "Willowbrook:Copper Kettle cafe:kitchen:oven" → "Copper Kettle cafe › kitchen › oven". */
export function placeOf(address: string): string {
  const parts = Address.levels(address).filter(Boolean);
  return (parts.length > 1 ? parts.slice(1) : parts).join(" › ");
}

export function firstName(name: string): string {
  return name.split(" ")[0] || name;
}

/** Chebyshev tile distance, as the server measures TALK_RANGE (diagonals count 1). */
export function tileDistance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}
