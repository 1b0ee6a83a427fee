// Its view of its own work, home and town, asked with a verb or adjective of feeling.
import { parsed } from "../../language/parse.ts";
import { tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, lemma } from "../../language/lexicon.ts";
import type { Utterance } from "../../language/understand.ts";
import { mine, type Source, short, wordsOf } from "./voice.ts";
import { likedPlace } from "./places.ts";
import { topical, nearestKind } from "./self.ts";
import { ownClause } from "./people.ts";
import { seeded } from "../../language/random.ts";

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

/** Whether the listener's liking is asked ("do you LIKE ...", "where do you ENJOY going?"). */
export function likingAsked(u: Utterance): boolean {
  return u.topic.some((w) => evaluates(u, w)) || verbsAfterYou(u).some((w) => evaluates(u, w));
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
    (doc.has("#Superlative") || doc.has("^(what|which) #Copula? the #Adjective #Noun")) &&
    // ("What's the best PLACE for coffee?" seeks a place.)
    !(doc.match("#Adjective [#Noun]", 0).out("array") as string[]).some(
      (n) => domainOf(lemma(n.toLowerCase(), "noun") ?? n, "noun") === "noun.location",
    );
  if (u.about !== "you" && !ranked) return undefined;
  const feeling = (w: string) => evaluates(u, w);
  const afterYou = verbsAfterYou(u);
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
    return {
      name: "opinion",
      sentences: [
        [
          ofThem ? "The people, I'd say." : worry ? opener(worry) : "I like it here.",
          ofThem,
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
