// Offline answers to people: a resident greets, answers questions from its memories (as in an
// interview), thanks for news, tells its own news, and says goodbye. The person's words are only
// ever read as content: nothing in them is obeyed. Greetings and farewells are read as such
// (general discourse markers); what counts as news is what any statement is (an event, something
// ahead, something about someone), by the same general cues as everywhere.
import type { Identity } from "../prompts/builder.ts";
import type { Knowledge } from "../language/knowledge.ts";
import { inTalk, lastQuestion } from "../language/understand.ts";
import { answerPeople, type PeopleAnswer } from "./answerPeople.ts";
import type { ChatSideInput, Line } from "./dialogue.ts";
import type { PlaceName } from "../language/events.ts";
import { pickNews, tellNews } from "./dialogue.ts";
import { describeEvent, extractEvent } from "../language/events.ts";
import { aboutTheFuture, namesPerson } from "../language/importance.ts";
import { offlineInterview } from "./interview.ts";
import { noteKnowledgeIn } from "./drawn.ts";
import { isSleep } from "../../../shared/activity.ts";
import { pick } from "../language/random.ts";

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
  knows?: Knowledge;
}

const GOODBYE =
  /\b(good ?bye|bye|farewell|see you|see ya|gotta go|got to go|have to go|take care|good night)\b/i;
const HELLO = /^\s*(hi|hello|hey|good (morning|afternoon|evening)|greetings|howdy)\b/i;
const QUESTION =
  /\?\s*$|^\s*(who|what|when|where|why|how|do|did|does|are|is|was|were|have|has|will|would|can|could|tell me)\b/i;
const HOW_ARE_YOU = /\b(how are you|how's it going|how do you do)\b/i;

const clean = (t: string) => t.replace(/\s+/g, " ").trim();

/** The offline answer from what the resident knows as values (language/), the older reading of
 *  memories as the fallback for news and events. */
export function knowingReply(i: VisitorReplyInput & { knows: Knowledge }): PeopleAnswer & {
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
      memories: i.self.memories,
      residents: i.residents,
      now: i.now,
    },
    () =>
      offlineInterview({
        identity: i.identity,
        now: i.now,
        interviewer: i.visitor.name,
        question: said,
        memories: i.self.memories,
        plan: i.plan,
        yesterday: i.yesterday,
        people: i.people,
        presence: [],
        places: i.places,
        residents: i.residents,
      }),
  );
  noteKnowledgeIn(answer.text, i.knows, i.self.memories, i.visitor.name);
  const last = i.soFar.length + 1 >= i.maxLines;
  const topic = u.topic.length
    ? `conversing about ${u.topic.slice(0, 4).join(" ")}`
    : `conversing with ${i.visitor.name}`;
  return { ...answer, end: answer.end || last, topic };
}

export function offlineVisitorReply(i: VisitorReplyInput): {
  text: string;
  end: boolean;
  topic: string;
} {
  if (i.knows) {
    const r = knowingReply({ ...i, knows: i.knows });
    return { text: r.text, end: r.end, topic: r.topic };
  }
  const me = i.identity.name;
  const v = i.visitor.name.split(" ")[0];
  const said = clean(i.words.join(" "));
  const firstLine = !i.soFar.some((l) => l.speaker === me);
  const asleep = isSleep(i.self.action);
  const hello = firstLine
    ? asleep
      ? `Mm? Oh, hello ${v}, you woke me.`
      : pick([`Oh, hello ${v}!`, `Hi ${v}!`, `Hello there, ${v}.`], me, v)
    : "";
  const withHello = (text: string) => (hello ? `${hello} ${text}` : text);
  const baseTopic = `conversing with ${i.visitor.name}`;
  if (GOODBYE.test(said))
    return {
      text: withHello(`Goodbye, ${v}! It was nice talking to you.`),
      end: true,
      topic: baseTopic,
    };
  const act = i.self.action ? i.self.action.replace(/\s*\(.*\)$/, "") : "";
  if (i.soFar.length + 1 >= i.maxLines)
    return {
      text: `I should get back to ${act || "what I was doing"}. Nice talking to you, ${v}!`,
      end: true,
      topic: baseTopic,
    };
  const doing = act && !asleep ? act.replace(/^talking with .*/, "passing by") : "";
  if (HOW_ARE_YOU.test(said))
    return {
      text: withHello(`I'm well, thank you!${doing ? ` I was just ${doing}.` : ""}`),
      end: false,
      topic: baseTopic,
    };
  if (QUESTION.test(said)) {
    const answer = offlineInterview({
      identity: i.identity,
      now: i.now,
      interviewer: i.visitor.name,
      question: said,
      memories: i.self.memories,
      plan: i.plan,
      yesterday: i.yesterday,
      people: i.people,
      presence: [],
      places: i.places,
      residents: i.residents,
    });
    return { text: withHello(answer), end: false, topic: baseTopic };
  }
  const event = extractEvent(said, i.places, i.now, i.residents, i.visitor.name);
  if (event)
    return {
      text: withHello(
        `${describeEvent(event, "A").replace(/^./, (c) => c.toUpperCase())}? I didn't know about that. Thanks for telling me, ${v}!`,
      ),
      end: false,
      topic: `conversing about ${describeEvent(event)}`,
    };
  if (
    aboutTheFuture(said, i.now) ||
    namesPerson(said, i.residents) ||
    said.split(/\s+/).length >= 4
  ) {
    return {
      text: withHello(
        `Really? That's news to me. Thanks for telling me, ${v}, I'll keep it in mind.`,
      ),
      end: false,
      topic: `conversing about ${said
        .split(/[.!?,;]/)[0]
        .split(/\s+/)
        .slice(0, 8)
        .join(" ")}`,
    };
  }
  // Small talk: what the resident is doing, and its own news if it has some.
  const news = pickNews(i.self.memories, i.now, i.places, me, i.residents, i.visitor.name);
  const line = news ? tellNews(news, me, i.visitor.name, i.now) : "";
  const mine =
    line && !i.soFar.some((l) => l.speaker === me && l.text.includes(line)) ? ` ${line}` : "";
  if (HELLO.test(said) || firstLine)
    return {
      text: `${hello || `Hello, ${v}!`} I'm ${me.split(" ")[0]}${doing ? `; I was just ${doing}` : ""}.${mine}`,
      end: false,
      topic: baseTopic,
    };
  return { text: `I see.${mine || ` Tell me more, ${v}.`}`, end: false, topic: baseTopic };
}
