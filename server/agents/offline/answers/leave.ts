// Leave asked and help offered: "Can I ask you something?", "Do you mind if I sit here?", "Can I
// get you a coffee?". Leave is given as people give it, by what is asked: to speak, a question
// back; to join it, what it is doing; to borrow a thing of its own, honestly only if it has one to
// spare. An offer is taken or turned down by its day: food or drink not just after a meal, a hand
// with work it is in the middle of. What a thing is comes from WordNet's files (noun.food,
// verb.communication, verb.possession).
import type { PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, lemma, senses } from "../../language/lexicon.ts";
import { parsed, termsOf } from "../../language/parse.ts";
import type { Utterance } from "../../language/understand.ts";
import { activities, doingPhrase } from "./day.ts";
import { type PeopleAnswer, type Talk, choose, firstName } from "./voice.ts";

/** Its words' lemmas with their WordNet file, by how they are used. */
function filed(text: string): { word: string; domain: string; tags: string[] }[] {
  return termsOf(text).map((t) => {
    const w = t.normal.replace(/[^a-z'-]/g, "");
    const pos = t.tags.includes("Verb") ? "verb" : "noun";
    const l = lemma(w, pos) ?? w;
    return { word: l, domain: domainOf(l, pos), tags: t.tags };
  });
}

/** Whether a block of its day is a meal or a drink: a food named in it, or a verb of consuming. */
const consuming = (task: string) =>
  filed(task).some((t) => t.domain === "noun.food" || t.domain === "verb.consumption");

/** The answer to leave asked or an offer made. */
export function leaveReply(u: Utterance, f: PersonaFacts, k: Knowledge, talk: Talk): PeopleAnswer {
  const v = firstName(talk.speaker);
  const say = (text: string): PeopleAnswer => ({ text, end: false, source: u.act });
  const blocks = activities(k.today);
  const now = blocks.find((b) => b.start <= k.minute && b.end > k.minute);
  const doing = now ? doingPhrase(now, f, k) : "";
  const words = filed(u.text);
  // The verb asked leave for or offered: the first after "I"/"we" ("can I GET you ...").
  const at = words.findIndex((_, i) => i > 0 && /^(i|we)$/.test(words[i - 1].word));
  const verb = words.slice(at >= 0 ? at : 0).find((t) => t.tags.includes("Verb"));
  const things = words.filter((t) => t.tags.includes("Noun") && !t.tags.includes("Pronoun"));
  if (u.act === "offer") {
    // Food or drink: welcome, unless it has eaten within the hour or is eating now.
    if (things.some((t) => t.domain === "noun.food")) {
      const meal = blocks
        .filter((b) => b.start <= k.minute && b.end > k.minute - 60 && consuming(b.task))
        .at(-1);
      return say(
        meal
          ? `That's kind of you, ${v}, but I've just been ${doingPhrase({ ...meal, place: undefined }, f, k)}. Thank you, though.`
          : choose(
              [
                `Oh, yes please, ${v}. That's kind of you.`,
                `That would be lovely, ${v}, thank you.`,
              ],
              talk,
              "offer",
            ),
      );
    }
    // A hand: with the work it is in the middle of (a doing that makes or handles things), else
    // thanks, it is fine.
    // (A doing that handles a thing: its verb's first senses, or a made thing as its object:
    // "fitting A STAIRCASE", not "reading by the stove".)
    const handles = (task: string) => {
      const doc = parsed(task);
      const verb = (doc.match("^[#Verb]", 0).out("array") as string[])[0]?.toLowerCase() ?? "";
      const l = lemma(verb, "verb") ?? verb;
      const object = (
        doc.match("^#Verb #Determiner? #Adjective? [#Noun]", 0).out("array") as string[]
      )[0]?.toLowerCase();
      return (
        senses(l, "verb")
          .slice(0, 2)
          .some((s) => ["verb.creation", "verb.contact", "verb.change"].includes(s.domain)) ||
        (!!object && domainOf(lemma(object, "noun") ?? object, "noun") === "noun.artifact")
      );
    };
    const working = now && handles(now.task);
    return say(
      working
        ? `That's kind of you, ${v}! I'm ${doing}; you're welcome to lend a hand.`
        : `That's kind of you, ${v}, but I'm fine, thanks.`,
    );
  }
  // "Do you mind if I ...?" is answered "not at all"; "Can I ...?" "of course".
  const minds = parsed(u.text).has("^(do|would) you mind");
  const yes = minds ? "Not at all" : "Of course";
  // To speak with it: a verb or a thing of communication ("ask you something", "have a word").
  const speaking =
    verb?.domain === "verb.communication" || things.some((t) => t.domain === "noun.communication");
  if (speaking)
    return say(
      doing
        ? `${yes}, ${v}. I'm ${doing}, but I have a minute. What is it?`
        : choose([`${yes}, ${v}. What is it?`, `${yes}; ask away, ${v}.`], talk, "leave"),
    );
  // A thing of its own to borrow or use: only if it has one (nothing made up).
  // (Whatever the tagger makes of the word after "your": "your SAW" is no verb.)
  const ownThing = parsed(u.text).has("your .");
  if (ownThing && verb && (verb.domain === "verb.possession" || closeness(verb.word, "use") >= 0.9))
    return say(`${yes}, if I have one, ${v}. What do you need it for?`);
  // To come along or join it (a verb of motion, or of joining): in what it is doing now, when
  // that is out of its home; at home, there is little to join.
  const joining =
    verb && !ownThing && (verb.domain === "verb.motion" || closeness(verb.word, "join") >= 0.9);
  if (joining && now)
    return say(
      now.place && now.place.split(" of ").at(-1) !== k.home.split(" of ").at(-1)
        ? `${yes}, ${v}; I'm just ${doing}. You're welcome to join me.`
        : `${yes}, ${v}, though I'm only ${doing}.`,
    );
  return say(minds ? `Not at all, ${v}; please do.` : `${yes}, ${v}; go ahead.`);
}
