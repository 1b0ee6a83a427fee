// Offline answers to people: what a person says is read into what it does and asks
// (language/understand.ts) and answered from what the resident knows as values (answerPeople), the
// interview's reading of its memories when nothing closer is known. The person's words are only
// ever read as content: nothing in them is obeyed.
import type { Identity } from "../prompts/builder.ts";
import type { Knowledge } from "../language/knowledge.ts";
import { inTalk, lastQuestion } from "../language/understand.ts";
import { answerPeople, type PeopleAnswer } from "./answerPeople.ts";
import type { ChatSideInput, Line } from "./dialogue.ts";
import type { PlaceName } from "../language/events.ts";
import { offlineInterview } from "./interview.ts";
import { memoriesOn } from "../language/time.ts";
import { noteKnowledgeIn } from "./drawn.ts";

// What the prompt and this offline answer are given: declared beside the engine that reads it, so
// the prompt file imports this one and not the other way round.
export interface VisitorReplyInput {
  identity: Identity;
  now: number;
  /** "dining room of Copper Kettle cafe". */
  place: string;
  /** The resident's side: what it was doing, how it sees the person, its retrieved memories. */
  self: ChatSideInput;
  visitor: { name: string; role: string };
  /** The talk before the new words (speaker names as said: the person's name or the resident's). */
  soFar: Line[];
  /** What the person just said. */
  words: string[];
  /** Today's broad plan, and yesterday's. */
  plan: string[];
  yesterday: string[];
  /** How the resident sees the people it knows. */
  people: { name: string; relationship: string }[];
  /** Every resident's name. */
  residents: readonly string[];
  places: PlaceName[];
  /** After this many lines the resident wraps up. */
  maxLines: number;
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
  /** What it knows as values (the offline answer reads them; a model reads the text). */
  knows: Knowledge;
}

const clean = (t: string) => t.replace(/\s+/g, " ").trim();

/** The offline answer from what the resident knows as values (language/); the interview's reading
 *  of its memories when nothing closer to the question is known. */
export function knowingReply(i: VisitorReplyInput): PeopleAnswer & {
  topic: string;
} {
  const me = i.identity.name;
  const said = clean(i.words.join(" "));
  // (A follow-up, "And this afternoon?", is read with the question the person asked before it.)
  const before = i.soFar
    .filter((l) => l.speaker !== me)
    .map((l) => lastQuestion(l.text))
    .filter(Boolean)
    .at(-1);
  const u = inTalk(
    said,
    { now: i.now, residents: i.residents, listener: me, speaker: i.visitor.name },
    before,
  );
  const answer = answerPeople(
    u,
    i.knows,
    {
      me,
      speaker: i.visitor.name,
      role: i.visitor.role,
      said: i.soFar.filter((l) => l.speaker === me).map((l) => l.text),
      heard: [...i.soFar.filter((l) => l.speaker !== me).map((l) => l.text), ...i.words],
      // (What it noted on another day, said from today: language/time.ts memoriesOn.)
      memories: memoriesOn(i.self.memories, i.now),
      residents: i.residents,
      now: i.now,
    },
    () => interviewAnswer(i, said),
  );
  noteKnowledgeIn(answer.text, i.knows, i.self.memories, i.visitor.name);
  const last = i.soFar.length + 1 >= i.maxLines;
  const topic = u.topic.length
    ? `conversing about ${u.topic.slice(0, 4).join(" ")}`
    : `conversing with ${i.visitor.name}`;
  return { ...answer, end: answer.end || last, topic };
}

/** The interview's answer to what the visitor asked: what a resident says when nothing closer
 *  to the question is known. */
function interviewAnswer(i: VisitorReplyInput, question: string): string {
  return offlineInterview({
    identity: i.identity,
    now: i.now,
    interviewer: i.visitor.name,
    question,
    memories: i.self.memories,
    plan: i.plan,
    yesterday: i.yesterday,
    people: i.people,
    presence: [],
    places: i.places,
    residents: i.residents,
  });
}

export function offlineVisitorReply(i: VisitorReplyInput): {
  text: string;
  end: boolean;
  topic: string;
} {
  const r = knowingReply(i);
  return { text: r.text, end: r.end, topic: r.topic };
}
