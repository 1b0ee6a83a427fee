// What people ask of a town. The room turns validated client messages into these; the Town
// answers each with the events it caused, or a refusal the room passes back to the client.
import type { ErrorCode, ServerMessages } from "../../shared/messages.ts";
import type { TownEvent } from "../../shared/events.ts";
import type { NewResidentSpec, ResidentChanges } from "../../shared/newResident.ts";

export type Command =
  | { kind: "joinAvatar"; avatarId: string; name: string; role: string }
  | { kind: "leaveAvatar"; avatarId: string }
  | { kind: "moveAvatar"; avatarId: string; x: number; y: number }
  /** A person's connection dropped (away: their avatar waits) or came back (town/presence.ts). */
  | { kind: "avatarAway"; avatarId: string; away: boolean }
  /** A person speaks to a resident within TALK_RANGE; the resident stops and answers. */
  | { kind: "say"; avatarId: string; agentId: string; text: string }
  /** A person (a moderator) sets an object's state; "idle" clears it. */
  | { kind: "setObjectState"; address: string; state: string; by: string }
  /** A person (a reporter) asks a resident a question; the answer comes later as an "interviewed" event. */
  | {
      kind: "interview";
      avatarId: string;
      agentId: string;
      question: string;
      interviewer: string;
      offTheRecord: boolean;
    }
  /** A moderator's inner voice for a resident; what it now thinks comes later as a "moderated" whisper event. */
  | { kind: "whisper"; avatarId: string; agentId: string; text: string; by: string }
  /** A moderator's news for everyone in town, or for those at a place (an address prefix; "" all). */
  | { kind: "announce"; text: string; place: string; by: string }
  /** A moderator adds a resident to the running town (town/newResident.ts checks the fields). */
  | ({ kind: "addResident"; by: string } & NewResidentSpec)
  /** A moderator changes a resident's "currently", lifestyle or traits. */
  | { kind: "editResident"; by: string; agentId: string; changes: ResidentChanges }
  /** A moderator retires a resident: it walks home and leaves town (town/retireResident.ts). */
  | { kind: "retireResident"; by: string; agentId: string };

/** A message every person is told at once (a person's change others must hear of as such). */
export type Broadcast = {
  [K in keyof ServerMessages]: { type: K; message: ServerMessages[K] };
}[keyof ServerMessages];

export type CommandResult =
  | { ok: true; events: TownEvent[]; broadcast?: Broadcast[] }
  | { ok: false; code: ErrorCode; message: string };

export const refuse = (code: ErrorCode, message: string): CommandResult => ({
  ok: false,
  code,
  message,
});
