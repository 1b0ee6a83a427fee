// Everything that changes in a town, in order. The room mirrors these into the schema state;
// the store records them; replays (server and browser) apply them to frames. Plain data only.

/** A place: "world:sector:arena" or "world:sector:arena:object". */
type Address = string;

export type TownEvent =
  | { kind: "clockTicked"; step: number; time: number }
  | { kind: "agentMoved"; agentId: string; x: number; y: number }
  | {
      kind: "actionStarted";
      agentId: string;
      action: string;
      emoji: string;
      address: Address;
      talkingTo: string;
    }
  /** `chat`: the group talk with people it was said in (every member heard it); absent between residents. */
  | { kind: "said"; speaker: string; listener: string; text: string; chat?: string }
  | { kind: "objectChanged"; address: Address; state: string; by: string }
  | {
      kind: "avatarJoined";
      avatarId: string;
      name: string;
      role: string;
      x: number;
      y: number;
      sprite: number;
    }
  | { kind: "avatarMoved"; avatarId: string; x: number; y: number }
  | { kind: "avatarLeft"; avatarId: string }
  /** A person's connection dropped (`away`: the avatar waits for them) or came back. */
  | { kind: "avatarAway"; avatarId: string; away: boolean }
  /** A person spoke to a resident (the resident's answers are "said" events with the avatar as listener). */
  | {
      kind: "avatarSaid";
      avatarId: string;
      name: string;
      agentId: string;
      text: string;
      chat?: string;
    }
  /** A person and a resident no longer talk together (one of them left the group talk, or it ended). */
  | { kind: "chatEnded"; agentId: string; avatarId: string }
  /** A resident turned without moving: toward a person it talks with. */
  | { kind: "agentFaced"; agentId: string; facing: "down" | "left" | "right" | "up" }
  /** Someone (a resident or a person's avatar) joined a group talk; a new talk begins with its first two. */
  | { kind: "chatJoined"; chat: string; id: string; name: string }
  /** Someone left a group talk: walked out of range, said goodbye, fell silent, or the talk ended. */
  | { kind: "chatLeft"; chat: string; id: string; why: ChatLeaveReason }
  /**
   * A moderator's act: the clock (the room's), or an inner voice a resident took in (a Town command:
   * `avatarId` the moderator's avatar, `thought` what the resident now thinks; older recordings lack them).
   */
  | {
      kind: "moderated";
      by: string;
      action: "pause" | "resume" | "speed" | "whisper";
      value?: number;
      agentId?: string;
      text?: string;
      avatarId?: string;
      thought?: string;
    }
  /**
   * A resident answered an interview (a Town command; `avatarId` the interviewer's avatar). Off the
   * record it goes to the interviewer only and leaves no trace (recordings skip it: kept()).
   */
  | {
      kind: "interviewed";
      by: string;
      agentId: string;
      question: string;
      answer: string;
      avatarId?: string;
      offTheRecord?: boolean;
    }
  /** A resident's mind could not take in a person's question or whisper (it failed, or took too long). */
  | { kind: "unanswered"; avatarId: string; agentId: string; asked: "interview" | "whisper" }
  /** A moderator's news: to everyone (`place` "") or those at a place; `agentIds` the residents reached. */
  | { kind: "announced"; by: string; text: string; place: Address; agentIds: string[] }
  /** A moderator changed a resident (`changes`: the fields given, traits as `traits`). */
  | {
      kind: "residentEdited";
      by: string;
      agentId: string;
      changes: { currently?: string; lifestyle?: string; traits?: string };
    }
  /** A resident moved in while the town ran (a moderator added it): it stands at home. */
  | {
      kind: "residentAdded";
      by: string;
      agentId: string;
      name: string;
      sprite: number;
      x: number;
      y: number;
      home: Address;
    }
  /** A moderator retired a resident: it stops what it does and walks home to leave town. */
  | { kind: "residentRetired"; by: string; agentId: string; name: string }
  /** A retired resident left town (home, or where it stood when the walk took too long). */
  | { kind: "residentLeft"; agentId: string; name: string };

export type ChatLeaveReason = "range" | "goodbye" | "idle" | "ended" | "left";

export type TownEventKind = TownEvent["kind"];

/** Whether an event belongs in a recording: all but answers given off the record. */
export function kept(e: TownEvent): boolean {
  return !(e.kind === "interviewed" && e.offTheRecord);
}
