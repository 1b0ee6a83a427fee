// Addresses: where things are in a town, "world:sector:arena:object" or a prefix of it
// ("world:sector:arena", "world:sector", "world"), as the original's spatial memory names them.
// An address stays a string wherever it travels (saves, messages, prompts); this module is the one
// place that knows how it is put together.

/** "world:sector:arena:object", or a prefix of it ("world:sector:arena"). */
export type Address = string;

/** The parts of an address; those it does not reach are undefined. */
export interface AddressParts {
  world: string;
  sector?: string;
  arena?: string;
  object?: string;
}

const SEPARATOR = ":";

/** An address's levels, from the world down. */
const parts = (address: Address): string[] => address.split(SEPARATOR);

export const Address = {
  /** Its parts by name: "w:cafe:kitchen" → { world: "w", sector: "cafe", arena: "kitchen" }. */
  parse(address: Address): AddressParts {
    const [world, sector, arena, object] = parts(address);
    return { world, sector, arena, object };
  },

  /** An address from its levels, from the world down (empty levels are kept as given). */
  format(levels: readonly string[]): Address {
    return levels.join(SEPARATOR);
  },

  /** Its levels as a list: [world, sector?, arena?, object?]. */
  levels: parts,

  /** How many levels it has: 1 (a world) to 4 (an object). */
  depth(address: Address): number {
    return parts(address).length;
  },

  /** Whether it names an object (all four levels). */
  isObject(address: Address): boolean {
    return parts(address).length === 4;
  },

  /** Its first `depth` levels: prefix(a, 3) is a's arena. */
  prefix(address: Address, depth: number): Address {
    return parts(address).slice(0, depth).join(SEPARATOR);
  },

  /** Its last level: an object's name, else the deepest place it names. */
  last(address: Address): string {
    return parts(address).at(-1)!;
  },

  /** Whether a string is an address rather than a name (it has levels below the world). */
  hasLevels(s: string): boolean {
    return s.includes(SEPARATOR);
  },
};
