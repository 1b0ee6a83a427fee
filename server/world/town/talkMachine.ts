// Talks with people as a state machine: every state a person's talk with residents can be in, and
// every transition, here; the first states (apart, deciding) are in town/talkApproaches.ts. The
// world it moves in (bodies, minds, game time) is a port, TalkWorld (town/talkWorld.ts), that
// town/chats.ts fills in. Minds' answers come back as deliveries (town/deliveries.ts), taken in
// the order they were asked (reaction steps before answers) when the Town next moves.
//
//   A person and a resident      apart ─(walks up / speaks)→ deciding ─(turns)→ in a talk
//                                deciding ─(does not)→ apart (one who spoke hears chatEnded)
//   A resident in a talk         listening ─(someone waits)→ answering ─(answer)→ listening
//   A person in a talk           on the way ─(in range)→ near ─(answered, words read as goodbye
//                                by the mind: Reply.left)→ out
//                                near ─(out of range)→ out
//   A talk                       open ─(silent idleMs, or no resident / no person left)→ over
//                                open ─(all its people away)→ paused ─(one is back)→ open
//
// Each line is heard by everyone in the talk (residents remember it with who said it) and a
// resident answers the people who spoke to it in the order they spoke. Talks run in real time
// (people type in real time whatever the clock), so they go on while the clock is paused. Not
// saved: a restored town starts with nobody talking.
import type { ChatLeaveReason, TownEvent } from "../../../shared/events.ts";
import {
  endNotice,
  GroupTalk,
  outOfRange,
  personMember,
  residentMember,
  type TalkLine,
  type TalkMember,
  type Turn,
} from "../groupTalk.ts";
import type { Reply } from "../mind.ts";
import { chebyshev, inTalkRange } from "../talk.ts";
import type { Avatar } from "./avatars.ts";
import type { Pending } from "./pending.ts";
import type { Resident } from "./residents.ts";
import type { TalkWorld } from "./talkWorld.ts";
import { Approaches, type Deciding } from "./talkApproaches.ts";
import { Deliveries } from "./deliveries.ts";

/** A resident in the state "answering": its answer to a turn is on its way. */
interface Answering {
  talk: GroupTalk;
  turn: Turn;
  reply: Pending<Reply>;
}

/** A mind's answer come back. */
type Delivery =
  | { kind: "overheard"; l: Listening }
  | { kind: "decided"; key: string; a: Deciding }
  | { kind: "answered"; id: string; a: Answering };

interface Listening {
  agentId: string;
  done: Pending<void>;
}

export class TalkMachine {
  readonly talks = new Map<string, GroupTalk>();
  /** Member id (resident or avatar) → its talk. */
  readonly talkOf = new Map<string, GroupTalk>();
  /** People and residents apart or deciding (the reaction step). */
  private readonly approaches: Approaches;
  private readonly answering = new Map<string, Answering>();
  /** Residents remembering lines said to others: errors are collected, lockstep waits for them. */
  private listening: Listening[] = [];
  /** Residents walking up to join a talk: holding them keeps their walk. */
  private readonly walkingUp = new Set<string>();
  /** Taken in this order: what residents overheard, reaction steps, answers. */
  private readonly inbox: Deliveries<Delivery>;
  private realMs = 0;
  private seq = 0;

  constructor(private readonly w: TalkWorld) {
    this.inbox = new Deliveries({ overheard: 0, decided: 1, answered: 2 }, () => w.delivered());
    this.approaches = new Approaches(w, {
      talkOf: this.talkOf,
      realMs: () => this.realMs,
      turnTo: (r, p, words, events) => this.turnTo(r, p, words, events),
      expect: (decision, key, a) => this.inbox.expect(decision, { kind: "decided", key, a }),
    });
  }

  /** Answers and reaction steps still thinking (lockstep towns wait for them). */
  pending(): Promise<void>[] {
    const out: Promise<void>[] = [];
    for (const a of this.answering.values()) if (!a.reply.done) out.push(a.reply.promise);
    this.approaches.pending(out);
    for (const l of this.listening) if (!l.done.done) out.push(l.done.promise);
    return out;
  }

  /** Forgets every talk (a restored town starts with nobody talking). */
  clear(): void {
    this.talks.clear();
    this.talkOf.clear();
    this.approaches.clear();
    this.answering.clear();
    this.walkingUp.clear();
    this.listening = [];
    this.inbox.clear();
  }

  // ---------------------------------------------------------------- a person speaks

  /** A person in range speaks to a resident: in its talk, or to be decided on first. */
  personSays(p: Avatar, r: Resident, text: string, events: TownEvent[]): void {
    const line: TalkLine = { speaker: p.id, name: p.name, to: r.id, text };
    const t = this.talkOf.get(r.id);
    if (t) {
      if (!t.has(p.id)) {
        this.leaveAny(p.id, "left", events);
        this.join(t, personMember(p, true), events);
      }
      this.speak(t, line, events);
      return;
    }
    // Speaking to someone else takes the person out of the talk they were in.
    this.leaveAny(p.id, "left", events);
    events.push({ kind: "avatarSaid", avatarId: p.id, name: p.name, agentId: r.id, text });
    this.approaches.addressed(r, p, line, events);
  }

  /** A line said in a talk: everyone hears it, and the one it was said to answers in turn. */
  private speak(t: GroupTalk, line: TalkLine, events: TownEvent[]): void {
    t.say(line);
    events.push({
      kind: "avatarSaid",
      avatarId: line.speaker,
      name: line.name,
      agentId: line.to,
      text: line.text,
      chat: t.id,
    });
    this.overheard(t, line);
    this.answerNext(t, events);
  }

  /** Every resident in the talk but the one spoken to (and the speaker) remembers the line. */
  private overheard(t: GroupTalk, line: TalkLine): void {
    const role = t.members.get(line.speaker)?.role ?? "resident";
    const to = t.members.get(line.to)?.name ?? "";
    for (const m of t.residents()) {
      if (m.id === line.to || m.id === line.speaker) continue;
      const r = this.w.resident(m.id);
      const done = r && this.w.overhear(r, line, role, to);
      if (!r || !done) continue;
      const l = { agentId: r.id, done };
      this.listening.push(l);
      this.inbox.expect(done, { kind: "overheard", l });
    }
  }

  /** The resident stops and turns to the person: they are in a talk together (its own, or a new one). */
  private turnTo(r: Resident, p: Avatar, words: TalkLine[], events: TownEvent[]): void {
    let t = this.talkOf.get(r.id);
    if (!t) {
      t = new GroupTalk(`talk-${++this.seq}`, this.w.now(), `conversing with ${p.name}`);
      this.talks.set(t.id, t);
      // A resident talking with another resident brings them along into the group.
      const partner = r.talkingTo ? this.w.interrupt(r, events) : undefined;
      this.join(t, residentMember(r), events);
      const other = partner ? this.w.resident(partner) : undefined;
      if (other) this.join(t, residentMember(other), events);
    }
    if (!t.has(p.id)) {
      this.leaveAny(p.id, "left", events);
      const near = t.residents().some((m) => {
        const b = this.w.resident(m.id);
        return !!b && inTalkRange(p, b);
      });
      this.join(t, personMember(p, near), events);
    }
    for (const w of words) {
      t.say(w);
      this.overheard(t, w);
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

  /**
   * A resident passing by decided (its reaction step) to join the talk another resident is in:
   * it joins and walks up beside them. False when there is no such talk any more, or it is too far.
   */
  joinResident(r: Resident, withId: string, events: TownEvent[]): boolean {
    const t = this.talkOf.get(withId);
    const other = this.w.resident(withId);
    if (
      !t ||
      this.paused(t) ||
      !other ||
      t.has(r.id) ||
      this.talkOf.has(r.id) ||
      chebyshev(r, other) > this.w.visionRadius
    )
      return false;
    if (!inTalkRange(r, other)) this.walkingUp.add(r.id);
    this.join(t, residentMember(r), events);
    this.holdAll(t, events);
    if (this.walkingUp.has(r.id))
      this.w.walkTo(r, [
        { x: other.x + 1, y: other.y },
        { x: other.x - 1, y: other.y },
        { x: other.x, y: other.y + 1 },
        { x: other.x, y: other.y - 1 },
      ]);
    return true;
  }

  // ---------------------------------------------------------------- listening ⇄ answering

  /** Each resident with nobody being answered starts answering the first who waits. */
  private answerNext(t: GroupTalk, events: TownEvent[]): void {
    if (!this.w.hears) return;
    for (const m of t.residents()) {
      if (this.answering.has(m.id)) continue;
      const r = this.w.resident(m.id);
      const turn = r && t.nextTurn(m.id);
      if (!r || !turn) continue;
      const heard = new Set(turn.words);
      const soFar = t.lines
        .filter((l) => !heard.has(l))
        .map(({ speaker, name, text }) => ({ speaker, name, text }));
      const reply = this.w.answer(r, turn, soFar, t.namesBut(r.id, turn.speaker.id));
      const a: Answering = { talk: t, turn, reply };
      this.answering.set(m.id, a);
      this.inbox.expect(reply, { kind: "answered", id: m.id, a });
      // It turns to the one it answers.
      this.holdOne(r, turn.speaker.id, t.namesBut(r.id), events);
      this.w.face(t, r, turn.speaker.id, events);
    }
  }

  /** An answer came back: it is said; one who said goodbye (or is wrapped up with) leaves. */
  private answered(id: string, a: Answering, events: TownEvent[]): void {
    if (this.answering.get(id) !== a) return; // the one it answered left meanwhile
    this.answering.delete(id);
    const t = a.talk;
    const r = this.w.resident(id);
    if (!r || !t.has(id) || this.talks.get(t.id) !== t) return;
    const to = a.turn.speaker.id;
    let wrapUp = false;
    if (a.reply.error !== undefined) this.w.mindError(id, a.reply.error);
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
      // The person took leave in the words answered (the mind's reading of them).
      const person = t.members.get(to);
      if (out.left && person) person.leaving = true;
    }
    t.quietMs = 0;
    const person = t.members.get(to);
    if (person && (wrapUp || person.leaving)) this.leave(t, to, "goodbye", events);
    if (this.talks.get(t.id) === t) this.answerNext(t, events);
  }

  // ---------------------------------------------------------------- leaving, and the talk over

  private leaveAny(id: string, why: ChatLeaveReason, events: TownEvent[]): void {
    const t = this.talkOf.get(id);
    if (t) this.leave(t, id, why, events);
  }

  /** Someone leaves a talk; a talk left without a resident or without a person is over. */
  private leave(t: GroupTalk, id: string, why: ChatLeaveReason, events: TownEvent[]): void {
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
      this.answering.forEach((a, rid) => {
        if (a.talk === t && a.turn.speaker.id === id) this.answering.delete(rid);
      });
    if (t.over) {
      this.talks.delete(t.id);
      for (const rest of [...t.members.keys()]) this.leave(t, rest, "ended", events);
    } else if (m.kind === "avatar") this.holdAll(t, events);
  }

  /** A resident out of the talk: its mind remembers the whole talk and its day goes on. */
  private release(t: GroupTalk, id: string, events: TownEvent[]): void {
    this.answering.delete(id);
    this.walkingUp.delete(id);
    const r = this.w.resident(id);
    if (!r) return;
    this.w.stopTalking(
      r,
      endNotice(t, id, (sid) => !!this.w.resident(sid)),
      events,
    );
  }

  /** A resident leaves town (retired): out of any talk, and no reaction step waited for. */
  residentLeaves(id: string, events: TownEvent[]): void {
    this.leaveAny(id, "left", events);
    this.approaches.residentLeaves(id);
  }

  /** A person left the town: out of any talk, and no longer waited for. */
  personLeft(id: string, events: TownEvent[]): void {
    this.leaveAny(id, "left", events);
    this.approaches.personLeft(id);
  }

  /** A person went away: residents deciding whether to turn to them do not (their talk stays). */
  personAway(id: string, events: TownEvent[]): void {
    this.approaches.personAway(id, events);
  }

  /**
   * A talk whose people are all away (their connections dropped) is paused: its silence does not
   * count, nobody joins it, and its residents wait for them until they are back or gone.
   */
  paused(t: GroupTalk): boolean {
    const people = t.people();
    return people.length > 0 && people.every((m) => this.w.person(m.id)?.away === true);
  }

  // ---------------------------------------------------------------- real time

  /**
   * Between steps and at each step: takes the minds' answers delivered since, notices people
   * walking up to residents, and ends what is over: people out of range, talks gone quiet.
   */
  tick(dtMs: number, events: TownEvent[]): void {
    this.realMs += dtMs;
    this.take(events);
    if (dtMs > 0 && this.w.hears) this.approaches.notice(events);
    for (const t of [...this.talks.values()]) {
      if (this.paused(t)) continue;
      const thinking = t.residents().some((m) => this.answering.has(m.id));
      if (!thinking) t.quietMs += dtMs;
      if (t.quietMs >= this.w.idleMs) {
        this.talks.delete(t.id);
        for (const id of [...t.members.keys()]) this.leave(t, id, "idle", events);
        continue;
      }
      for (const id of outOfRange(t, (id) => this.w.person(id) ?? this.w.resident(id))) {
        if (this.talks.get(t.id) === t)
          this.leave(t, id, this.w.person(id) ? "range" : "left", events);
      }
      if (this.talks.get(t.id) !== t) continue;
      for (const m of t.residents()) {
        const r = this.w.resident(m.id);
        if (!r) continue;
        if (r.path.length === 0) this.walkingUp.delete(r.id);
        else continue; // still walking up: it looks where it goes
        this.w.face(t, r, this.answering.get(r.id)?.turn.speaker.id ?? "", events);
      }
    }
  }

  /**
   * The deliveries since the last tick, in a fixed order whatever order the minds answered in:
   * what residents overheard, then reaction steps, then answers, each in the order asked.
   */
  private take(events: TownEvent[]): void {
    for (const d of this.inbox.take()) {
      if (d.kind === "overheard") {
        if (!this.listening.includes(d.l)) continue;
        this.listening = this.listening.filter((l) => l !== d.l);
        if (d.l.done.error !== undefined) this.w.mindError(d.l.agentId, d.l.done.error);
      } else if (d.kind === "decided") this.approaches.decided(d.key, d.a, events);
      else this.answered(d.id, d.a, events);
    }
  }

  // ---------------------------------------------------------------- bodies

  /** The residents of a talk stop for its people, and look at whom they talk with. */
  private holdAll(t: GroupTalk, events: TownEvent[]): void {
    const people = t.people();
    if (people.length === 0) return;
    for (const m of t.residents()) {
      const r = this.w.resident(m.id);
      if (!r) continue;
      const withWhom = r.talkingTo && t.has(r.talkingTo) ? r.talkingTo : people[0].id;
      this.holdOne(r, withWhom, t.namesBut(r.id), events);
      this.w.face(t, r, this.answering.get(r.id)?.turn.speaker.id ?? "", events);
    }
  }

  /** The resident stops what it does to talk with these people (keeping its walk up to them). */
  private holdOne(r: Resident, withWhom: string, names: string[], events: TownEvent[]): void {
    this.w.hold(r, withWhom, names, this.walkingUp.has(r.id), events);
  }
}
