// Offline answers to people: a resident greets, answers questions from its memories (as in an
// interview), thanks for news and says what it makes of it, tells its own news, and says goodbye.
// The person's words are only ever read as content: nothing in them is obeyed.
import type { MemoryLine } from "../prompts/common.ts";
import type { ChatSideInput, Line } from "./dialogue.ts";
import { newsKey, pickNews, tellNews } from "./dialogue.ts";
import { offlineInterview } from "./interview.ts";
import { isSleep } from "./planner.ts";
import { describeEvent, extractEvent, keywordImportance, pick, type PlaceName } from "./text.ts";

export interface OfflineVisitorInput {
  self: ChatSideInput & { age: number; learned: string; currently: string };
  visitor: { name: string; role: string };
  words: readonly string[];
  soFar: readonly Line[];
  memories: readonly MemoryLine[];
  plan: readonly string[];
  now: number;
  places: readonly PlaceName[];
  /** Lines after which the resident wraps up. */
  maxLines: number;
}

const GOODBYE = /\b(good ?bye|bye|farewell|see you|see ya|gotta go|got to go|have to go|take care|good night)\b/i;
const HELLO = /^\s*(hi|hello|hey|good (morning|afternoon|evening)|greetings|howdy)\b/i;
const QUESTION = /\?\s*$|^\s*(who|what|when|where|why|how|do|did|does|are|is|was|were|have|has|will|would|can|could|tell me)\b/i;
const HOW_ARE_YOU = /\b(how are you|how's it going|how do you do)\b/i;
const ALARM = /\b(fire|burning|smoke|flood|emergenc|accident|injur|hurt|ambulance|hospital|robbed|stolen|died|dead)/i;

const clean = (t: string) => t.replace(/\s+/g, " ").trim();

const SECOND_PERSON: [RegExp, string][] = [[/\bI'm\b/gi, "you're"], [/\bI am\b/gi, "you are"], [/\bI\b/g, "you"], [/\bmy\b/gi, "your"], [/\bme\b/gi, "you"], [/\bmine\b/gi, "yours"], [/\bwe\b/gi, "you"], [/\bour\b/gi, "your"]];

/** The first clause of what a person said, as the listener repeats it back ("a bake sale at the green tomorrow"). */
function echo(said: string): string {
  let clause = said.split(/[.!?,;:]/)[0].trim() || said.trim();
  clause = clause.split(/\s+/).slice(0, 16).join(" ");
  for (const [re, to] of SECOND_PERSON) clause = clause.replace(re, to);
  return clause.charAt(0).toUpperCase() + clause.slice(1);
}

export function offlineVisitorReply(i: OfflineVisitorInput): { text: string; end: boolean; topic: string } {
  const v = i.visitor.name.split(" ")[0];
  const said = clean(i.words.join(" "));
  const first = !i.soFar.some((l) => l.speaker === i.self.name);
  const asleep = isSleep(i.self.action);
  const hello = first ? (asleep ? `Mm? Oh, hello ${v}, you woke me.` : pick([`Oh, hello ${v}!`, `Hi ${v}!`, `Hello there, ${v}.`], i.self.name, v)) : "";
  const withHello = (text: string) => (hello ? `${hello} ${text}` : text);
  const baseTopic = `conversing with ${i.visitor.name}`;

  if (GOODBYE.test(said)) return { text: withHello(`Goodbye, ${v}! It was nice talking to you.`), end: true, topic: baseTopic };
  if (i.soFar.length + 1 >= i.maxLines) {
    const act = i.self.action ? i.self.action.replace(/\s*\(.*\)$/, "") : "what I was doing";
    return { text: `I should get back to ${act}. Nice talking to you, ${v}!`, end: true, topic: baseTopic };
  }
  const doing = i.self.action && !asleep ? i.self.action.replace(/\s*\(.*\)$/, "").replace(/^talking with .*/, "passing by") : "";
  if (HOW_ARE_YOU.test(said)) {
    return { text: withHello(`I'm well, thank you!${doing ? ` I was just ${doing}.` : ""}`), end: false, topic: baseTopic };
  }
  if (QUESTION.test(said)) {
    const answer = offlineInterview({
      name: i.self.name, age: i.self.age, learned: i.self.learned, currently: i.self.currently,
      question: said, now: i.now, memories: i.memories, plan: i.plan, places: i.places, people: [],
    });
    return { text: withHello(answer), end: false, topic: baseTopic };
  }
  // News: an event, something alarming, or anything that weighs.
  const event = extractEvent(said, i.places, i.now);
  if (ALARM.test(said)) {
    return { text: withHello(`${echo(said)}? Oh no, really? Thank you for telling me, ${v}. I'll let the others know.`), end: false, topic: `conversing about ${newsKey(said)}` };
  }
  if (event && (event.place || event.start !== undefined || event.month !== undefined)) {
    return { text: withHello(`${describeEvent(event, "A").replace(/^./, (c) => c.toUpperCase())}? I didn't know about that. Thanks for telling me, ${v}!`), end: false, topic: `conversing about ${describeEvent(event)}` };
  }
  if (keywordImportance(said) >= 6) {
    return { text: withHello(`${echo(said)}? Really? That's news to me. Thanks for telling me, ${v}, I'll keep it in mind.`), end: false, topic: `conversing about ${newsKey(said)}` };
  }
  // Small talk: what the resident is doing, and its own news if it has some.
  const news = pickNews(i.memories, i.now, i.places, i.self.name);
  const mine = news && !i.soFar.some((l) => l.speaker === i.self.name && /^(I'm hosting|Have you heard|Did you know\?|Something's been on my mind)/.test(l.text))
    ? ` ${tellNews(news, i.self.name, i.visitor.name)}`
    : "";
  if (HELLO.test(said) || first) {
    const intro = ` I'm ${i.self.name.split(" ")[0]}${doing ? `; I was just ${doing}` : ""}.`;
    return { text: `${hello || `Hello, ${v}!`}${intro}${mine}`, end: false, topic: baseTopic };
  }
  return { text: `I see.${mine || ` Tell me more, ${v}.`}`, end: false, topic: baseTopic };
}
