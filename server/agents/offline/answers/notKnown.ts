// Honest answers: a question about something outside its life and day is answered by saying
// so in its own words, then turned to what might help or a question back.
import { FORMS, swapPerson } from "../../language/pronouns.ts";
import { parsed } from "../../language/parse.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, kindOf, lemma, relatedness, senses } from "../../language/lexicon.ts";
import { cap, sentence } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Talk, plain, choose, wordsOf } from "./voice.ts";
import { activities, irregularVerb } from "./day.ts";
import { purposeWords, placesFor, placePhrase, soughtFor } from "./places.ts";
import { nearestKind } from "./self.ts";
import { kinOf, peopleOn } from "./people.ts";

// The noun files of things one can point at: a question about one of these that its day and its
// persona do not touch is about something outside its life ("my dog", "the mayor").
export const THING_FILES = [
  "noun.animal",
  "noun.artifact",
  "noun.object",
  "noun.person",
  "noun.food",
  "noun.plant",
  "noun.substance",
  "noun.body",
  "noun.phenomenon",
];

/** The topic's things that neither its day nor its own kinds (work, family, home ...) bear on. */
export function foreignTopic(u: Utterance, k: Knowledge): string[] {
  const taskWords = [
    ...new Set(activities([...k.today, ...k.yesterday]).flatMap((b) => wordsOf(plain(b.task)))),
  ];
  return u.topic.filter(
    (w) =>
      THING_FILES.includes(domainOf(w, "noun")) &&
      // (A word used as a verb is a doing, not a thing: "where are you HEADED?")
      u.pos?.[w] !== "verb" &&
      // Kin and friends are its own life ("brothers", "cousin"), whatever its persona names.
      !kinOf([w]).length &&
      // (Its own meals are its own life, whether or not today's plan names them: "what do you
      // eat for DINNER?")
      !(u.about === "you" && kindOf(w, "meal", { pos: "noun" })) &&
      senses(w, "noun").length >= senses(w, "verb").length &&
      nearestKind({ ...u, topic: [w] }).score < 0.45 &&
      !taskWords.some((t) => relatedness(w, t) >= 0.6),
  );
}

// Someone of the asker's or another's ("MY HUSBAND", "HER SON"): a possessive of English's
// pronouns (the one table) before a noun.
const OWNED = `(?:${[...new Set(Object.values(FORMS).map((f) => f.possessive))].join("|")}) [a-z]+`;

// English's auxiliaries negated in the first person (grammar, closed class).
export const NEGATED: Record<string, string> = {
  do: "don't",
  does: "don't",
  did: "didn't",
  have: "haven't",
  has: "haven't",
  are: "'m not",
  were: "wasn't",
  can: "can't",
  could: "couldn't",
  will: "won't",
  would: "wouldn't",
};

/**
 * An honest answer to a question about something it knows nothing of, built from the question:
 * its clause said back negated in its own person ("Have you seen my dog?" → "No, I haven't seen
 * your dog"; "Who is the mayor?" → "I don't know who the mayor is"), then a turn that takes it
 * up: a place it knows that bears on the thing, someone who might know, or a question back by
 * what kind of thing it is (something one can see: what it looks like).
 */
export function notKnown(
  u: Utterance,
  foreign: string[],
  k: Knowledge,
  talk: Talk,
): string | undefined {
  const last = (parsed(u.text).sentences().out("array") as string[]).at(-1) ?? u.text;
  const q = last
    .replace(/[?!.\s]+$/, "")
    .replace(/,\s*\w+$/, "")
    .replace(/^(\w+)'s\b/, "$1 is");
  let said: string | undefined;
  // "What's the best place for a cup of coffee?": a place sought for something it knows none for.
  // Said by its head: not a modifier ("the BEST place") nor a measure ("a CUP of coffee").
  const doc = parsed(u.text);
  const sayable = (w: string) =>
    !doc.has(`(${w}|${w}s) of`) &&
    !(doc.match("#Adjective").out("array") as string[]).some(
      (a) => lemma(a.toLowerCase(), "adj") === w || a.toLowerCase() === w,
    );
  const wanted = purposeWords(u).filter(sayable);
  if (
    u.wh !== "where" &&
    u.wh !== "yesno" &&
    u.about !== "you" &&
    wanted.length &&
    u.topic.some((w) => domainOf(w, "noun") === "noun.location")
  )
    return `I'm not sure where to go ${soughtFor(u, wanted)} around here, I'm afraid. ${choose(["Sorry I can't be more help.", "Maybe someone else in town would know."], talk, "where")}`;
  const aux = /^(do|does|did|have|has|are|were|can|could|will|would) you\b\s*(.*)$/i.exec(q);
  const wh = /^(who|what|where|when|which \w+)(?: (is|are|was|were) (.+))?$/i.exec(q);
  // "Where can I get a meal", "where do people go": the clause put back in order.
  const whAux = new RegExp(
    `^(where|who|what|when|how)(?: (can|could|should|would|might|do|does|did) (i|we|one|people|you|folks|someone|anyone|${OWNED}))? (.+)$`,
    "i",
  ).exec(q.replace(/^(\w+)'s\b/, "$1 is"));
  // "Can you tell me / do you know where the library is?": the clause asked about.
  const embedded =
    aux && /^(?:tell me|know|say) ((?:where|who|what|when|how|if|whether)\b.*)$/i.exec(aux[2]);
  if (embedded) said = `I'm not sure ${swapPerson(embedded[1])}`;
  else if (wh && wh[2] && u.about === "you" && /^(your|you)\b/i.test(wh[3] ?? ""))
    // "What's your favourite food?": its own thing it has no fact on; one does not "not know" it.
    said = "I couldn't pick just one, to be honest";
  else if (aux && u.about === "you" && !foreign.length && /^(do|does)$/i.test(aux[1]))
    // "Do you cook?": a doing of its own its persona and its day say nothing of: not really, and
    // the question turned back ("Do you?").
    return `Not really, no. ${cap(aux[1].toLowerCase())} you?`;
  else if (
    aux &&
    /^(can|could|would|will)$/i.test(aux[1]) &&
    senses(aux[2].split(" ")[0]?.toLowerCase() ?? "", "verb")[0]?.domain === "verb.communication" &&
    /\babout (.+)$/i.test(aux[2])
  )
    // "Can you tell me about the mill?": asked to tell, not whether it can; honestly, what it
    // knows of it is little.
    said = `I don't know much about ${swapPerson(/\babout (.+)$/i.exec(aux[2])![1])}, to be honest`;
  else if (
    aux &&
    u.about === "you" &&
    u.tense === "past" &&
    /^(have|did)$/i.test(aux[1]) &&
    parsed(u.text).has("(ever|never)") &&
    // (A tie to people, WordNet's social verbs, "have you ever been MARRIED?", is one a persona
    // names when it has it: its silence is a no.)
    !u.topic.some((w) => u.pos?.[w] === "verb" && domainOf(w, "verb") === "verb.social") &&
    !k.places.some((p) => wordsOf(p.name).some((w) => u.topic.includes(w)))
  )
    // "Have you ever been abroad?": a past of its whole life its persona says nothing of. A "no"
    // would be made up; it does not make much of it, and turns the question back.
    return `That's not something I talk about much, to be honest. ${cap(aux[1].toLowerCase())} you?`;
  else if (aux) {
    const n = NEGATED[aux[1].toLowerCase()];
    said = `No, I${n.startsWith("'") ? n : ` ${n}`} ${swapPerson(aux[2])}`;
  } else if (wh && wh[2]) {
    // "who the mayor here is" → "who the mayor is": the place word left off; a preposition it
    // ends on stays after the verb ("what the mayor is like").
    const what = swapPerson(wh[3]).replace(/\s+(here|around here|in town|nowadays|now)$/i, "");
    const tail = /\s+(\w+)$/.exec(what);
    // (The last word, if it is no noun nor adjective, is the one left behind: "like", "about".)
    const stranded =
      tail && !parsed(what).terms().last().has("(#Noun|#Adjective|#Value)") ? tail[1] : "";
    const head = stranded ? what.slice(0, -tail![0].length) : what;
    said = `I don't know ${wh[1].toLowerCase()} ${head} ${wh[2].toLowerCase()}${stranded ? ` ${stranded}` : ""}`;
  } else if (whAux && !whAux[2] && /^(who|what)$/i.test(whAux[1])) {
    said = `I don't know ${whAux[1].toLowerCase()} ${swapPerson(whAux[4])}`;
  } else if (u.about === "you" && /\b(think|feel)\b/i.test(q) && /\b(?:of|about) (.+)$/i.test(q)) {
    // "What do you think of the new bakery?" about a thing it has never met.
    const thing = /\b(?:of|about) (.+)$/i.exec(q)![1];
    return `I haven't heard of ${swapPerson(thing)}, so I couldn't tell you. What's it like?`;
  } else if (whAux && whAux[2] && whAux[3].toLowerCase() !== "you") {
    const modal = /^(do|does|did)$/i.test(whAux[2]) ? "" : `${whAux[2].toLowerCase()} `;
    // (The rest in the listener's person too, "where you could get YOUR hair cut", where it
    // names nobody as "you": swapped back, an object "you" would be "I".)
    const rest = /\byou(r|rs|rself)?\b/i.test(whAux[4]) ? whAux[4] : swapPerson(whAux[4]);
    said = `I'm not sure ${whAux[1].toLowerCase()} ${swapPerson(whAux[3].toLowerCase())} ${modal}${rest}`;
  } else if (u.wh === "yesno" && /^(is|are) there (?!somewhere|anywhere|someplace)(.+)$/i.test(q)) {
    // "Is there a doctor in town?": the thing, its place words left off.
    const thing = /^(?:is|are) there (.+)$/i
      .exec(q)![1]
      .replace(/\s+(here|around here|nearby|in (the )?town|in this town)$/i, "");
    said = `I don't know of ${anyOf(youAsMe(swapPerson(thing)))} around here, I'm afraid`;
  } else if (u.wh === "where" && parsed(q).has("for") && purposeWords(u).length) {
    // "Where would you go for a quiet drink tonight?": what it is sought for.
    said = `I'm not sure where I'd go ${soughtFor(u, purposeWords(u))} around here, I'm afraid`;
  } else if (u.wh === "where") {
    // A thing the lexicon knows as a noun ("I'm starving, where would you go to EAT?" names none).
    const thing = (parsed(q).nouns().not("#Pronoun").out("array") as string[])
      .map((x) => x.replace(/[^A-Za-z' -]/g, "").trim())
      .find(
        (x) =>
          x &&
          !/^(there|somewhere|anywhere|here)$/i.test(x) &&
          senses(x.split(" ").at(-1)!.toLowerCase(), "noun").length > 0,
      );
    said = thing
      ? `I don't know of ${anyOf(thing)} around here, I'm afraid`
      : "I'm not sure where, I'm afraid";
  } else if (foreign.length) said = `I don't know much about that, I'm afraid`;
  if (!said) return undefined;
  const words = foreign.length ? foreign : purposeWords(u);
  // Someone or somewhere that might help, else a question back.
  const asksPlace = u.wh === "where" || u.wh === "yesno";
  const place = words.length && !asksPlace ? placesFor(words, k, talk.residents)[0] : undefined;
  const helper = peopleOn(words, k).sentences[0];
  const head = words[0] ?? "";
  // Something one can see, asked with a verb of seeing or finding ("have you SEEN my dog").
  const verb = aux ? (lemma(aux[2].split(" ")[0] ?? "", "verb") ?? irregularVerb(aux[2])) : "";
  const seen =
    ["noun.animal", "noun.artifact", "noun.object", "noun.plant"].includes(
      domainOf(head, "noun"),
    ) &&
    (domainOf(verb, "verb") === "verb.perception" || closeness(verb, "find") >= 0.6) &&
    !parsed(u.text).has("#Verb (about|of)");
  // "a good doctor": someone of a kind, not a person it could name.
  const indefinite = parsed(last).has(`(a|an|any) #Adjective? ${head}`);
  const turn = place
    ? `You could ask at ${placePhrase(place.p.name)}.`
    : helper
      ? helper
      : seen && u.wh === "yesno"
        ? choose(
            ["What does it look like? I'll keep an eye out.", "Where did you last see it?"],
            talk,
            "seen",
          )
        : asksPlace && !aux
          ? choose(
              ["Sorry I can't be more help.", "Maybe someone else in town would know."],
              talk,
              "where",
            )
          : domainOf(head, "noun") === "noun.person" && u.about !== "you"
            ? choose(
                [
                  "Why do you ask?",
                  indefinite ? "Are you looking for one?" : "Are you looking for them?",
                ],
                talk,
                "who",
              )
            : choose(["Why do you ask?", "What made you think of it?"], talk, "ask");
  return `${sentence(said)} ${turn}`;
}

/** "any doctor", "a library" for "the library": a thing one does not know of, with its determiner
 *  (an indefinite pronoun, "anybody you can't stand", is its own: English grammar, closed class). */
function anyOf(thing: string): string {
  // (Said in the negative, "someone" is "anyone": "I don't know of ANYONE I avoid".)
  return /^(a|an|the|(?:some|any|no)(?:body|one|thing)?)\b/i.test(thing)
    ? thing.replace(/^the\b/i, "a").replace(/^some(body|one|thing)\b/i, "any$1")
    : `any ${thing}`;
}

/** "anybody YOU can't stand" said by the one asked: "you" before a verb is its subject, "I" (with
 *  "are"/"were" agreeing), else "me" (compromise's tags; `swapPerson` leaves "you" alone because
 *  only the word after it tells which). */
function youAsMe(text: string): string {
  const terms = (
    parsed(text).json() as {
      terms: { text: string; pre: string; post: string; tags: string[] }[];
    }[]
  ).flatMap((s) => s.terms);
  return terms
    .map((t, i) => {
      const next = terms[i + 1];
      let w = t.text;
      if (/^you$/i.test(w)) w = next?.tags.includes("Verb") ? "I" : "me";
      else if (i > 0 && /^you$/i.test(terms[i - 1].text) && t.tags.includes("Verb"))
        w = w.replace(/^are$/i, "am").replace(/^were$/i, "was");
      return `${t.pre}${w}${t.post}`;
    })
    .join("");
}
