// Conversations between residents: a mind writes the whole talk up front (the paper's way), and
// the Town says its lines over the conversation's time, then tells both minds it is over.
import { z } from "zod";
import type { TownEvent } from "../../../shared/events.ts";
import type { ConversationLine, ConversationPlan } from "../mind.ts";
import type { Resident, Residents } from "./residents.ts";

const Line = z.object({ speaker: z.string(), name: z.string(), text: z.string() });
export const ConversationsSnapshot = z
  .array(
    z.object({
      a: z.string(),
      b: z.string(),
      lines: z.array(Line),
      topic: z.string(),
      started: z.number(),
      until: z.number(),
      spoken: z.number().int(),
    }),
  )
  .default([]);
export type ConversationsSnapshot = z.infer<typeof ConversationsSnapshot>;

interface Conversation {
  a: string;
  b: string;
  lines: ConversationLine[];
  topic: string;
  started: number;
  until: number;
  /** Lines already said aloud (they are spread over the conversation's time). */
  spoken: number;
}

export class Conversations {
  private list: Conversation[] = [];

  constructor(
    private readonly residents: Residents,
    private readonly stepSeconds: number,
  ) {}

  /** `a` starts the planned talk with `b`: both stop what they do, and `a` walks up to `b`. */
  /** A resident's mind chose to talk to another: the talk starts, or the resident is told why not. */
  request(r: Resident, plan: ConversationPlan, now: number, events: TownEvent[]): boolean {
    const other = this.residents.get(plan.with);
    const reason = !other
      ? "no such resident"
      : other === r
        ? "cannot talk to oneself"
        : other.talkingTo
          ? `${other.persona.name} is talking to someone else`
          : // (One retired and walking out of town is asked nothing more: its "leaving town" stays.)
            other.leaving
            ? `${other.persona.name} is leaving town`
            : "";
    if (!reason) this.start(r, other!, plan, now, events);
    else r.notices.push({ kind: "conversationRefused", withId: plan.with, reason });
    return !reason;
  }

  start(a: Resident, b: Resident, plan: ConversationPlan, now: number, events: TownEvent[]): void {
    const end = Math.max(
      plan.until,
      now + this.stepSeconds * 1000 * Math.max(2, plan.lines.length),
    );
    this.list.push({
      a: a.id,
      b: b.id,
      lines: plan.lines,
      topic: plan.topic,
      started: now,
      until: end,
      spoken: 0,
    });
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      this.residents.startTalking(
        self,
        { id: other.id, name: other.persona.name },
        plan.topic,
        events,
      );
      self.until = end;
    }
    // The one who started it walks up to the other, who waits.
    this.residents.walkTo(a, [
      { x: b.x + 1, y: b.y },
      { x: b.x - 1, y: b.y },
      { x: b.x, y: b.y + 1 },
      { x: b.x, y: b.y - 1 },
    ]);
  }

  /** Says the lines that are due and ends conversations whose time is up. */
  advance(now: number, events: TownEvent[]): void {
    const ongoing: Conversation[] = [];
    for (const c of this.list) {
      const span = Math.max(1, c.until - c.started);
      const due =
        now >= c.until
          ? c.lines.length
          : Math.floor(((now - c.started) / span) * c.lines.length) + 1;
      while (c.spoken < Math.min(due, c.lines.length)) {
        const line = c.lines[c.spoken++];
        events.push({
          kind: "said",
          speaker: line.speaker,
          listener: line.speaker === c.a ? c.b : c.a,
          text: line.text,
        });
      }
      if (now < c.until) {
        ongoing.push(c);
        continue;
      }
      for (const [selfId, otherId] of [
        [c.a, c.b],
        [c.b, c.a],
      ]) {
        const other = this.residents.get(otherId)!;
        this.residents.stopTalking(
          this.residents.get(selfId)!,
          now,
          {
            kind: "conversationEnded",
            withId: other.id,
            withName: other.persona.name,
            lines: c.lines,
            topic: c.topic,
            started: c.started,
          },
          events,
        );
      }
    }
    this.list = ongoing;
  }

  /**
   * Ends a resident's conversation now (a person turned it into a group talk): both minds hear of
   * the lines said so far. Returns the partner's id, if it was in one.
   */
  interrupt(id: string, now: number, events: TownEvent[]): string | undefined {
    const c = this.list.find((x) => x.a === id || x.b === id);
    if (!c) return undefined;
    this.list = this.list.filter((x) => x !== c);
    const said = c.lines.slice(0, c.spoken);
    for (const [selfId, otherId] of [
      [c.a, c.b],
      [c.b, c.a],
    ]) {
      const other = this.residents.get(otherId)!;
      const notice = said.length
        ? {
            kind: "conversationEnded" as const,
            withId: other.id,
            withName: other.persona.name,
            lines: said,
            topic: c.topic,
            started: c.started,
          }
        : null;
      this.residents.stopTalking(this.residents.get(selfId)!, now, notice, events);
    }
    return c.a === id ? c.b : c.a;
  }

  /** Who talks to whom, both ways ("a>b" and "b>a"). */
  pairs(): Set<string> {
    return new Set(this.list.flatMap((c) => [`${c.a}>${c.b}`, `${c.b}>${c.a}`]));
  }

  snapshot(): ConversationsSnapshot {
    return this.list.map((c) => ({ ...c, lines: c.lines.map((l) => ({ ...l })) }));
  }

  /** Conversations with a resident removed from the template since the save are dropped. */
  restore(saved: ConversationsSnapshot): void {
    this.list = saved
      .filter((c) => this.residents.get(c.a) && this.residents.get(c.b))
      .map((c) => ({ ...c }));
  }
}
