// Its view of its own work, home and town, asked with a verb or adjective of feeling.
import { parsed, termsOf } from "../../language/parse.ts";
import { saysNot, tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import {
  closeness,
  domainOf,
  isSettlement,
  lemma,
  senses,
  valence,
} from "../../language/lexicon.ts";
import { sentence } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { mine, type Source, short, wordsOf } from "./voice.ts";
import { atWork, likedPlace } from "./places.ts";
import { topical, nearestKind } from "./self.ts";
import { ownClause } from "./people.ts";
import { seeded } from "../../language/random.ts";
import { activities, doingPhrase } from "./day.ts";

/** What an opinion question is about: the listener's work, home and town, or a thing. */
export type OpinionOf = "work" | "home" | "thing";

/** A verb or adjective that evaluates (liking, enjoying, being happy with), not one of wanting
 *  or hoping, which asks for a wish, nor of worrying, which asks for a worry (the persona's
 *  other two attitudes, facts of their own). */
function evaluates(u: Utterance, w: string): boolean {
  // (A noun is no evaluation: "what KIND of work" asks a category, not a liking.)
  if (u.pos?.[w] === "noun") return false;
  const e = Math.max(...["like", "enjoy", "happy"].map((c) => closeness(w, c)));
  return e >= 0.6 && e > closeness(w, "want") && e > closeness(w, "worry");
}

/** The word after the subject is its verb, whatever the tagger says ("do you LIKE what ..."). */
function verbsAfterYou(u: Utterance): string[] {
  return [...u.text.toLowerCase().matchAll(/\byou (\w+)/g)].map((m) => lemma(m[1], "verb") ?? m[1]);
}

/** Whether a liking of the listener's is said with "you" ("which do YOU LIKE best?"), not a
 *  "like" of likeness ("what's your family LIKE?"), nor one of a doing ("do you like TO READ?"). */
export function likesThing(u: Utterance): boolean {
  if (/\byou \w+ to \w+/i.test(u.text)) return false;
  return verbsAfterYou(u).some((w) => evaluates(u, w));
}

/** Whether the listener's liking is asked ("do you LIKE ...", "where do you ENJOY going?"). */
export function likingAsked(u: Utterance): boolean {
  return u.topic.some((w) => evaluates(u, w)) || verbsAfterYou(u).some((w) => evaluates(u, w));
}

/** The quality a question ranks a part of something by ("the HARDEST part of your job", "your
 *  FAVOURITE thing about the town", "the MOST DIFFICULT thing about it"): an adjective before a
 *  noun that "of" or "about" follows, with its feeling by AFINN-165 (its lemma's valence; "least"
 *  turns it). Undefined when no part is asked for. */
export function rankedPart(u: Utterance): { adj: string; valence: number } | undefined {
  const terms = termsOf(u.text);
  for (let i = 0; i + 2 < terms.length; i++) {
    const t = terms[i];
    if (!t.tags.includes("Adjective") || !terms[i + 1].tags.includes("Noun")) continue;
    if (!["of", "about"].includes(terms[i + 2].normal)) continue;
    const before = terms[i - 1]?.normal ?? "";
    const graded = t.tags.includes("Superlative") || ["most", "least"].includes(before);
    if (!graded && !["the", "your", "my"].includes(before)) continue;
    const word = t.normal.replace(/[^a-z'-]/g, "");
    const base = lemma(word, "adj") ?? word;
    const feeling = valence(base) || valence(word);
    return { adj: base, valence: before === "least" ? -feeling : feeling };
  }
  return undefined;
}

/** "Do you like what you do?", "How do you feel about living here?", "Are you happy at work?":
 *  a verb or adjective of feeling about the listener's own life. */
export function opinionAsked(
  u: Utterance,
): { of: OpinionOf; words: string[]; change?: boolean; ranked?: boolean } | undefined {
  // ("WHO are your closest friends?", "WHERE do you like to go?": a person or a place is asked
  // for, not a view.)
  if (u.act !== "question" || u.wh === "who" || u.wh === "where") return undefined;
  const doc = parsed(u.text);
  // "What is the BEST thing about living here?": a superlative asks the listener's own view,
  // with no "you" said (not of a person named: that is the person's).
  // (The tagger misses an irregular one, "the BEST thing": an adjective between "the" and its
  // noun in what is asked ranks too. "Town" said makes it about people in general.)
  const ranked =
    u.about !== "person" &&
    u.about !== "me" &&
    (doc.has("#Superlative") ||
      doc.has("^(what|which) #Copula? the #Adjective #Noun") ||
      // ("What do you like MOST about it?": a verb ranked by the superlative adverb after it.)
      doc.has("you . (most|best) (about|of|in)") ||
      rankedPart(u) !== undefined) &&
    // ("What's the best PLACE for coffee?" seeks a place.)
    !(doc.match("#Adjective [#Noun]", 0).out("array") as string[]).some(
      (n) => domainOf(lemma(n.toLowerCase(), "noun") ?? n, "noun") === "noun.location",
    );
  if (u.about !== "you" && !ranked) return undefined;
  const feeling = (w: string) => evaluates(u, w);
  const afterYou = verbsAfterYou(u);
  // ("How do you LIKE TO spend your weekends?": a liking that governs a doing asks how it spends
  // its time, its habits, no view.)
  const doing = [...u.text.toLowerCase().matchAll(/\byou (\w+) to (\w+)/g)].some(
    (m) => evaluates(u, lemma(m[1], "verb") ?? m[1]) && senses(m[2], "verb").length > 0,
  );
  if (doing && !ranked) return undefined;
  const felt =
    ranked ||
    likingAsked(u) ||
    doc.has("(think|feel) (of|about)") ||
    doc.has("(what|how) do you (think|feel)");
  // "What would you change about this town?": a wish for it, asked as a hypothetical ("would")
  // with a verb of changing or improving (WordNet).
  const changes = (w: string) => Math.max(closeness(w, "change"), closeness(w, "improve")) >= 0.6;
  const change =
    doc.has("(would you|you would|you'd)") && (afterYou.some(changes) || u.topic.some(changes));
  if (!felt && !change) return undefined;
  const words = u.topic.filter((w) => !feeling(w) && !changes(w) && closeness(w, "think") < 0.6);
  const near = nearestKind({ ...u, topic: words });
  const here = doc.has("(here|town|place|live|living|neighborhood|neighbourhood)");
  if (change)
    return here || (near.kind === "home" && near.score >= 0.45)
      ? { of: "home", words, change }
      : undefined;
  if (near.kind === "occupation" && near.score >= 0.45) return { of: "work", words, ranked };
  if (here || (near.kind === "home" && near.score >= 0.45)) return { of: "home", words, ranked };
  // "Do you like what you do?": the free relative "what you do" is one's work.
  if (!words.length || doc.has("what you do")) return { of: "work", words };
  return { of: "thing", words };
}

/** Its view of its work or its home and town, from its persona: what it does and hopes for, and
 *  a worry if it has one ("Mostly, though ..."). */
export function opinionOf(
  o: { of: OpinionOf; words: string[]; change?: boolean; ranked?: boolean },
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
): Source {
  const lower = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));
  const tell = (x: Fact) => tellable(x, k.knowsSpeaker);
  // The answer's first words follow the question's: "Do you ...?" "I do"; "Are you ...?" "I am".
  const aux = /^(do|are)\b/i.exec(u.text)?.[1].toLowerCase();
  const yes = aux === "do" ? "I do" : aux === "are" ? "I am" : "I like it";
  // A worry tempers the view only when it is about the same thing.
  const worryOn = (words: Set<string>, except?: Fact) =>
    f.facts.find(
      (x) =>
        x !== except && x.kinds.includes("worry") && tell(x) && x.words.some((w) => words.has(w)),
    );
  const opener = (worry: Fact | undefined) =>
    worry ? (aux ? "Mostly, yes." : "I like it, mostly.") : `${yes}, very much.`;
  // A part of its work or town asked for by a quality ("the hardest part of your job", "the best
  // thing about living here"): what of its own has that feeling, not a liking.
  const part = o.ranked && !o.change ? rankedPart(u) : undefined;
  const ofPart =
    part && (o.of === "work" || o.of === "home") ? partOf(o.of, part.valence, f, k) : undefined;
  if (ofPart) return ofPart;
  if (o.of === "work") {
    // Its work: the clauses on work first (a backstory's first clause may be a move or a birth).
    // The backstory's before the status's ("busy with work these days" is no occupation).
    const occ = f.facts.filter((x) => x.kinds.includes("occupation") && tell(x));
    const onWork = (x: Fact) =>
      x.words.some((w) => closeness(w, "work") >= 0.75 || closeness(w, "job") >= 0.75);
    const learned = occ.filter((x) => x.source === "learned");
    const fact = learned.find(onWork) ?? learned[0] ?? occ.find(onWork) ?? occ[0];
    if (!fact) return { name: "opinion", sentences: [] };
    const work = short(mine(f, fact.text));
    const wish = f.facts.find((x) => x.kinds.includes("wish") && tell(x) && x !== fact);
    const worry = worryOn(new Set(fact.words), fact);
    return {
      name: "opinion",
      sentences: [
        [
          opener(worry),
          work,
          wish ? mine(f, wish.text) : "",
          worry ? `Though ${lower(mine(f, worry.text))}` : "",
        ]
          .filter(Boolean)
          .join(" "),
      ],
    };
  }
  if (o.of === "home") {
    const liked = likedPlace(f, k);
    const placeWords = new Set(
      k.places
        .filter((p) => !p.dwelling && !p.name.includes(" of "))
        .flatMap((p) => wordsOf(p.name)),
    );
    const worry = worryOn(placeWords, liked);
    if (o.change) {
      // What it would change: a wish or worry of its own about the town, its places or a change
      // to them; else honestly not much.
      const bears = f.facts.filter(
        (x) =>
          (x.kinds.includes("wish") || x.kinds.includes("worry")) &&
          tell(x) &&
          x.words.some(
            (w) =>
              placeWords.has(w) ||
              closeness(w, "town") >= 0.7 ||
              Math.max(closeness(w, "change"), closeness(w, "improve")) >= 0.6,
          ),
      );
      const content = [
        "Not much, really; I like it here.",
        "Not a lot, to be honest. I'm happy with it as it is.",
        "Hard to say. I like the town the way it is.",
      ];
      return {
        name: "opinion",
        sentences: bears.length
          ? [mine(f, bears[0].text)]
          : [content[seeded(f.name, u.text) % content.length]],
      };
    }
    // The best of it asked for: the people it is close to, and what it likes doing here.
    const close = o.ranked
      ? f.facts.find((x) => tell(x) && (x.kinds.includes("family") || x.kinds.includes("friend")))
      : undefined;
    const ofThem = close
      ? ownClause(
          mine(f, close.text),
          close.words.filter((w) => close.pos[w] === "verb"),
        )
      : "";
    // (Else, the best of it asked, a place of the town its own life is bound up with, by its
    // backstory: "Larkspur Park, I'd say. I ... now look after Larkspur Park's community garden".)
    const home = k.home.split(" of ").at(-1);
    const bound =
      o.ranked && !ofThem && !liked
        ? f.facts
            .filter(
              (x) =>
                x.source === "learned" &&
                tell(x) &&
                !x.kinds.includes("worry") &&
                !x.kinds.includes("family") &&
                !saysNot(x.text),
            )
            .flatMap((x) =>
              k.places
                .filter(
                  (p) =>
                    !p.dwelling &&
                    !p.name.includes(" of ") &&
                    p.name !== home &&
                    wordsOf(p.name).every((w) => x.words.includes(w)),
                )
                .map((p) => ({ x, p })),
            )[0]
        : undefined;
    return {
      name: "opinion",
      sentences: [
        [
          ofThem
            ? "The people, I'd say."
            : bound
              ? `${bound.p.name}, I'd say.`
              : worry
                ? opener(worry)
                : "I like it here.",
          ofThem,
          bound ? mine(f, bound.x.text) : "",
          liked && liked !== close ? mine(f, liked.text) : "",
          worry ? `Though ${lower(mine(f, worry.text))}` : "",
        ]
          .filter(Boolean)
          .join(" "),
      ],
    };
  }
  const related = topical({ topic: o.words } as Utterance, f, k, 0.5).sentences[0];
  return {
    name: "opinion",
    sentences: related ? [`${yes}. ${related}`] : [],
  };
}

/** The part of its work or its town that has the feeling asked for (`feeling`: the valence of the
 *  quality asked, AFINN-165). Something hard or bad: a worry of its own on it, else (of its work)
 *  what its work holds for it now; something good: what it does in its work beyond what it is, or
 *  the people and what it likes of the town; else honestly that nothing stands out. */
function partOf(
  of: "work" | "home",
  feeling: number,
  f: PersonaFacts,
  k: Knowledge,
): Source | undefined {
  const tell = (x: Fact) => tellable(x, k.knowsSpeaker);
  const lower = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));
  const that = (x: Fact) => `Probably that ${lower(mine(f, x.text))}`;
  const occ = f.facts.filter((x) => x.kinds.includes("occupation") && tell(x));
  const work = occ.find((x) => x.source === "learned") ?? occ[0];
  // What it speaks of: its work's words, or the town's places and the town itself.
  const placeWords = new Set(
    k.places.filter((p) => !p.dwelling && !p.name.includes(" of ")).flatMap((p) => wordsOf(p.name)),
  );
  // (Its work's words, and the rooms and things of the places its work names: "the old oven"
  // of a baker at the bakery.)
  const workWords = new Set([
    ...occ.flatMap((x) => x.words),
    ...k.places
      .filter((p) => !p.dwelling && atWork(f, p.name.split(" of ").at(-1) ?? p.name))
      .flatMap((p) => [...p.parts, ...(p.things ?? [])].flatMap((t) => wordsOf(t))),
  ]);
  const on = (x: Fact) =>
    of === "work"
      ? x.words.some(
          (w) => workWords.has(w) || closeness(w, "work") >= 0.75 || closeness(w, "job") >= 0.75,
        )
      : x.words.some((w) => placeWords.has(w) || isSettlement(w));
  const say = (sentences: string[]) => ({ name: "opinion", sentences: [sentences.join(" ")] });
  const workSaid = work ? short(mine(f, work.text)) : "";
  if (feeling < 0) {
    // (Of its town, a change it wants made to it is what it finds wanting.)
    const worry =
      f.facts.find((x) => x.kinds.includes("worry") && tell(x) && on(x)) ??
      (of === "home"
        ? f.facts.find(
            (x) =>
              x.kinds.includes("wish") &&
              x.source === "currently" &&
              tell(x) &&
              x.words.some((w) => x.pos[w] === "noun" && isSettlement(w)),
          )
        : undefined);
    if (worry) return say([sentence(that(worry))]);
    // (Of its work, what it has on hand now: what its status says it is at.)
    const now =
      of === "work"
        ? f.facts.find(
            (x) =>
              x.source === "currently" &&
              tell(x) &&
              !x.kinds.includes("worry") &&
              !saysNot(x.text) &&
              on(x),
          )
        : undefined;
    if (now) return say([`Right now? ${sentence(that(now))}`]);
    return say(
      of === "work"
        ? ["Hard to say; nothing about it weighs on me much, really.", workSaid].filter(Boolean)
        : ["Not much, really; I like it here."],
    );
  }
  if (feeling > 0 && of === "work") {
    // What it does in its work beyond what it is, said without a "no" ("plays no instrument").
    const doing = f.facts.find(
      (x) =>
        x !== work &&
        x.source === "learned" &&
        tell(x) &&
        !saysNot(x.text) &&
        // (What it does, not how it came to it: "came to Oakmere to get away from an office job".)
        !parsed(x.text).has("#PastTense") &&
        !x.kinds.includes("worry") &&
        !x.kinds.includes("family") &&
        (x.kinds.includes("occupation") || on(x)),
    );
    if (doing) return say([sentence(that(doing))]);
  }
  // (The best of its town: the people and what it likes there, said by opinionOf.)
  if (of === "home") return undefined;
  return say(["I couldn't pick one thing; I like most of it.", workSaid].filter(Boolean));
}

/** "What did you think of the weather today?", "How's the weather?": a thing that happens around
 *  it asked of (a noun WordNet files as a phenomenon: weather, rain, wind), which nothing it knows
 *  or was told bears on. The town keeps no weather, so it has no view to give. */
export function unnoticedAsked(u: Utterance, f: PersonaFacts, told: number): boolean {
  if (u.act !== "question" || (u.wh !== "what" && u.wh !== "how") || told > 0) return false;
  if (u.about !== "you" && u.about !== "thing") return false;
  const nouns = u.topic.filter((w) => u.pos?.[w] === "noun");
  return (
    nouns.length === 1 &&
    domainOf(nouns[0], "noun") === "noun.phenomenon" &&
    !f.facts.some((x) => x.words.includes(nouns[0]))
  );
}

/** Honestly that it has hardly noticed, with where its day went (the longest doing so far). */
export function unnoticed(f: PersonaFacts, k: Knowledge): Source {
  const spent = activities(k.today)
    .filter((b) => b.start < k.minute)
    .sort((a, b) => Math.min(b.end, k.minute) - b.start - (Math.min(a.end, k.minute) - a.start))[0];
  return {
    name: "unnoticed",
    sentences: [
      spent
        ? `I've hardly noticed, to be honest; I've been ${doingPhrase(spent, f, k)} most of the day.`
        : "I've hardly noticed, to be honest.",
    ],
  };
}
