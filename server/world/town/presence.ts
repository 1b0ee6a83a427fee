// People coming and going: a person who leaves the town, and one whose connection dropped, who is
// away while the room holds their seat (RECONNECT_SECONDS) and then back or gone. The rule of
// "away": the avatar stops and waits where it is, marked away for everyone; residents do not turn
// to them (one deciding whether to does not); a talk of theirs is paused, not ended, while all its
// people are away (town/talkMachine.ts: its silence does not count, nobody joins it, its residents
// wait), and goes on when they are back; if they never come back, the room's leave ends it.
import type { TownEvent } from "../../../shared/events.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { Avatars } from "./avatars.ts";
import type { Chats } from "./chats.ts";

/** A person leaves the town: out of their talk, and their avatar gone. */
export function personLeaves(avatars: Avatars, chats: Chats, avatarId: string): CommandResult {
  if (!avatars.leave(avatarId)) return refuse("not_found", "no such avatar");
  const events: TownEvent[] = [];
  chats.personLeft(avatarId, events);
  events.push({ kind: "avatarLeft", avatarId });
  return { ok: true, events };
}

/** A person's connection dropped (away) or came back. */
export function personAway(
  avatars: Avatars,
  chats: Chats,
  cmd: Extract<Command, { kind: "avatarAway" }>,
): CommandResult {
  const result = avatars.setAway(cmd);
  if (result.ok && cmd.away && result.events.length) chats.personAway(cmd.avatarId, result.events);
  return result;
}
