// The places it knows, read by their names, rooms, things and uses against what a question
// asks a place for ("where can I get a meal?" meets a dining room).
import { tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { DayBlock, Knowledge, KnownPlace } from "../../language/knowledge.ts";
import { sidePhrase } from "../../language/positions.ts";
import {
  broader,
  closeness,
  domainOf,
  kindOf,
  lemma,
  opposites,
  purposeMatch,
  relatedness,
  senses,
  type Pos,
  type Synset,
  usedSenses,
  useMatch,
} from "../../language/lexicon.ts";
import { copyOf, parsed, termsOf } from "../../language/parse.ts";
import { swapPerson } from "../../language/pronouns.ts";
import { inFirstPerson, listOf, sentence } from "../../language/realise.ts";
import {
  contentTerms,
  infinitive,
  purposeVerbs,
  type Utterance,
} from "../../language/understand.ts";
import { esc, publicFacts } from "./bond.ts";
import { nameHead, namesPlace } from "./placeNames.ts";
import { holdersOf, roleHolder } from "./roles.ts";
import { firstName, plain, type Source, wordsOf } from "./voice.ts";
import { activities, doingPhrase } from "./day.ts";

/** Verbs that frame a question about a place rather than say what it is for (WordNet's files). */
export const FRAMING_VERBS = [
  "verb.motion",
  "verb.cognition",
  "verb.perception",
  "verb.possession",
  "verb.stative",
];

/** What a question asks a place for: the things and doings asked about, not when, who, or the
 *  verbs of going and finding that frame it ("where do PEOPLE GO for a drink in the EVENING"). */
export function purposeWords(u: Utterance): string[] {
  return purposeRead(u).words;
}

/** Whether all a question says is how a place is asked for, who goes and when, with nothing it
 *  is sought for ("where do people go on a Friday night?"). */
export function onlyFraming(u: Utterance): boolean {
  return purposeRead(u).framed;
}

function purposeRead(u: Utterance): { words: string[]; framed: boolean } {
  // Two words said together that WordNet holds as one noun are one thing asked for, read by its
  // head with its modifier ("a POST OFFICE" is no office of any kind; "a SWIMMING POOL").
  const joined = compounds(u);
  if (joined !== u) return purposeRead(joined);
  // (A word used as a noun is no verb of going: "take a WALK".)
  const verbish = (w: string) =>
    u.pos?.[w] !== "noun" && senses(w, "verb").length > senses(w, "noun").length;
  // ("A spot TO READ": what the place is for, whatever file its verb is in.)
  const sought = purposeVerbs(u.text);
  const framing = (w: string) =>
    ["noun.time", "noun.person", "noun.group", "noun.location"].includes(domainOf(w, "noun")) ||
    (verbish(w) && FRAMING_VERBS.includes(domainOf(w, "verb")) && !sought.includes(w)) ||
    (domainOf(w, "noun") === "" && domainOf(w, "verb") === "");
  // A modifier ("a GOOD meal") says how, not what for.
  const modifier = (w: string) =>
    senses(w, "adj").length > senses(w, "noun").length + senses(w, "verb").length;
  // A verb of getting (one of its first senses is WordNet's verb of possession) whose object is
  // asked for says how one comes by it ("GRAB a coffee", "PICK UP some bread"): the place is
  // sought for the thing. ("PLAY pool" is what one goes there to do.)
  const objects = objectsOfVerbs(u.text);
  const how = (w: string) =>
    u.pos?.[w] === "verb" &&
    senses(w, "verb")
      .slice(0, 4)
      .some((s) => s.domain === "verb.possession") &&
    (objects.get(w) ?? []).some(
      (o) =>
        o !== w &&
        // (Its object, or a compound it opens: "find the POST office".)
        u.topic.some((t) => (t === o && !framing(t)) || (t !== o && t.split(" ")[0] === o)),
    );
  // A place asked for in a clause of its own frames the words before it ("any IDEA where I could
  // find some lunch?", "do you KNOW where ..."): what is sought is said in the clause.
  const clause = u.text.toLowerCase().search(/\bwhere\b/);
  const inClause = new Set(
    clause > 0
      ? termsOf(u.text.slice(clause)).flatMap((t) => [
          t.normal,
          lemma(t.normal, "noun") ?? t.normal,
          lemma(t.normal, "verb") ?? t.normal,
        ])
      : [],
  );
  const framed = (w: string) => inClause.size > 0 && !inClause.has(w);
  const purpose = u.topic.filter((w) => !framing(w) && !modifier(w) && !how(w) && !framed(w));
  // (A word used as an adjective says how, "a QUIET spot to read", when something else says what
  // for.)
  const what = purpose.filter((w) => u.pos?.[w] !== "adj");
  if (what.length) return { words: what, framed: false };
  // (Nor, when all is framing, the place the question is set in: "a doctor IN TOWN".)
  const setIn = (w: string) =>
    domainOf(w, "noun") === "noun.location" && parsed(u.text).has(`#Preposition the? ${w}`);
  return purpose.length
    ? { words: purpose, framed: false }
    : { words: u.topic.filter((w) => !modifier(w) && !setIn(w)), framed: true };
}

/** The utterance with each two topic words said next to each other that WordNet holds as one
 *  noun joined into it (its lemma, as a noun), and each phrasal verb whose particle opens a
 *  phrase of place or time read as its verb ("kids PLAY around here", "people GO on a Friday
 *  night": no idiom of playing around nor going on): the same utterance where there are none. */
function compounds(u: Utterance): Utterance {
  const ts = termsOf(u.text);
  const placeOrTime = (t: (typeof ts)[number] | undefined) =>
    !!t &&
    (t.tags.includes("Date") ||
      ["noun.time", "noun.location"].includes(
        domainOf(lemma(t.normal.replace(/[^a-z'-]/g, ""), "noun") ?? t.normal, "noun"),
      ));
  const unphrased = u.topic.map((w) => {
    const [verb, particle, ...rest] = w.split(" ");
    if (!particle || rest.length || u.pos?.[w] !== "verb") return w;
    const at = ts.findIndex(
      (t, i) =>
        t.normal === particle &&
        i > 0 &&
        (lemma(ts[i - 1].normal, "verb") ?? infinitive(ts[i - 1].normal)) === verb,
    );
    if (at < 0) return w;
    let j = at + 1;
    while (ts[j] && ["Determiner", "Adjective"].some((g) => ts[j].tags.includes(g))) j++;
    return placeOrTime(ts[j]) ? verb : w;
  });
  if (unphrased.some((w, i) => w !== u.topic[i])) {
    const pos: Record<string, Pos> = { ...u.pos };
    for (const w of unphrased) if (!u.topic.includes(w)) pos[w] = "verb";
    return compounds({ ...u, topic: unphrased, pos });
  }
  const text = u.text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, " ")
    .replace(/\s+/g, " ");
  const said = termsOf(u.text).map((t) => t.normal.replace(/[^a-z'-]/g, ""));
  const topic: string[] = [];
  const pos: Record<string, Pos> = { ...u.pos };
  let joined = false;
  for (let i = 0; i < u.topic.length; i++) {
    const [a, b] = [u.topic[i], u.topic[i + 1]];
    // (As said, a word's own form before the head: "post office", not "posts office".)
    const at = b ? said.findIndex((w, j) => (lemma(w, "noun") ?? w) === a && said[j + 1]) : -1;
    const phrase = at >= 0 ? `${said[at]} ${said[at + 1]}` : "";
    const one = phrase && (lemma(phrase, "noun") ?? "").replace(/_/g, " ");
    if (
      b &&
      one &&
      (lemma(said[at + 1], "noun") ?? said[at + 1]) === b &&
      text.includes(phrase) &&
      u.pos?.[b] === "noun"
    ) {
      topic.push(one);
      pos[one] = "noun";
      joined = true;
      i++;
    } else topic.push(a);
  }
  return joined ? { ...u, topic, pos } : u;
}

/** Each verb of a text (by its lemma) with the nouns it takes as its object (the noun after it,
 *  past determiners and adjectives), by their lemmas: "grab a hot coffee" → grab: [coffee]. */
function objectsOfVerbs(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const ts = termsOf(text);
  const tagged = (t: (typeof ts)[number], tag: string) => t.tags.includes(tag);
  for (let i = 0; i < ts.length; i++) {
    // (A copula takes no object: "where IS the doctor".)
    if (["Auxiliary", "Modal", "Copula"].some((g) => tagged(ts[i], g)) || !tagged(ts[i], "Verb"))
      continue;
    const word = ts[i].normal;
    const verb = lemma(word, "verb") ?? infinitive(word) ?? word;
    let j = i + 1;
    // (A particle is the verb's own: "pick UP some bread".)
    const particle = ts[j] && tagged(ts[j], "Particle") ? ts[j].normal : "";
    if (particle) j++;
    while (
      ts[j] &&
      (tagged(ts[j], "Determiner") || tagged(ts[j], "Adjective")) &&
      !tagged(ts[j], "Noun")
    )
      j++;
    const n = ts[j];
    if (!n || !tagged(n, "Noun") || tagged(n, "Pronoun")) continue;
    const noun = lemma(n.normal, "noun") ?? n.normal;
    for (const v of particle ? [verb, `${verb} ${particle}`] : [verb])
      out.set(v, [...(out.get(v) ?? []), noun]);
  }
  return out;
}

/** The places it knows that serve what is asked, best first: each place read by its name, its
 *  rooms, the things in it and what residents do there by their plans, each word matched to the
 *  asked-for thing by what it is for (WordNet's glosses, derived forms and kinds: "meal" meets a
 *  dining room and "having lunch"). A word many places share ("table") counts for less than one
 *  few have (its IDF, counted by building). */
export function placesFor(
  words: string[],
  k: Knowledge,
  residents: readonly string[],
  had = new Map<string, Synset>(),
): { p: Knowledge["places"][number]; s: number; top: number; own: number }[] {
  // Homes are not places to send someone: its own and any named after a resident.
  const homeSector = k.home.split(" of ").at(-1) ?? "";
  const surnames = residents.map((r) => r.split(" ").at(-1) ?? r);
  // A home is also one whose name says housing ("College dorm", "Maple Court apartments").
  const housing = (sector: string) => kindOf(nameHead(sector), "housing", { senses: 1 });
  const candidates = k.places
    .filter((p) => {
      const sector = p.name.split(" of ").at(-1) ?? p.name;
      return (
        sector !== homeSector &&
        !p.dwelling &&
        !housing(sector) &&
        // (A place bearing a resident's name is taken for a home only where nothing says what
        // it is: Johnson Park is a park.)
        !(p.dwelling === undefined && surnames.some((n) => sector.includes(n)))
      );
    })
    .map((p) => ({
      p,
      words: [
        // (Not a name WordNet knows only as someone's, "HARVEY Oak Supply Store": it says whose
        // the place is, not what for; a physician named Harvey makes it no doctor's.)
        ...wordsOf(`${p.name} ${p.parts.join(" ")}`)
          .filter((w) => !namesOnly(w))
          .map((w) => [w, 1, "noun", false] as const),
        // (The kind of place its name ends in, read whole: a "coffee house" is a coffeehouse.)
        ...[nameHead(p.name.split(" of ")[0])]
          .filter((h) => h.includes(" ") || !wordsOf(p.name).includes(h))
          .map((h) => [h, 1, "noun", false] as const),
        // (A thing by its head: what a "picnic BLANKET" is; its modifier says what it is used
        // with, kept apart below.)
        ...(p.things ?? [])
          .flatMap((t) => wordsOf(t).map((w, i, ws) => [w, i === ws.length - 1] as const))
          .map(([w, head]) => [w, head ? 0.9 : 0.89, "noun", false] as const),
        // (What the town does there, each doing by its own weight so they can be told apart,
        // and each word in the part of speech it is used in: "FIXING a chair" is mending, not
        // the fix one is in, a mess, which WordNet also files as a meal.)
        ...(p.uses ?? []).flatMap((t, j) =>
          doingTerms(t).map((x) => [x.word, 0.9 - (j + 1) * 1e-6, x.pos, true] as const),
        ),
      ],
    }));
  // (Counted apart for what places are, by their names, rooms and things, and for what is done
  // at them: "cafe" in a doing on the green, "picking flowers for the CAFE tables", makes the
  // green no cafe and the cafe no less of one.)
  const bySector = new Map<string, Set<string>>();
  for (const c of candidates) {
    const sector = c.p.name.split(" of ").at(-1) ?? c.p.name;
    const set = bySector.get(sector) ?? new Set<string>();
    for (const [w, , , doing] of c.words) set.add(`${doing ? "+" : ""}${w}`);
    bySector.set(sector, set);
  }
  const df = new Map<string, number>();
  for (const set of bySector.values()) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1);
  const n = bySector.size;
  const idf = (w: string, doing = false) =>
    Math.log((n + 1) / (df.get(`${doing ? "+" : ""}${w}`) ?? 1)) / Math.log(n + 1);
  // Each word asked in the sense its context gives it, the places it is asked of: its first
  // senses, unless a later sense of the noun is what some place is for and the first is not
  // ("a BITE": a snack at a cafe, not a wound).
  // (A later sense by the kinds of places only, their names and rooms: a walnut tree on a common
  // is no reason to read "coffee" as the coffee tree.)
  const placeWords = candidates.flatMap((c) => c.words);
  // (Or its things too, for a sense in common use: a carpenter's hammer and a tool wall.)
  const fit = (t: string, sense?: Synset, things = false) =>
    Math.max(
      0,
      ...placeWords
        .filter(([, weight, , doing]) => !sense || weight === 1 || (things && !doing))
        .map(([w, weight, pos, doing]) => purposeMatch(t, w, pos, sense) * weight * idf(w, doing)),
    );
  const readings = new Map<string, Synset | undefined>();
  for (const t of words) {
    // (A thing got, in a sense of a thing one can have, the first of them unless another fits a
    // place clearly better: a "bite" a snack where a place sells snacks, more than a mouthful.)
    if (had.has(t)) {
      const first = had.get(t)!;
      let got = { sense: first, s: fit(t, first, true) };
      const others = senses(t, "noun")
        .slice(1, 4)
        .filter((x) => HAD.includes(x.domain));
      for (const sense of others) {
        const s = fit(t, sense, true);
        if (s > got.s + 0.1) got = { sense, s };
      }
      readings.set(t, got.sense);
      continue;
    }
    let best = { sense: undefined as Synset | undefined, s: fit(t) };
    const common = usedSenses(t, "noun");
    for (const sense of senses(t, "noun").slice(1, 4)) {
      const s = fit(
        t,
        sense,
        common.some((c) => c.offset === sense.offset),
      );
      if (s >= 0.4 && s > best.s + 0.1) best = { sense, s };
    }
    readings.set(t, best.sense);
  }
  return (
    candidates
      .map(({ p, words: ws }) => {
        // Evidence adds up: a place that serves the need by its name, its rooms, its things and
        // what is done there (up to three of its words) beats one word that happens to match.
        let s = 0;
        let top = 0;
        // What the place is for must fit by its name, its rooms' names or what its things are
        // (their heads), else by two of the town's doings there or two of its things' modifiers:
        // one picnic lunch on the lawn, or a "picnic" blanket, does not make a park a place to eat.
        let own = 0;
        const fits = new Set<string>();
        const doings = new Set<number>();
        const heads = new Set([nameHead(p.name.split(" of ")[0]), ...p.parts.map(nameHead)]);
        for (const t of words) {
          const matches = new Map<string, number>();
          for (const [w, weight, pos, doing] of ws) {
            // (A place's name is read as a place in any of its senses: a "green" is also a
            // park, WordNet's "park, commons, common, green".)
            const asPlace = weight === 1 && placeSenses(w).has(t) ? 0.9 : 0;
            // (Or by what its kind of place is for, said by its name's head or its rooms': a green
            // is for recreation, which relaxes; not "Hearth" & Crumb cafe, a hearth one sits on.)
            const forUse = weight === 1 && !doing && heads.has(w) ? useMatch(t, w) : 0;
            const m =
              Math.max(purposeMatch(t, w, pos, readings.get(t)), asPlace, forUse) *
              weight *
              idf(w, doing);
            if (m >= 0.3 && m > (matches.get(w) ?? 0)) matches.set(w, m);
            if (weight === 1 && m >= 0.3) own = Math.max(own, m);
            if (weight === 0.9 && !doing && m >= 0.3) own = Math.max(own, m);
            if (doing && m >= 0.3) doings.add(weight);
            if (weight < 0.9 && !doing && m >= 0.3) fits.add(w);
          }
          const best = [...matches.values()].sort((a, b) => b - a).slice(0, 3);
          s += best.reduce((a, b) => a + b, 0);
          top = Math.max(top, best[0] ?? 0);
        }
        return {
          p,
          s: s / Math.max(1, words.length),
          top,
          own: own || (fits.size >= 2 || doings.size >= 2 ? 0.3 : 0),
          // (Whether what it is serves it, by its name, rooms or things.)
          is: own > 0,
        };
      })
      .filter((x) => x.top >= 0.4 && x.s >= 0.6 && x.own > 0)
      // (A place that is for it before one where the town only happens to do something like it: a
      // tea room for dinner before a chandlery where customers are served and sandwiches eaten.)
      .sort((a, b) => Number(b.is) - Number(a.is) || b.s - a.s)
      .map(({ is: _, ...x }) => x)
  );
}

// WordNet's kinds of things one buys or gets: made things, food, stuff, plants and animals.
const HAD = ["noun.artifact", "noun.food", "noun.substance", "noun.plant", "noun.animal"];

/** Each thing asked as the object of a verb of getting ("BUY a saw", "PICK UP some nails") in
 *  the sense of a thing one can have, where its first is not one (a saw is a proverb first, a
 *  nail a fingernail): a thing bought is made, eaten or grown. */
export function goodsAsked(u: Utterance): Map<string, Synset> {
  const out = new Map<string, Synset>();
  for (const [verb, objects] of objectsOfVerbs(u.text)) {
    // (A phrasal verb by its own senses, "pick up" is to get, else by its verb's.)
    const v = senses(verb, "verb").length ? verb : verb.split(" ")[0];
    const getting = senses(v, "verb")
      .slice(0, 4)
      .some((s) => s.domain === "verb.possession");
    if (!getting) continue;
    for (const o of objects) {
      const [first, ...rest] = senses(o, "noun").slice(0, 4);
      const had = first && !HAD.includes(first.domain) && rest.find((s) => HAD.includes(s.domain));
      if (had) out.set(o, had);
    }
  }
  return out;
}

/** The places that serve what each thing asked is a kind of, by WordNet's broader sense of its
 *  first ("dinner" is a meal, which a cafe serves, where nowhere names dinner); none where a
 *  doing is asked too ("a coffee and WORK for a bit": the doing says what the place is for). */
function servingPlaces(
  asked: string[],
  u: Utterance,
  k: Knowledge,
  residents: readonly string[],
): ReturnType<typeof placesFor> {
  if (asked.some((w) => u.pos?.[w] === "verb")) return [];
  const broad = asked.map((w) => {
    const first = senses(w, "noun")[0];
    const up = first ? broader(first)[0] : undefined;
    return up?.words[0]?.replace(/_/g, " ") ?? w;
  });
  return broad.some((w, i) => w !== asked[i]) ? placesFor(broad, k, residents) : [];
}

/** Whether WordNet knows a word only as the name of someone or somewhere (its every sense an
 *  instance: "harvey", William Harvey; "johnson", a president). */
function namesOnly(word: string): boolean {
  const all = senses(word, "noun");
  return (
    all.length > 0 &&
    senses(word).length === all.length &&
    all.every((s) => s.pointers.some((p) => p.symbol === "@i"))
  );
}

/** The words a place's name word is a synonym of in its senses that WordNet files as places. */
function placeSenses(word: string): Set<string> {
  return new Set(
    senses(word, "noun")
      .filter((x) => x.domain === "noun.location")
      .flatMap((x) => x.words),
  );
}

/** A plan's doing by its words, each in the part of speech it is used in; the -ing form it opens
 *  with is its verb, even where the tagger reads a gerund as a noun ("SERVING customers"). */
export function doingTerms(task: string): { word: string; pos: Pos }[] {
  const terms = contentTerms(task);
  const opening = task.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  const verb = /ing$/.test(opening) ? lemma(opening, "verb") : undefined;
  if (verb && terms[0] && terms[0].pos !== "verb" && terms[0].word === opening)
    terms[0] = { word: verb, pos: "verb" };
  return terms;
}

/** What a place is sought for, said as one would: things after "for", doings after "to" ("for
 *  coffee", "to sit and read"). */
export function soughtFor(u: Utterance, words: string[]): string {
  // (A modifier, "a QUIET drink", says how, not what for.)
  const said = words.filter((w) => u.pos?.[w] !== "adj");
  const doings = (said.length ? said : words).filter((w) => u.pos?.[w] === "verb");
  const things = (said.length ? said : words).filter((w) => u.pos?.[w] !== "verb");
  return [things.length ? `for ${listOf(things)}` : "", doings.length ? `to ${listOf(doings)}` : ""]
    .filter(Boolean)
    .join(" or ");
}

/** A place as one names it: "the dining room at Hearth & Crumb cafe", "Larkspur Park". */
export function placePhrase(name: string): string {
  const [arena, sector] = name.split(" of ");
  return sector ? `the ${arena} at ${sector}` : name;
}

/** Whether a place is its work's: its occupation names it for the most part ("Copper Kettle
 *  cafe" of "runs the Copper Kettle"). Where it has to be, not where it would send someone to
 *  unwind. */
export function atWork(f: PersonaFacts, sector: string): boolean {
  const work = new Set(
    f.facts.filter((x) => x.kinds.includes("occupation")).flatMap((x) => x.words),
  );
  const ws = wordsOf(sector);
  return 2 * ws.filter((w) => work.has(w)).length > ws.length;
}

/** The places outside its home where its own day goes, most time first, each with its longest
 *  doing there. */
export function ownPlaces(
  k: Knowledge,
  only: (b: DayBlock) => boolean = () => true,
): { sector: string; block: DayBlock }[] {
  const homeSector = k.home.split(" of ").at(-1);
  const time = new Map<string, number>();
  const longest = new Map<string, DayBlock>();
  for (const b of activities(k.today).filter(only)) {
    const sector = b.place?.split(" of ").at(-1);
    if (!sector || sector === homeSector || k.places.some((p) => p.name === sector && p.dwelling))
      continue;
    time.set(sector, (time.get(sector) ?? 0) + b.end - b.start);
    // (A doing that names the place is said after it badly: "I'm often there, getting Willow
    // Green ready"; one that does not comes first.)
    const naming = (x: DayBlock) => x.task.includes(sector);
    const was = longest.get(sector);
    if (
      !was ||
      (naming(was) && !naming(b)) ||
      (naming(was) === naming(b) && b.end - b.start > was.end - was.start)
    )
      longest.set(sector, b);
  }
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .map(([sector]) => ({ sector, block: longest.get(sector)! }));
}

/** Whether a doing of its day is at its work: at a place its occupation names, or, with an
 *  occupation, where its daytime goes most but for a place of recreation (one without, retired,
 *  chooses where it goes). */
export function atItsWork(f: PersonaFacts, k: Knowledge): (b: DayBlock) => boolean {
  const sectorOf = (b: DayBlock) => b.place?.split(" of ").at(-1);
  const home = k.home.split(" of ").at(-1);
  const occupied = f.facts.some((x) => x.kinds.includes("occupation"));
  // (A place for recreation by WordNet, a park, is no work's unless its occupation names it.)
  const daytime = new Map<string, number>();
  for (const b of activities(k.today)) {
    const sec = sectorOf(b);
    if (
      sec &&
      sec !== home &&
      b.start >= 8 * 60 &&
      b.end <= 17 * 60 &&
      !wordsOf(sec).some((w) => useMatch("recreation", w) >= 0.9)
    )
      daytime.set(sec, (daytime.get(sec) ?? 0) + b.end - b.start);
  }
  const workPlace = occupied ? [...daytime].sort((a, b) => b[1] - a[1])[0]?.[0] : undefined;
  return (b) => {
    const sec = sectorOf(b);
    return !!sec && (atWork(f, sec) || sec === workPlace);
  };
}

/** Whether a doing of its day is its own choice: not at its work (a place its occupation names,
 *  or, with an occupation, where its daytime goes most), not its work's doing, a meal, a
 *  gathering, a visit or company named, nor an errand of what it is planning ("buying flour for
 *  the party" is no pastime). */
export function ownChoice(
  f: PersonaFacts,
  k: Knowledge,
  residents: readonly string[] = [],
): (b: DayBlock) => boolean {
  const working = atItsWork(f, k);
  // Its work: a doing its occupation names ("serving customers" of the cafe's owner).
  const work = new Set(
    f.facts.filter((x) => x.kinds.includes("occupation")).flatMap((x) => x.words),
  );
  const planned = new Set(
    f.facts
      .filter((x) => x.source === "currently" || x.kinds.includes("plan"))
      .flatMap((x) => x.words.filter((w) => x.pos[w] === "noun")),
  );
  const names = residents.flatMap((r) => r.split(" "));
  return (b) => {
    const words = wordsOf(plain(b.task));
    return (
      !working(b) &&
      !words.some(
        (w) =>
          work.has(w) ||
          closeness(w, "eat") >= 0.6 ||
          kindOf(w, "meal") ||
          planned.has(w) ||
          // (A gathering is an occasion of its day, "going to the party", not a pastime.)
          kindOf(w, "social gathering", { pos: "noun" }),
      ) &&
      !/\byou\b/i.test(b.task) &&
      !names.some((n) => b.task.includes(n))
    );
  };
}

/** Where it goes of its own free will: the place outside its home and work where its day's
 *  doings of its own choice go most (not an errand or a meal), with what it does there. */
export function leisurePlace(
  f: PersonaFacts,
  k: Knowledge,
  residents: readonly string[] = [],
): { sector: string; doing: string } | undefined {
  const chosen = ownChoice(f, k, residents);
  const free = ownPlaces(k, chosen).find((x) => !atWork(f, x.sector));
  if (!free || free.block.task.includes(free.sector)) return undefined;
  return { sector: free.sector, doing: doingPhrase({ ...free.block, place: undefined }, f, k) };
}

/** A place of its own day where it does what is asked ("somewhere to RELAX": it rests on a bench
 *  at Willow Green; "to READ": it studies in the library), each doing by what it is for or by
 *  its senses ("read" is a sense of "study"). A doing only: a thing asked for ("a meal") is got
 *  where it is served, which the place's own name and things say, not where it has its lunch. */
function ownPlaceFor(
  words: string[],
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
): Source & { sector: string } {
  const own = new Set(ownPlaces(k).map((x) => x.sector));
  const doings = words.filter(
    (w) => u.pos?.[w] === "verb" || senses(w, "verb").length > senses(w, "noun").length,
  );
  // A thing asked for by a noun is had where its own day has it by name ("having BREAKFAST at the
  // cafe"); a doing of another thing of its kind is no place for it ("eating DINNER" is no reason
  // to send someone there for breakfast: both are meals, by WordNet's broader sense).
  // (Not a place's own name: "having lunch at the CAFE" is no reason to send someone asking
  // for a cafe to its kitchen.)
  const placeNames = new Set(k.places.flatMap((p) => wordsOf(p.name)));
  const things = words.filter((w) => u.pos?.[w] === "noun" && !placeNames.has(w));
  const kinds = new Map(
    things.map((w) => {
      const first = senses(w, "noun")[0];
      return [w, first ? broader(first).flatMap((x) => x.words) : []] as const;
    }),
  );
  const other = (w: string, n: string) =>
    n !== w && (kinds.get(w) ?? []).some((x) => kindOf(n, x.replace(/_/g, " "), { senses: 1 }));
  const objects = objectsOfVerbs(u.text);
  let best: { b: DayBlock; s: number } | undefined;
  for (const b of activities(k.today)) {
    const sector = b.place?.split(" of ").at(-1);
    if (!sector || !own.has(sector) || b.task.includes(sector)) continue;
    const terms = doingTerms(b.task);
    const nouns = terms.filter((x) => x.pos === "noun").map((x) => x.word);
    for (const w of things)
      if (
        nouns.includes(w) &&
        1 > (best?.s ?? 0) &&
        words.every((x) => x === w || doings.includes(x))
      )
        best = { b, s: 1 };
    for (const t of terms.filter((x) => x.pos === "verb"))
      for (const w of doings) {
        if (nouns.some((n) => other(w, n))) continue;
        // (A doing asked with its object is done to that: "FEED the swans" is no "eating
        // supper".)
        const of = objects.get(w) ?? [];
        if (
          of.length &&
          nouns.length &&
          !of.some((o) => nouns.some((n) => n === o || purposeMatch(o, n, "noun") >= 0.6))
        )
          continue;
        const m = Math.max(purposeMatch(w, t.word, "verb"), closeness(w, t.word));
        if (m >= 0.6 && m > (best?.s ?? 0)) best = { b, s: m };
      }
  }
  if (!best) return { name: "places-own", sentences: [], sector: "" };
  return {
    name: "places-own",
    sector: best.b.place!.split(" of ").at(-1)!,
    sentences: [
      sentence(
        `Try ${placePhrase(best.b.place!)}; I'm often there myself, ${doingPhrase({ ...best.b, place: undefined }, f, k)}`,
      ),
    ],
  };
}

/** Where to go for what is asked: the best place, and another building's if nearly as good;
 *  else a place of its own day where it does what is asked; asked only for somewhere to go
 *  ("a place to VISIT"), where it goes itself. */
export function places(
  u: Utterance,
  k: Knowledge,
  residents: readonly string[],
  f?: PersonaFacts,
): Source {
  const asked = purposeWords(u);
  const had = goodsAsked(u);
  const direct = placesFor(asked, k, residents, had);
  const sectorOf = (name: string) => name.split(" of ").at(-1) ?? name;
  // Where it goes itself for what is asked, said as its own, where the town's places serve
  // nothing asked or that place is the one that serves it best (not the college it studies at as
  // a place to visit when there is a park; not where it writes letters as a place to read).
  const fits = (sector: string) => !direct.length || sectorOf(direct[0].p.name) === sector;
  // A kind of place asked for that it knows none of ("where's the LIBRARY?", "is there a
  // CINEMA?" in a town without one): honestly none, before any place of its own days, and a
  // place near in kind only, said as the other thing it is (a cafe for a restaurant, not for
  // books).
  // (A thing got is no kind of place, whatever its first sense: "some NAILS", not a horny
  // structure.)
  const kind = kindAsked(
    u,
    asked.filter((w) => !had.has(w)),
  );
  // Whether there is someone of a calling in town ("is there a DENTIST?", WordNet's noun of a
  // person): who is, by the town's personas; else honestly none, and the place nearest in kind
  // where one fits (not a place that only shares a word with it).
  const calling = f && callingAsked(u, asked);
  if (calling) {
    if (holdersOf(calling, f, k).length) {
      const who = roleHolder(calling, f, k).sentences;
      return { name: "places", sentences: [`Yes. ${who.join(" ")}`] };
    }
    const near = nearestKind(calling, k, direct);
    return {
      name: "places",
      sentences: [
        sentence(
          `No, there's no ${calling} around here, as far as I know${near ? `; the nearest thing is ${placePhrase(near.name)}${lies(near, ", ")}` : ""}`,
        ),
      ],
    };
  }
  // (One of a kind it knows under a close broader kind, few of which WordNet has: a college for
  // a school, both educational institutions; a clinic for a hospital.)
  const sibling = f && kind && !knowsKind(kind, k) ? akin(kind, k) : undefined;
  if (sibling)
    return {
      name: "places",
      sentences: [
        sentence(
          `${u.wh === "yesno" ? "Yes, there's" : "There's"} ${placePhrase(sibling.name)}${lies(sibling, "; it's ")}`,
        ),
      ],
    };
  if (f && kind && !knowsKind(kind, k)) {
    const near = nearestKind(kind, k, direct);
    return {
      name: "places",
      sentences: [
        sentence(
          `As far as I know, there's no ${kind} around here${near ? `; the nearest thing is ${placePhrase(near.name)}${lies(near, ", ")}` : ""}`,
        ),
      ],
    };
  }
  // Where people go, with nothing they go for ("where do people go on a Friday night?"): the
  // town's place most of its doings are at, by the plans it knows of (a pub where the town drinks,
  // plays and eats), not a home.
  const going = termsOf(u.text).some(
    (t) =>
      t.tags.includes("Verb") &&
      !t.tags.includes("Auxiliary") &&
      domainOf(lemma(t.normal, "verb") ?? infinitive(t.normal) ?? t.normal, "verb") ===
        "verb.motion",
  );
  if (going && onlyFraming(u)) {
    const busiest = k.places
      .filter(
        (p) =>
          !p.dwelling &&
          !p.name.includes(" of ") &&
          p.name !== sectorOf(k.home) &&
          (p.uses?.length ?? 0) > 0,
      )
      .sort((a, b) => new Set(b.uses).size - new Set(a.uses).size)[0];
    if (busiest)
      return {
        name: "places",
        sentences: [
          sentence(`Most people end up at ${busiest.name}, I'd say${lies(busiest, "; it's ")}`),
        ],
      };
  }
  if (f) {
    // (Going itself is all that is asked: WordNet's "visit", to go to see a place.)
    const going = asked.length > 0 && asked.every((w) => closeness(w, "visit") >= 0.6);
    const free = going ? leisurePlace(f, k, residents) : undefined;
    if (free && fits(free.sector))
      return {
        name: "places-own",
        sentences: [sentence(`Try ${free.sector}; I like it there myself, ${free.doing}`)],
      };
    const own = ownPlaceFor(asked, u, f, k);
    if (own.sentences.length && fits(own.sector)) return own;
  }
  // (Where nothing serves it as asked and it goes nowhere for it itself, what it is a kind of.)
  const scored = direct.length ? direct : servingPlaces(asked, u, k, residents);
  // A room asked for by its own name ("where the library is") before the building around it,
  // then a building by its own ("where's the PARK?", "how do I get to the CAFE?"), by any of
  // its name's senses as a place (a "green" is a park).
  // (A kind of two words is named by the kind a name ends in: a "coffee shop" is the cafe, not
  // the shop floor of the supply store.)
  // (Also one asked with a doing, "where can I FIND a coffee shop?".)
  const compound = [kind, ...asked].find((w) => w?.includes(" ") && placeKind(w));
  const ofKind = (name: string) =>
    !compound ||
    [nameHead(name), nameHead(name.split(" of ")[0])].some(
      (h) => h === compound || kindOf(h, compound, { senses: 1 }),
    );
  const names = (name: string) =>
    compound
      ? ofKind(name)
      : wordsOf(name).some((w) => asked.includes(w) || asked.some((t) => placeSenses(w).has(t)));
  // (A room its building's name already names is the building: "the park at Johnson Park" is
  // Johnson Park.)
  const named =
    scored.find((x) => {
      const [arena, sector] = x.p.name.split(" of ");
      return (
        sector &&
        ofKind(arena) &&
        wordsOf(arena).some((w) => asked.includes(w)) &&
        !wordsOf(arena).every((w) => wordsOf(sector).includes(w))
      );
    }) ?? scored.find((x) => !x.p.name.includes(" of ") && names(x.p.name));
  // The most or least of a quality of busyness asked ("the QUIETEST corner", "the liveliest
  // spot"), no place asked by name: the place its town's days are at most or least, by what is
  // done there.
  const ranked = named ? undefined : byBusyness(u, k, residents);
  if (ranked) return { name: "places", sentences: [ranked] };
  const best = named ?? scored[0];
  // Nothing its name, rooms or doings serve, but someone works there whose work does: "Ilse
  // runs it and bakes bread before dawn".
  const worked =
    !best && f
      ? k.places
          .filter((p) => !p.dwelling && !p.name.includes(" of ") && p.name !== sectorOf(k.home))
          .map((p) => ({ p, w: whoWorksThere(p, asked, f, k, false, had) }))
          .filter((x) => x.w)
          .sort((a, b) => b.w!.s - a.w!.s)[0]
      : undefined;
  if (worked)
    return {
      name: "places",
      sentences: [
        sentence(`Try ${worked.p.name}; ${worked.w!.said}${lies(worked.p, ", and it's ")}`),
      ],
    };
  // Nothing it knows serves what is asked, while it knows the town's places: honestly none (not
  // where a place serves part of it: "take my kids to PLAY" and a green).
  if (!best)
    return {
      name: "places",
      sentences:
        f && knowsPlaces(k) && !asked.some((w) => placesFor([w], k, residents, had).length)
          ? noneFor(u, asked)
          : [],
    };
  // (Another as good, unless a place was asked for by its name: as good by what it is, its name,
  // rooms and things, and by its best match, not only by many weak ones; a supply store's shop
  // floor where people eat their lunch is no second place for dinner beside a cafe.)
  const other = named
    ? undefined
    : scored.find(
        (x) =>
          sectorOf(x.p.name) !== sectorOf(best.p.name) &&
          x.s >= 0.75 * best.s &&
          x.top >= 0.75 * best.top &&
          x.own >= 0.75 * best.own,
      );
  // A place asked for by its own name: where it is, not a suggestion.
  const [arena, sector] = best.p.name.split(" of ");
  // (Asked whether there is one: yes, and where.)
  const there = u.wh === "yesno" && parsed(u.text).has("^(is|are) there");
  if (named && sector)
    return {
      name: "places",
      sentences: [
        sentence(`${there ? "Yes, the" : "The"} ${arena} is at ${sector}${lies(best.p, ", ")}`),
      ],
    };
  if (named && best.p.where)
    return {
      name: "places",
      sentences: [sentence(`${there ? "Yes, " : ""}${best.p.name}${lies(best.p, " is ")}`)],
    };
  // (Why, with where it is: what the town does there that bears on what is asked, else what it
  // has for it.)
  const why = whyThere(best.p, asked, residents, u.pos, f && { f, k });
  return {
    name: "places",
    sentences: [
      sentence(
        other
          ? `Try ${placePhrase(best.p.name)}, or ${placePhrase(other.p.name)}`
          : why
            ? `Try ${placePhrase(best.p.name)}; ${why}${lies(best.p, ", and it's ")}`
            : `Try ${placePhrase(best.p.name)}${lies(best.p, "; it's ")}`,
      ),
    ],
  };
}

/** The best of a thing the town offers asked for ("what's the best COFFEE in town?"): the place
 *  that serves it best by its name, rooms and things, said as its own where it works there
 *  ("Ours at the Hearth & Crumb, I'd say; I'm the barista there.") and else by the place's own
 *  name ("The Hearth & Crumb's, I'd say."); none where no place of the town is for it (the best
 *  thing about the town is a view). */
export function bestOffered(
  u: Utterance,
  f: PersonaFacts,
  k: Knowledge,
  residents: readonly string[],
): Source | undefined {
  // (The things asked, not the town they are asked in, nor a place: "the best PLACE for a
  // drink" seeks a place, and "the best thing" names nothing offered.)
  const things = purposeWords(u).filter(
    (w) => u.pos?.[w] === "noun" && domainOf(w, "noun") !== "noun.location",
  );
  if (!things.length || onlyFraming(u)) return undefined;
  // (Else the place where someone's work makes it: "Rosa owns the cafe and bakes before dawn"
  // for the best bread.)
  const home = k.home.split(" of ").at(-1);
  const place =
    placesFor(things, k, residents).filter((x) => x.top >= 0.6)[0]?.p ??
    k.places
      .filter((p) => !p.dwelling && !p.name.includes(" of ") && p.name !== home)
      .map((p) => ({ p, w: whoWorksThere(p, things, f, k) }))
      .filter((x) => x.w)
      .sort((a, b) => b.w!.s - a.w!.s)[0]?.p;
  if (!place) return undefined;
  const sector = place.name.split(" of ").at(-1) ?? place.name;
  // (The place by its own name, without the kind it ends in: "Hearth & Crumb" of the cafe.)
  const head = nameHead(sector);
  const at = sector.toLowerCase().lastIndexOf(head);
  const own = (at > 0 ? sector.slice(0, at) : sector).trim();
  const the = (name: string) => (/^the\b/i.test(name) ? name : `the ${name}`);
  if (atWork(f, sector)) {
    // (With what it does there: "I'm the barista there".)
    const mine = whoWorksThere(place, things, f, k, true);
    const said = mine ? ` ${sentence(mine.said)}` : "";
    return { name: "best-offered", sentences: [`Ours at ${the(own)}, I'd say.${said}`] };
  }
  const whose =
    own.endsWith("'s") || own === sector ? `The one at ${sector}` : `${cap(the(own))}'s`;
  return { name: "best-offered", sentences: [`${whose}, I'd say.`] };
}

const cap = (t: string) => t[0].toUpperCase() + t.slice(1);

/** Why a place serves what is asked, as one says it: a doing of the town there that bears on it
 *  ("you'll often find people there feeding the ducks"), not one that names a resident nor one of
 *  another thing of the asked thing's kind (people "eating lunch" is no reason for breakfast);
 *  else a room or thing of it that serves it ("it has a reading room"); else nothing. */
export function whyThere(
  p: KnownPlace,
  asked: string[],
  residents: readonly string[],
  pos?: Record<string, Pos>,
  town?: { f: PersonaFacts; k: Knowledge },
): string {
  const names = residents.flatMap((r) => r.split(" "));
  const own = new Set(wordsOf(`${p.name} ${p.parts.join(" ")}`));
  const kinds = asked.map((w) => {
    const first = senses(w, "noun")[0];
    return first ? broader(first).map((x) => x.words[0].replace(/_/g, " ")) : [];
  });
  const otherKind = (n: string) =>
    asked.some((w, i) => n !== w && kinds[i].some((x) => kindOf(n, x, { senses: 1 })));
  const doing = (p.uses ?? [])
    .filter(
      (x) =>
        !names.some((n) => new RegExp(`\\b${n}\\b`).test(x)) && !/\b(his|her|their|my)\b/i.test(x),
    )
    .map((x) => {
      const terms = doingTerms(x);
      if (terms.some((t) => t.pos === "noun" && otherKind(t.word))) return { x, s: 0 };
      // (A thing asked is named by the doing, "serving the LUNCH crowd"; a doing asked is its
      // verb: "making coffee" is no reason to go for bread.)
      // (Nor the place's own name in it: someone "trying the CAFE's piano" at the cafe is no
      // reason to go there for a meal.)
      const s = Math.max(
        0,
        ...terms
          .filter((t) => !own.has(t.word))
          .flatMap((t) =>
            asked
              .map((w) => ({ w, m: purposeMatch(w, t.word, t.pos) }))
              .filter(({ w, m }) => (pos?.[w] === "verb") === (t.pos === "verb") || m >= 0.9)
              .map(({ m }) => m),
          ),
      );
      return { x, s };
    })
    .filter((d) => d.s >= 0.6)
    .sort((a, b) => b.s - a.s)[0];
  if (doing) {
    // (Not the place named again: "walking IN THE PARK" at the park is walking.)
    const ws = doing.x.split(" ");
    let end = ws.length;
    const last = (ws.at(-1) ?? "").toLowerCase().replace(/[^a-z'-]/g, "");
    if (own.has(last) || own.has(lemma(last, "noun") ?? last))
      for (let i = ws.length - 2; i > 0; i--)
        if (termsOf(ws[i]).some((t) => t.tags.includes("Preposition"))) {
          end = i;
          break;
        }
    return `there's often someone ${ws.slice(0, end).join(" ")} there`;
  }
  const part = [...p.parts, ...(p.things ?? [])]
    .map((x) => ({
      x,
      s: Math.max(0, ...asked.map((w) => purposeMatch(w, nameHead(x), "noun"))),
    }))
    .filter((d) => d.s >= 0.5 && !otherKind(nameHead(d.x)))
    .sort((a, b) => b.s - a.s)[0];
  // (Else who works there, where their work bears on what is asked: "Rosa owns it and bakes
  // before dawn"; ahead of a thing of it that merely fits, a baking counter for bread.)
  const worker = town && whoWorksThere(p, asked, town.f, town.k);
  if (worker) return worker.said;
  // (Things in the plural without an article: "it has flower beds".)
  const many = termsOf(part?.x ?? "")
    .at(-1)
    ?.tags.includes("Plural");
  if (part) return `it has ${many ? "" : /^[aeiou]/i.test(part.x) ? "an " : "a "}${part.x}`;
  // (Not what a dictionary says its kind of place is: no one gives WordNet's gloss as a reason.)
  return "";
}

/** Who works at a place, with what of their work bears on what is asked, as the town knows them:
 *  a resident whose backstory names the place ("Rosa Delgado owns the Hearth & Crumb") and one of
 *  whose clauses bears on what is asked ("She bakes before dawn", for bread), said as "Rosa owns
 *  it and bakes before dawn"; itself in the first person. Nothing where no one's does. */
function whoWorksThere(
  p: KnownPlace,
  asked: string[],
  f: PersonaFacts,
  k: Knowledge,
  self = false,
  had = new Map<string, Synset>(),
): { said: string; s: number } | undefined {
  const sector = p.name.split(" of ").at(-1) ?? p.name;
  // (The place by its own name, without the kind it ends in: "Hearth & Crumb" of the cafe.)
  const head = nameHead(sector);
  const at = sector.toLowerCase().lastIndexOf(head);
  const own = (at > 0 ? sector.slice(0, at) : sector).trim();
  if (!own) return undefined;
  const ownWords = new Set(wordsOf(sector));
  const people = [
    { name: f.name, facts: f.facts.filter((x) => x.source === "learned" && !x.secret) },
    // (`self`: its own work there, whether or not it bears on what is asked.)
    ...(self ? [] : (k.townsfolk ?? []))
      .filter((t) => t.persona.name !== f.name)
      .map((t) => ({ name: t.persona.name, facts: publicFacts(t) })),
  ];
  // A clause said of them without its subject, opening with its verb ("bakes before dawn").
  const clauses = (name: string, text: string) =>
    text
      .split(/[,;.]\s*/)
      .map((c) =>
        c
          .trim()
          .replace(/^and\s+/i, "")
          .replace(
            new RegExp(`^(?:he|she|they|${esc(name)}|${esc(firstName(name))})\\s+`, "i"),
            "",
          ),
      )
      // (Read after a subject, as said: "runs" alone is read as a plural noun.)
      .filter((c) => termsOf(`${firstName(name)} ${c}`)[1]?.tags.includes("Verb"));
  let best: { name: string; said: string; also?: string; s: number } | undefined;
  for (const person of people) {
    // (Its work names the place: not a pastime there, "keeps a notebook of the birds she sees
    // in the park".)
    const naming = person.facts
      .filter((x) => x.kinds.includes("occupation"))
      .flatMap((x) => clauses(person.name, x.text))
      .find((c) => namesPlace(c, sector, own, k.places));
    if (!naming) continue;
    // (The place said again as "there" after a preposition, else "it": "is the barista THERE".)
    const to = new RegExp(`\\b(\\w+)\\s+(?:the\\s+)?${esc(own)}.*$`).exec(naming);
    const there =
      to && termsOf(to[1])[0]?.tags.includes("Preposition")
        ? naming.slice(0, to.index) + "there"
        : naming.replace(new RegExp(`\\b(?:the\\s+)?${esc(own)}.*$`), "it");
    // (The clause that names the place first, where it bears on what is asked too.)
    const all = person.facts.flatMap((x) => clauses(person.name, x.text));
    // (A doing, not a view: "believes that a town is HELD together" fixes no bike.)
    const view = (c: string) => {
      const verb = termsOf(c).find((t) => t.tags.includes("Verb"));
      const v = verb ? (lemma(verb.normal, "verb") ?? verb.normal) : "";
      return ["verb.cognition", "verb.emotion", "verb.perception"].includes(domainOf(v, "verb"));
    };
    for (const c of [naming, ...all.filter((c) => c !== naming && !view(c))]) {
      const s = Math.max(
        0,
        ...contentTerms(c)
          // (Its doings and things; a modifier says how: "PART-time" cuts no hair.)
          .filter((t) => !ownWords.has(t.word) && t.pos !== "adj")
          .flatMap((t) => asked.map((w) => purposeMatch(w, t.word, t.pos, had.get(w)))),
      );
      if (
        (self || s >= 0.6) &&
        s > (best?.s ?? (self ? -1 : 0)) + (best?.name === person.name ? 0.1 : 0)
      )
        best = { name: person.name, said: there, also: c === naming ? undefined : c, s };
    }
  }
  if (!best) return undefined;
  // (Its own, each clause said in the first person: "I run it and LEND tools".)
  const mine = (c: string) => inFirstPerson(`${f.name} ${c}`, f.name, f.pronoun);
  const said =
    best.name === f.name
      ? [mine(best.said), ...(best.also ? [mine(best.also).replace(/^I /, "")] : [])]
      : [`${firstName(best.name)} ${best.said}`, ...(best.also ? [best.also] : [])];
  return { s: best.s, said: said.join(" and ") };
}

/** How busy a quality asked in the superlative says a place is: "most" where the adjective is of
 *  WordNet's activity or crowds ("liveliest", "most crowded"), "least" where its opposite is more
 *  so than it is ("quietest": the opposite of noisy); none where it says nothing of it. */
function busyness(u: Utterance): "most" | "least" | undefined {
  // (Said in one word, "quietest", or after "most" or "least": "most peaceful".)
  const ts = termsOf(u.text);
  const at = ts.findIndex(
    (t, i) =>
      t.tags.includes("Superlative") ||
      (t.tags.includes("Adjective") && ["most", "least"].includes(ts[i - 1]?.normal ?? "")),
  );
  if (at < 0) return undefined;
  const said = ts[at].normal.replace(/[^a-z]/g, "");
  const least = ts[at - 1]?.normal === "least";
  // (Its positive by compromise's conjugation where WordNet's forms have it not: "liveliest".)
  const positive = (parsed(said).adjectives().conjugate() as { Adjective?: string }[])[0]
    ?.Adjective;
  const adj = lemma(said, "adj") ?? positive ?? said;
  const scale = (w: string) =>
    Math.max(...["activity", "crowd", "noise"].map((n) => relatedness(w, n, "adj", "noun")));
  const own = scale(adj);
  if (own <= 0) return undefined;
  const way = opposites(adj, "adj").some((o) => scale(o) > own)
    ? "least"
    : own >= 0.45
      ? "most"
      : undefined;
  return way && least ? (way === "most" ? "least" : "most") : way;
}

/** The town's place (a building, not a home) most or least busy by what its residents do there,
 *  for a quality asked in the superlative, with what is done there as why. */
function byBusyness(u: Utterance, k: Knowledge, residents: readonly string[]): string | undefined {
  const way = busyness(u);
  if (!way) return undefined;
  const home = k.home.split(" of ").at(-1);
  const names = residents.flatMap((r) => r.split(" "));
  const open = k.places
    .filter((p) => !p.dwelling && !p.name.includes(" of ") && p.name !== home && p.uses?.length)
    .map((p) => ({ p, n: new Set(p.uses).size }))
    .sort((a, b) => (way === "most" ? b.n - a.n : a.n - b.n));
  const pick = open[0];
  if (!pick || (open[1] && open[1].n === pick.n)) return undefined;
  const doing = (pick.p.uses ?? []).find(
    (x) => !names.some((n) => x.includes(n)) && !/\b(his|her|their|my)\b/i.test(x),
  );
  return sentence(
    way === "least"
      ? `${pick.p.name}, I'd say; not many people are about there${doing ? `, just someone ${doing} now and then` : ""}`
      : `${pick.p.name}, I'd say; there's always someone about${doing ? `, ${doing} or the like` : ""}`,
  );
}

/** The place nearest in kind to a kind it knows none of, by what each place is, a room by its own
 *  name (a pond for a swimming pool is the pond at the park), of the places it knows, not homes:
 *  each by its name's head and each room by its own; near in kind closely, or loosely a building
 *  that also serves what is asked (a cafe's dining room is no library because both are rooms). */
function nearestKind(
  kind: string,
  k: Knowledge,
  direct: ReturnType<typeof placesFor>,
): KnownPlace | undefined {
  const sectorOf = (name: string) => name.split(" of ").at(-1) ?? name;
  return k.places
    .filter((p) => !p.dwelling && sectorOf(p.name) !== sectorOf(k.home))
    .flatMap((p) => [
      { p, c: closeness(kind, nameHead(p.name.split(" of ")[0])) },
      ...(p.name.includes(" of ") ? [] : p.parts).map((part) => ({
        p: k.places.find((x) => x.name === `${part} of ${p.name}`) ?? {
          ...p,
          name: `${part} of ${p.name}`,
        },
        c: closeness(kind, nameHead(part)),
      })),
    ])
    .filter(
      ({ p, c }) =>
        c >= 0.45 ||
        (c >= 0.35 && !p.name.includes(" of ") && direct.some((x) => x.p.name === p.name)),
    )
    .sort((a, b) => b.c - a.c)[0]?.p;
}

/** The calling a question asks whether the town has someone of ("is there a DENTIST here?"):
 *  one noun asked, after "is there", whose first sense WordNet files as a person. */
function callingAsked(u: Utterance, asked: string[]): string | undefined {
  if (u.wh !== "yesno" || !parsed(u.text).has("^(is|are) there") || asked.length !== 1)
    return undefined;
  const w = asked[0];
  return u.pos?.[w] !== "verb" && senses(w, "noun")[0]?.domain === "noun.person" ? w : undefined;
}

/** The kind of place a question asks for by its name ("is there a PARK nearby?", "where's the
 *  LIBRARY?"): a building, an establishment, a facility or a tract of land, with no doing asked
 *  (not "where could I BUY groceries?", where a grocery is what is bought). */
function kindAsked(u: Utterance, asked: string[]): string | undefined {
  if (u.topic.some((w) => u.pos?.[w] === "verb")) return undefined;
  // (Words said together that WordNet holds as one noun are one kind: a "swimming pool".)
  const compound = asked.join(" ");
  const w =
    asked.length === 1
      ? asked[0]
      : asked.length === 2 &&
          u.text.toLowerCase().includes(compound) &&
          senses(compound, "noun").length > 0
        ? compound
        : undefined;
  return w && u.pos?.[w] !== "verb" && placeKind(w) ? w : undefined;
}

/** Whether a noun names a kind of place one goes to: a building, an establishment, a facility, a
 *  tract of land, or an organisation (a post office, a branch of the postal service), by its
 *  first two senses (a "cinema" is first the art of film, then a movie theater). */
function placeKind(w: string): boolean {
  return ["structure", "facility", "establishment", "tract", "organization"].some((x) =>
    kindOf(w, x, { senses: 2 }),
  );
}

/** Whether it knows a place of a kind: one named by it, by a kind of it (a bakery is a shop) or
 *  by a synonym (a green is a park), in its name or its rooms'. */
function knowsKind(kind: string, k: Knowledge): boolean {
  // (A kind of two words by the kinds the places' names and rooms end in: a "post office" is no
  // mayor's office.)
  const two = kind.includes(" ");
  return k.places
    .filter((p) => !p.dwelling)
    .some((p) =>
      [
        ...(two ? p.parts.map(nameHead) : wordsOf(`${p.name} ${p.parts.join(" ")}`)),
        nameHead(p.name.split(" of ")[0]),
      ].some(
        (x) =>
          x === kind ||
          kindOf(x, kind, { senses: 1 }) ||
          (!two && closeness(kind, x) >= 0.75) ||
          (two && closeness(kind, x) >= 0.9),
      ),
    );
}

/** A place it knows (not a home) whose kind, by its name or a room's, shares with the asked kind
 *  a broader kind in their first two senses that WordNet holds few kinds of (ten or fewer): a
 *  college and a school are educational institutions; a cafe and a school are both buildings,
 *  which is no likeness. */
function akin(kind: string, k: Knowledge): KnownPlace | undefined {
  const ups = (w: string) =>
    senses(w, "noun")
      .slice(0, 2)
      .flatMap((s) => broader(s))
      .filter((b) => b.pointers.filter((p) => p.symbol === "~").length <= 10)
      .map((b) => b.words[0]);
  const mine = new Set(ups(kind));
  if (!mine.size) return undefined;
  const home = k.home.split(" of ").at(-1);
  return k.places
    .filter((p) => !p.dwelling && !p.name.includes(" of ") && p.name !== home)
    .find((p) => ups(nameHead(p.name)).some((x) => mine.has(x)));
}

/** Whether it knows places of the town to send someone to (not only homes). */
function knowsPlaces(k: Knowledge): boolean {
  return k.places.some((p) => !p.dwelling && p.name !== k.home.split(" of ").at(-1));
}

/** That nowhere it knows serves what is asked, said by what was asked ("nowhere around here to
 *  buy groceries"; "no park"). */
function noneFor(u: Utterance, asked: string[]): string[] {
  const had = goodsAsked(u);
  const kind = kindAsked(
    u,
    asked.filter((w) => !had.has(w)),
  );
  if (kind) return [`As far as I know, there's no ${kind} around here.`];
  const sought = soughtAs(u, asked);
  return sought ? [`As far as I know, there's nowhere around here ${sought}.`] : [];
}

/** What a place is sought for in the question's own words, from its doing on ("to BUY SOME
 *  GROCERIES"), the speaker's words turned to the listener's: a verb asked, else the word after
 *  "to" where WordNet knows it as a verb ("go to RELAX", which the tagger reads as a noun), else
 *  the verb whose object is asked ("GET a coffee"); up to a clause of its own ("while I'm here").
 *  Nothing where no doing is asked ("is there a DOCTOR in town?"). */
function soughtAs(u: Utterance, asked: string[]): string {
  const terms = termsOf(u.text);
  const verbs = new Set(u.topic.filter((w) => u.pos?.[w] === "verb"));
  const root = (w: string) => lemma(w, "verb") ?? infinitive(w) ?? w;
  const objects = objectsOfVerbs(u.text);
  const getting = new Set(
    [...objects].filter(([, os]) => os.some((o) => asked.includes(o))).map(([v]) => v),
  );
  const start = [
    // (A verb as the tagger reads it in the sentence: "where do KIDS play" opens at "play".)
    (i: number) =>
      terms[i].tags.includes("Verb") &&
      (verbs.has(terms[i].normal) || verbs.has(root(terms[i].normal))),
    (i: number) =>
      i > 0 && terms[i - 1].normal === "to" && senses(terms[i].normal, "verb").length > 0,
    (i: number) => terms[i].tags.includes("Verb") && getting.has(root(terms[i].normal)),
  ]
    .map((at) => terms.findIndex((_, i) => at(i)))
    .find((i) => i >= 0);
  if (start === undefined) return "";
  // (A gerund is said with the verb it completes: "go SKATING" is "to go skating", never "to
  // skating".)
  const from =
    terms[start].tags.includes("Gerund") &&
    terms[start - 1]?.tags.includes("Verb") &&
    !terms[start - 1].tags.some((t) => t === "Auxiliary" || t === "Modal")
      ? start - 1
      : start;
  // (A participle after its object is said with the verb that takes it: "get my teeth
  // WHITENED" is "to get your teeth whitened"; back to the first verb of the clause, past no
  // auxiliary, modal or subject pronoun.)
  let head = from;
  const participle = ["PastTense", "Participle"].some((g) => terms[from].tags.includes(g));
  for (let i = from - 1; participle && i >= 0; i--) {
    const t = terms[i];
    if (t.tags.some((g) => ["Auxiliary", "Modal", "Copula", "Pronoun", "QuestionWord"].includes(g)))
      if (!t.tags.includes("Possessive")) break;
    if (t.tags.includes("Verb")) head = i;
  }
  const said: string[] = [];
  for (let i = head; i < terms.length; i++) {
    const t = terms[i];
    // (A conjunction joins another doing, "sit AND read"; else it opens a clause of its own.)
    if (t.tags.includes("Conjunction") && !terms[i + 1]?.tags.includes("Verb")) break;
    said.push(t.normal);
  }
  // (Its verb in its base form, as said after "to": "to whiten", never "to whitened".)
  if (said.length && terms[head].tags.includes("Verb") && !terms[head].tags.includes("Gerund"))
    said[0] = lemma(said[0], "verb") ?? infinitive(said[0]) ?? said[0];
  const phrase = said
    .join(" ")
    .replace(/\b(around here|nearby|in town|here)$/, "")
    .trim();
  return phrase ? `to ${swapPerson(phrase)}` : "";
}

/** Whether a question asks for a place by an indefinite noun of place, with no question word
 *  ("Any good PLACES to eat around here?", "a SPOT for a picnic?"): WordNet's noun of location,
 *  said as any one of its kind (after "a", "any", "some", adjectives only, or opening the
 *  question), not the place a question is set in ("anything new IN TOWN?") nor one named. */
export function placeNounAsked(u: Utterance): boolean {
  const doc = parsed(u.text);
  const nouns = [
    "(a|an|any|some) [#Noun]",
    "(a|an|any|some) #Adjective+ [#Noun]",
    "^#Verb? [#Noun]",
    "^#Verb? #Adjective+ [#Noun]",
  ].flatMap((m) => doc.match(m, 0).out("array") as string[]);
  return nouns.some((n) => {
    const w = n.toLowerCase().replace(/[^a-z ]/g, "");
    // (By its singular where the plural is a word of its own: "spots" are also a rash.)
    const one = copyOf(`the ${w}`).nouns().toSingular().text().replace(/^the /i, "").trim() || w;
    return (
      // (Not a place's own name: "any news from the Market?")
      !(/^[A-Z]/.test(n.trim()) && !u.text.trim().startsWith(n.trim())) &&
      [w, one].some((x) => senses(lemma(x, "noun") ?? x, "noun")[0]?.domain === "noun.location") &&
      !doc.has(`#Preposition #Determiner? #Adjective* ${w}`)
    );
  });
}

/** Whether all a question asks of is a place it knows, by its name ("how do I find the POST
 *  OFFICE?"): the way there is sought, not how to do something at it. */
export function waySought(u: Utterance, k: Knowledge): boolean {
  // (Not the verb of finding that frames it: "how do I FIND the post office?")
  const asked = purposeWords(u).filter(
    (w) => !(u.pos?.[w] === "verb" && FRAMING_VERBS.includes(domainOf(w, "verb"))),
  );
  const named = new Set(k.places.filter((p) => !p.dwelling).flatMap((p) => wordsOf(p.name)));
  // (A compound asked by its words, each in a name: "the POST OFFICE" of Quill Lane post office.)
  return (
    asked.length > 0 &&
    asked.every((w) => u.pos?.[w] !== "verb" && w.split(" ").every((x) => named.has(x)))
  );
}

/** A question of the way to a place ("can I get to the PARK this WAY?", "is this the WAY to the
 *  market?"): the place said after "to" names one it knows, or a kind of place; the utterance
 *  asked of that place alone (its text the place's), the words of direction (a noun with a sense of WordNet's nouns of
 *  location that names none of its places: "way", "route") left out. */
export function routeAsked(u: Utterance, k: Knowledge): Utterance | undefined {
  const named = new Set(k.places.filter((p) => !p.dwelling).flatMap((p) => wordsOf(p.name)));
  const to = (
    parsed(u.text).match("to (the|a|an)? #Adjective? [#Noun+]", 0).out("array") as string[]
  )
    .map((x) =>
      x
        .toLowerCase()
        .replace(/[^a-z ]/g, "")
        .trim(),
    )
    .map((x) => lemma(x, "noun") ?? x)
    .find((x) => x.split(" ").every((w) => named.has(w)) || placeKind(x));
  if (!to) return undefined;
  const direction = (w: string) =>
    !to.split(" ").includes(w) &&
    !named.has(w) &&
    (senses(w, "noun")
      .slice(0, 3)
      .some((s) => s.domain === "noun.location") ||
      kindOf(w, "way", { senses: 2 }));
  const topic = u.topic.filter((w) => !direction(w));
  // (Asked as the place alone, "the park": not a place the question is set in.)
  return topic.length < u.topic.length && topic.length > 0
    ? { ...u, topic, text: `the ${to}` }
    : undefined;
}

/** Where a place lies, as one tells the way, after `lead` ("is", "; it's"): its part of town
 *  and the place it is by ("is on the east side of town, just north of Cobb's Supply Store");
 *  nothing where the town's map was not given. */
export function lies(p: KnownPlace, lead: string): string {
  if (!p.where) return "";
  const { side, by } = p.where;
  const near = by ? `, ${by.dir ? `just ${by.dir} of` : "near"} ${placePhrase(by.place)}` : "";
  return `${lead}${sidePhrase(side)}${near}`;
}

/** What it likes of the town: a habit at one of the town's places ("walks in the park"), else
 *  what it says of its home. */
export function likedPlace(f: PersonaFacts, k: Knowledge, habitOnly = false): Fact | undefined {
  const placeWords = new Set(
    k.places.filter((p) => !p.dwelling).flatMap((p) => wordsOf(p.name.split(" of ").at(-1) ?? "")),
  );
  const tell = (x: Fact) => tellable(x, k.knowsSpeaker);
  return (
    f.facts.find(
      (x) => x.kinds.includes("habit") && tell(x) && x.words.some((w) => placeWords.has(w)),
    ) ?? (habitOnly ? undefined : f.facts.find((x) => x.kinds.includes("home") && tell(x)))
  );
}
