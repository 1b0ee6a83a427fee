// Its memories and what it heard: memories that bear on a topic, the older engine's answer
// sentence by sentence, and whether a question asks for news or what one heard.
import { Bounded, copyOf, parsed, sentencesOf, termsOf } from "../../language/parse.ts";
import { forFriends, personaFacts, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import {
  domainOf,
  feelingOf,
  glossOf,
  isWord,
  kindOf,
  lemma,
  relatedness,
} from "../../language/lexicon.ts";
import { gerundSubjects, inFirstPerson, sentence } from "../../language/realise.ts";
import {
  contentTerms,
  contentWords,
  infinitive,
  understand,
  type Utterance,
} from "../../language/understand.ts";
import { namedOnce, ownMemoryAsI, toFirstPerson } from "../../language/person.ts";
import { pronounsChanged } from "../../language/pronouns.ts";
import { type Talk, firstName, type Source } from "./voice.ts";
import { noteOf, type MemoryNote } from "../../memory/note.ts";

/** A whole day's plan recited (three clock times or more): it answers no one question. */
export const recital = (text: string) =>
  (text.match(/\b\d{1,2}(?::\d\d)? ?[ap]m\b/g) ?? []).length >= 3;

// A planning note ("For Ann's planning: ...; Ann means to go.") and news heard ("Ann heard from
// Bob that ...") are said from what they are as values (memory/note.ts); a talk's record ("Ann
// and Bob were conversing about ...") as a talk.

/** What a memory tells, as the resident would say it in the first person: a planning note as its
 *  plan ("I'm planning a visit to Bob at the park on February 14 at 3 pm."), news as heard from
 *  whom, with any line of the talk that tells nothing (a goodbye, a greeting, thanks) left out; a
 *  talk's record as a talk ("Bob and I talked about ..."). "" when nothing is left to tell. */
export function memoryAsSaid(text: string, me: string, note?: MemoryNote): string {
  // (Every answer reads the resident's memories again, the same texts talk after talk: each is
  // said once per resident, and again only when a pronoun it may use has changed.)
  const key = `${pronounsChanged()}\u0000${me}\u0000${text}`;
  let said = saidKept.get(key);
  if (said === undefined) {
    // (A person named twice in one sentence is a pronoun the second time.)
    said = gerundSubjects(namedOnce(saidOf(text, me, note ?? noteOf(text))));
    saidKept.set(key, said);
  }
  return said;
}
const saidKept = new Bounded<string, string>(50_000);

function saidOf(text: string, me: string, note: MemoryNote | undefined): string {
  const t = text.trim();
  if (note?.kind === "plan") {
    const { what, means: how } = note;
    // A plan that is a clause ("Kenji is holding a tournament") is news it means to go to; a
    // plan that is a thing ("a visit to Bob ...") is its own.
    if (parsed(what).has("^#Determiner")) {
      const verb = how === "be there" ? "I'm expecting" : "I'm planning";
      return sentence(ownMemoryAsI(`${verb} ${what}`, me));
    }
    return sentence(
      ownMemoryAsI(
        `${what}${how ? `; ${how === "go" ? "I mean to go" : "I'll be there"}` : ""}`,
        me,
      ),
    );
  }
  if (note?.kind === "heard") {
    const { to: who, by: from, what: said } = note;
    // (The teller's own line: a pleasantry in it tells nothing; a talk's record in it is a talk.)
    const told = toldIn(said, who, from)
      .split(/(?<=[.!?])\s+/)
      .filter(Boolean)
      .map((x) => talked(x.replace(/[.!]+$/, "")));
    if (!told.length) return "";
    return sentence(
      ownMemoryAsI(`${who} heard from ${from} that ${lowerFirst(told.join(". "))}`, me),
    );
  }
  const said = ownMemoryAsI(talked(t), me).replace(
    /^I and ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*) /,
    "$1 and I ",
  );
  // (A talk's record with no topic left ends on its preposition, "Theo and I talked about":
  // nothing to tell.)
  return parsed(said.replace(/[.!?]+$/, ""))
    .terms()
    .last()
    .has("#Preposition")
    ? ""
    : sentence(said);
}

/** What a line said to `hearer` tells: its sentences without a pleasantry (a greeting, thanks, a
 *  goodbye) or a sentence with no subject ("Good to see you, Ann."); "" when none is left. */
export function toldIn(line: string, hearer: string, teller: string): string {
  // (The same line is read again at every answer that recalls it, and by the talk's takeaway.)
  const key = `${hearer}\u0000${teller}\u0000${line}`;
  let told = toldKept.get(key);
  if (told === undefined) toldKept.set(key, (told = readTold(line, hearer, teller)));
  return told;
}
const toldKept = new Bounded<string, string>(50_000);

function readTold(line: string, hearer: string, teller: string): string {
  // (Whether it tells first: reading what a sentence does costs more than its grammar.)
  return sentencesOf(line)
    .filter((x) => {
      if (!tells(x)) return false;
      const act = understand(x, { now: 0, residents: [], listener: hearer, speaker: teller }).act;
      return act !== "goodbye" && act !== "greeting" && act !== "thanks";
    })
    .join(" ");
}

/** Whether a sentence tells something: its verb has a subject before it ("Good to see you",
 *  "Take care" and a bare "Bye" tell nothing). */
function tells(sentence: string): boolean {
  const ts = termsOf(sentence);
  const verb = ts.findIndex((t) => t.tags.includes("Verb"));
  return (
    verb > 0 &&
    ts
      .slice(0, verb)
      .some((t) => t.tags.includes("Noun") || t.tags.includes("Pronoun") || t.normal === "there")
  );
}

/** Someone's doing it saw, told as seen then, not as now: "Last I saw, Ann was reading." */
export function seen(text: string, me: string): string {
  const clean = talked(text.replace(/\s*\([^)]*\)/g, ""));
  const told = parsed(clean).has("(is|are) #Gerund")
    ? `Last I saw, ${clean.replace(/\b(is|are)\b/, (v) => (v === "is" ? "was" : "were"))}`
    : clean;
  // (What it saw said of itself is "I".)
  return sentence(toFirstPerson(told, me));
}

/** A talk's record said as a talk: "Ann and Bob were conversing about X" → "... talked about X";
 *  one seen talking ("Bob is conversing about X") → "is talking about X". */
export function talked(text: string): string {
  return text
    .replace(/\bwere conversing\b/g, "talked")
    .replace(/\b(is|are|was) conversing\b/g, "$1 talking");
}

/** The first word lower-cased after "that", unless it is a name: tagged so, or no word of the
 *  lexicon ("Kenji", which the tagger may not know). */
const lowerFirst = (s: string) => {
  const first = parsed(s).terms().first();
  const word = first
    .text()
    .replace(/[^A-Za-z'-]/g, "")
    .toLowerCase();
  return first.has("(#ProperNoun|#Person|#FirstName)") || (word.length > 1 && !isWord(word))
    ? s
    : s[0].toLowerCase() + s.slice(1);
};

/** What a memory tells, whoever told it and however it is framed: two memories of the same news
 *  (heard from two people, and noted for its planning) tell one thing. */
export function newsOf(text: string, note?: MemoryNote): string {
  const n = note ?? noteOf(text);
  const body = n?.kind === "plan" || n?.kind === "heard" ? n.what : text.trim();
  return body.toLowerCase().replace(/[^a-z0-9 ]/g, "");
}

/** Whether a sentence bears on the question's topic (a word of it related to a topic word, each
 *  by the sense it is used in). */
export function bears(text: string, topic: string[], pos: Utterance["pos"] = {}): boolean {
  return bearingOn(text, topic, pos) >= 0.6;
}

/** How closely a sentence bears on the question's topic: its word nearest a topic word. */
export function bearingOn(text: string, topic: string[], pos: Utterance["pos"] = {}): number {
  const words = contentTerms(text);
  let best = 0;
  for (const t of topic)
    for (const w of words) best = Math.max(best, relatedness(t, w.word, pos[t], w.pos));
  return best;
}

/** Its memories that bear on the topic (never a line someone said to it, told back). */
export function recall(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk, min = 0.3): Source {
  // (No topic, no memory bears on it: nothing to read.)
  if (u.topic.length === 0) return { name: "memory", sentences: [] };
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
  // (The same news told once, whoever told it; a memory with nothing to tell is left out.)
  const told: string[] = [];
  const news = new Set<string>();
  for (const x of scored) {
    if (told.length === 2) break;
    if (!k.knowsSpeaker && forFriends(x.m.text)) continue;
    const said =
      x.m.kind === "observation" && !x.m.text.startsWith(firstName(f.name))
        ? seen(x.m.text, f.name)
        : memoryAsSaid(x.m.text, f.name, x.m.note);
    if (!said || news.has(newsOf(x.m.text, x.m.note))) continue;
    news.add(newsOf(x.m.text, x.m.note));
    told.push(said);
  }
  return { name: "memory", sentences: told };
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
          x &&
          (k.knowsSpeaker || !forFriends(x)) &&
          !speaker.test(x) &&
          !/\ba \(a [a-z]+\)/.test(x),
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

/** A word of a question for news that says what news is wanted, not what it is about ("heard
 *  anything INTERESTING?", "any gossip WORTH hearing?", "anything NEW?"): a word of evaluation,
 *  one WordNet has as an adjective and that carries a feeling (AFINN-165, or WordNet's lean),
 *  qualifying no noun after it ("the NEW baker" names whom it asks of). */
export const evaluates = (u: Utterance, w: string) =>
  u.pos?.[w] !== "verb" &&
  isWord(w, "adj") &&
  feelingOf(w, "adj") !== 0 &&
  !parsed(u.text).has(`${w} #Noun`);

export const newsy = (u: Utterance) =>
  u.topic.some(
    (t) =>
      relatedness(t, "news") >= 0.5 ||
      relatedness(t, "happen") >= 0.8 ||
      relatedness(t, "event") >= 0.6 ||
      // "Heard any GOSSIP?", "any RUMOURS?": a report passed on, WordNet's kinds of informing
      // (the act that conveys news), as news is asked for.
      (u.pos?.[t] === "noun" && kindOf(t, "informing")) ||
      // "What's NEW?", "Anything NEW in town?": a quality asked of nothing named, near what news
      // is (WordNet's gloss of news: "information about recent and important events").
      // (Of someone it is not: "have you met ANYONE new?" asks for a person.)
      (u.pos?.[t] === "adj" &&
        !parsed(u.text).has(`${t} #Noun`) &&
        !parsed(u.text).has(
          `(anyone|anybody|someone|somebody|everyone|everybody|people|folks|#Person) ${t}`,
        ) &&
        (glossOf("news", "noun").some((g) => relatedness(t, g, "adj") >= 0.7) ||
          // ("Heard anything INTERESTING?": a word of evaluation of an indefinite thing, not one
          // sought for a purpose, "anything good TO eat", nor one of the listener's own doings,
          // "did you DO anything interesting?": heard or seen, WordNet's perception or
          // communication, or no verb at all.)
          (evaluates(u, t) &&
            parsed(u.text).has(`(anything|something) ${t}`) &&
            !parsed(u.text).has(`${t} to`) &&
            (
              parsed(u.text).match(`[#Verb] (anything|something) ${t}`, 0).out("array") as string[]
            ).every((v) => {
              const w = v.toLowerCase().replace(/[^a-z'-]/g, "");
              const d = domainOf(infinitive(w) ?? lemma(w, "verb") ?? w, "verb");
              return d === "verb.perception" || d === "verb.communication";
            })))),
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
      [t, verbBase(t)].some((w) =>
        ["verb.perception", "verb.communication"].includes(domainOf(w, "verb")),
      ),
  );

/** A word's infinitive read as a verb after a subject ("heard" → "hear"): conjugated once per
 *  word, for the same words come back in question after question (conjugating rewrites a copy
 *  of the tagging and tags it again). */
function verbBase(word: string): string {
  let base = verbBases.get(word);
  if (base === undefined) {
    base = copyOf(`they ${word} it`)
      .verbs()
      .toInfinitive()
      .text()
      .replace(/^they | it$/g, "");
    verbBases.set(word, base);
  }
  return base;
}
const verbBases = new Bounded<string, string>(20_000);
