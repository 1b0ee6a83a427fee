// A town's state lives in one Town object per process, so a process must never run two rooms
// for it: a second room would step the same Town twice. Colyseus may try to make one anyway (a
// joinOrCreate that finds the room full, or a dead process's room still listed during a
// takeover); this refuses it with a reason the client can show. With Redis, a process that does
// not own the town (yet) refuses too: on a takeover the new owner first loads the latest save.
import { ServerError, type Room } from "@colyseus/core";

type RoomClass = new (...args: any[]) => Room<any>;

export function oneRoomPerProcess<T extends RoomClass>(Base: T, mayHost: () => boolean = () => true): T {
  let live: Room<any> | undefined;
  return class OneRoom extends Base {
    override onCreate(...args: any[]): any {
      if (!mayHost()) throw new ServerError(503, "this town is moving to another server: try again in a moment");
      if (live && live !== this) throw new ServerError(503, "this town is full, or moving to another server: try again in a moment");
      live = this;
      return (Base.prototype as any).onCreate?.apply(this, args);
    }

    override onDispose(...args: any[]): any {
      if (live === this) live = undefined;
      return (Base.prototype as any).onDispose?.apply(this, args);
    }
  };
}
