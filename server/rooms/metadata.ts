// What a town's room tells other processes and the join dialog (matchmaking lists and filters
// rooms by it), and the refusal for a town no room here runs.
import { ServerError } from "@colyseus/core";

export interface TownRoomMetadata {
  town: string;
  template: string;
  residents: number;
  primary: 0 | 1;
}

/** The refusal of a join into a town this process does not serve. */
export function noSuchTown(name: string): ServerError {
  return new ServerError(
    404,
    `no town "${name.slice(0, 64)}" on this server: the join dialog lists the towns`,
  );
}
