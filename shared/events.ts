// Everything that changes in a town, in order. The room mirrors these into the schema state;
// the store records them; replays (server and browser) apply them to frames. Plain data only.

/** A place: "world:sector:arena" or "world:sector:arena:object". */
type Address = string;

export type TownEvent =
  | { kind: "clockTicked"; step: number; time: number }
  | { kind: "agentMoved"; agentId: string; x: number; y: number }
  | { kind: "actionStarted"; agentId: string; action: string; emoji: string; address: Address; talkingTo: string }
  | { kind: "said"; speaker: string; listener: string; text: string }
  | { kind: "objectChanged"; address: Address; state: string; by: string }
  | { kind: "avatarJoined"; avatarId: string; name: string; role: string; x: number; y: number; sprite: number }
  | { kind: "avatarMoved"; avatarId: string; x: number; y: number }
  | { kind: "avatarLeft"; avatarId: string }
  /** A person spoke to a resident (the resident's answers are "said" events with the avatar as listener). */
  | { kind: "avatarSaid"; avatarId: string; name: string; agentId: string; text: string }
  /** A person's talk with a resident is over. */
  | { kind: "chatEnded"; agentId: string; avatarId: string }
  /** A moderator's act outside the Town's rules (the clock, an inner voice), kept for replays. */
  | { kind: "moderated"; by: string; action: "pause" | "resume" | "speed" | "whisper"; value?: number; agentId?: string; text?: string }
  /** An interview on the record (off the record leaves no trace), kept for replays. */
  | { kind: "interviewed"; by: string; agentId: string; question: string; answer: string };

export type TownEventKind = TownEvent["kind"];
