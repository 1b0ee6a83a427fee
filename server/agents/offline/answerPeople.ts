// Offline answers to people (visitors, reporters): what was said is read into its act and, for a
// question, what is asked, about whom and over which time (language/understand.ts); the answer is
// drawn from the source that fits (persona facts, the day's blocks, yesterday's, the places it
// knows, the people it sees, its memories) and said in the resident's own voice through the
// realiser. A secret stays with friends. Nothing already said in the talk is said again, and the
// person's own words are never the answer. "I don't know" only when nothing it knows bears on
// the question, and then with what it knows nearby or a question back.
import { newsAsTold, personaFacts, privateTo, tellable, type Fact } from "../language/facts.ts";
import { parsed, sentencesOf, termsOf } from "../language/parse.ts";
import type { Knowledge, KnownPlace } from "../language/knowledge.ts";
import {
  closeness,
  domainOf,
  glossOf,
  kindOf,
  lemma,
  nearByOpposites,
  purposeMatch,
  relatedness,
  senses,
  useMatch,
} from "../language/lexicon.ts";
import { clock, inFirstPerson, listOf, sentence, spoken, toListener } from "../language/realise.ts";
import { fullNameOnce } from "../language/person.ts";
import { infinitive, pointsBack, type Utterance } from "../language/understand.ts";
import { bearing, heldRecords, newsTopic, plansAhead, recordsAsked } from "../language/news.ts";
import { dates, dayIn, reference } from "../language/time.ts";
import {
  type Talk,
  type PeopleAnswer,
  firstName,
  plain,
  choose,
  unsaid,
  mine,
  type Source,
  factsOf,
  verbWordsOf,
  wordsOf,
  partAbout,
  generic,
  joined,
  usedUp,
  saidBefore,
} from "./answers/voice.ts";
import {
  activities,
  doingPhrase,
  past,
  simplePresent,
  doneToday,
  doneAsked,
  leisure,
  doYou,
  habitualTime,
  mealAsked,
  mealEaten,
  timeOfDoing,
  whenInDay,
  workEndsAsked,
} from "./answers/day.ts";
import { plansFor, quietAhead } from "./answers/plans.ts";
import {
  purposeWords,
  places,
  likedPlace,
  soughtFor,
  atWork,
  leisurePlace,
  ownPlaces,
  waySought,
  placeNounAsked,
  routeAsked,
  bestOffered,
} from "./answers/places.ts";
import {
  identity,
  feelings,
  topical,
  nearestKind,
  mindAsked,
  origin,
  childhood,
  childhoodAsked,
  livedHere,
  livingAsked,
  feelingAsked,
  bearingFact,
  attributeAsked,
} from "./answers/self.ts";
import { met, metAsked } from "./answers/met.ts";
import {
  likingAsked,
  opinionAsked,
  opinionOf,
  unnoticed,
  unnoticedAsked,
} from "./answers/opinions.ts";
import {
  company,
  aboutPerson,
  knownOf,
  household,
  aloneAsked,
  livesAlone,
  familyOf,
  ownClause,
  kinAsked,
  kinOf,
  kinNamed,
  friends,
  peopleOn,
  viewAsked,
  relationAsked,
  relationOf,
  viewOf,
  knowAsked,
  knowingOf,
  strangerAsked,
  thingOfPerson,
} from "./answers/people.ts";
import {
  bears,
  bearingOn,
  recall,
  fromMemories,
  newsy,
  evaluates,
  hearsay,
  asksHeard,
} from "./answers/memories.ts";
import { foreignTopic, notKnown } from "./answers/notKnown.ts";
import { statement, invitation, favour } from "./answers/replies.ts";
import { doerSought, sourceSought, whoDoes, whoKnows } from "./answers/whoKnows.ts";
import { expectsAsked, lookingAhead } from "./answers/ahead.ts";
import { illWill, illWillAsked } from "./answers/relations.ts";
import { career, careerAsked, workGoing, workGoingAsked } from "./answers/career.ts";
import { whom, whomAsked } from "./answers/whom.ts";
import { partner, partnerAsked } from "./answers/partner.ts";
import {
  closestAsked,
  closestOne,
  companyAsked,
  holdersOf,
  keptCompany,
  roleAsked,
  roleHolder,
  workOf,
} from "./answers/roles.ts";
import { busyAsked, busyNow } from "./answers/now.ts";
import { advice, adviceAsked } from "./answers/advice.ts";
import { answeredAlike } from "./answers/askedBefore.ts";
import { choiceAsked, choiceOf, leisureAsked, likes, likesAsked } from "./answers/likes.ts";
import { doingByVerb, verbAsked } from "./answers/verbAsked.ts";
import {
  cameAsked,
  cameHere,
  favouriteIn,
  favouriteOf,
  gatheringAsked,
  goingTo,
  hypothetical,
  lastAsked,
  lastOf,
  neighbours,
  neighboursAsked,
  rankedBy,
  rankedPerson,
  timeAsked,
  whenThere,
  wished,
} from "./answers/asked.ts";

import { leaveReply } from "./answers/leave.ts";
import { spouses } from "./answers/bond.ts";
import { confirms } from "./answers/confirm.ts";
import { clockAsked, clockReading } from "./answers/clock.ts";
import { apologyIn, apologyReply } from "./answers/apology.ts";

export type { PeopleAnswer, Talk } from "./answers/voice.ts";

export function answerPeople(
  heardAs: Utterance,
  k: Knowledge,
  talk: Talk,
  fallback: () => string,
): PeopleAnswer {
  const f = personaFacts(k.persona);
  // "What do you think of the mayor?": a role asked of is the resident who holds it, asked of by
  // name (unless it holds it itself, or the town has none or several: told as such).
  const role = heardAs.act === "question" ? roleAsked(heardAs) : undefined;
  const holders = role ? holdersOf(role, f, k) : [];
  const holder = holders.length === 1 && holders[0] !== f.name ? holders[0] : undefined;
  const u: Utterance = holder ? { ...heardAs, about: "person", person: holder } : heardAs;

  const v = firstName(talk.speaker);
  const first = talk.said.length === 0;
  const hello = first ? choose([`Hi ${v}!`, `Hello, ${v}.`, `Oh, hello ${v}!`], talk, "hi") : "";
  // (Said as a person says it: "I'm", "I've": realise.ts spoken.)
  const withHello = (t: string) => spoken(u.greets && hello ? `${hello} ${t}` : t);
  const now = activities(k.today).find((x) => x.start <= k.minute && x.end > k.minute);
  const doingNow = now ? doingPhrase(now, f, k) : "";
  const reply = (
    sentences: string[],
    source: string,
    extra: Partial<PeopleAnswer> = {},
  ): PeopleAnswer | undefined => {
    // (Said to someone it names, the answer speaks of them as "you"; what it keeps from them,
    // its feeling for them or its secret about them, it does not say to them.)
    const fresh = unsaid(
      sentences
        .filter((x) => !privateTo(x, talk.speaker, talk.residents))
        .map((x) => spoken(toListener(x, talk.speaker))),
      talk,
    );
    if (!fresh.length) return undefined;
    // The best source's first sentences, in order (an introduction opens with the name); a
    // person named in full once, then by first name.
    const said = fullNameOnce(joined(fresh), talk.residents);
    // (Asked yes or no, and what it says is what was asked: "yes" first.)
    const text = confirms(u, said) ? `Yes. ${said}` : said;
    return { text: withHello(text), end: false, source, ...extra };
  };

  switch (u.act) {
    case "greeting":
      return {
        text: first
          ? `${hello} I'm ${f.first}.${doingNow ? ` I was just ${doingNow}.` : ""}`
          : choose([`Hello again, ${v}.`, `Yes, ${v}?`], talk, "again"),
        end: false,
        source: "greeting",
      };
    case "thanks":
      return {
        text: choose(
          [`You're welcome, ${v}.`, `Any time, ${v}!`, `Glad I could help.`],
          talk,
          "thanks",
        ),
        end: false,
        source: "thanks",
      };
    case "goodbye": {
      // Thanks or an apology said with it ("Thanks, bye!", "Sorry, I have to run") is met as the
      // talk closes.
      const sorry = apologyIn({ ...u, act: "statement", negative: false });
      const met = u.thanks
        ? choose([`You're welcome, ${v}.`, `Any time, ${v}.`], talk, "thanks")
        : sorry === "own"
          ? choose([`No worries, ${v}.`, `That's all right, ${v}.`], talk, "apology")
          : sorry === "yours"
            ? `Thank you, ${v}.`
            : undefined;
      return {
        text: met
          ? `${met} ${choose(["Take care!", "See you around!", "Bye for now!"], talk, "bye")}`
          : choose(
              [
                `Goodbye, ${v}! It was nice talking to you.`,
                `Take care, ${v}. See you around!`,
                `Bye, ${v}!`,
              ],
              talk,
              "bye",
            ),
        end: true,
        source: "goodbye",
      };
    }
    case "invitation":
      return invitation(u, f, k, talk);
    case "permission":
    case "offer": {
      const r = leaveReply(u, f, k, talk);
      return { ...r, text: withHello(r.text) };
    }
    case "request": {
      const somewhere = parsed(u.text).has("(anywhere|somewhere|someplace|place|spot)");
      // A favour (a doing of its own asked for) is given by its day; a place asked for ("could
      // you recommend somewhere to visit?") is no favour.
      const done = somewhere ? undefined : favour(u, f, k, talk);
      if (done) return { ...done, text: withHello(done.text) };
      // (Its own days' places only when a place is asked for: "could you help me carry some
      // boxes?" is no question of where to go.)
      const p = places(u, k, talk.residents, somewhere ? f : undefined);
      // Asked to recommend somewhere it knows none for: honestly, by what was asked.
      const wanted = purposeWords(u);
      return (
        reply(p.sentences, "request") ??
        (somewhere && wanted.length
          ? {
              text: withHello(
                `I'm not sure where to go ${soughtFor(u, wanted)} around here, I'm afraid.`,
              ),
              end: false,
              source: "request",
            }
          : undefined) ?? {
          // (Not the same excuse twice in a talk.)
          text: withHello(
            unsaid(
              [
                ...(doingNow ? [`I wish I could help, but I'm in the middle of ${doingNow}.`] : []),
                `I'm not sure I can help with that, ${v}.`,
              ],
              talk,
            )[0] ??
              choose([`Sorry, ${v}, I can't help with that.`, `I'm afraid not, ${v}.`], talk, "no"),
          ),
          end: false,
          source: "request",
        }
      );
    }
    case "statement":
    case "opinion": {
      const sorry = apologyReply(u, talk);
      if (sorry) return { ...sorry, text: withHello(sorry.text) };
      return statement(u, f, k, talk, withHello);
    }
  }

  // A question. Of the clock or the calendar ("What time is it?"): the game clock's reading.
  const reading = talk.now === undefined ? undefined : clockAsked(u);
  const onTheClock = reading && reply([clockReading(reading, talk.now!)], "clock");
  if (onTheClock) return onTheClock;
  const sources: Source[] = [];
  // What it holds as records (memory/fact.ts): news told as itself, with who told it.
  // (As it may tell them to this listener: what its persona keeps from them is not told as news.)
  const held = heldRecords(talk.memories).flatMap((h) => {
    const text = newsAsTold(h.fact.text, f, talk.speaker, k.knowsSpeaker);
    return text === undefined
      ? []
      : [text === h.fact.text ? h : { ...h, fact: { ...h.fact, text } }];
  });
  // The days a question of what is on spans ("What's happening TOMORROW?", "anything on THIS
  // WEEK?"): news of another day is no answer to it.
  // ("This week" is read from the week's first day: the rest of it, from today.)
  const spanned: readonly [number, number] | undefined =
    u.tense === "past"
      ? undefined
      : u.span === "week"
        ? [Math.max(0, u.days ?? 0), Math.max(0, u.days ?? 0) + 6]
        : u.days !== undefined && u.days >= 0
          ? [u.days, u.days]
          : undefined;
  // (A memory that names a time on a day not asked of is no answer: "tomorrow?" is not today.)
  const otherDays = (x: string) =>
    !!spanned &&
    talk.now !== undefined &&
    dates.parse(x, reference(talk.now), { forwardDate: true }).length > 0 &&
    !dayIn(x, talk.now, spanned);
  const askedRecords = (topic: string[][], person?: string) =>
    recordsAsked(held, {
      me: talk.me,
      listener: talk.speaker,
      ...(talk.now !== undefined ? { now: talk.now } : {}),
      topic,
      ...(person ? { person } : {}),
      ...(spanned ? { days: spanned } : {}),
    });
  // The place a question is set in is not what it asks about ("What's going on IN TOWN?").
  const setIn = (w: string) =>
    domainOf(w, "noun") === "noun.location" && parsed(u.text).has(`#Preposition ${w}`);
  // (Nor is how it is asked: "anything EXCITING?", "heard anything INTERESTING?" ask for any news.)
  const topic = newsTopic(
    u.topic.filter((w) => !setIn(w) && !(newsy(u) && (u.pos?.[w] === "adj" || evaluates(u, w)))),
  );
  const onTopic = topic.length ? askedRecords(topic) : [];
  // Nothing on record about what is asked: its memories that bear on the words asked (never on
  // the asking), then "no", and the news it does have.
  const notHeard = (): Source[] => [
    {
      generic: true,
      name: "news-memory",
      sentences: fromMemories(fallback(), talk, k).filter(
        (x) => bearing(x, topic) >= 0.5 && !otherDays(x),
      ),
    },
    {
      generic: true,
      name: "not-heard",
      sentences: [
        u.wh === "yesno"
          ? `No, I haven't heard anything about that.${askedRecords([])[0] ? ` ${askedRecords([])[0]}` : ""}`
          : "I haven't heard anything about that.",
      ],
    },
  ];
  // A yes/no question about something it has heard of is answered "yes", then what it heard.
  const yes = (xs: string[]) =>
    u.wh === "yesno" && xs.length ? [`Yes. ${xs[0]}`, ...xs.slice(1)] : xs;
  // ("Who are your dearest FRIENDS?": its own people are asked of, whatever else is said.)
  const ownPeople =
    u.about === "you" && u.topic.some((w) => kindOf(w, "relative") || kindOf(w, "friend"));
  const foreign = foreignTopic(u, k);
  const existential =
    parsed(u.text).has("^(is|are) there") &&
    !parsed(u.text).has("^(is|are) there (anything|anyone|anybody|something|someone|somebody)");
  const asked = opinionAsked(u);
  // "Is anything worrying you?", "Anything troubling you right now?": what troubles it, by
  // whatever word and over whatever time it is asked, is its worries, not its plans or news.
  const troubled =
    u.about === "you" && nearestKind(u).kind === "worry" && nearestKind(u).score >= 0.45;
  // A question that seeks a place: "where ...", or "is there somewhere / a bakery ...".
  // (Not the best of the town asked: "What's the nicest thing about this town?" is a view.)
  const seeksPlace =
    !asked?.ranked &&
    ((u.wh === "where" && u.about !== "you") ||
      // "Where would you go for a drink?": its advice, not its own day.
      (u.wh === "where" && parsed(u.text).has("(would|should|could) you")) ||
      // "Can you tell me where the library is?": a where-clause inside the question.
      (u.wh === "yesno" && parsed(u.text).has("where")) ||
      // "What's the best place for coffee?": a question for a place.
      // (Not a place the question is set in: "What's been going on IN TOWN?")
      ((u.wh === "what" || u.wh === "which") &&
        u.about !== "you" &&
        u.topic.some((w) => domainOf(w, "noun") === "noun.location" && !setIn(w))) ||
      // ("Is there a park?" seeks one; "is there ANYTHING you'd change?" and "are YOU going
      // anywhere?" seek no place: an indefinite thing, or the listener's own doing.)
      (u.wh === "yesno" &&
        (existential ||
          (parsed(u.text).has("(somewhere|anywhere|someplace)") && u.about !== "you"))) ||
      // "Any good places to eat around here?": a place asked for by a noun of place, with no
      // question word.
      (u.wh === "yesno" && u.about !== "you" && placeNounAsked(u)) ||
      // "Anything GOOD TO EAT around here?", "what's nice to drink?": a thing judged for a purpose
      // is a recommendation asked for, where it is had, not news.
      ((u.wh === "yesno" || u.wh === "what") &&
        u.about !== "you" &&
        u.topic.some((w) => evaluates(u, w) && parsed(u.text).has(`${w} to #Verb`))) ||
      // "How do I get to the library?": the way to a place it knows, all that is asked of
      // it (not "how do I JOIN the college?").
      (u.wh === "how" && (u.about === "me" || u.about === "people") && waySought(u, k)) ||
      // "Can I get to the park this way?": the way to a place asked yes or no.
      (u.wh === "yesno" && u.about !== "you" && u.about !== "person" && !!routeAsked(u, k)));
  // A view of a thing of its own life it has no fact on is left to the other sources.
  const opinion = asked && asked.of !== "thing" ? asked : undefined;
  let dayAsked = true;
  // "What's your favourite spot in town?": the place of a habit of its own.
  // ("Where do you like to go in town?": a place of its own liking asked for; "where do you go to
  // RELAX?": where it goes for a pastime.)
  const placeRanked = (
    parsed(u.text).match("(#Adjective|#Superlative) [#Noun]", 0).out("array") as string[]
  ).some((n) => domainOf(lemma(n.toLowerCase(), "noun") ?? n, "noun") === "noun.location");
  // ("What's the nicest SPOT in town?": the best of the town's places by nothing but being a
  // place is its own view, its favourite; "the best place FOR COFFEE" asks for what serves.)
  const placeOnly = () => {
    const things = u.topic.filter((w) => u.pos?.[w] !== "adj" && !setIn(w));
    return (
      things.length > 0 &&
      things.every((w) => domainOf(w, "noun") === "noun.location") &&
      purposeWords(u).every((w) => u.pos?.[w] === "adj" || things.includes(w))
    );
  };
  const favourite =
    !opinion &&
    ((u.about === "you" &&
      ((u.wh === "where" && (likingAsked(u) || leisureAsked(u).length > 0)) || placeRanked)) ||
      ((u.wh === "what" || u.wh === "which") &&
        u.about !== "person" &&
        parsed(u.text).has("#Superlative") &&
        placeRanked &&
        placeOnly()));
  // "Is the cafe still open?": a yes/no on a place it knows, now, answered from its own day there
  // (it is there now, was earlier, will be later), else honestly that it has not been by.
  const placeAsked =
    u.wh === "yesno" &&
    u.about === "thing" &&
    !seeksPlace &&
    ["now", "general", "today"].includes(u.span)
      ? k.places.find(
          (p) =>
            !p.dwelling &&
            !p.name.includes(" of ") &&
            wordsOf(p.name).some((w) => u.topic.includes(w) && u.pos?.[w] === "noun"),
        )
      : undefined;
  const placeNow = (place: KnownPlace): Source => {
    const there = activities(k.today).filter((b) => b.place?.split(" of ").at(-1) === place.name);
    const nowThere = there.find((b) => b.start <= k.minute && b.end > k.minute);
    const before = there.filter((b) => b.end <= k.minute).at(-1);
    const after = there.find((b) => b.start > k.minute);
    return {
      name: "place-now",
      sentences: [
        nowThere
          ? `I'm at ${place.name} right now, ${doingPhrase({ ...nowThere, place: undefined }, f, k)}.`
          : before
            ? `I couldn't say for now; I was at ${place.name} around ${clock(before.start)}, ${doingPhrase({ ...before, place: undefined }, f, k)}.`
            : after
              ? `I couldn't say for now; I'll be at ${place.name} around ${clock(after.start)}.`
              : `I couldn't say, to be honest; I haven't been by ${place.name} today.`,
      ],
    };
  };
  // (A word the lexicon has not, "barista", is a role only when the town calls someone one.)
  if (role && !holder && (holders.length || senses(role, "noun").length)) {
    dayAsked = false;
    sources.push(roleHolder(role, f, k));
  }
  const whomVerbs = u.about === "you" ? whomAsked(u) : [];
  const byVerb = whomVerbs.length ? whom(whomVerbs, f, k, talk) : undefined;
  // "Tell me about Latoya" with no Latoya it knows of: honestly, it knows nobody by that name.
  const stranger = strangerAsked(u, f, k, talk);
  if (stranger) {
    dayAsked = false;
    sources.push({
      name: "stranger",
      sentences: [`I don't know anyone called ${stranger}, I'm afraid.`],
    });
  }
  // "Do you know anyone who plays music?": whoever in town does it.
  const doing = doerSought(u);
  const doer = doing && whoDoes(doing, u, f, k);
  if (placeAsked) sources.push(placeNow(placeAsked));
  else if (doer) {
    dayAsked = false;
    sources.push(doer);
  } else if (closestAsked(u)) {
    // "Who do you get on best with?": the one it is closest to, and why.
    dayAsked = false;
    sources.push(closestOne(f, k, talk));
  } else if (
    companyAsked(u) &&
    !dwellingAsked(u) &&
    u.topic.every((w) =>
      u.pos?.[w] === "verb"
        ? ["verb.social", "verb.stative"].includes(senses(w, "verb")[0]?.domain ?? "")
        : u.pos?.[w] === "noun" &&
          senses(w, "noun")
            .slice(0, 2)
            .some((s) => s.domain === "noun.time"),
    )
  ) {
    // "Who are you usually with?", "Who do you hang out with?", "who do you hang around with?"
    // (WordNet's first sense of it is social, or a being somewhere: spending time with people),
    // "who do you spend your TIME with?" (a span of time): the people of its days. (Not a doing
    // asked of, "who do you have LUNCH with?": whom it does that with.)
    dayAsked = false;
    sources.push(keptCompany(f, k, talk));
  } else if (u.about === "person" && u.person) {
    // Who they are to it first, then its news of them.
    const person = aboutPerson(u.person, f, k, talk.memories, talk.residents);
    // (Its own words on the role are words on them: "I mean to raise it with the mayor".)
    const also = holder && role ? [role] : [];
    // "Who is the mayor?": who holds it, by the clause that says so.
    if (holder && role && u.wh === "who") sources.push(roleHolder(role, f, k));
    // "Who does Calum work for?": their work as the town knows it.
    if (u.wh === "who" && u.topic.some((w) => closeness(w, "work") >= 0.75))
      sources.push(workOf(u.person, f, k, talk));
    const news = askedRecords([], u.person);
    // (A memory's "X heard from Y that ..." is what a record tells, said better.)
    const rest = person.sentences.filter((x) => !news.length || !/ heard from /.test(x));
    // "What do you think of Kenji?": its view of them first, with who they are to it as reason.
    // (Its reasons only what it knows of them: "I don't know Theo well" is no reason to like him.)
    const reasons = () =>
      knownOf(u.person!, f, k, talk.memories, also).filter(
        (x) => !news.length || !/ heard from /.test(x),
      );
    // "Do you get along with Marco?": yes or no on how it stands with them, then why.
    // "Do you know Iris?", "Have you met Iris?": yes or no, then what it knows of her.
    const on = { name: u.person, f, k, talk, facts: reasons() };
    // ("What do you make of Iris's paintings?": the thing of theirs, not them.)
    const theirs = thingOfPerson(u, f, k);
    if (theirs) sources.push(theirs);
    else if (knowAsked(u)) sources.push(knowingOf(on, news));
    else if (relationAsked(u)) sources.push(relationOf(on));
    else if (viewAsked(u)) {
      const view = viewOf(on);
      // (A role asked of is answered as who holds it: "Walter Pike? I don't know Walter well
      // ...", with its own words on the role after.)
      sources.push(
        holder
          ? {
              ...view,
              sentences: [
                `${holder}? ${view.sentences[0]}`,
                ...on.facts.filter(
                  (x) =>
                    !view.sentences[0].includes(x) &&
                    !knownOf(u.person!, f, k, talk.memories).includes(x),
                ),
              ],
            }
          : view,
      );
    }
    sources.push({ name: "person", sentences: [...rest.slice(0, 1), ...news, ...rest.slice(1)] });
  } else if (unnoticedAsked(u, f, onTopic.length)) {
    // "What did you think of the weather today?": honestly that it hardly noticed, not its day.
    dayAsked = false;
    sources.push(unnoticed(f, k));
  } else if (attributeAsked(u, k)) {
    // "How old are you?": its own value of what is asked (its age), not a fact with "old" in it.
    dayAsked = false;
    sources.push(attributeAsked(u, k)!);
  } else if (childhoodAsked(u)) {
    // "What were you like as a kid?", "Where did you grow up?": its early life, not its day nor
    // its wishes of these days.
    dayAsked = false;
    sources.push(childhood(u, f, k));
  } else if (livingAsked(u)) {
    // "Have you ever lived anywhere else?", "Would you rather live in the city?": its life before
    // here and how it came, not its flat nor its work.
    dayAsked = false;
    sources.push(livedHere(livingAsked(u)!, u, f, k));
  } else if (partnerAsked(u)) {
    // "Are you seeing anyone?": whether it has someone, not whom it meets.
    dayAsked = false;
    sources.push(partner(f, k));
  } else if (busyAsked(u)) {
    // "Are you busy?": what it is doing now, briefly, not its day.
    sources.push(busyNow(f, k));
  } else if (byVerb) {
    // "Who do you work for?", "Who do you admire?": whom the doing asked ties it to, not whom
    // it spends its time with, nor its day.
    dayAsked = false;
    sources.push(byVerb);
  } else if (workGoingAsked(u, f)) {
    // "How's business?": how its work is going, briefly, not who it is nor its day.
    dayAsked = false;
    sources.push(workGoing(f, k, now, doingNow));
  } else if (careerAsked(u, f)) {
    // "How did you end up doing the job you do?": the way to its work, not its day.
    dayAsked = false;
    sources.push(career(f, k));
  } else if (illWillAsked(u)) {
    // "Is there anyone you don't get along with?": how it stands with people, not its family.
    sources.push(illWill(f, k, talk));
  } else if (adviceAsked(u)) {
    // "Any advice?": a recommendation from what it knows and values, not its plans.
    sources.push(advice(f, k, talk));
  } else if (hypothetical(u)) {
    // "If you could travel anywhere, where would you go?": a wish, never directions.
    dayAsked = false;
    sources.push(wished(u, f, k));
  } else if (lastAsked(u)) {
    // "What was the last book you read?": honestly not offhand, never its day recited.
    dayAsked = false;
    sources.push(lastOf(lastAsked(u)!, f, k));
  } else if (rankedBy(u) && rankedPerson(rankedBy(u)!, f, k, talk)) {
    // "Who's the funniest person you know?": someone it knows, by the quality asked.
    dayAsked = false;
    sources.push(rankedPerson(rankedBy(u)!, f, k, talk)!);
  } else if (gatheringAsked(u)) {
    // "Are you going to the party tonight?": yes or no by its plans, or which party.
    sources.push(goingTo(u, gatheringAsked(u)!, onTopic, plansFor(u, f, k, talk, held), f, k));
  } else if (favouriteIn(u) && favouriteOf(favouriteIn(u)!, f, k)) {
    // "What's your favourite thing to cook?": what of that kind its days hold, not its evenings.
    dayAsked = false;
    sources.push(favouriteOf(favouriteIn(u)!, f, k)!);
  } else if (choiceAsked(u) && !opinion?.ranked) {
    // "Which season do you like best?": a member of the kind its habits or days hold, else
    // honestly none, not its view of its work. (Not the best of its own town or work, "what do
    // you enjoy most about living in Oakmere?": its view of it, below.)
    dayAsked = false;
    sources.push(choiceOf(choiceAsked(u)!, f, k));
  } else if (neighboursAsked(u)) {
    // "Tell me about your neighbours": who lives near it, not an ability asked of.
    dayAsked = false;
    sources.push(neighbours(f, k, talk.residents));
  } else if (cameAsked(u)) {
    // "What brought you to this town?": how it came here, not its day.
    dayAsked = false;
    sources.push(cameHere(f, k));
  } else if (timeAsked(u) && whenThere(u, f, k)) {
    // "What's the best time to visit the park?": when, by its own days there.
    dayAsked = false;
    sources.push(whenThere(u, f, k)!);
  } else if (favourite) {
    const liked = likedPlace(f, k, true);
    const place = liked
      ? k.places.find(
          (p) =>
            !p.name.includes(" of ") &&
            !p.dwelling &&
            p.name !== k.home.split(" of ").at(-1) &&
            !atWork(f, p.name) &&
            wordsOf(p.name).some((w) => liked.words.includes(w)),
        )
      : undefined;
    if (liked && place)
      sources.push({
        name: "favourite",
        sentences: [
          `${place.name}, I'd say. ${partAbout(mine(f, liked.text), wordsOf(place.name))}`,
        ],
      });
    // Else the place outside its home and work where its doings of its own choice go most, with
    // what it does there (not an errand or a meal); else a place of the town it knows that is
    // for recreation by WordNet (a park), for when it gets out; else honestly that it hardly
    // does, and where its days go.
    const free = leisurePlace(f, k, talk.residents);
    if (free)
      sources.push({
        name: "favourite",
        sentences: [sentence(`Probably ${free.sector}; I'm often there, ${free.doing}`)],
      });
    const most = ownPlaces(k)[0]?.sector;
    const outing = k.places.find(
      (p) =>
        !p.dwelling &&
        !p.name.includes(" of ") &&
        !atWork(f, p.name) &&
        wordsOf(p.name).some((w) => useMatch("recreation", w) >= 0.9),
    );
    if (outing)
      sources.push({
        name: "favourite",
        sentences: [`${outing.name}, when I get the time; I don't get out much, to be honest.`],
      });
    else if (most)
      sources.push({
        name: "favourite",
        sentences: [`I don't get out much, to be honest; most of my days go to ${most}.`],
      });
  } else if (seeksPlace) sources.push(places(routeAsked(u, k) ?? u, k, talk.residents, f));
  else if (sourceSought(u)) {
    // "Who should I talk to about the town's history?": a person to go to on the topic.
    dayAsked = false;
    sources.push(whoKnows(sourceSought(u)!, u, f, k, talk));
  } else if (foreign.length && u.wh === "who" && !ownPeople) {
    // "Who runs the bakery?": whoever it knows of that bears on the thing, else honestly not.
    dayAsked = false;
    const on = { ...u, topic: foreign };
    sources.push(recall(on, f, k, talk, 0.75), topical(on, f, k, 0.75), peopleOn(foreign, k));
  } else if (likesAsked(u) && !(nearestKind(u).kind === "wish" && nearestKind(u).score >= 0.45)) {
    // "What makes you happy?": what it loves doing, not its day's plans or news ("What would you
    // love to happen?" is a wish, below).
    dayAsked = false;
    sources.push(likes(f, k, talk.residents, leisureAsked(u).length > 0));
  } else if (
    opinion?.ranked &&
    opinion.of !== "work" &&
    u.about !== "you" &&
    bestOffered(u, f, k, talk.residents)
  ) {
    // "What's the best coffee in town?": the place that offers it, not a view of the town (nor
    // "the best part of YOUR JOB").
    dayAsked = false;
    sources.push(bestOffered(u, f, k, talk.residents)!);
  } else if (opinion) sources.push(opinionOf(opinion, u, f, k));
  // ("What would you love to HAPPEN?": a wish asked, not news.)
  // ("Is anything worrying YOU these days?": its worries asked, not news.)
  else if (
    (newsy(u) && !(nearestKind(u).kind === "wish" && nearestKind(u).score >= 0.45) && !troubled) ||
    (u.about === "people" && !foreign.length)
  ) {
    // News on the words asked, or any news when it asks for any; then what its memories hold.
    if (topic.length) {
      sources.push({ name: "news", sentences: yes(onTopic) }, ...notHeard());
    } else {
      sources.push({ name: "news", sentences: yes(askedRecords([])) });
      // (A sentence that points back to one left out goes with it: "I heard about it from
      // Arjun." is about nothing without the party of another day before it.)
      let left = false;
      const told = fromMemories(fallback(), talk, k).filter((x) => {
        left = otherDays(x) || (left && pointsBack(x));
        return !left;
      });
      if (told.length) sources.push(generic({ name: "news-memory", sentences: told }));
      // (Nor what it recalls of another day than those asked.)
      const recalled = recall(u, f, k, talk);
      sources.push(
        generic({ ...recalled, sentences: recalled.sentences.filter((x) => !otherDays(x)) }),
      );
    }
    // What is on in the days asked that it knows of, its own first, even if told already.
    if (spanned && talk.now !== undefined)
      sources.push({
        name: "news-ahead",
        sentences: [
          ...plansAhead(held, talk.me, talk.speaker, talk.now, spanned),
          // (What its persona says it is doing, as said today, on a day among those asked.)
          ...factsOf(f, k, (x) => x.source === "currently").filter((x) =>
            dayIn(x, talk.now!, spanned),
          ),
        ],
      });
    // Nothing new: a quiet time is an answer too, with what fills its days.
    // (Asked of days ahead, nothing known of them: nothing planned that it knows of, and its own
    // day then; "it's been quiet" is of days gone by.)
    const plans = factsOf(f, k, (x) => x.kinds.includes("plan"));
    sources.push({
      generic: true,
      name: "news-quiet",
      sentences:
        spanned && spanned[0] > 0 && talk.now !== undefined
          ? [...quietAhead(spanned, f, k, talk.now), ...plans]
          : [
              `Nothing much, really; it's been quiet.${doingNow ? ` I've been ${doingNow}.` : ""}`,
              ...plans,
            ],
    });
  } else if (foreign.length && !ownPeople) {
    // A thing outside its own life and day ("my dog", "the mayor"): what it remembers or its
    // persona says of it, else an honest answer that takes the question up; news it holds on
    // the thing first ("Have you seen a lost cat?" when told of one).
    dayAsked = false;
    const on = { ...u, topic: foreign };
    if (onTopic.length) sources.push({ name: "news", sentences: yes(onTopic) });
    // "Have you heard about a fire at the mill?": hearsay asked of, not a thing seen; a plain no.
    else if (hearsay(u)) sources.push(...notHeard());
    sources.push(recall(on, f, k, talk, 0.75), topical(on, f, k, 0.75), peopleOn(foreign, k));
  } else {
    // "Have you met anyone new?": whom it met, from its memories of people.
    if (metAsked(u) && talk.now !== undefined) sources.push(met(talk, talk.now));
    // "What's your biggest regret?": a feeling of its own, from its wishes and worries.
    const feeling = feelingAsked(u, f, k);
    if (feeling) sources.push(feeling);
    // "Are you from around here?", "Where are you from?": where it comes from.
    // ("Have you lived here long?", "Did you grow up here?": its life here asked of.)
    const near0 = nearestKind(u);
    const howLong = u.wh === "how" && parsed(u.text).has("^how long");
    if (
      u.about === "you" &&
      (u.wh === "yesno" || u.wh === "where") &&
      parsed(u.text).has("(from|here)") &&
      (!u.topic.length ||
        (near0.kind === "home" && near0.score >= 0.45) ||
        (u.tense === "past" && parsed(u.text).has("here")))
    )
      // (Asked in the past, "have you lived here long?": how long it has been here, too.)
      sources.push(origin(f, k, u.tense === "past", talk.said));
    // Asked whether it heard of, saw or knows something: what its records hold on it comes first;
    // asked whether it heard of something it has no record of, what its memories say of the thing
    // asked (not of the hearing: "I heard from ..." bears on "have you heard" by its verb alone),
    // else a plain no.
    // ("Is anything worrying you?": its worries, below, not news that shares a sense with it.)
    const worriesAsked = troubled && !asksHeard(u);
    if (onTopic.length && (u.wh === "yesno" || asksHeard(u)) && !worriesAsked)
      sources.push({ name: "news", sentences: yes(onTopic) });
    else if (asksHeard(u) && topic.length) sources.push(...notHeard());
    // "How do you spend your evenings?": that time of its days, not how it is.
    // (Not what troubles it then: "what keeps you up at night?".)
    const habitual =
      near0.kind === "worry" && near0.score >= 0.45 && u.about === "you"
        ? undefined
        : habitualTime(u, f, k);
    if (habitual) sources.push(habitual);
    // "What do you usually have for breakfast?": the meal of its days, not "I couldn't tell you".
    // ("What did you eat this morning?": the meal of today, from its day or its habit.)
    const meal = mealAsked(u, f, k) ?? mealEaten(u, f, k);
    if (meal) sources.push(meal);
    const did = doneToday(u, f, k) ?? doYou(u, f, k);
    if (did) sources.push(did);
    // "When do you usually get up?": the clause of its habits on that doing, with its time
    // ("I wake up at 6:30 am"), before its day's blocks.
    const askedWhen = (u.wh === "when" || parsed(u.text).has("what time")) && u.about === "you";
    const sameDoing = (t: string, w: string) =>
      t === w ||
      purposeMatch(t, w) >= 0.7 ||
      (u.pos?.[t] === "verb" && nearByOpposites(t, lemma(w, "verb") ?? w, "verb"));
    // (Its habits hold for any day ahead too: "what time do you open tomorrow?")
    const habitsHold =
      u.span === "general" || (["today", "tomorrow"].includes(u.span) && u.tense !== "past");
    const whenBefore = sources.length;
    if (askedWhen && habitsHold)
      for (const x of f.facts.filter((x) => x.kinds.includes("habit"))) {
        // (A doing asked: "when do you have LUNCH?" is its day's meal, not a walk after lunch.)
        const w = x.words.find((w) =>
          u.topic.some((t) => u.pos?.[t] === "verb" && x.pos?.[w] === "verb" && sameDoing(t, w)),
        );
        if (w)
          sources.push({
            name: "when",
            sentences: [timeOfDoing(partAbout(mine(f, x.text), [w]), w)],
          });
      }
    // (No habit says it: the block of its day that has that doing, "before opening" ending
    // when it opens.)
    if (askedWhen && habitsHold && sources.length === whenBefore)
      for (const t of u.topic.filter((t) => u.pos?.[t] === "verb")) {
        // (A doing of ending no block names, "when do you close?": when its work ends.)
        const said = whenInDay(t, k) ?? workEndsAsked(t, k);
        if (said) sources.push({ name: "when", sentences: [said] });
      }
    const near = nearestKind(u);
    // "Have you lost anything lately?": a doing its day does not hold is not its day recited.
    const doingAsked =
      !did &&
      u.wh === "yesno" &&
      u.about === "you" &&
      u.tense === "past" &&
      // A doing ("lost"), not a state of its day ("busy"), which its day answers.
      // (A word used as an adjective is a quality of what was done, "anything INTERESTING".)
      u.topic.some(
        (w) =>
          u.pos?.[w] !== "adj" &&
          senses(w, "verb").length > 0 &&
          senses(w, "verb").length >= senses(w, "adj").length,
      );
    if (doingAsked) dayAsked = false;
    // "What are you reading at the moment?": its doing by the question's own verb, not its day
    // nor what its persona says occupies it ("glazing bowls" is no reading).
    // (Not what moves or troubles it, "what are you hoping for?": its wishes and worries say.)
    const verb =
      ["worry", "wish", "plan"].includes(near.kind) && near.score >= 0.45
        ? undefined
        : verbAsked(u);
    if (verb) sources.push(doingByVerb(verb, f, k));
    // "What are you working on these days?", "What have you been up to lately?": what occupies it
    // these days is what its persona says it is currently doing (the paper's "currently"), before
    // its day; what it does not tell a stranger is left out (factsOf).
    if (
      !verb &&
      u.about === "you" &&
      u.wh === "what" &&
      // (Or its work asked of as under way, "what are you working on?": what it is at these
      // days, not what its trade is.)
      // (Not a past day named, "what did you do on Saturday?": that day, below.)
      ((u.span === "recent" && !(u.days !== undefined && u.days < 0)) ||
        (["now", "general"].includes(u.span) &&
          parsed(u.text).has("you #Adverb? been? #Gerund") &&
          u.topic.some((w) => u.pos?.[w] === "verb" && closeness(w, "work") >= 0.6))) &&
      // (A doing or a state asked of, "busy doing", not a thing: "what books are you reading?")
      u.topic.every((w) => u.pos?.[w] === "verb" || u.pos?.[w] === "adj") &&
      // (What troubles or moves it is its feelings, "what are you worried about these days?";
      // what it plans, its plans and records, "what are you planning these days?")
      !(["worry", "wish", "plan"].includes(near.kind) && near.score >= 0.45)
    ) {
      // (What it does, not what troubles it: "I am worried that Ada works too late" is no doing.)
      // (Work asked of is a doing: "wonders whether Ben likes her", "is nervous about ...", a
      // thought or a feeling with no doing in it, is none: a verb of its clause outside WordNet's
      // files of thinking, feeling, perceiving and being.)
      const work = u.topic.some((w) => closeness(w, "work") >= 0.6);
      const doing = (x: Fact) =>
        x.words.some(
          (w) =>
            x.pos[w] === "verb" &&
            !["verb.cognition", "verb.emotion", "verb.perception", "verb.stative"].includes(
              domainOf(w, "verb"),
            ),
        );
      const current = factsOf(
        f,
        k,
        (x) =>
          x.source === "currently" &&
          !x.kinds.includes("worry") &&
          !ofMind(x.text) &&
          (!work || doing(x)),
      );
      if (current.length) sources.push({ name: "currently", sentences: current.slice(0, 2) });
      // (What it keeps to itself left out, work asked of is its work, never news it heard.)
      else if (u.topic.some((w) => closeness(w, "work") >= 0.6))
        sources.push(identity(f, k, false));
    }
    // "How long have you been ...?": a length of time asked of. The fact that bears on what is
    // asked, first one that says how long ("for twelve years", "since 1990"), else that fact and
    // honestly not how long; never its day recited.
    if (howLong) {
      dayAsked = false;
      const on = { ...u, wh: "what" as const, topic: u.topic.filter((w) => w !== "long") };
      const bearing = topical(on, f, k, 0.6).sentences.map((x) => x.replace(/^Yes\. /, ""));
      // ("How long have you lived here?": where it comes from and lives.)
      const facts =
        bearing.length || !parsed(u.text).has("here")
          ? bearing
          : origin(f, k).sentences.slice(0, 1);
      const lasting = (x: string) => parsed(x).has("(#Duration|since #Value)");
      const said = facts.find(lasting);
      sources.push({
        name: "how-long",
        sentences: said
          ? [said]
          : facts.slice(0, 1).map((x) => `${x} I couldn't say exactly how long, to be honest.`),
      });
    }
    // "How are you feeling today?": how it is, asked with a verb of feeling alone (WordNet's
    // emotion verbs), not what its day held.
    const howFeeling =
      u.wh === "how" &&
      u.about === "you" &&
      u.topic.length > 0 &&
      u.topic.every((w) => u.pos?.[w] === "verb" && domainOf(w, "verb") === "verb.emotion");
    // "Have you EVER been abroad?", "Why did you move here?", "What was the last thing that made
    // you LAUGH?": a past asked of its whole life (ever, never: grammar), its reasons, or a doing
    // no block of its days holds, is no question of its day; its day recited answers none of them.
    const dayVerbs = activities([...k.yesterday, ...k.today]).flatMap((b) =>
      wordsOf(plain(b.task)).map((w) => lemma(w, "verb") ?? w),
    );
    const offDay =
      u.span !== "today" &&
      u.span !== "yesterday" &&
      !did &&
      (parsed(u.text).has("(ever|never)") ||
        u.wh === "why" ||
        u.topic.some(
          (w) => u.pos?.[w] === "verb" && !dayVerbs.some((d) => d === w || closeness(w, d) >= 0.7),
        ));
    if (offDay && u.tense === "past") dayAsked = false;
    const aboutPast =
      !doingAsked &&
      !offDay &&
      !howLong &&
      !howFeeling &&
      (u.span === "yesterday" ||
        (u.span === "today" && u.wh === "how" && u.tense !== "future") ||
        (u.tense === "past" &&
          u.about === "you" &&
          ["today", "recent", "general"].includes(u.span)));
    // "Where are you headed?", "where are you walking to?": a way it is on now, its next doing
    // (a verb of motion said of it in the present, by WordNet's verb files).
    const onTheWay =
      u.wh === "where" &&
      u.about === "you" &&
      u.tense !== "past" &&
      parsed(u.text).has("(am|is|are) you #Adverb? #Verb") &&
      u.topic.some((w) => u.pos?.[w] === "verb" && domainOf(w, "verb") === "verb.motion");
    const aboutPlans =
      onTheWay ||
      near.kind === "plan" ||
      u.tense === "future" ||
      ["now", "evening", "tomorrow", "future", "week"].includes(u.span) ||
      (u.wh === "what" && u.topic.length === 0);
    // "Who are your parents?": the kin asked of, by the fact that names them, before its day.
    const kin = kinOf(u.topic);
    if (u.wh === "who" && kin.length) sources.push(kinNamed(kin, f, k));
    // "Tell me about your parents": the fact that names them too, before who it is.
    else if (
      u.wh === "what" &&
      u.about === "you" &&
      kin.length &&
      !kin.some((w) => w === "friend" || kindOf(w, "friend"))
    )
      sources.push(kinNamed(kin, f, k));
    // "Are you married?" of one another's persona marries to it ("She is married to Samuel"):
    // yes, and who (its own persona's marriage answers by its own clause below).
    if (
      u.wh === "yesno" &&
      u.about === "you" &&
      u.topic.some((w) => closeness(w, "marry") >= 0.9 || kindOf(w, "spouse"))
    ) {
      const spouse = spouses(f, k);
      if (spouse.length) sources.push({ name: "spouse", sentences: [`Yes. ${spouse[0]}`] });
    }
    // "Who are your closest friends?": the friends its persona names, else those it talks with
    // most, else those its days are spent with; before a doing of its day "with friends".
    if (u.wh === "who" && kin.some((w) => w === "friend" || kindOf(w, "friend")))
      sources.push(friends(f, k, talk));
    const whoOfMine = u.wh === "who" && u.about === "you" && u.topic.length > 0;
    if (whoOfMine) {
      // "Who do you usually have dinner with?": the block of its day the topic names, and whom
      // its plan has it with, else on its own.
      const b = activities(k.today).find((x) =>
        wordsOf(plain(x.task)).some((w) =>
          u.topic.some((t) => t === w || purposeMatch(t, w) >= 0.7),
        ),
      );
      if (b) {
        const task = simplePresent(inFirstPerson(plain(b.task), f.name, f.pronoun));
        const withSomeone =
          /\bwith\b/.test(b.task) || talk.residents.some((r) => b.task.includes(firstName(r)));
        sources.push({
          name: "company",
          sentences: [
            withSomeone
              ? sentence(`I usually ${task}`)
              : sentence(`Usually on my own, to be honest; I ${task}`),
          ],
        });
      }
    }
    // "Do you have brothers or sisters?": the kin asked of, by what its persona names.
    // "Do you live alone?": yes or no by its household.
    if (aloneAsked(u)) sources.push(livesAlone(f, k, talk.residents));
    if (u.wh === "yesno" && kin.length) sources.push(kinAsked(kin, f, k, talk.residents));
    // "Do you get on with your neighbours?": how it is with people of a kind (WordNet's people
    // nouns, a verb of relating), answered by those it does talk with, never a "no" made up from
    // knowing nothing.
    else if (
      u.wh === "yesno" &&
      u.about === "you" &&
      u.topic.some((w) => u.pos?.[w] === "noun" && domainOf(w, "noun") === "noun.person") &&
      // (How it is with them, a verb of relating: not "do you know a good doctor?".)
      u.topic.some(
        (w) =>
          u.pos?.[w] === "verb" &&
          ["verb.social", "verb.stative", "verb.emotion", "verb.communication"].includes(
            domainOf(w, "verb"),
          ),
      )
    ) {
      const often = k.people.filter((p) => p.talks > 0).sort((a, b) => b.talks - a.talks);
      if (often.length)
        sources.push({
          name: "people",
          sentences: [
            sentence(
              `I couldn't speak for all of them; I've been talking with ${listOf(often.slice(0, 2).map((p) => firstName(p.name)))} a lot lately`,
            ),
          ],
        });
    }
    // "Who do you live with?": the persona's fact on its people with the question's own verb;
    // asked where it lives with whom, a fact that says so of itself ("I live alone"), then its
    // household.
    const verbs = whoVerbs(u);
    const dwelling = dwellingAsked(u);
    if (verbs.length) {
      const withVerb = f.facts.find(
        (x) =>
          tellable(x, k.knowsSpeaker) &&
          x.words.some((w) => verbs.includes(w)) &&
          (x.kinds.includes("family") ||
            x.kinds.includes("friend") ||
            // (Of itself alone, not where: "she lives alone", not "lives in Lisbon".)
            (dwelling &&
              !parsed(ownClause(mine(f, x.text), verbs)).has(
                "#Verb #Adverb? (in|at|on|near|by|across|outside)",
              ))),
      );
      const clause = withVerb ? ownClause(mine(f, withVerb.text), verbs) : "";
      // (Its own clause, one sentence said with "I": "her brother Arjun lives with them" is said
      // of others; its household says it better.)
      if (clause && (!dwelling || (/^I\b/.test(clause) && sentencesOf(clause).length === 1)))
        sources.push({ name: "company", sentences: [clause] });
      if (dwelling) sources.push(household(f, k, talk.residents));
    }
    // "Who are you?": who it is; "Who do you spend time with?": its people.
    if (u.wh === "who" && u.about === "you" && !u.topic.length && !dwelling && !companyAsked(u))
      sources.push(identity(f, k));
    if (u.wh === "who") sources.push(company(f, k, talk));
    // "What do you do?": the simple present of "do" about the listener asks for its work.
    // "What do you do for fun?": a purpose other than a living asks for its free time: the
    // evening's doings and its habits, not its work.
    // "Do you have any hobbies?": a kind of diversion asked of (WordNet) is its free time too.
    const forLeisure =
      (parsed(u.text).has("what do you do for") &&
        !(nearestKind(u).kind === "occupation" && nearestKind(u).score >= 0.45) &&
        !u.topic.some((w) => relatedness(w, "living") >= 0.9 || closeness(w, "work") >= 0.6)) ||
      (u.about === "you" &&
        !did &&
        [
          ...u.topic.filter((w) => u.pos?.[w] === "noun"),
          // (A compound the lexicon holds: "free time", "spare time".)
          ...u.text
            .toLowerCase()
            .split(/[^a-z]+/)
            .flatMap((w, i, ws) => (ws[i + 1] ? [`${w} ${ws[i + 1]}`] : [])),
        ].some((w) => kindOf(w, "diversion") || kindOf(w, "leisure"))) ||
      // "How do you like to unwind?": a doing that is what leisure is for (WordNet's gloss of
      // leisure: "time available for ease and relaxation").
      (u.about === "you" &&
        u.topic.some(
          (w) =>
            u.pos?.[w] === "verb" && glossOf("leisure", "noun").some((g) => closeness(w, g) >= 0.7),
        ));
    if (forLeisure) sources.push(leisure(f, k));
    else if (
      (u.wh === "what" || u.wh === "yesno") &&
      u.span === "general" &&
      parsed(u.text).has("what (do you|you) do")
    )
      // Its work, not its name: who it is was not asked.
      sources.push(identity(f, k, false));
    // "Do you like music?" of one who plays the piano: the fact that bears on what is asked.
    // (Not by the place the question is set in, nor when its own people are asked of: "do you
    // have family IN TOWN?" is answered by its family, not a fact that shares a word with it.)
    const ofItsPeople =
      ["family", "friend"].includes(nearestKind(u).kind) && nearestKind(u).score >= 0.9;
    // (Nor what troubles it: "is anything worrying you?" is answered by its worries, not by the
    // fact that shares a word with the question.)
    const ofItsWorries = nearestKind(u).kind === "worry" && nearestKind(u).score >= 0.9;
    const bearing =
      did || ofItsPeople || ofItsWorries
        ? undefined
        : bearingFact({ ...u, topic: u.topic.filter((w) => !setIn(w)) }, f, k);
    if (bearing) sources.push(bearing);
    // "What did you have for lunch?": the block of its day the topic names, before its whole day.
    const block = aboutPast ? doneAsked(u, f, k) : undefined;
    if (block) sources.push(block);
    // "Where did you grow up?", "When did you learn to sail?": a doing of its life, told by its
    // persona with the question's own verb, and no doing of its days: that fact, not its day.
    // (Only the doing asked: "where did you go after BREAKFAST?" is its day.)
    // ("WHY did you move here?": the doing of its life asked, with its reason.)
    const lifeVerbs =
      (aboutPast || (offDay && u.tense === "past")) &&
      !block &&
      (u.wh === "where" || u.wh === "when" || u.wh === "why") &&
      u.topic.every((w) => u.pos?.[w] === "verb")
        ? u.topic
        : [];
    // (A verb with its particle, "grow UP", is met only with that particle: "I grow cabbages"
    // is no growing up.)
    const saysVerb = (text: string, v: string) => {
      const [head, particle] = v.split(" ");
      const terms = termsOf(text);
      return terms.some(
        (t, i) =>
          [t.normal, lemma(t.normal, "verb"), infinitive(t.normal)].includes(head) &&
          (!particle || terms[i + 1]?.normal === particle),
      );
    };
    const daysVerbs = activities([...k.yesterday, ...k.today]).map((b) => {
      const first = plain(b.task).split(" ")[0].toLowerCase();
      return lemma(first, "verb") ?? first;
    });
    const lifeFact = lifeVerbs.some((v) => daysVerbs.includes(v.split(" ")[0]))
      ? undefined
      : f.facts.find(
          (x) =>
            tellable(x, k.knowsSpeaker) &&
            lifeVerbs.some((v) => x.pos?.[v.split(" ")[0]] === "verb" && saysVerb(x.text, v)),
        );
    if (lifeFact)
      sources.push({
        name: "life",
        sentences: [
          ownClause(
            mine(f, lifeFact.text),
            lifeVerbs.map((v) => v.split(" ")[0]),
          ),
        ],
      });
    // ("Why did you move here?" with no move of its own told: where it comes from and lives.)
    if (offDay && u.wh === "why" && u.tense === "past" && parsed(u.text).has("here"))
      sources.push(origin(f, k, false, talk.said));
    if (aboutPast) sources.push(past(u, f, k, talk));
    // A named time ("this evening", "tomorrow") asks about the plan first, whatever the topic.
    const namedTime = ["now", "evening", "tomorrow", "week"].includes(u.span);
    // (What it looks forward to is its hopes ahead, not its usual days: the wish answers it.)
    const hoped =
      near.kind === "wish" &&
      near.score >= 0.45 &&
      !["now", "evening", "tomorrow"].includes(u.span);
    // (What troubles it, "what keeps you up at night?", is no plan either: `troubled`, above.)
    // (How it feels this evening is how it is, not its evening's plan.)
    // (Nor is what troubles it now, "is anything worrying you AT THE MOMENT?": its worries.)
    if (
      !aboutPast &&
      aboutPlans &&
      (near.score < 0.6 || namedTime) &&
      !hoped &&
      !howFeeling &&
      !troubled
    )
      sources.push(
        plansFor(onTheWay && u.span === "general" ? { ...u, span: "today" } : u, f, k, talk, held),
      );
    // (A yes/no question by a kind only when near it: "do you play sports?" is no work.)
    // (A yes/no question by a kind of its life only when near it: "do you play sports?" is no
    // work; what troubles or moves it is asked in many words: "is anything BOTHERING you?".)
    const inner = ["worry", "wish", "family", "friend"].includes(near.kind);
    if (near.score >= (u.wh === "yesno" && !inner ? 0.6 : 0.45)) {
      if (near.kind === "name") sources.push(identity(f, k));
      // (Its family by what its persona names, never its friends or its day said as family.)
      else if (near.kind === "family") sources.push(familyOf(f, k, talk));
      else if (near.kind === "friend") sources.push(company(f, k, talk));
      else if (near.kind === "worry") sources.push(feelings(f, k, mindAsked(u) >= near.score));
      else if (near.kind === "wish")
        // What it hopes for: its wishes, then what it plans, before what troubles it.
        sources.push(lookingAhead(f, k, talk, held, expectsAsked(u)));
      else if (near.kind === "plan") sources.push(plansFor(u, f, k, talk, held));
      else if (near.kind === "occupation") sources.push(identity(f, k, false));
      else
        sources.push({
          name: near.kind,
          sentences: factsOf(f, k, (x) => x.kinds.includes(near.kind as Fact["kinds"][number])),
        });
    }
    // (Asked again in the talk, "How are you feeling?" then "How are you?": still well.)
    const well = talk.said.some((x) => x.includes("I'm well, thanks"))
      ? "Still well, thanks"
      : "I'm well, thanks";
    if (u.wh === "how" && (!u.topic.length || howFeeling) && !aboutPast && !habitual)
      // How it is, and the question back; what is on its mind only if asked again.
      sources.push(
        {
          name: "feelings",
          sentences: [
            `${sentence(`${well}${doingNow ? `; I'm ${doingNow}` : ""}`)} ${choose(["How about you?", "And you?"], talk, "how")}`,
          ],
        },
        feelings(f, k),
      );
    // "Where do you work?": where its work is, by what it does, not its home.
    const atWork = u.topic.some((w) => closeness(w, "work") >= 0.6);
    if (u.wh === "where" && u.about === "you" && atWork) sources.push(identity(f, k, false));
    if (u.wh === "where" && u.about === "you" && !aboutPast && !atWork)
      sources.push({
        name: "home",
        sentences: [
          sentence(`I live at ${k.home.split(" of ").at(-1)}`),
          ...factsOf(f, k, (x) => x.kinds.includes("home")),
        ],
      });
    if (!u.topic.length && u.wh === "who" && !companyAsked(u)) sources.push(identity(f, k));
    // A topic that is none of its own kinds ("any party?") is looked for in what it remembers
    // first, then in its persona; who it is comes last.
    // A yes/no question is answered by what bears on it closely, not by any fact of its life.
    const min = doingAsked ? 0.75 : u.wh === "yesno" ? 0.6 : 0.3;
    const own = nearestKind(u).score >= 0.3;
    if (u.topic.length && !own) {
      const told = fromMemories(fallback(), talk, k).filter((x) => bears(x, u.topic, u.pos));
      if (told.length) sources.push(generic({ name: "memory", sentences: told }));
      sources.push(generic(recall(u, f, k, talk, min)));
    }
    // "What time do you go to bed?": the block of its day the topic names, with its time.
    if (askedWhen) {
      const b = k.today.find((x) =>
        wordsOf(plain(x.task)).some((w) => u.topic.some((t) => sameDoing(t, w))),
      );
      if (b)
        sources.push({
          name: "when",
          sentences: [
            sentence(
              `I ${u.span === "general" ? "usually " : ""}${simplePresent(inFirstPerson(plain(b.task), f.name, f.pronoun))} at ${clock(b.start)}`,
            ),
          ],
        });
    }
    // "Who do you spend time with?": people asked of, so a fact that names none answers nothing,
    // and neither does who it is.
    if (!whoOfMine)
      sources.push(generic(topical(u, f, k, min)), generic(recall(u, f, k, talk, min)));
    // (Not to a yes/no question: "Are you ...?" is no "who are you?".)
    if ((u.topic.length === 0 && u.wh === "what") || (u.wh === "who" && !whoOfMine))
      sources.push(generic(identity(f, k)));
  }
  // A source that fits the question, said already in the talk, is pointed back to ("As I said,
  // I'm a student at the college."), never replaced by what it remembers of something else.
  let used: Source | undefined;
  // (An earlier answer to another question that this source said: pointed back to only when no
  // source that fits says anything new.)
  let other: Source | undefined;
  for (const s of sources) {
    // (Once the source that fits best was said, a later one would change the subject.)
    if (used || (other && s.generic)) continue;
    const r = reply(s.sentences, s.name);
    if (r) return r;
    const heard = s.sentences.map((x) => spoken(toListener(x, talk.speaker)));
    // (A generic source is pointed back to only when all it had was said in other words, the
    // same news: said in its own, it was an answer to something else.)
    if (!usedUp(heard, talk) || (s.generic && usedUp(heard, talk, false))) continue;
    // (Only an answer to the same question is pointed back to at once: said to another, the next
    // fitting source answers afresh.)
    if (answeredAlike(heard, u, talk)) used = { ...s, sentences: heard };
    else other ??= { ...s, sentences: heard };
  }
  used ??= other;
  const back = used && saidBefore(used.sentences, talk, (x) => bearingOn(x, u.topic, u.pos));
  if (back) return { text: withHello(back), end: false, source: `${used!.name}-again` };
  if (!dayAsked || seeksPlace || u.wh === "yesno") {
    const honest = notKnown(u, foreign, k, talk);
    // (Not the same honest answer twice: said already, the shorter fallbacks below.)
    const told = honest ? unsaid([honest], talk)[0] : undefined;
    if (told) return { text: withHello(told), end: false, source: "not-known" };
  }
  // Nothing it knows bears on it: say so, and turn to what it does know or ask back.
  // (Not who it is: "I couldn't tell you. I'm Samuel Okafor." answers nothing.)
  // Asked how things out there are or have been ("What's the weather been like?", "Is it always
  // this quiet?"), it says honestly where its day went instead of inventing.
  const spent = activities(k.today)
    .filter((b) => b.start < k.minute)
    .map((b) => ({ b, length: Math.min(b.end, k.minute) - b.start }))
    .sort((a, b) => b.length - a.length)[0]?.b;
  if (u.wh === "who" && u.about === "you" && spent)
    return {
      text: withHello(
        `No one in particular, to be honest; I've been ${doingPhrase(spent, f, k)} most of the day.`,
      ),
      end: false,
      source: "unknown",
    };
  // Whether anything happened to it is its own to answer ("Has anything surprising happened to
  // you recently?"): with nothing it remembers, and its quiet time said already, a plain no with
  // where its day went, never "I couldn't tell you".
  if (u.about === "you" && u.wh === "yesno" && u.tense === "past" && newsy(u) && spent) {
    const no = unsaid(
      [
        `No, not really. I've mostly been ${doingPhrase(spent, f, k)}.`,
        `Not that I can think of. Mostly I've been ${doingPhrase(spent, f, k)}.`,
      ],
      talk,
    );
    if (no.length)
      return { text: withHello(choose(no, talk, "own-past")), end: false, source: "quiet-own" };
  }
  if ((u.about === "thing" || u.about === "people") && spent && u.wh !== "who")
    return {
      text: withHello(
        `I couldn't say, to be honest; I've been ${doingPhrase(spent, f, k)} most of the day. ${choose(["What's it been like for you?", "Why do you ask?"], talk, "outside")}`,
      ),
      end: false,
      source: "unknown",
    };
  const unknown = [
    `I couldn't tell you, ${v}. What makes you ask?`,
    `I don't really know.${doingNow ? ` I've mostly been ${doingNow}.` : ""} What about you?`,
    `Hm, I haven't heard anything about that. Why do you ask?`,
  ];
  // Each said once already in this talk: said shorter, never the same answer again.
  const again = [
    `That one I couldn't tell you either, ${v}.`,
    `I'm afraid I don't know that either.`,
    `No idea, to be honest.`,
  ];
  const fresh = unsaid(unknown, talk);
  return {
    text: withHello(
      choose(
        fresh.length ? fresh : unsaid(again, talk).length ? again : unknown,
        talk,
        "unknown",
        u.text,
      ),
    ),
    end: false,
    source: "unknown",
  };
}

/** Whether a clause says a state of mind, not a doing: its verb one of feeling (WordNet's
 *  verb.emotion: "likes", "hopes"), or of thought that takes a clause ("wonders whether Ben likes
 *  her", "thinks that ..."; "planning a party" is a doing). */
export function ofMind(text: string): boolean {
  const terms = termsOf(text);
  const i = terms.findIndex((t) => t.tags.includes("Verb") && !t.tags.includes("Auxiliary"));
  if (i < 0) return false;
  const verb = lemma(terms[i].normal, "verb") ?? terms[i].normal;
  const domain = domainOf(verb, "verb");
  return (
    domain === "verb.emotion" ||
    (domain === "verb.cognition" &&
      ["whether", "if", "that"].includes(terms[i + 1]?.normal ?? "") &&
      !terms[i + 1]?.tags.includes("Noun"))
  );
}

/** The verbs of a who-question of the resident with no topic ("who do you LIVE with?"), by their
 *  words. */
function whoVerbs(u: Utterance): string[] {
  return u.wh === "who" && u.about === "you" && !u.topic.length ? [...verbWordsOf(u.text)] : [];
}

/** "Who do you live with?": whom it dwells with (WordNet's dwell), its household. */
function dwellingAsked(u: Utterance): boolean {
  return whoVerbs(u).some((v) => closeness(v, "dwell") >= 0.9);
}
