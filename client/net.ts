// The Colyseus connection: joins the room `town` on the page's own origin (the server serves the
// client, the assets and the rooms on one port) and types what crosses the wire. The page holds a
// TownLink (link.ts), which stays the same through a dropped connection and a server restart.
import type { ClientMessage, ClientMessageType, ServerMessages } from "../shared/messages.ts";
import { firstState, joinErrorText, TownLink, type JoinRequest } from "./link.ts";

export type TownRoom = TownLink;

/** Joins the room of a town (none named: the server's default town). Rejects with the server's reason when the join is refused. */
export async function joinTown(options: JoinRequest): Promise<TownRoom> {
  try {
    return await TownLink.join(location.origin, options);
  } catch (e) {
    throw new Error(joinErrorText(e), { cause: e });
  }
}

/** Sends a validated-by-type client message. */
export function send<K extends ClientMessageType>(
  room: TownRoom,
  type: K,
  payload: ClientMessage<K>,
): void {
  room.send(type, payload);
}

export { firstState };
export type { LinkStatus } from "./link.ts";
export type { ServerMessages };
