// "What makes you happy?", "What do you enjoy most?", "What do you love doing?": what it loves is
// asked, not its day. Answered from what its persona says it loves or is and what it does by
// choice (its day outside home and work, else its evenings), not its work or its plans.
import { tellable, type PersonaFacts } from "../../language/facts.ts";
import type { DayBlock, Knowledge } from "../../language/knowledge.ts";
import { closeness, domainOf, kindOf } from "../../language/lexicon.ts";
import { parsed } from "../../language/parse.ts";
import { listOf, sentence } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { likingAsked } from "./opinions.ts";
import { atWork, ownPlaces } from "./places.ts";
import { activities, doingPhrase } from "./day.ts";
import { factsOf, mine, plain, wordsOf, type Source } from "./voice.ts";

// WordNet's names for what a liking is of: a word near them asks what pleases it.
const PLEASURE = ["pleasure", "enjoyment", "happiness"];

/** What pleases it is asked, the "what" being the thing liked ("what do you ENJOY", "what makes
 *  you HAPPY"), not a thing named ("what do you enjoy ABOUT your work", "what MUSIC do you
 *  like"): no noun asked but a feeling or a state ("what brings you JOY", "the THING"). */
export function likesAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.wh !== "what" || u.about !== "you") return false;
  if (parsed(u.text).has("about")) return false;
  const nouns = u.topic.filter((w) => u.pos?.[w] === "noun");
  if (nouns.some((w) => !["noun.feeling", "noun.state"].includes(domainOf(w, "noun"))))
    return false;
  return (
    u.topic.some((w) => PLEASURE.some((c) => closeness(w, c) >= 0.5)) ||
    (u.tense !== "past" && u.span === "general" && likingAsked(u))
  );
}

/** What it loves doing: what its persona says it loves, else what its backstory says it is beyond
 *  its work, family and home; with the longest doing of its day that is its own choice (not at
 *  its work, a meal, a visit or company named, nor an errand of what it is planning: "buying flour
 *  for the party" is no pastime), else its evenings. */
export function likes(f: PersonaFacts, k: Knowledge, residents: readonly string[]): Source {
  const sectorOf = (b: DayBlock) => b.place?.split(" of ").at(-1);
  const home = k.home.split(" of ").at(-1);
  // Its work: a doing or a place its occupation names ("serving customers at Hobbs Cafe" of the
  // cafe's owner, "studying in the college library" of a student).
  const work = new Set(
    f.facts.filter((x) => x.kinds.includes("occupation")).flatMap((x) => x.words),
  );
  const planned = new Set(
    f.facts
      .filter((x) => x.source === "currently" || x.kinds.includes("plan"))
      .flatMap((x) => x.words.filter((w) => x.pos[w] === "noun")),
  );
  // (One with an occupation works where its daytime goes most; one without, retired, chooses it.)
  const daytime = new Map<string, number>();
  for (const b of activities(k.today)) {
    const sec = sectorOf(b);
    if (sec && sec !== home && b.start >= 8 * 60 && b.end <= 17 * 60)
      daytime.set(sec, (daytime.get(sec) ?? 0) + b.end - b.start);
  }
  const workPlace = work.size ? [...daytime].sort((a, b) => b[1] - a[1])[0]?.[0] : undefined;
  const names = residents.flatMap((r) => r.split(" "));
  const chosen = (b: DayBlock) => {
    const words = wordsOf(plain(b.task));
    const sec = sectorOf(b);
    return (
      !(sec && (atWork(f, sec) || sec === workPlace)) &&
      !words.some(
        (w) => work.has(w) || closeness(w, "eat") >= 0.6 || kindOf(w, "meal") || planned.has(w),
      ) &&
      !/\byou\b/i.test(b.task) &&
      !names.some((n) => b.task.includes(n))
    );
  };
  const free = activities(k.today)
    .filter((b) => chosen(b) && !!sectorOf(b) && sectorOf(b) !== home)
    .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  const evening = activities(k.today).filter((b) => b.start >= 17 * 60 && chosen(b));
  const bare = free && doingPhrase({ ...free, place: undefined }, f, k);
  const doing = bare
    ? sentence(
        bare.includes(sectorOf(free)!)
          ? `${cap(bare)}, honestly`
          : `${cap(bare)}, honestly; I'm often at ${sectorOf(free)}`,
      )
    : evening.length
      ? sentence(
          `In the evenings I'm usually ${listOf(
            // (Where both are, said once: "cooking and reading at home".)
            evening
              .slice(0, 2)
              .map((b, i, all) =>
                doingPhrase(
                  i < all.length - 1 && sectorOf(b) === sectorOf(all.at(-1)!)
                    ? { ...b, place: undefined }
                    : b,
                  f,
                  k,
                ),
              ),
          )}`,
        )
      : "";
  // What its persona says it loves ("the owner of Hobbs Cafe, who LOVES to make people feel
  // welcome": "I love to make people feel welcome"), else what it is beyond its work and people.
  const loved = f.facts
    .filter((x) => tellable(x, k.knowsSpeaker))
    .map((x) => {
      const w = x.words.find((w) => PLEASURE.some((c) => closeness(w, c) >= 0.5));
      if (!w) return undefined;
      // (Its clause alone; one with no subject of its own is not said.)
      const parts = x.text.replace(/[.!]$/, "").split(/,\s*/);
      const part = parts.find((p) => wordsOf(p).some((v) => v.startsWith(w)));
      if (!part) return undefined;
      if (part.startsWith("who ")) return mine(f, `${f.name} ${part.slice(4)}`);
      return parts.length === 1 ? mine(f, x.text) : undefined;
    })
    .find(Boolean);
  const own = factsOf(
    f,
    k,
    (x) => x.source === "learned" && x.kinds.length === 1 && x.kinds[0] === "other",
  );
  const first = loved ?? doing;
  const said = [first, first === doing ? own[0] : doing].filter(Boolean).join(" ");
  // (Nothing of its own choosing known: honestly so, and where its days go.)
  const most = ownPlaces(k)[0]?.sector;
  const none = most
    ? `I couldn't pick one thing, to be honest; most of my days go to ${most}.`
    : "I couldn't pick one thing, to be honest.";
  return { name: "likes", sentences: [said || none] };
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
