// The Colyseus connection: joins the room `town` on the page's own origin (the server serves the
// client, the assets and the rooms on one port) and types what crosses the wire.
import { Client, type Room } from "@colyseus/sdk";
import { TOWN_ROOM } from "../shared/constants.ts";
import type {
  ClientMessage,
  ClientMessageType,
  JoinOptions,
  ServerMessages,
} from "../shared/messages.ts";
import type { TownState } from "../shared/state.ts";

export type TownRoom = Room<unknown, TownState>;

/** Joins the room of a town (none named: the server's default town). Rejects with the server's reason when the join is refused. */
export async function joinTown(options: {
  name: string;
  role: JoinOptions["role"];
  token?: string;
  town?: string;
}): Promise<TownRoom> {
  const client = new Client(location.origin);
  try {
    const room = await client.joinOrCreate<TownState>(TOWN_ROOM, options);
    return room as TownRoom;
  } catch (e) {
    throw new Error(joinErrorText(e), { cause: e });
  }
}

function joinErrorText(e: unknown): string {
  const message =
    e instanceof Error
      ? e.message
      : typeof e === "string"
        ? e
        : ((e as { message?: string })?.message ?? "");
  if (!message || /failed to fetch|network|ECONNREFUSED/i.test(message))
    return "Cannot reach the town server. Is it running?";
  const reason = message.replace(/^cannot join: /i, "");
  return `Cannot join: ${reason}.`.replace(/\.\.$/, ".");
}

/** Sends a validated-by-type client message. */
export function send<K extends ClientMessageType>(
  room: TownRoom,
  type: K,
  payload: ClientMessage<K>,
): void {
  (room as unknown as { send(type: string, payload: unknown): void }).send(type, payload);
}

/** Resolves once the first full state has arrived (the template is set). */
export function firstState(room: TownRoom, timeoutMs = 10_000): Promise<TownState> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const s = room.state as TownState | undefined;
      if (s && s.template) return resolve(s);
      if (Date.now() - started > timeoutMs)
        return reject(new Error("The town did not send its state in time."));
      setTimeout(poll, 25);
    };
    poll();
  });
}

export type { ServerMessages };
