// One turn of a talk with a resident through the offline engine (understand → answerPeople), for
// the answer tests: each test file describes its invented resident's knowledge and asks; the
// wiring of an utterance into a talk lives here once.
import { answerPeople, type Talk } from "../../server/agents/offline/answerPeople.ts";
import type { PeopleAnswer } from "../../server/agents/offline/answers/voice.ts";
import { inTalk, lastQuestion, understand } from "../../server/agents/language/understand.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

/**
 * What an invented resident knows: its persona and what `over` says; the rest empty (no day, no
 * yesterday, no places or people, a stranger speaking, noon).
 */
export function knowledgeOf(persona: PersonaText, over: Partial<Knowledge> = {}): Knowledge {
  return knowledgeWith({ persona, ...over });
}

/** What an invented resident knows, its persona among the rest; what is not given is empty. */
export function knowledgeWith(known: Partial<Knowledge> & { persona: PersonaText }): Knowledge {
  return {
    minute: 12 * 60,
    today: [],
    yesterday: [],
    yesterdayItems: [],
    home: "",
    places: [],
    people: [],
    knowsSpeaker: false,
    doing: "",
    ...known,
  };
}

export interface Turn {
  /** The resident answering. */
  me: string;
  /** Everyone in town, the resident included: names read in what is said. */
  residents: readonly string[];
  now: number;
  knowledge: Knowledge;
  speaker?: string;
  role?: string;
  /** The resident's earlier lines in this talk. */
  said?: string[];
  /** What was said in the talk before this line, by anyone. */
  heard?: string[];
  memories?: MemoryLine[];
}

/** The resident's answer to `text`, said as the next line of the talk `t` describes. */
export function answerTo(text: string, t: Turn): PeopleAnswer {
  const speaker = t.speaker ?? "Nora Vale";
  const u = understand(text, { now: t.now, residents: t.residents, listener: t.me, speaker });
  const talk: Talk = {
    me: t.me,
    speaker,
    role: t.role ?? "visitor",
    said: t.said ?? [],
    heard: [...(t.heard ?? []), text],
    memories: t.memories ?? [],
    residents: t.residents,
    now: t.now,
  };
  return answerPeople(u, t.knowledge, talk, () => "");
}

/**
 * A talk that goes on: each line is read as a talk reads it (a follow-up with the question asked
 * before it) and answered with everything said so far in view.
 */
export function conversation(t: Omit<Turn, "said" | "heard">): (text: string) => string {
  const said: string[] = [];
  const heard: string[] = [];
  const speaker = t.speaker ?? "Nora Vale";
  return (text) => {
    const before = heard.map(lastQuestion).filter(Boolean).at(-1);
    const u = inTalk(text, { now: t.now, residents: t.residents, listener: t.me, speaker }, before);
    const talk: Talk = {
      me: t.me,
      speaker,
      role: t.role ?? "visitor",
      said: [...said],
      heard: [...heard, text],
      memories: t.memories ?? [],
      residents: t.residents,
      now: t.now,
    };
    const a = answerPeople(u, t.knowledge, talk, () => "").text;
    heard.push(text);
    said.push(a);
    return a;
  };
}
