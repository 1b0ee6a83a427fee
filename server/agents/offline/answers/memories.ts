// Its memories and what it heard: memories that bear on a topic, the older engine's answer
// sentence by sentence, and whether a question asks for news or what one heard.
import { copyOf, parsed } from "../../language/parse.ts";
import { personaFacts, secretIn, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { domainOf, relatedness } from "../../language/lexicon.ts";
import { inFirstPerson, sentence } from "../../language/realise.ts";
import { contentTerms, contentWords, type Utterance } from "../../language/understand.ts";
import { ownMemoryAsI } from "../../language/person.ts";
import { type Talk, firstName, type Source } from "./voice.ts";

/** A whole day's plan recited (three clock times or more): it answers no one question. */
export const recital = (text: string) =>
  (text.match(/\b\d{1,2}(?::\d\d)? ?[ap]m\b/g) ?? []).length >= 3;

/** Whether a sentence bears on the question's topic (a word of it related to a topic word, each
 *  by the sense it is used in). */
export function bears(text: string, topic: string[], pos: Utterance["pos"] = {}): boolean {
  const words = contentTerms(text);
  return topic.some((t) => words.some((w) => relatedness(t, w.word, pos[t], w.pos) >= 0.6));
}

/** Its memories that bear on the topic (never a line someone said to it, told back). */
export function recall(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk, min = 0.3): Source {
  const speaker = firstName(talk.speaker);
  const scored = talk.memories
    .filter((m) => !/ said to |interviewed/.test(m.text) && !m.text.includes(speaker))
    .filter((m) => !recital(m.text))
    .map((m) => {
      const words = contentTerms(m.text);
      let s = 0;
      for (const t of u.topic)
        for (const w of words) s = Math.max(s, relatedness(t, w.word, u.pos?.[t], w.pos));
      return { m, s };
    })
    .filter((x) => x.s >= min)
    .sort((a, b) => b.s - a.s);
  // Secrets left out of the best two only: reading one parses the memory, and the filters commute.
  const told: typeof scored = [];
  for (const x of scored) {
    if (told.length === 2) break;
    if (k.knowsSpeaker || !secretIn(x.m.text)) told.push(x);
  }
  return {
    name: "memory",
    sentences: told.map((x) => sentence(ownMemoryAsI(x.m.text, f.name))),
  };
}

/** The older engine's answer from memories, sentence by sentence: without a secret for someone
 *  who is not a friend, without what the person itself said or did, and not its "not sure". */
export function fromMemories(text: string, talk: Talk, k: Knowledge): string[] {
  const speaker = new RegExp(`\\b${firstName(talk.speaker).replace(/[^A-Za-z' -]/g, "")}\\b`);
  const f = personaFacts(k.persona);
  return (
    text
      .split(/(?<=[.!?])\s+/)
      // A person's label ("Nora (a visitor)") is how memories are written, never said.
      .filter(
        (x) =>
          x && (k.knowsSpeaker || !secretIn(x)) && !speaker.test(x) && !/\ba \(a [a-z]+\)/.test(x),
      )
      .filter(
        (x) =>
          contentWords(x).length > 1 && !parsed(x).has("#Negative") && !/^Let me think/.test(x),
      )
      // A whole day's plan recited (three times or more) answers no one question.
      .filter((x) => !recital(x))
      // Its own plan as the planner wrote it ("her bird counts") said as its own; a person's
      // label as a memory has it ("Jane (a visitor)") said as a person would.
      .map((x) =>
        inFirstPerson(x, f.name, f.pronoun)
          .replace(/ \(a ([a-z ]+)\)([.!?])$/, ", a $1$2")
          .replace(/ \(a ([a-z ]+)\)/g, ", a $1,"),
      )
      .slice(0, 2)
  );
}

export const newsy = (u: Utterance) =>
  u.topic.some(
    (t) =>
      relatedness(t, "news") >= 0.5 ||
      relatedness(t, "happen") >= 0.8 ||
      relatedness(t, "event") >= 0.6,
  );

/** Asked whether it heard of or about something ("heard about", "know of"): news, not sight. */
export const hearsay = (u: Utterance) => asksHeard(u) && parsed(u.text).has("#Verb (about|of)");

/** Whether a question asks what one heard, saw or was told of ("have you heard", "did you see"):
 *  a verb of perception or communication among its words (WordNet's files), used as a verb ("this
 *  QUIET" is no verb of quieting). */
export const asksHeard = (u: Utterance) =>
  u.topic.some(
    (t) =>
      (u.pos?.[t] ?? "verb") === "verb" &&
      [
        t,
        copyOf(`they ${t} it`)
          .verbs()
          .toInfinitive()
          .text()
          .replace(/^they | it$/g, ""),
      ].some((w) => ["verb.perception", "verb.communication"].includes(domainOf(w, "verb"))),
  );
