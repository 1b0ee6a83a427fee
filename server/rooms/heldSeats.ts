// A dropped person's seat held for their reconnection: Colyseus's allowReconnection, with the one
// case it refuses filled in.
//
// Colyseus 0.18 refuses allowReconnection() ("not joined") for a client that has not yet
// acknowledged its JOIN_ROOM (its transport still holds `_enqueuedMessages`). That is right for a
// first join, which the SDK never takes back, but a *reconnected* connection is in the same state
// for a round trip after the server takes it back: the server has sent JOIN_ROOM and waits for the
// SDK's acknowledgement. A connection that drops again in that window (a flaky network often drops
// twice in a row) was not held: the room called onLeave, the avatar and its talk were gone, and the
// SDK's fifteen retries were refused. That is what the reconnect bench met on the 2nd to the 7th
// drop of one session (bench/RESULTS.md, issue 30).
//
// Here such a connection is held like any other. In that window the SDK has either the new
// reconnection token (JOIN_ROOM reached it) or still the one it reconnected with (it did not), so
// both are accepted until the reconnection ends. Messages queued for the dead connection are
// dropped: the connection that takes its place is sent the whole state again.
import type { Client, ClientPrivate, Room } from "@colyseus/core";

/** Colyseus's private bookkeeping of held seats: reconnection token → [session, its deferred]. */
type Reconnections = Record<string, [string, PromiseLike<Client>]>;

export class HeldSeats {
  /** Per session: the token of its current connection, and of the one before after a reconnection. */
  private readonly tokens = new Map<string, { current: string; previous?: string }>();

  constructor(private readonly room: Room) {}

  /** A person joined: their connection's token. */
  joined(client: Client): void {
    this.tokens.set(client.sessionId, { current: client.reconnectionToken });
  }

  /** A person is back on a new connection, whose handshake is still under way. */
  reconnected(client: Client): void {
    const before = this.tokens.get(client.sessionId)?.current;
    this.tokens.set(client.sessionId, { current: client.reconnectionToken, previous: before });
  }

  /** The person is gone for good. */
  left(client: Client): void {
    this.tokens.delete(client.sessionId);
  }

  /**
   * Holds the seat of a dropped client for `seconds`. Resolves with the connection that takes it
   * back; rejects when the time runs out or the room is closing.
   */
  hold(client: Client, seconds: number): PromiseLike<Client> {
    const transport = client as unknown as ClientPrivate;
    const previous = this.tokens.get(client.sessionId)?.previous;
    const inHandshake = transport._enqueuedMessages !== undefined;
    // A first join's handshake is left to Colyseus (refused): that client was never in the town.
    if (!inHandshake || previous === undefined) return this.room.allowReconnection(client, seconds);
    delete transport._enqueuedMessages;
    const held = this.room.allowReconnection(client, seconds);
    const reconnections = (this.room as unknown as { _reconnections: Reconnections })
      ._reconnections;
    const entry = reconnections[client.reconnectionToken];
    if (entry && reconnections[previous] === undefined) {
      reconnections[previous] = entry;
      const forget = () => {
        if (reconnections[previous] === entry) delete reconnections[previous];
      };
      held.then(forget, forget);
    }
    return held;
  }
}
