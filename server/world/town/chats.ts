// People talking with residents (DESIGN.md, "People"): group talks that any resident or person in
// range may be in. A resident seen being walked up to, or spoken to, decides through its mind's
// reaction step (Mind.approached) whether to stop and turn to the person; once it has, it stays
// (its plan waits) until the person walks out of range, says goodbye or falls silent. Each line is
// heard by everyone in the talk (residents remember it with who said it) and a resident answers
// the people who spoke to it in the order they spoke. Talks run in real time (people type in real
// time whatever the clock), so they go on while the clock is paused. Not saved: a restored town
// starts with nobody talking.
import type { ChatLeaveReason, TownEvent } from "../../../shared/events.ts";
import type { ChatLine, ChatMember } from "../../../shared/messages.ts";
import { facingToward } from "../../../shared/view.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import {
  faceWhom,
  GroupTalk,
  outOfRange,
  type TalkLine,
  type TalkMember,
  type Turn,
} from "../groupTalk.ts";
import type { ConversationLine, Mind, Notice, Reply } from "../mind.ts";
import { chebyshev, inTalkRange, isGoodbye } from "../talk.ts";
import type { Avatar, Avatars } from "./avatars.ts";
import type { Conversations } from "./conversations.ts";
import type { Pending } from "./pending.ts";
import { self, type Resident, type Residents } from "./residents.ts";

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
}

/** A person's approach waiting for the resident's reaction step. */
interface Approach {
  agentId: string;
  avatarId: string;
  how: "approaching" | "addressing";
  /** What the person said meanwhile: heard once the resident turns to them. */
  words: TalkLine[];
  decision: Pending<boolean>;
}

/** A resident's answer on its way. */
interface Answer {
  talk: GroupTalk;
  turn: Turn;
  reply: Pending<Reply>;
}

/** Real milliseconds before the same person walking up to the same resident is noticed again. */
const NOTICE_AGAIN_MS = 20_000;

export class Chats {
  private readonly talks = new Map<string, GroupTalk>();
  /** Member id (resident or avatar) → its talk. */
  private readonly talkOf = new Map<string, GroupTalk>();
  private readonly approaches = new Map<string, Approach>();
  private readonly answers = new Map<string, Answer>();
  /** Residents remembering lines said to others: errors are collected, lockstep waits for them. */
  private listening: { agentId: string; done: Pending<void> }[] = [];
  /** Residents walking up to join a talk: holding them keeps their walk. */
  private readonly walkingUp = new Set<string>();
  /** When each (person, resident) approach was last noticed, in real ms. */
  private readonly noticed = new Map<string, number>();
  private realMs = 0;
  private seq = 0;

  constructor(private readonly o: ChatsOptions) {}

  /** Whether the resident or person is in a talk. */
  inTalk(id: string): boolean {
    return this.talkOf.has(id);
  }

  /** Who is in a talk now (empty when it is over). */
  members(chat: string): ChatMember[] {
    const t = this.talks.get(chat);
    return t ? [...t.members.values()].map((m) => ({ id: m.id, name: m.name, kind: m.kind })) : [];
  }

  /** The latest lines of a talk (for one who joins it late). */
  lines(chat: string, max = 30): ChatLine[] {
    const t = this.talks.get(chat);
    return t
      ? t.lines.slice(-max).map(({ speaker, name, to, text }) => ({ speaker, name, to, text }))
      : [];
  }

  /** Each resident–person pair talking, with the talk's lines (tests and tools). */
  pairs(): { agentId: string; avatarId: string; chat: string; lines: ConversationLine[] }[] {
    const out = [];
    for (const t of this.talks.values()) {
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
    const out: Promise<void>[] = [];
    for (const a of this.answers.values()) if (!a.reply.done) out.push(a.reply.promise);
    for (const a of this.approaches.values()) if (!a.decision.done) out.push(a.decision.promise);
    for (const l of this.listening) if (!l.done.done) out.push(l.done.promise);
    return out;
  }

  /** Forgets every talk (a restored town starts with nobody talking). */
  clear(): void {
    this.talks.clear();
    this.talkOf.clear();
    this.approaches.clear();
    this.answers.clear();
    this.walkingUp.clear();
    this.listening = [];
  }

  // ---------------------------------------------------------------- a person speaks

  /**
   * A person in range speaks to a resident. In a talk with the resident (or joining the one it is
   * in), the line is said there; otherwise the resident's reaction step decides first, and the
   * words wait for it.
   */
  say(cmd: Extract<Command, { kind: "say" }>): CommandResult {
    const p = this.person(cmd.avatarId);
    if (!p) return refuse("not_found", "no such avatar");
    const r = this.resident(cmd.agentId);
    if (!r) return refuse("not_found", `no resident "${cmd.agentId}"`);
    if (!inTalkRange(p, r))
      return refuse(
        "too_far",
        `${r.persona.name} is too far away to hear you: walk up to them first`,
      );
    if (!this.o.mind.hear)
      return refuse("unavailable", "the residents of this town cannot be talked to");
    const text = cmd.text;
    const events: TownEvent[] = [];
    const line: TalkLine = { speaker: p.id, name: p.name, to: r.id, text };
    const t = this.talkOf.get(r.id);
    if (t) {
      if (!t.has(p.id)) {
        this.leaveAny(p.id, "left", events);
        this.join(t, personMember(p, true), events);
      }
      this.speak(t, line, events);
      return { ok: true, events };
    }
    // Speaking to someone else takes the person out of the talk they were in.
    this.leaveAny(p.id, "left", events);
    events.push({ kind: "avatarSaid", avatarId: p.id, name: p.name, agentId: r.id, text });
    const key = pairKey(p.id, r.id);
    const waiting = this.approaches.get(key);
    if (waiting) {
      waiting.words.push(line);
      if (waiting.how === "approaching") waiting.how = "addressing";
    } else this.approach(r, p, "addressing", [line], events);
    return { ok: true, events };
  }

  /** A line said in a talk: everyone hears it, and the one it was said to answers in turn. */
  private speak(t: GroupTalk, line: TalkLine, events: TownEvent[]): void {
    const speaker = t.members.get(line.speaker);
    t.say(line);
    events.push({
      kind: "avatarSaid",
      avatarId: line.speaker,
      name: line.name,
      agentId: line.to,
      text: line.text,
      chat: t.id,
    });
    if (speaker && isGoodbye(line.text)) speaker.leaving = true;
    this.overheard(t, line);
    this.answerNext(t, events);
  }

  /** Every resident in the talk but the one spoken to (and the speaker) remembers the line. */
  private overheard(t: GroupTalk, line: TalkLine): void {
    const overhear = this.o.mind.overhear?.bind(this.o.mind);
    if (!overhear) return;
    const speaker = t.members.get(line.speaker);
    const to = t.members.get(line.to)?.name ?? "";
    for (const m of t.residents()) {
      if (m.id === line.to || m.id === line.speaker) continue;
      const r = this.resident(m.id);
      if (!r) continue;
      const input = {
        agent: self(r),
        now: this.time(),
        speaker: { id: line.speaker, name: line.name, role: speaker?.role ?? "resident" },
        to,
        text: line.text,
      };
      this.listening.push({ agentId: r.id, done: this.o.ask(() => overhear(input)) });
    }
  }

  // ---------------------------------------------------------------- the reaction step

  /** Asks the resident's mind whether it turns to the person (minds without the step always do). */
  private approach(
    r: Resident,
    p: Avatar,
    how: Approach["how"],
    words: TalkLine[],
    events: TownEvent[],
  ): void {
    const key = pairKey(p.id, r.id);
    this.noticed.set(key, this.realMs);
    const ask = this.o.mind.approached?.bind(this.o.mind);
    if (!ask) {
      // Without the step: one spoken to turns to the speaker; one walked up to does not notice.
      if (how === "addressing") this.turnTo(r, p, words, events);
      return;
    }
    const company = r.talkingTo
      ? [this.resident(r.talkingTo)?.persona.name ?? ""].filter(Boolean)
      : [];
    const input = {
      agent: self(r),
      now: this.time(),
      person: { id: p.id, name: p.name, role: p.role },
      how,
      words: words.map((w) => w.text),
      company,
    };
    this.approaches.set(key, {
      agentId: r.id,
      avatarId: p.id,
      how,
      words,
      decision: this.o.ask(() => ask(input)),
    });
  }

  /** Notices people walking up to residents: the end of their walk is within talk range of one. */
  private noticeApproaches(events: TownEvent[]): void {
    for (const p of this.people()) {
      const end = p.path.at(-1);
      if (!end || this.talkOf.has(p.id)) continue;
      let best: Resident | undefined,
        bestD = Infinity;
      for (const r of this.residents()) {
        if (
          r.talkingTo ||
          this.talkOf.has(r.id) ||
          !inTalkRange(end, r) ||
          chebyshev(p, r) > this.o.visionRadius
        )
          continue;
        const d = chebyshev(end, r);
        if (d < bestD) {
          best = r;
          bestD = d;
        }
      }
      if (!best) continue;
      const key = pairKey(p.id, best.id);
      if (this.approaches.has(key)) continue;
      const last = this.noticed.get(key);
      if (last !== undefined && this.realMs - last < NOTICE_AGAIN_MS) continue;
      this.approach(best, p, "approaching", [], events);
    }
  }

  /** Adopts the reaction steps that are done. */
  private settleApproaches(events: TownEvent[]): void {
    for (const [key, a] of [...this.approaches]) {
      if (!a.decision.done) continue;
      this.approaches.delete(key);
      const r = this.resident(a.agentId);
      const p = this.person(a.avatarId);
      if (!r || !p) continue;
      if (a.decision.error !== undefined) this.mindError(r.id, a.decision.error);
      // A mind that failed still answers one who spoke to it: nobody is left unheard by a fault.
      const turns =
        a.decision.error !== undefined ? a.how === "addressing" : a.decision.output === true;
      if (!turns) {
        if (a.how === "addressing")
          events.push({ kind: "chatEnded", agentId: r.id, avatarId: p.id });
        continue;
      }
      // One who walked off, or joined another talk, in the meantime is not waited for.
      const elsewhere = this.talkOf.get(p.id);
      if (
        a.how === "approaching" &&
        ((!p.path.length && !inTalkRange(p, r)) ||
          (elsewhere && elsewhere !== this.talkOf.get(r.id)))
      )
        continue;
      this.turnTo(r, p, a.words, events);
    }
  }

  /** The resident stops and turns to the person: they are in a talk together (its own, or a new one). */
  private turnTo(r: Resident, p: Avatar, words: TalkLine[], events: TownEvent[]): void {
    let t = this.talkOf.get(r.id);
    if (!t) {
      t = new GroupTalk(`talk-${++this.seq}`, this.time(), `conversing with ${p.name}`);
      this.talks.set(t.id, t);
      // A resident talking with another resident brings them along into the group.
      const partner = r.talkingTo ? this.interrupt(r, events) : undefined;
      this.join(t, residentMember(r), events);
      const other = partner ? this.resident(partner) : undefined;
      if (other) this.join(t, residentMember(other), events);
    }
    if (!t.has(p.id)) {
      this.leaveAny(p.id, "left", events);
      this.join(
        t,
        personMember(
          p,
          t.residents().some((m) => {
            const b = this.resident(m.id);
            return !!b && inTalkRange(p, b);
          }),
        ),
        events,
      );
    }
    for (const w of words) {
      t.say(w);
      this.overheard(t, w);
      if (isGoodbye(w.text)) t.members.get(p.id)!.leaving = true;
    }
    this.holdAll(t, events);
    this.answerNext(t, events);
  }

  private join(t: GroupTalk, m: Omit<TalkMember, "leaving">, events: TownEvent[]): void {
    if (!t.join(m)) return;
    this.talkOf.set(m.id, t);
    events.push({ kind: "chatJoined", chat: t.id, id: m.id, name: m.name });
    if (m.kind === "avatar") this.holdAll(t, events);
  }

  /** The residents of a talk stop for its people, and look at whom they talk with. */
  private holdAll(t: GroupTalk, events: TownEvent[]): void {
    const people = t.people();
    if (people.length === 0) return;
    for (const m of t.residents()) {
      const r = this.resident(m.id);
      if (!r) continue;
      const withWhom = r.talkingTo && t.has(r.talkingTo) ? r.talkingTo : people[0].id;
      this.holdOne(r, withWhom, t.namesBut(r.id), events);
      this.face(t, r, this.answers.get(r.id)?.turn.speaker.id ?? "", events);
    }
  }

  private face(t: GroupTalk, r: Resident, answering: string, events: TownEvent[]): void {
    const at = faceWhom(t, r, answering, (id) => this.person(id) ?? this.resident(id));
    if (!at || (at.x === r.x && at.y === r.y)) return;
    const facing = facingToward(r, at);
    if (facing === r.facing) return;
    r.facing = facing;
    events.push({ kind: "agentFaced", agentId: r.id, facing });
  }

  /**
   * A resident passing by decided (its reaction step) to join the talk another resident is in:
   * it joins and walks up beside them. False when there is no such talk any more, or it is too far.
   */
  joinResident(r: Resident, withId: string, events: TownEvent[]): boolean {
    const t = this.talkOf.get(withId);
    const other = this.resident(withId);
    if (
      !t ||
      !other ||
      t.has(r.id) ||
      this.talkOf.has(r.id) ||
      chebyshev(r, other) > this.o.visionRadius
    )
      return false;
    if (!inTalkRange(r, other)) this.walkingUp.add(r.id);
    this.join(t, residentMember(r), events);
    this.holdAll(t, events);
    if (this.walkingUp.has(r.id))
      this.o.residents.walkTo(r, [
        { x: other.x + 1, y: other.y },
        { x: other.x - 1, y: other.y },
        { x: other.x, y: other.y + 1 },
        { x: other.x, y: other.y - 1 },
      ]);
    return true;
  }

  // ---------------------------------------------------------------- answers

  /** Each resident with nobody being answered starts answering the first who waits. */
  private answerNext(t: GroupTalk, events: TownEvent[]): void {
    const hear = this.o.mind.hear?.bind(this.o.mind);
    if (!hear) return;
    for (const m of t.residents()) {
      if (this.answers.has(m.id)) continue;
      const r = this.resident(m.id);
      const turn = r && t.nextTurn(m.id);
      if (!r || !turn) continue;
      const heard = new Set(turn.words);
      const soFar = t.lines
        .filter((l) => !heard.has(l))
        .map(({ speaker, name, text }) => ({ speaker, name, text }));
      const input = {
        agent: self(r),
        now: this.time(),
        speaker: turn.speaker,
        words: turn.words.map((w) => w.text),
        soFar,
        others: t.namesBut(r.id, turn.speaker.id),
      };
      this.answers.set(m.id, { talk: t, turn, reply: this.o.ask(() => hear(input)) });
      // It turns to the one it answers.
      this.holdOne(r, turn.speaker.id, t.namesBut(r.id), events);
      this.face(t, r, turn.speaker.id, events);
    }
  }

  /** Says the answers that arrived; one who said goodbye leaves once answered. */
  private settleAnswers(events: TownEvent[]): void {
    for (const [id, a] of [...this.answers]) {
      if (!a.reply.done) continue;
      this.answers.delete(id);
      const t = a.talk;
      const r = this.resident(id);
      if (!r || !t.has(id) || this.talks.get(t.id) !== t) continue;
      const to = a.turn.speaker.id;
      let wrapUp = false;
      if (a.reply.error !== undefined) this.mindError(id, a.reply.error);
      else if (a.reply.output) {
        const out = a.reply.output;
        const text = out.text.trim();
        if (text && t.has(to)) {
          const line: TalkLine = { speaker: id, name: r.persona.name, to, text };
          t.say(line);
          events.push({ kind: "said", speaker: id, listener: to, text, chat: t.id });
          this.overheard(t, line);
        }
        if (out.topic.trim()) t.topic = out.topic.trim();
        wrapUp = out.end;
      }
      t.quietMs = 0;
      const person = t.members.get(to);
      // The resident wraps up with that person (or they said goodbye): they part.
      if (person && (wrapUp || person.leaving)) this.leave(t, to, "goodbye", events);
      if (this.talks.get(t.id) === t) this.answerNext(t, events);
    }
  }

  // ---------------------------------------------------------------- leaving

  private leaveAny(id: string, why: ChatLeaveReason, events: TownEvent[]): void {
    const t = this.talkOf.get(id);
    if (t) this.leave(t, id, why, events);
  }

  /** Someone leaves a talk; a talk left without a resident or without a person is over. */
  leave(t: GroupTalk, id: string, why: ChatLeaveReason, events: TownEvent[]): void {
    const m = t.leave(id);
    if (!m) return;
    this.talkOf.delete(id);
    events.push({ kind: "chatLeft", chat: t.id, id, why });
    const others = m.kind === "agent" ? t.people() : t.residents();
    for (const o of others)
      events.push(
        m.kind === "agent"
          ? { kind: "chatEnded", agentId: id, avatarId: o.id }
          : { kind: "chatEnded", agentId: o.id, avatarId: id },
      );
    if (m.kind === "agent") this.release(t, id, events);
    else
      this.answers.forEach((a, rid) => {
        if (a.talk === t && a.turn.speaker.id === id) this.answers.delete(rid);
      });
    if (t.over) {
      this.talks.delete(t.id);
      for (const rest of [...t.members.keys()]) this.leave(t, rest, "ended", events);
    } else if (m.kind === "avatar") this.holdAll(t, events);
  }

  /** A resident out of the talk: its mind remembers the whole talk and its day goes on. */
  private release(t: GroupTalk, id: string, events: TownEvent[]): void {
    this.answers.delete(id);
    this.walkingUp.delete(id);
    const r = this.resident(id);
    if (!r) return;
    // Whom it talked with: the people who spoke in the talk, first the first one who did.
    const spoke = new Map<string, string>();
    for (const l of t.lines) if (l.speaker !== id) spoke.set(l.speaker, l.name);
    const people = [...spoke].filter(([sid]) => !this.resident(sid));
    const [firstId, firstName] = people[0] ?? ["", ""];
    const others = [...spoke]
      .filter(([sid]) => sid !== firstId)
      .map(([oid, name]) => ({ id: oid, name }));
    const notice: Notice | null = firstId
      ? {
          kind: "conversationEnded",
          withId: firstId,
          withName: firstName,
          lines: t.lines.map(({ speaker, name, text }) => ({ speaker, name, text })),
          topic: t.topic,
          started: t.started,
          visitor: true,
          ...(others.length ? { others } : {}),
        }
      : null;
    this.free(r, notice, events);
  }

  /** A person left the town: out of any talk, and no longer waited for. */
  personLeft(id: string, events: TownEvent[]): void {
    this.leaveAny(id, "left", events);
    for (const [key, a] of [...this.approaches]) if (a.avatarId === id) this.approaches.delete(key);
  }

  // ---------------------------------------------------------------- real time

  /**
   * Between steps and at each step: adopts reaction steps and answers that are done, notices
   * people walking up to residents, and ends what is over: people out of range, talks gone quiet.
   */
  tick(dtMs: number, events: TownEvent[]): void {
    this.realMs += dtMs;
    this.settleListening();
    this.settleApproaches(events);
    this.settleAnswers(events);
    if (dtMs > 0 && this.o.mind.hear) this.noticeApproaches(events);
    for (const t of [...this.talks.values()]) {
      const thinking = t.residents().some((m) => this.answers.has(m.id));
      if (!thinking) t.quietMs += dtMs;
      if (t.quietMs >= this.o.idleMs) {
        this.talks.delete(t.id);
        for (const id of [...t.members.keys()]) this.leave(t, id, "idle", events);
        continue;
      }
      for (const id of outOfRange(t, (id) => this.person(id) ?? this.resident(id))) {
        if (this.talks.get(t.id) === t)
          this.leave(t, id, this.person(id) ? "range" : "left", events);
      }
      if (this.talks.get(t.id) !== t) continue;
      for (const m of t.residents()) {
        const r = this.resident(m.id);
        if (!r) continue;
        if (r.path.length === 0) this.walkingUp.delete(r.id);
        else continue; // still walking up: it looks where it goes
        this.face(t, r, this.answers.get(r.id)?.turn.speaker.id ?? "", events);
      }
    }
  }

  private settleListening(): void {
    if (this.listening.length === 0) return;
    const still: typeof this.listening = [];
    for (const l of this.listening) {
      if (!l.done.done) still.push(l);
      else if (l.done.error !== undefined) this.mindError(l.agentId, l.done.error);
    }
    this.listening = still;
  }

  // ---------------------------------------------------------------- the town's parts, as talks use them

  private time(): number {
    return this.o.now();
  }

  private resident(id: string): Resident | undefined {
    return this.o.residents.get(id);
  }

  private residents(): readonly Resident[] {
    return this.o.residents.all;
  }

  private person(id: string): Avatar | undefined {
    return this.o.avatars.get(id);
  }

  private people(): IterableIterator<Avatar> {
    return this.o.avatars.all();
  }

  private mindError(agentId: string, error: unknown): void {
    this.o.onMindError(agentId, error);
  }

  /** The resident stops what it does to talk with these people. */
  private holdOne(r: Resident, withWhom: string, names: string[], events: TownEvent[]): void {
    const who = names.join(" and ");
    if (r.talkingTo === withWhom && r.object === who) return;
    const walk = this.walkingUp.has(r.id) && r.path.length > 0 ? r.path : [];
    this.o.residents.startTalking(r, { id: withWhom, name: who }, `talking with ${who}`, events);
    r.path = walk;
  }

  private free(r: Resident, notice: Notice | null, events: TownEvent[]): void {
    this.o.residents.stopTalking(r, this.o.now(), notice, events);
  }

  private interrupt(r: Resident, events: TownEvent[]): string | undefined {
    return this.o.conversations.interrupt(r.id, this.o.now(), events);
  }
}

const pairKey = (personId: string, agentId: string) => `${personId}>${agentId}`;

function residentMember(r: Resident): Omit<TalkMember, "leaving"> {
  return { id: r.id, name: r.persona.name, kind: "agent", role: "resident", near: true };
}

function personMember(p: Avatar, near: boolean): Omit<TalkMember, "leaving"> {
  return { id: p.id, name: p.name, kind: "avatar", role: p.role, near };
}
