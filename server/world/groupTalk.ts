// A group talk with people: who is in it (residents and people's avatars), every line with its
// speaker and whom it was said to, and for each resident the people waiting for its answer in the
// order they spoke. Rules only: the Town moves bodies, asks minds and emits events.
import type { ConversationLine, Notice, Speaker } from "./mind.ts";
import { chebyshev, inTalkRange } from "./talk.ts";

export interface TalkMember {
  id: string;
  name: string;
  kind: "agent" | "avatar";
  /** A person's role ("visitor", "reporter", "moderator"); "resident" for residents. */
  role: string;
  /**
   * A person has stood within talk range of a resident of the talk. Until then they are on their
   * way (a resident turned to someone walking up), and walking out of range does not count yet.
   */
  near: boolean;
  /** A person who said goodbye: they leave once the answer to it is said. */
  leaving: boolean;
}

/** One line of a group talk: who said it, to whom. */
export interface TalkLine extends ConversationLine {
  /** The member it was said to. */
  to: string;
}

/** A person waiting for a resident's answer, with what they said since it last answered them. */
export interface Turn {
  speaker: Speaker;
  words: TalkLine[];
}

type Tile = { x: number; y: number };

export class GroupTalk {
  readonly members = new Map<string, TalkMember>();
  readonly lines: TalkLine[] = [];
  /** By resident id: the people it owes an answer, first come first answered. */
  private readonly turns = new Map<string, Turn[]>();
  /** Real milliseconds since the last words of anyone in the talk. */
  quietMs = 0;

  constructor(
    readonly id: string,
    /** Game time it began. */
    readonly started: number,
    public topic: string,
  ) {}

  /** Adds a member; false when already in. */
  join(m: Omit<TalkMember, "leaving" | "near"> & { near?: boolean }): boolean {
    if (this.members.has(m.id)) return false;
    this.members.set(m.id, { ...m, near: m.near ?? m.kind === "agent", leaving: false });
    return true;
  }

  /** Removes a member, and what it was owed or owed (nobody answers one who left). */
  leave(id: string): TalkMember | undefined {
    const m = this.members.get(id);
    if (!m) return undefined;
    this.members.delete(id);
    this.turns.delete(id);
    for (const [rid, list] of this.turns) {
      const kept = list.filter((t) => t.speaker.id !== id);
      if (kept.length) this.turns.set(rid, kept);
      else this.turns.delete(rid);
    }
    return m;
  }

  has(id: string): boolean {
    return this.members.has(id);
  }

  residents(): TalkMember[] {
    return [...this.members.values()].filter((m) => m.kind === "agent");
  }

  people(): TalkMember[] {
    return [...this.members.values()].filter((m) => m.kind === "avatar");
  }

  /** A talk needs a resident and a person; otherwise it is over. */
  get over(): boolean {
    const kinds = new Set([...this.members.values()].map((m) => m.kind));
    return !kinds.has("agent") || !kinds.has("avatar");
  }

  /**
   * A line is said: everyone in the talk hears it. A person's words to a resident join that
   * person's turn in the resident's queue (a new turn goes last: answers come in the order
   * people spoke).
   */
  say(line: TalkLine): void {
    this.lines.push(line);
    this.quietMs = 0;
    const speaker = this.members.get(line.speaker);
    const to = this.members.get(line.to);
    if (!speaker || speaker.kind !== "avatar" || !to || to.kind !== "agent") return;
    const list = this.turns.get(to.id) ?? [];
    const mine = list.find((t) => t.speaker.id === speaker.id);
    if (mine) mine.words.push(line);
    else
      list.push({
        speaker: { id: speaker.id, name: speaker.name, role: speaker.role },
        words: [line],
      });
    this.turns.set(to.id, list);
  }

  /** The next person a resident answers, taken off its queue. */
  nextTurn(residentId: string): Turn | undefined {
    const list = this.turns.get(residentId);
    const turn = list?.shift();
    if (list && list.length === 0) this.turns.delete(residentId);
    return turn;
  }

  /** Whether anyone waits for this resident's answer. */
  owes(residentId: string): boolean {
    return (this.turns.get(residentId)?.length ?? 0) > 0;
  }

  /** Names of the members other than these ids. */
  namesBut(...ids: string[]): string[] {
    return [...this.members.values()].filter((m) => !ids.includes(m.id)).map((m) => m.name);
  }
}

/**
 * People who walked out of the talk: within range of none of its residents after having been near
 * (one still on the way in is not counted). Marks those who arrived as near. Pure in what it
 * returns; `near` is the one thing it updates.
 */
export function outOfRange(talk: GroupTalk, where: (id: string) => Tile | undefined): string[] {
  const residents = talk
    .residents()
    .map((m) => where(m.id))
    .filter((t): t is Tile => !!t);
  const gone: string[] = [];
  for (const p of talk.people()) {
    const at = where(p.id);
    if (!at) {
      gone.push(p.id);
      continue;
    }
    const inRange = residents.some((r) => inTalkRange(at, r));
    if (inRange) p.near = true;
    else if (p.near) gone.push(p.id);
  }
  return gone;
}

/** The member a resident faces: the one it answers now, else the nearest person in the talk. */
export function faceWhom(
  talk: GroupTalk,
  self: Tile,
  answering: string,
  where: (id: string) => Tile | undefined,
): Tile | undefined {
  const first = answering ? where(answering) : undefined;
  if (first) return first;
  let best: Tile | undefined,
    bestD = Infinity;
  for (const p of talk.people()) {
    const at = where(p.id);
    if (!at) continue;
    const d = chebyshev(self, at);
    if (d < bestD) {
      best = at;
      bestD = d;
    }
  }
  return best;
}

/** The key of a (person, resident) pair. */
export const pairKey = (personId: string, agentId: string) => `${personId}>${agentId}`;

export function residentMember(r: {
  id: string;
  persona: { name: string };
}): Omit<TalkMember, "leaving"> {
  return { id: r.id, name: r.persona.name, kind: "agent", role: "resident", near: true };
}

export function personMember(
  p: { id: string; name: string; role: string },
  near: boolean,
): Omit<TalkMember, "leaving"> {
  return { id: p.id, name: p.name, kind: "avatar", role: p.role, near };
}

/**
 * What a resident leaving the talk takes away to its mind: the whole talk, with whom it talked
 * (the people who spoke in it, first the first one who did). Null when no person spoke.
 */
export function endNotice(
  talk: GroupTalk,
  residentId: string,
  isResident: (id: string) => boolean,
): Notice | null {
  const spoke = new Map<string, string>();
  for (const l of talk.lines) if (l.speaker !== residentId) spoke.set(l.speaker, l.name);
  const people = [...spoke].filter(([sid]) => !isResident(sid));
  const [firstId, firstName] = people[0] ?? ["", ""];
  if (!firstId) return null;
  const others = [...spoke]
    .filter(([sid]) => sid !== firstId)
    .map(([oid, name]) => ({ id: oid, name }));
  return {
    kind: "conversationEnded",
    withId: firstId,
    withName: firstName,
    lines: talk.lines.map(({ speaker, name, text }) => ({ speaker, name, text })),
    topic: talk.topic,
    started: talk.started,
    visitor: true,
    ...(others.length ? { others } : {}),
  };
}
