// The first states of a talk with people (town/talkMachine.ts has the diagram): a person and a
// resident apart, then deciding while the resident's reaction step (Mind.approached) thinks
// whether to stop and turn to the person who walked up or spoke; it turns (the talk machine's
// turnTo) or they stay apart. Words said meanwhile wait, and are heard once it turns.
import type { TownEvent } from "../../../shared/events.ts";
import { pairKey, type GroupTalk, type TalkLine } from "../groupTalk.ts";
import { TALK_RANGE } from "../../../shared/constants.ts";
import { inTalkRange, noticedBy } from "../talk.ts";
import type { Avatar } from "./avatars.ts";
import type { Pending } from "./pending.ts";
import type { Resident } from "./residents.ts";
import type { How, TalkWorld } from "./talkWorld.ts";

/** A person and a resident in the state "deciding": the resident's reaction step is thinking. */
export interface Deciding {
  agentId: string;
  avatarId: string;
  how: How;
  /** What the person said meanwhile: heard once the resident turns to them. */
  words: TalkLine[];
  decision: Pending<boolean>;
}

/** What the approaches need of the talk machine. */
export interface ApproachesHost {
  talkOf: ReadonlyMap<string, GroupTalk>;
  /** Real milliseconds since the town began (people's time). */
  realMs(): number;
  /** The resident turns to the person: deciding → in a talk. */
  turnTo(r: Resident, p: Avatar, words: TalkLine[], events: TownEvent[]): void;
  /** The reaction step is to be delivered back to decided() when it comes. */
  expect(decision: Pending<boolean>, key: string, a: Deciding): void;
}

/** Real milliseconds before the same person walking up to the same resident is noticed again. */
const NOTICE_AGAIN_MS = 20_000;

export class Approaches {
  private readonly deciding = new Map<string, Deciding>();
  /** When each (person, resident) approach was last noticed, in real ms. */
  private readonly noticed = new Map<string, number>();

  constructor(
    private readonly w: TalkWorld,
    private readonly talk: ApproachesHost,
  ) {}

  /** Reaction steps still thinking (lockstep towns wait for them). */
  pending(out: Promise<void>[]): void {
    for (const a of this.deciding.values()) if (!a.decision.done) out.push(a.decision.promise);
  }

  clear(): void {
    this.deciding.clear();
  }

  /** A person speaks to a resident not in a talk: the words wait for its reaction step. */
  addressed(r: Resident, p: Avatar, line: TalkLine, events: TownEvent[]): void {
    const waiting = this.deciding.get(pairKey(p.id, r.id));
    if (waiting) {
      waiting.words.push(line);
      if (waiting.how === "approaching") waiting.how = "addressing";
    } else this.approach(r, p, "addressing", [line], events);
  }

  /** A person left the town: no longer waited for. */
  personLeft(id: string): void {
    for (const [key, a] of [...this.deciding]) if (a.avatarId === id) this.deciding.delete(key);
  }

  /**
   * A person went away: a resident deciding whether to turn to them does not. One who had spoken
   * hears that the talk did not begin (chatEnded), as after a refusal.
   */
  personAway(id: string, events: TownEvent[]): void {
    for (const [key, a] of [...this.deciding]) {
      if (a.avatarId !== id) continue;
      this.deciding.delete(key);
      if (a.how === "addressing")
        events.push({ kind: "chatEnded", agentId: a.agentId, avatarId: id });
    }
  }

  /** A resident leaves town: its reaction steps are not waited for. */
  residentLeaves(id: string): void {
    for (const [key, a] of [...this.deciding]) if (a.agentId === id) this.deciding.delete(key);
  }

  /** apart → deciding: asks the resident's mind whether it turns (minds without the step do). */
  private approach(r: Resident, p: Avatar, how: How, words: TalkLine[], events: TownEvent[]): void {
    const key = pairKey(p.id, r.id);
    this.noticed.set(key, this.talk.realMs());
    const company = r.talkingTo
      ? [this.w.resident(r.talkingTo)?.persona.name ?? ""].filter(Boolean)
      : [];
    const texts = words.map((w) => w.text);
    const decision = this.w.decide(r, p, how, texts, company);
    if (!decision) {
      // Without the step: one spoken to turns to the speaker; one walked up to does not notice.
      if (how === "addressing") this.talk.turnTo(r, p, words, events);
      return;
    }
    const a: Deciding = { agentId: r.id, avatarId: p.id, how, words, decision };
    this.deciding.set(key, a);
    this.talk.expect(decision, key, a);
  }

  /** Notices people walking up to residents: the end of their walk is within talk range of one. */
  notice(events: TownEvent[]): void {
    const { talkOf } = this.talk;
    let near: NearTiles | undefined;
    for (const p of this.w.people()) {
      const end = p.path.at(-1);
      if (!end || p.away || talkOf.has(p.id)) continue;
      // Only residents within talk range of the walk's end can notice: those around it in a grid
      // made once a tick (a thousand residents, tens of people walking, twenty ticks a second),
      // in the residents' order, free ones only (one turned to a person just now is not).
      near ??= new NearTiles(this.w.residents());
      const free = near.around(end).filter((r) => !r.talkingTo && !talkOf.has(r.id));
      const best = noticedBy(p, end, free, this.w.visionRadius);
      if (!best) continue;
      const key = pairKey(p.id, best.id);
      if (this.deciding.has(key)) continue;
      const last = this.noticed.get(key);
      if (last !== undefined && this.talk.realMs() - last < NOTICE_AGAIN_MS) continue;
      this.approach(best, p, "approaching", [], events);
    }
  }

  /** deciding → in a talk, or apart: the reaction step came back. */
  decided(key: string, a: Deciding, events: TownEvent[]): void {
    if (this.deciding.get(key) !== a) return; // the person left meanwhile
    this.deciding.delete(key);
    const r = this.w.resident(a.agentId);
    const p = this.w.person(a.avatarId);
    if (!r || !p) return;
    if (a.decision.error !== undefined) this.w.mindError(r.id, a.decision.error);
    // A mind that failed still answers one who spoke to it: nobody is left unheard by a fault.
    const turns =
      a.decision.error !== undefined ? a.how === "addressing" : a.decision.output === true;
    if (!turns) {
      if (a.how === "addressing") events.push({ kind: "chatEnded", agentId: r.id, avatarId: p.id });
      return;
    }
    // One who walked off, or joined another talk, in the meantime is not waited for.
    const elsewhere = this.talk.talkOf.get(p.id);
    if (
      a.how === "approaching" &&
      ((!p.path.length && !inTalkRange(p, r)) ||
        (elsewhere && elsewhere !== this.talk.talkOf.get(r.id)))
    )
      return;
    this.talk.turnTo(r, p, a.words, events);
  }
}

/** Residents by square cells of TALK_RANGE tiles: those within talk range of a tile, quickly. */
class NearTiles {
  private readonly cells = new Map<number, number[]>();

  constructor(private readonly residents: readonly Resident[]) {
    residents.forEach((r, i) => {
      const key = NearTiles.key(Math.floor(r.x / CELL), Math.floor(r.y / CELL));
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
    });
  }

  private static key(cx: number, cy: number): number {
    return cy * 100_003 + cx;
  }

  /** The residents in the cells around a tile (all within talk range of it among them), in order. */
  around(t: { x: number; y: number }): Resident[] {
    const cx = Math.floor(t.x / CELL),
      cy = Math.floor(t.y / CELL);
    const found: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const list = this.cells.get(NearTiles.key(cx + dx, cy + dy));
        if (list) found.push(...list);
      }
    return found.sort((a, b) => a - b).map((i) => this.residents[i]);
  }
}
const CELL = Math.max(1, TALK_RANGE);
