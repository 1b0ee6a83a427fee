// The seam between the world and an agent's thinking. Every step the Town tells each agent's
// mind what the agent perceives and whether its current action is over; the mind answers with
// a new action or a conversation, in its own time. Lockstep towns wait for every answer; live
// towns keep the world moving and apply a late answer at the next step (docs/ARCHITECTURE.md, "Time").
// One Mind serves all agents of a town (it keeps each agent's memory by id), because a
// conversation needs both speakers' memories.
import type { PerceivedEvent } from "./perception.ts";
import type { Address } from "./tile.ts";
import type { Persona } from "../../shared/persona.ts";

export interface Decision {
  /** What the agent does, as a phrase: "making coffee". */
  action: string;
  emoji: string;
  /** Where: the Town walks the agent to the nearest tile of this address. */
  address: Address;
  /** Game time (ms) at which the action is over and the mind is asked for the next one. */
  until: number;
  /** The action's event triple, subject being the agent: ("is making", "coffee"). */
  predicate?: string;
  object?: string;
  /** What the action does to the object at `address`, if it is an object: "being used". */
  objectState?: string;
}

export interface ConversationLine {
  /** Agent id (or avatar id) of the speaker. */
  speaker: string;
  name: string;
  text: string;
}

/** A conversation a mind has decided its agent starts with another agent. */
export interface ConversationPlan {
  /** The other agent's id. */
  with: string;
  lines: ConversationLine[];
  /** One line: "talking about the Valentine's Day party"; becomes both agents' action. */
  topic: string;
  /** Game time (ms) when it ends. */
  until: number;
}

/** Things that happened to the agent itself, delivered with its next tick. */
export type Notice =
  | {
      kind: "conversationEnded";
      withId: string;
      withName: string;
      lines: ConversationLine[];
      topic: string;
      started: number;
      /** The other side was a person (visitor, reporter, moderator), withId its avatar id. */
      visitor?: boolean;
      /** A group talk: everyone else who was in it (withId/withName name the first person). */
      others?: { id: string; name: string }[];
    }
  | { kind: "conversationRefused"; withId: string; reason: string }
  /** A moderator announced news to the town, or to the place the agent was at (`place`, "" all). */
  | { kind: "announcement"; text: string; by: string; place: string; at: number }
  /** A resident left town (a moderator retired it): those who knew of it learn it is gone. */
  | { kind: "departed"; agentId: string; name: string; at: number };

/** What a mind may read about the agent it drives. */
export interface AgentSelf {
  readonly id: string;
  readonly persona: Persona;
  readonly x: number;
  readonly y: number;
  readonly action: string;
  readonly address: Address;
  /** Id of whom the agent is talking to, "" when nobody. */
  readonly talkingTo: string;
}

export interface MindInput {
  agent: AgentSelf;
  /** Game time (ms). */
  now: number;
  /** Events within the agent's vision and arena, nearest first, bounded by its attention. */
  perceived: readonly PerceivedEvent[];
  /** Addresses of the tiles in view, when the agent reached a new tile (spatial memory); else empty. */
  inView: readonly Address[];
  /** The current action is over (or there is none): the mind should choose the next. */
  needsAction: boolean;
  notices: readonly Notice[];
}

export interface MindOutput {
  action?: Decision;
  conversation?: ConversationPlan;
  /** The agent goes over and joins the group talk (with people) this resident is in. */
  join?: { with: string };
}

/** A person speaking to an agent (through its avatar). */
export interface Speaker {
  /** The avatar id. */
  id: string;
  name: string;
  /** "visitor", "reporter" or "moderator". */
  role: string;
}

/** Words a person said to the agent, to be answered. */
export interface HeardWords {
  agent: AgentSelf;
  now: number;
  speaker: Speaker;
  /** What the person said since the agent last answered (usually one utterance). */
  words: readonly string[];
  /** The talk before these words, everyone's lines (a group talk holds several speakers). */
  soFar: readonly ConversationLine[];
  /** Names of the others in the talk besides the speaker (residents and people), if any. */
  others?: readonly string[];
}

/** A person comes up to the agent or speaks to it while it is not talking with them. */
export interface Approach {
  agent: AgentSelf;
  now: number;
  person: Speaker;
  /** "approaching": walking up to it; "addressing": speaking to it (words hold what was said). */
  how: "approaching" | "addressing";
  words: readonly string[];
  /** Names of those already talking with the agent (a group the person would join). */
  company: readonly string[];
}

/** Words said in a group talk to someone else: every resident in it hears them. */
export interface Overheard {
  agent: AgentSelf;
  now: number;
  speaker: { id: string; name: string; role: string };
  /** Whom the words were said to. */
  to: string;
  text: string;
}

export interface Reply {
  text: string;
  /** The agent ends the talk with this line. */
  end: boolean;
  /** "conversing about ..." */
  topic: string;
  /** The words it answered take leave ("Thanks, bye!", "Nice talking to you"), as the mind read
   *  them: the one who said them leaves the talk with this answer. (The world reads no words.) */
  left?: boolean;
}

/** A person's question to the agent, answered from its memories (the paper's interviews). */
export interface InterviewQuestion {
  agent: AgentSelf;
  now: number;
  question: string;
  /** Who asks, as the agent would name them: "Rita (a reporter)". */
  interviewer: string;
  /** Off the record the agent does not remember being asked. */
  offTheRecord: boolean;
}

/** A moderator's inner voice (§3.6): the agent takes the words as its own thought. */
export interface Whisper {
  agent: AgentSelf;
  now: number;
  text: string;
  /** The moderator's name. */
  by: string;
}

/**
 * The Town calls every method that thinks (tick, hear, answerInterview, takeWhisper) as the
 * town's work: inside the scope of the town's seed (random.ts), so whatever a mind draws can
 * derive from the seed with townSeed().
 */
export interface Mind {
  /**
   * True when the mind reads the town's seed (townSeed()) only while a call is being made, never
   * after an await (a mind on another thread sends it with the call): the Town then gives it the
   * seed for the call alone (callWithTownSeed) instead of a scope that follows every await.
   */
  readonly seedAtCall?: boolean;
  tick(input: MindInput): Promise<MindOutput | null>;
  /**
   * A person speaks to the agent: the mind remembers the words as said by that person and
   * answers in character. Minds without it cannot be talked to.
   */
  hear?(input: HeardWords): Promise<Reply>;
  /** Answers an interview question. Minds without it cannot be interviewed. */
  answerInterview?(input: InterviewQuestion): Promise<string>;
  /** Takes a whisper in; answers the thoughts the agent now has. Minds without it cannot be whispered to. */
  takeWhisper?(input: Whisper): Promise<string[]>;
  /**
   * The reaction step for a person: the agent sees someone coming up to it or addressing it and
   * decides whether to stop what it does and turn to them (true) or carry on. Minds without it
   * always turn to a person who speaks to them.
   */
  approached?(input: Approach): Promise<boolean>;
  /** Remembers words said in a group talk to someone else (no answer). */
  overhear?(input: Overheard): Promise<void>;
  /**
   * The minds' state (memories, plans) for a save; restored with restore(). A mind on another
   * thread answers both with a promise (its state as it is when the request reaches it).
   */
  snapshot?(): unknown;
  /** A resident moved in while the town runs (or one restored from a save): the mind takes it in. */
  addResident?(persona: Persona): void | Promise<void>;
  /**
   * A resident's persona changed (a moderator's edit): the mind takes the new one, and with `told`
   * remembers the change as its own thoughts and plans anew (a restore passes none).
   */
  residentChanged?(
    persona: Persona,
    told?: { now: number; statements: string[] },
  ): void | Promise<void>;
  restore?(data: unknown): void | Promise<void>;
}
