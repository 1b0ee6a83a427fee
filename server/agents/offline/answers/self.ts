// Who it is and how it feels, from its persona: its name and work, its worries and wishes, its
// facts that bear on a topic, and which of its kinds a question is nearest to.
import { tellable, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { relatedness } from "../../language/lexicon.ts";
import { sentence } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { mine, type Source, factsOf, short, partAbout } from "./voice.ts";

export function identity(f: PersonaFacts, k: Knowledge): Source {
  // The first said short ("I am a student at Oakmere College"), not again at length after it.
  const occupation = factsOf(f, k, (x) => x.kinds.includes("occupation")).map((o, i) =>
    i === 0 ? short(o) : o,
  );
  const wish = factsOf(f, k, (x) => x.kinds.includes("wish"));
  return {
    name: "identity",
    sentences: [
      `I'm ${f.name}. ${occupation[0] ?? ""}`.trim(),
      ...occupation.slice(1),
      ...wish,
      sentence(`I live at ${k.home.split(" of ").at(-1)}`),
    ],
  };
}

export function feelings(f: PersonaFacts, k: Knowledge): Source {
  const worries = factsOf(f, k, (x) => x.kinds.includes("worry"));
  const wishes = factsOf(f, k, (x) => x.kinds.includes("wish"));
  if (worries.length) return { name: "feelings", sentences: [...worries, ...wishes] };
  // Nothing troubles it: it says so, and what it has on its mind instead.
  if (!wishes.length)
    return {
      name: "feelings",
      sentences: ["Nothing much troubles me, honestly. I'm content with how things are."],
    };
  return {
    name: "feelings",
    sentences: wishes.map((w, i) =>
      i === 0
        ? `Nothing much troubles me, honestly. Mostly I think about what's ahead: ${/^I\b/.test(w) ? w : w[0].toLowerCase() + w.slice(1)}`
        : w,
    ),
  };
}

/** Facts whose words bear on the topic. */
export function topical(u: Utterance, f: PersonaFacts, k: Knowledge, min = 0.3): Source {
  const scored = f.facts
    .filter((x) => tellable(x, k.knowsSpeaker))
    .map((x) => {
      let s = 0;
      for (const t of u.topic) {
        for (const w of x.words) s = Math.max(s, relatedness(t, w));
        for (const kind of x.kinds) if (kind !== "other") s = Math.max(s, relatedness(t, kind));
      }
      return { x, s };
    })
    .filter((x) => x.s >= min)
    .sort((a, b) => b.s - a.s);
  return {
    name: "facts",
    sentences: scored.map(({ x }) =>
      x.kinds.includes("habit") ? partAbout(mine(f, x.text), u.topic) : mine(f, x.text),
    ),
  };
}

/** Which of its kinds a question's topic is nearest to (occupation, family, worry, ...). */
export function nearestKind(u: Utterance): { kind: string; score: number } {
  let best = { kind: "", score: 0 };
  for (const kind of [
    "occupation",
    "family",
    "friend",
    "home",
    "habit",
    "wish",
    "worry",
    "plan",
    "name",
  ])
    for (const t of u.topic) {
      const s = relatedness(t, kind);
      if (s > best.score) best = { kind, score: s };
    }
  return best;
}
