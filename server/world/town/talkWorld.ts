// The world a talk with people moves in, as the talk state machine (town/talkMachine.ts) sees it:
// the town's residents and avatars, its minds (asked as the town's work, answered later) and its
// bodies (who stops, who faces whom). town/chats.ts fills it in.
import type { TownEvent } from "../../../shared/events.ts";
import type { GroupTalk, TalkLine, Turn } from "../groupTalk.ts";
import type { ConversationLine, Notice, Reply } from "../mind.ts";
import type { Avatar } from "./avatars.ts";
import type { Pending } from "./pending.ts";
import type { Resident } from "./residents.ts";

/** How a person comes to a resident: walking up to it, or speaking to it. */
export type How = "approaching" | "addressing";

export interface TalkWorld {
  /** Real milliseconds of silence that end a talk. */
  readonly idleMs: number;
  /** How far a resident sees someone coming. */
  readonly visionRadius: number;
  /** The residents' minds answer people (Mind.hear). */
  readonly hears: boolean;
  now(): number;
  resident(id: string): Resident | undefined;
  residents(): readonly Resident[];
  person(id: string): Avatar | undefined;
  people(): Iterable<Avatar>;
  /** The reaction step: does the resident turn to the person? Undefined when minds have none. */
  decide(
    r: Resident,
    p: Avatar,
    how: How,
    words: string[],
    company: string[],
  ): Pending<boolean> | undefined;
  /** The resident's answer to a person's turn. */
  answer(r: Resident, turn: Turn, soFar: ConversationLine[], others: string[]): Pending<Reply>;
  /** The resident remembers a line said to another; undefined when minds do not overhear. */
  overhear(r: Resident, line: TalkLine, speakerRole: string, to: string): Pending<void> | undefined;
  /** The resident stops what it does to talk with these people (keeping its walk up to them). */
  hold(
    r: Resident,
    withWhom: string,
    names: string[],
    keepWalk: boolean,
    events: TownEvent[],
  ): void;
  /** The resident looks at whom it answers, else the nearest person of the talk. */
  face(t: GroupTalk, r: Resident, answering: string, events: TownEvent[]): void;
  /** The resident's talk is over: its mind hears of it (the notice) and its day goes on. */
  stopTalking(r: Resident, notice: Notice | null, events: TownEvent[]): void;
  /** Ends the resident's conversation with another resident; returns that other's id. */
  interrupt(r: Resident, events: TownEvent[]): string | undefined;
  walkTo(r: Resident, tiles: readonly { x: number; y: number }[]): void;
  mindError(agentId: string, error: unknown): void;
  /** A mind's answer came (the town may take it now rather than at its next tick). */
  delivered(): void;
}
