// People talking with residents, as the Town sees them: a person's words checked and handed to the
// talk state machine (town/talkMachine.ts, where the states and transitions of a talk live), the
// machine's world filled in with the town's residents, avatars and minds, and what tools ask of
// the talks going on. A resident seen being walked up to, or spoken to, decides through its
// mind's reaction step (Mind.approached) whether to stop and turn to the person.
import type { TownEvent } from "../../../shared/events.ts";
import type { ChatLine, ChatMember } from "../../../shared/messages.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { ConversationLine, Mind } from "../mind.ts";
import { faceWhom } from "../groupTalk.ts";
import { inTalkRange } from "../talk.ts";
import { facingToward, talkingWith } from "../../../shared/view.ts";
import type { Avatars } from "./avatars.ts";
import type { Conversations } from "./conversations.ts";
import type { Pending } from "./pending.ts";
import { self, type Residents } from "./residents.ts";
import { TalkMachine } from "./talkMachine.ts";
import type { TalkWorld } from "./talkWorld.ts";

export interface ChatsOptions {
  residents: Residents;
  avatars: Avatars;
  conversations: Conversations;
  mind: Mind;
  /** Real milliseconds of silence that end a talk. */
  idleMs: number;
  /** How far a resident sees someone coming. */
  visionRadius: number;
  /** The town's game time. */
  now: () => number;
  /** Asks the mind as the town's work (seeded, and given up on in time: see Town.ask). */
  ask: <T>(work: () => Promise<T>) => Pending<T>;
  /** A mind failed to answer (the Town records it). */
  onMindError: (agentId: string, error: unknown) => void;
  /** A mind's answer came: the Town may take it now (Town.takeAnswers). */
  onAnswer: () => void;
}

export class Chats {
  private readonly machine: TalkMachine;

  constructor(private readonly o: ChatsOptions) {
    this.machine = new TalkMachine(talkWorld(o));
  }

  /** Whether the resident or person is in a talk. */
  inTalk(id: string): boolean {
    return this.machine.talkOf.has(id);
  }

  /** Whether the resident is in a talk others may join: one going on, not paused (TalkMachine.paused). */
  joinable(id: string): boolean {
    const t = this.machine.talkOf.get(id);
    return !!t && !this.machine.paused(t);
  }

  /** Who is in a talk now (empty when it is over). */
  members(chat: string): ChatMember[] {
    const t = this.machine.talks.get(chat);
    return t ? [...t.members.values()].map((m) => ({ id: m.id, name: m.name, kind: m.kind })) : [];
  }

  /** The latest lines of a talk (for one who joins it late). */
  lines(chat: string, max = 30): ChatLine[] {
    const t = this.machine.talks.get(chat);
    return t
      ? t.lines.slice(-max).map(({ speaker, name, to, text }) => ({ speaker, name, to, text }))
      : [];
  }

  /** Each resident–person pair talking, with the talk's lines (tests and tools). */
  pairs(): { agentId: string; avatarId: string; chat: string; lines: ConversationLine[] }[] {
    const out = [];
    for (const t of this.machine.talks.values()) {
      for (const r of t.residents())
        for (const p of t.people())
          out.push({
            agentId: r.id,
            avatarId: p.id,
            chat: t.id,
            lines: t.lines.map(({ speaker, name, text }) => ({ speaker, name, text })),
          });
    }
    return out;
  }

  /** Answers and reaction steps still thinking (lockstep towns wait for them). */
  pending(): Promise<void>[] {
    return this.machine.pending();
  }

  /** Forgets every talk (a restored town starts with nobody talking). */
  clear(): void {
    this.machine.clear();
  }

  /**
   * A person in range speaks to a resident. In a talk with the resident (or joining the one it is
   * in), the line is said there; otherwise the resident's reaction step decides first, and the
   * words wait for it.
   */
  say(cmd: Extract<Command, { kind: "say" }>): CommandResult {
    const p = this.o.avatars.get(cmd.avatarId);
    if (!p) return refuse("not_found", "no such avatar");
    const r = this.o.residents.get(cmd.agentId);
    if (!r) return refuse("not_found", `no resident "${cmd.agentId}"`);
    if (r.leaving) return refuse("busy", `${r.persona.name} is leaving town`);
    if (!inTalkRange(p, r))
      return refuse(
        "too_far",
        `${r.persona.name} is too far away to hear you: walk up to them first`,
      );
    if (!this.o.mind.hear)
      return refuse("unavailable", "the residents of this town cannot be talked to");
    const events: TownEvent[] = [];
    this.machine.personSays(p, r, cmd.text, events);
    return { ok: true, events };
  }

  /** A resident decided to join the talk another resident is in (see TalkMachine.joinResident). */
  joinResident(...args: Parameters<TalkMachine["joinResident"]>): boolean {
    return this.machine.joinResident(...args);
  }

  /** A retired resident leaves its talks with people (and nobody waits for its reaction step). */
  residentLeaves(id: string, events: TownEvent[]): void {
    this.machine.residentLeaves(id, events);
  }

  /** A person left the town: out of any talk, and no longer waited for. */
  personLeft(id: string, events: TownEvent[]): void {
    this.machine.personLeft(id, events);
  }

  /** A person went away (their connection dropped): residents no longer turn to them. */
  personAway(id: string, events: TownEvent[]): void {
    this.machine.personAway(id, events);
  }

  /** Real time passes (dtMs; 0 at a step): answers come in, approaches are noticed, talks end. */
  tick(dtMs: number, events: TownEvent[]): void {
    this.machine.tick(dtMs, events);
  }
}

/** The machine's world: the town's residents, avatars and minds. */
function talkWorld(o: ChatsOptions): TalkWorld {
  const { residents, avatars, mind } = o;
  return {
    idleMs: o.idleMs,
    visionRadius: o.visionRadius,
    hears: !!mind.hear,
    now: o.now,
    resident: (id) => residents.get(id),
    // One leaving town (retired) notices nobody walking up.
    residents: () => residents.all.filter((r) => !r.leaving),
    person: (id) => avatars.get(id),
    people: () => avatars.all(),
    decide(r, p, how, words, company) {
      const ask = mind.approached?.bind(mind);
      if (!ask) return undefined;
      const input = {
        agent: self(r),
        now: o.now(),
        person: { id: p.id, name: p.name, role: p.role },
        how,
        words,
        company,
      };
      return o.ask(() => ask(input));
    },
    answer(r, turn, soFar, others) {
      const hear = mind.hear!.bind(mind);
      const input = {
        agent: self(r),
        now: o.now(),
        speaker: turn.speaker,
        words: turn.words.map((w) => w.text),
        soFar,
        others,
      };
      return o.ask(() => hear(input));
    },
    overhear(r, line, role, to) {
      const overhear = mind.overhear?.bind(mind);
      if (!overhear) return undefined;
      const input = {
        agent: self(r),
        now: o.now(),
        speaker: { id: line.speaker, name: line.name, role },
        to,
        text: line.text,
      };
      return o.ask(() => overhear(input));
    },
    hold(r, withWhom, names, keepWalk, events) {
      const who = names.join(" and ");
      if (r.talkingTo === withWhom && r.object === who) return;
      const walk = keepWalk && r.path.length > 0 ? r.path : [];
      residents.startTalking(r, { id: withWhom, name: who }, talkingWith(who), events);
      r.path = walk;
    },
    face(t, r, answering, events) {
      const at = faceWhom(t, r, answering, (id) => avatars.get(id) ?? residents.get(id));
      if (!at || (at.x === r.x && at.y === r.y)) return;
      const facing = facingToward(r, at);
      if (facing === r.facing) return;
      r.facing = facing;
      events.push({ kind: "agentFaced", agentId: r.id, facing });
    },
    stopTalking: (r, notice, events) => residents.stopTalking(r, o.now(), notice, events),
    interrupt: (r, events) => o.conversations.interrupt(r.id, o.now(), events),
    walkTo: (r, tiles) => residents.walkTo(r, tiles),
    mindError: o.onMindError,
    delivered: o.onAnswer,
  };
}
