// Questions and whispers people put to residents' minds: a reporter's interview, a moderator's
// inner voice. Each is answered in the mind's own time and comes out as an event for the person
// who asked (and for recordings). Not saved: an answer still pending when the town stops is lost.
import type { TownEvent } from "../../../shared/events.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { Mind } from "../mind.ts";
import { Deliveries } from "./deliveries.ts";
import type { Pending } from "./pending.ts";
import { self, type Residents } from "./residents.ts";

type Asked =
  | { kind: "interview"; cmd: Extract<Command, { kind: "interview" }>; answer: Pending<string> }
  | { kind: "whisper"; cmd: Extract<Command, { kind: "whisper" }>; answer: Pending<string[]> };

export interface AsksOptions {
  residents: Residents;
  mind: Mind;
  now: () => number;
  ask: <T>(work: () => Promise<T>) => Pending<T>;
  onMindError: (agentId: string, error: unknown) => void;
  /** An answer came: the Town may tell it now (Town.takeAnswers). */
  onAnswer: () => void;
}

export class Asks {
  /** Still being answered (lockstep towns wait for them). */
  private list: Asked[] = [];
  /** Answers come out in the order asked (of those that came). */
  private readonly answered: Deliveries<Asked>;

  constructor(private readonly o: AsksOptions) {
    this.answered = new Deliveries({ interview: 0, whisper: 0 }, o.onAnswer);
  }

  private asked(a: Asked): void {
    this.list.push(a);
    this.answered.expect(a.answer, a);
  }

  interview(cmd: Extract<Command, { kind: "interview" }>): CommandResult {
    const { residents, mind } = this.o;
    const r = residents.get(cmd.agentId);
    if (!r) return refuse("not_found", `no resident "${cmd.agentId}"`);
    if (!mind.answerInterview)
      return refuse("unavailable", "the residents of this town cannot be interviewed");
    const input = {
      agent: self(r),
      now: this.o.now(),
      question: cmd.question,
      interviewer: cmd.interviewer,
      offTheRecord: cmd.offTheRecord,
    };
    this.asked({
      kind: "interview",
      cmd,
      answer: this.o.ask(() => mind.answerInterview!(input)),
    });
    return { ok: true, events: [] };
  }

  whisper(cmd: Extract<Command, { kind: "whisper" }>): CommandResult {
    const { residents, mind } = this.o;
    const r = residents.get(cmd.agentId);
    if (!r) return refuse("not_found", `no resident "${cmd.agentId}"`);
    if (!mind.takeWhisper)
      return refuse("unavailable", "the residents of this town cannot be whispered to");
    const input = { agent: self(r), now: this.o.now(), text: cmd.text, by: cmd.by };
    this.asked({ kind: "whisper", cmd, answer: this.o.ask(() => mind.takeWhisper!(input)) });
    return { ok: true, events: [] };
  }

  /** Answers still being worked on (lockstep towns wait for them). */
  waiting(): Promise<void>[] {
    return this.list.filter((a) => !a.answer.done).map((a) => a.answer.promise);
  }

  /** Tells the answers that came. */
  settle(events: TownEvent[]): void {
    const came = this.answered.take();
    if (came.length === 0) return;
    this.list = this.list.filter((a) => !came.includes(a));
    for (const a of came) {
      const { avatarId, agentId } = a.cmd;
      if (a.answer.error !== undefined) {
        this.o.onMindError(agentId, a.answer.error);
        events.push({ kind: "unanswered", avatarId, agentId, asked: a.kind });
      } else if (a.kind === "interview") {
        const { interviewer, question, offTheRecord } = a.cmd;
        events.push({
          kind: "interviewed",
          by: interviewer,
          agentId,
          question,
          answer: a.answer.output!,
          avatarId,
          ...(offTheRecord ? { offTheRecord } : {}),
        });
      } else {
        events.push({
          kind: "moderated",
          by: a.cmd.by,
          action: "whisper",
          agentId,
          text: a.cmd.text,
          avatarId,
          thought: a.answer.output!.join(" "),
        });
      }
    }
  }
}
