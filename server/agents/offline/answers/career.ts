// "How did you end up doing the job you do?", "Why did you become a ferryman?": how it came to
// its work, asked of in the past with a verb of becoming or beginning (WordNet files a sense of
// it as a change: "end up", "become", "start") or of coming to it ("get into", "come to"), on its
// work. Answered from its persona: its work with how long, then what its backstory tells of the
// way there; never its day.
import { tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { DayBlock, Knowledge } from "../../language/knowledge.ts";
import { closeness, relatedness, senses } from "../../language/lexicon.ts";
import { isPrivateDoing } from "../../language/privacy.ts";
import { parsed } from "../../language/parse.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Source, mine, plain } from "./voice.ts";
import { nearestKind } from "./self.ts";

const BECOMING = ["verb.change", "verb.motion"];

/** Whether the question asks how it came to its work. */
export function careerAsked(u: Utterance, f: PersonaFacts): boolean {
  if (u.about !== "you" || (u.wh !== "how" && u.wh !== "why") || u.tense !== "past") return false;
  if (!["recent", "general"].includes(u.span)) return false;
  const becoming = u.topic.some(
    (w) =>
      u.pos?.[w] === "verb" &&
      senses(w, "verb")
        .slice(0, 2)
        .some((s) => BECOMING.includes(s.domain)),
  );
  if (!becoming) return false;
  const near = nearestKind(u);
  if (near.kind === "occupation" && near.score >= 0.6) return true;
  // A word of its own work asked of ("a lighthouse keeper" of the one who keeps it).
  return f.facts.some(
    (x) =>
      x.kinds.includes("occupation") &&
      u.topic.some(
        (t) =>
          !senses(t, "verb")
            .slice(0, 2)
            .some((s) => BECOMING.includes(s.domain)) &&
          x.words.some((w) => relatedness(t, w, u.pos?.[t], x.pos[w]) >= 0.6),
      ),
  );
}

/** Its work, how long, and the way there its backstory tells. */
export function career(f: PersonaFacts, k: Knowledge): Source {
  const told = (x: Fact) => tellable(x, k.knowsSpeaker);
  const work = f.facts.filter((x) => told(x) && x.kinds.includes("occupation"));
  const lasting = (x: Fact) => parsed(x.text).has("(#Duration|since #Value|for #Value #Noun)");
  // The way there: a backstory clause told in the past ("took over the light from her uncle").
  const way = f.facts.filter(
    (x) =>
      told(x) && x.source === "learned" && !work.includes(x) && parsed(x.text).has("#PastTense"),
  );
  // Its work first (the clause that says how long, when one does), then the way there.
  const first = work.find(lasting) ?? work[0];
  const ordered = [...(first ? [first] : []), ...way, ...work.filter((x) => x !== first)];
  return { name: "career", sentences: ordered.map((x) => mine(f, x.text)) };
}

/** "How's business?", "How's the shop doing?": how its work is going, asked of a noun of work or
 *  trade (WordNet's closeness to "work" or "business"), or of a word its own work is told in ("the
 *  cafe" of the one who owns it), in the present, with nothing else asked. */
export function workGoingAsked(u: Utterance, f: PersonaFacts): boolean {
  if (u.act !== "question" || u.wh !== "how" || u.tense !== "present") return false;
  if (u.about !== "thing" && u.about !== "you") return false;
  const nouns = u.topic.filter((w) => u.pos?.[w] === "noun");
  if (nouns.length !== 1 || u.topic.some((w) => u.pos?.[w] !== "noun" && u.pos?.[w] !== "verb"))
    return false;
  const n = nouns[0];
  if (Math.max(closeness(n, "work"), closeness(n, "business")) >= 0.45) return true;
  return f.facts.some(
    (x) =>
      x.kinds.includes("occupation") &&
      x.words.some((w) => x.pos[w] === "noun" && relatedness(n, w, "noun", "noun") >= 0.8),
  );
}

/** How its work is going: busy with what it is doing now (or quiet, with nothing on now), and a
 *  worry of its own that bears on its work, as a person says it in passing; never its day
 *  recited. */
export function workGoing(
  f: PersonaFacts,
  k: Knowledge,
  now: DayBlock | undefined,
  doingNow: string,
): Source {
  const told = (x: Fact) => tellable(x, k.knowsSpeaker);
  const working = now && doingNow && !isPrivateDoing(plain(now.task));
  const first = working ? `Busy, thanks; I'm ${doingNow}.` : "Quiet just now, thanks.";
  // (A worry of its work: one that shares a word with what its work is told in.)
  const workWords = f.facts
    .filter((x) => x.kinds.includes("occupation"))
    .flatMap((x) => x.words.filter((w) => x.pos[w] === "noun"));
  const worry = f.facts.find(
    (x) =>
      told(x) &&
      x.kinds.includes("worry") &&
      !x.kinds.includes("occupation") &&
      x.words.some((w) => x.pos[w] === "noun" && workWords.some((v) => closeness(w, v) >= 0.8)),
  );
  return { name: "work-going", sentences: [first, ...(worry ? [mine(f, worry.text)] : [])] };
}
