// A town's state lives in one Town object per process, so a process must never run two rooms
// for the same town: a second room would step the same Town twice. Colyseus may try to make one
// anyway (a joinOrCreate that finds the room full, or a dead process's room still listed during
// a takeover); this refuses it with a reason the client can show. With Redis, a process that
// does not own the town (yet) refuses too: on a takeover the new owner first loads the latest save.
import { ServerError, type Room } from "@colyseus/core";

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access --
   a mixin: TypeScript wants its base constructor typed `new (...args: any[])` (TS2545), and the
   room's hooks are passed through untouched. */

type RoomClass = new (...args: any[]) => Room<any>;

export function oneRoomPerTown<T extends RoomClass>(
  Base: T,
  /** The town a room's creation options name (the default town when they name none). */
  townOf: (options: unknown) => string,
  /** Why this process may not run the town's room now, if it may not (not its town, or not yet). */
  refusal: (town: string) => ServerError | undefined = () => undefined,
): T {
  const live = new Map<string, Room<any>>();
  return class OneRoom extends Base {
    private townKey?: string;

    override onCreate(...args: any[]): any {
      const town = townOf(args[0]);
      const refused = refusal(town);
      if (refused) throw refused;
      const other = live.get(town);
      if (other && other !== this)
        throw new ServerError(
          503,
          `town "${town}" is full, or moving to another server: try again in a moment`,
        );
      live.set(town, this);
      this.townKey = town;
      return Base.prototype.onCreate?.apply(this, args);
    }

    override onDispose(...args: any[]): any {
      if (this.townKey !== undefined && live.get(this.townKey) === this) live.delete(this.townKey);
      return Base.prototype.onDispose?.apply(this, args);
    }
  };
}
