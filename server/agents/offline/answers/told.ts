// A person's news of themselves, met as what it is: a loss or a trouble with sympathy, what the
// resident knows that bears on it and an offer; a newcomer with a welcome and where to find it and
// the places it uses; someone saying what they are with interest and what of its own bears on it.
// What the news is comes from WordNet: its words near a loss, a harm or a trouble, a verb of
// arriving, a noun that is a kind of person after "I am".
import type { PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, feelingOf, kindOf, lemma, valence } from "../../language/lexicon.ts";
import { parsed, termsOf } from "../../language/parse.ts";
import { cap } from "../../language/realise.ts";
import { infinitive, type Utterance } from "../../language/understand.ts";
import { type Talk, firstName, choose, unsaid, partAbout, wordsOf, factsOf } from "./voice.ts";
import { activities } from "./day.ts";
import { recall } from "./memories.ts";
import { topical } from "./self.ts";
import { likedPlace } from "./places.ts";
import { mine } from "./voice.ts";

export type OwnNews = "loss" | "trouble" | "arrival" | "self" | "good" | "feeling" | "hardship";

/** The feeling of what is said, by AFINN-165: each word's valence as written or by its lemma,
 *  summed ("I WON the tournament": glad; "I BROKE my arm": not); a quality AFINN lacks by how
 *  WordNet's neighbours of it feel (illFeeling: "a ROUGH week"). */
export function feelingSaid(text: string): number {
  let sum = 0;
  for (const t of termsOf(text)) {
    const w = t.normal.replace(/[^a-z'-]/g, "");
    if (w.length < 2) continue;
    // (Grammar carries no feeling: "HAS" is no "ha", a laugh, by its noun's lemma.)
    if (GRAMMAR.some((g) => t.tags.includes(g))) continue;
    const forms = [w, lemma(w, "verb"), infinitive(w), lemma(w, "adj"), lemma(w, "noun")];
    sum +=
      forms.map((x) => (x ? valence(x) : 0)).find((v) => v !== 0) ??
      (t.tags.includes("Adjective") ? illFeeling(w) : 0);
  }
  return sum;
}

/** compromise's tags of grammar words. */
const GRAMMAR = ["Auxiliary", "Copula", "Determiner", "Preposition", "Conjunction", "Modal"];

/** A quality's ill feeling by WordNet (lexicon feelingOf) where AFINN has none: taken only when
 *  ill, as an unpleasant word's neighbours are unpleasant ("rough": "difficult", "hard"), while a
 *  neutral word's pleasant-seeming neighbours are as often only of size or length ("long":
 *  "extended", "durable"), no gladness. */
function illFeeling(word: string): number {
  return Math.min(0, feelingOf(word, "adj"));
}

/** The words said, each as written and by its lemmas ("lost": "lost", "lose"). */
function wordsSaid(text: string): string[] {
  return termsOf(text).flatMap((t) => {
    const w = t.normal.replace(/[^a-z'-]/g, "");
    if (w.length < 3) return [];
    return [w, lemma(w, "verb"), infinitive(w), lemma(w, "adj"), lemma(w, "noun")].filter(
      (x): x is string => !!x,
    );
  });
}

const near = (w: string, concepts: string[]) => Math.max(...concepts.map((c) => closeness(w, c)));

/** What kind of news of their own a person tells, if it is one. */
export function ownNews(u: Utterance): OwnNews | undefined {
  // (Said as a statement or as how they find things: "I feel so tired".)
  if ((u.act === "statement" || u.act === "opinion") && !u.negative) {
    // A bad feeling of their own ("I'm feeling a bit LONELY", "I feel so TIRED"): an adjective of
    // theirs, by AFINN, said after a copula or a verb of feeling (a verb of being or of seeming).
    const felt = (
      parsed(u.text)
        .match(
          "^(i|we) #Adverb? #Verb{0,3} #Adverb? (a bit|a little|a|an)? #Adverb? [#Adjective]",
          0,
        )
        .out("array") as string[]
    ).some((a) => {
      const w = a.toLowerCase().replace(/[^a-z-]/g, "");
      return (valence(w) || illFeeling(w)) < 0;
    });
    if (felt) return "feeling";
  }
  // A view of ill feeling on their own life ("Life is hard", "work is exhausting, isn't it?"):
  // of how it has gone lately, a trouble of theirs ("Work has been tough lately"); said of life as
  // it is, a hardship, met with agreement and sympathy, no news.
  // (Its tag's "not" is no "not" of the view: "life is hard, ISN'T it?" says it is.)
  const untagged = u.tag ? u.text.replace(/,[^,]*\?\s*$/, "") : u.text;
  if (
    u.act === "opinion" &&
    !parsed(untagged).has("#Negative") &&
    ownLife(u) &&
    feelingSaid(untagged) < 0
  )
    return u.tense === "past" ? "trouble" : "hardship";
  // (And a glad view of it, "Work has been wonderful lately!", glad news of theirs.)
  if (
    u.act === "opinion" &&
    !parsed(untagged).has("#Negative") &&
    ownLife(u) &&
    feelingSaid(untagged) > 0
  )
    return "good";
  if (u.act !== "statement" || u.negative) return undefined;
  const words = wordsSaid(u.text);
  // How it feels to them: its words' feeling, and an exclamation said of their own life with no
  // word of ill in it is glad news ("I got the job!", "My sister just had a baby!").
  const feeling = feelingSaid(u.text);
  const exclaimed = /!\s*$/.test(u.text.trim());
  const doc = parsed(u.text);
  if (arrived(u)) return "arrival";
  if (u.about !== "me" && !(ownLife(u) && feeling !== 0)) return undefined;
  // Something gone from them ("went missing", "lost"), not someone who died.
  if (
    words.some(
      (w) =>
        near(w, ["lost", "missing"]) >= 0.6 && near(w, ["lost", "missing"]) > closeness(w, "dead"),
    )
  )
    return "loss";
  // (Glad news is no trouble for a word near one: "I GOT the job!" gets nothing bad.)
  if (
    feeling < 0 ||
    (feeling === 0 &&
      !exclaimed &&
      words.some((w) => near(w, ["loss", "harm", "trouble", "bad"]) >= 0.6))
  )
    return "trouble";
  // "I'm a painter", "I work as a nurse": the speaker's own being, a kind of person.
  if (
    doc.has("^(i|we) (#Copula|#Verb as)") &&
    u.tense === "present" &&
    u.topic.some((w) => u.pos?.[w] === "noun" && kindOf(w, "person", { pos: "noun" }))
  )
    return "self";
  if (feeling > 0 || (feeling === 0 && exclaimed)) return "good";
  return undefined;
}

/** Whether a statement of no one named is of the speaker's own life: its subject a common noun
 *  said bare, with no determiner nor name ("WORK has been tough lately", "life is hard"): English
 *  says one's own so; or a time said of as gone by ("that was a gruelling WEEK"), a time they
 *  lived. */
function ownLife(u: Utterance): boolean {
  if (u.about !== "thing" || u.person) return false;
  const doc = parsed(u.text);
  const [first] = termsOf(u.text);
  const bare =
    !!first &&
    first.tags.includes("Noun") &&
    !["Pronoun", "ProperNoun", "Determiner", "Possessive", "Date", "Value"].some((g) =>
      first.tags.includes(g),
    ) &&
    doc.has("^#Noun #Adverb? (#Auxiliary|#Copula|#Verb)");
  const time =
    u.tense === "past" &&
    (
      doc
        .match("^#Pronoun? #Determiner? #Copula #Determiner? #Adverb? #Adjective [#Noun]", 0)
        .out("array") as string[]
    ).some(
      (n) =>
        domainOf(lemma(n.toLowerCase().replace(/[^a-z]/g, ""), "noun") ?? "", "noun") ===
        "noun.time",
    );
  return bare || time;
}

/** Whether they say they came to the town: a verb of arriving, or of motion to "here" or the
 *  town, said of themselves in the past. */
function arrived(u: Utterance): boolean {
  const words = wordsSaid(u.text);
  const doc = parsed(u.text);
  const mine = doc.has("^(i|we|i'm|we're)");
  // Come to the town: a verb of arriving, or of motion to "here" or the town, said of oneself.
  const moving = (w: string) => domainOf(w, "verb") === "verb.motion";
  // (A verb of arriving with an object gets something, it arrives nowhere: "I GOT a new job".)
  const arriving = termsOf(u.text).some((t, i, all) => {
    const w = t.normal.replace(/[^a-z'-]/g, "");
    const forms = [w, lemma(w, "verb"), infinitive(w)].filter((x): x is string => !!x);
    if (!t.tags.includes("Verb") || !forms.some((x) => closeness(x, "arrive") >= 0.6)) return false;
    const next = all[i + 1];
    // (Nor one that a participle follows, a passive: "I GOT promoted".)
    return !(
      next &&
      ["Determiner", "Possessive", "Adjective", "Noun", "Verb"].some((tag) =>
        next.tags.includes(tag),
      ) &&
      !next.tags.includes("Date") &&
      !/^(here|there|home)$/.test(next.normal)
    );
  });
  return mine && u.tense === "past" && (arriving || (doc.has("(here|town)") && words.some(moving)));
}

/** The first thing named in it, as the listener says it back ("my cat" → "your cat"). */
export function namedThing(u: Utterance, me: string): string {
  const nouns = (parsed(u.text).nouns().out("array") as string[])
    .map((n) => n.replace(/[.!?,]+$/, "").trim())
    .filter(
      (n) =>
        !/^(i|you|we|he|she|they|it|there|me)('m|'re|'s|'ve|'ll|'d)?$/i.test(n) &&
        !parsed(n).has("^#Reflexive$") &&
        // (A thing pointed at, "THIS place", "that town", is where they stand, no news named.)
        !parsed(n).has("^(this|that|these|those)") &&
        !n.includes(me.split(" ")[0]),
    );
  // (Without a reflexive: "a painter myself" is "a painter".)
  const bare = (nouns[0] ?? "").replace(/\s+\w+sel(f|ves)$/i, "");
  // (Its determiner as said inside a sentence: "Oh, the weather!", not "Oh, The weather!".)
  const phrase = parsed(bare).terms().first().has("#Determiner")
    ? bare.charAt(0).toLowerCase() + bare.slice(1)
    : bare;
  return phrase
    .replace(/\bmy\b/gi, "your")
    .replace(/\bour\b/gi, "your")
    .split(" ")
    .slice(0, 5)
    .join(" ");
}

/** Its answer to a person's own news, or undefined when the news is none of these kinds. */
export function toldReply(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  talk: Talk,
): string[] | undefined {
  const kind = ownNews(u);
  if (!kind) return undefined;
  const v = firstName(talk.speaker);
  const thing = namedThing(u, talk.me);
  // What it knows that bears on the things named (its memories, not what this person said).
  const nouns = u.topic.filter((w) => u.pos?.[w] === "noun");
  const known = nouns.length
    ? unsaid(recall({ ...u, topic: nouns }, f, k, talk, 0.6).sentences, talk)[0]
    : undefined;
  const lower = (s: string) => (/^I\b/.test(s) ? s : s[0].toLowerCase() + s.slice(1));
  if (kind === "feeling") {
    // Sympathy first; to a newcomer, where it can be found; else an offer.
    const came = arrived(u);
    // (Where its days go away from home: not a room of its own house.)
    const home = k.home.split(" of ").at(-1);
    const own = activities(k.today)
      .filter((b) => b.place && b.place.split(" of ").at(-1) !== home)
      .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
    const where = own?.place?.split(" of ").at(-1);
    return [
      choose(
        [
          `Oh, I'm sorry to hear that, ${v}.`,
          `Oh, ${v}, I'm sorry.`,
          `That's hard, ${v}; I'm sorry.`,
        ],
        talk,
        "feeling",
        u.text,
      ),
      came && where
        ? `It takes a while to settle in. You'll usually find me at ${where}; come and say hello any time.`
        : "If there's anything I can do, just ask.",
    ];
  }
  if (kind === "hardship") {
    // Agreed with (the tag's agreement said back: "isn't it?" "It is."), and what of its own life
    // is hard for it, when its persona names a worry: sympathy in its own character; else a
    // kind word.
    const agreed = u.tag
      ? agreement(u.tag, talk)
      : choose([`It can be, ${v}.`, `It is sometimes, ${v}.`], talk, "hardship", u.text);
    const worry = unsaid(
      factsOf(f, k, (x) => x.kinds.includes("worry")),
      talk,
    )[0];
    return [
      agreed,
      worry
        ? `I know the feeling; ${lower(worry)}`
        : choose(
            ["I hope things get easier for you.", "Is something troubling you?"],
            talk,
            "hardship-kind",
            u.text,
          ),
    ];
  }
  if (kind === "loss" || kind === "trouble") {
    const sorry = choose(
      [`Oh no, I'm sorry to hear that, ${v}.`, `Oh, ${v}, that's awful.`, `I'm so sorry, ${v}.`],
      talk,
      "sorry",
      u.text,
    );
    const heard = known ? `I don't know if it helps, but ${lower(known)}` : "";
    // (An eye kept out only for a thing one can come across: "your cat", not "your job".)
    const found = ["noun.artifact", "noun.animal", "noun.object", "noun.possession"].includes(
      domainOf(lemma(thing.split(" ").at(-1) ?? "", "noun") ?? "", "noun"),
    );
    const offer =
      kind === "loss" && thing && found
        ? known
          ? `I'll keep an eye out for ${thing}.`
          : `I haven't seen ${thing}, but I'll keep an eye out.`
        : `If there's anything I can do, just ask.`;
    return [sorry, heard, offer].filter(Boolean);
  }
  if (kind === "good") {
    // Glad with them, and with whom the news is of when it is someone of theirs ("your sister"),
    // else a question back on it.
    const glad = choose(
      [
        `Oh, congratulations, ${v}!`,
        `That's wonderful news, ${v}!`,
        `How lovely, ${v}! I'm so glad.`,
      ],
      talk,
      "glad",
      u.text,
    );
    const head = thing.split(" ").at(-1) ?? "";
    const theirs =
      /^your\b/.test(thing) && kindOf(lemma(head, "noun") ?? head, "person", { pos: "noun" });
    return [
      glad,
      theirs
        ? `Do give ${thing} my best.`
        : choose(["How are you going to celebrate?", "Tell me all about it."], talk, "celebrate"),
    ];
  }
  if (kind === "arrival") {
    // Where it can be found, and a place of the town it likes: what helps a newcomer.
    const own = activities(k.today)
      .filter((b) => b.place && !b.place.includes(k.home) && b.place !== k.home)
      .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
    const where = own?.place?.split(" of ").at(-1);
    const liked = likedPlace(f, k, true);
    const placeWords = k.places
      .filter((p) => !p.dwelling)
      .flatMap((p) => wordsOf(p.name.split(" of ").at(-1) ?? ""));
    return [
      choose(
        [`Welcome, ${v}! I hope you like it here.`, `Oh, welcome to town, ${v}!`],
        talk,
        "welcome",
      ),
      where ? `You'll usually find me at ${where}, if you need anything.` : "",
      liked ? partAbout(mine(f, liked.text), placeWords) : "",
    ].filter(Boolean);
  }
  // What they are: met with interest and what of its own bears on it, else a question back.
  // (By the kind of person they are, not the verb that says it: "I WORK as a nurse".)
  const kinds = u.topic.filter(
    (w) => u.pos?.[w] === "noun" && kindOf(w, "person", { pos: "noun" }),
  );
  const related = unsaid(topical({ ...u, topic: kinds }, f, k, 0.6).sentences, talk)[0];
  return [
    thing ? `${cap(thing)}, ${v}? How interesting.` : "How interesting.",
    related ?? choose(["What brings you here?", "How long have you been at it?"], talk, "self"),
  ];
}

/** The tag's agreement said back ("isn't it?" → "It is."; "didn't we?" → "We did."; "wasn't I?"
 *  → "You were."). */
export function agreement(tag: NonNullable<Utterance["tag"]>, talk: Talk): string {
  const toYou: Record<string, string> = { am: "are", was: "were" };
  const subject = tag.subject === "i" ? "you" : tag.subject;
  const verb = tag.subject === "i" ? (toYou[tag.verb] ?? tag.verb) : tag.verb;
  const said = `${subject} ${verb}`;
  return choose([`${cap(said)}.`, `${cap(said)}, yes.`, `Yes, ${said}.`], talk, "agree");
}
