// "I'm thinking of moving here. Any advice?", "What would you recommend?": advice asked for (a
// noun WordNet relates to advice, or a verb to advising), answered with a recommendation from
// what it knows and values: the place outside its home where its days are spent, and a person it
// holds dear; never its plans recited.
import { tellable, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { lemma, relatedness } from "../../language/lexicon.ts";
import { parsed } from "../../language/parse.ts";
import type { Utterance } from "../../language/understand.ts";
import { type Source, type Talk, firstName } from "./voice.ts";
import { activities } from "./day.ts";

export function adviceAsked(u: Utterance): boolean {
  if (u.act !== "question" || u.wh === "who" || u.wh === "where") return false;
  if (u.topic.some((w) => u.pos?.[w] === "noun" && relatedness(w, "advice", "noun", "noun") >= 0.6))
    return true;
  // "What would you recommend?": a verb of advising said to the listener.
  const verbs = parsed(u.text).match("you [#Verb]", 0).out("array") as string[];
  return verbs.some(
    (v) => relatedness(lemma(v.toLowerCase(), "verb") ?? v, "advise", "verb", "verb") >= 0.6,
  );
}

export function advice(f: PersonaFacts, k: Knowledge, talk: Talk): Source {
  const home = k.home.split(" of ").at(-1);
  const time = new Map<string, number>();
  for (const b of activities(k.today)) {
    const sector = b.place?.split(" of ").at(-1);
    if (sector && sector !== home && !k.places.some((p) => p.name === sector && p.dwelling))
      time.set(sector, (time.get(sector) ?? 0) + b.end - b.start);
  }
  const place = [...time].sort((a, b) => b[1] - a[1])[0]?.[0];
  const names = [
    ...talk.residents.filter((r) => r !== f.name && r !== talk.speaker).map(firstName),
  ];
  const dear = f.facts
    .filter(
      (x) =>
        tellable(x, k.knowsSpeaker) && (x.kinds.includes("family") || x.kinds.includes("friend")),
    )
    .flatMap((x) => names.filter((n) => new RegExp(`\\b${n}\\b`).test(x.text)))[0];
  const often = [...k.people].sort((a, b) => b.talks - a.talks).find((p) => p.talks > 0)?.name;
  const person = dear ?? (often ? firstName(often) : undefined);
  const out = [
    place
      ? `Spend some time at ${place}; that's where I am most days, and it's a good way to meet people.`
      : "Get out and meet people; that's what I'd do.",
  ];
  if (person) out[0] += ` ${person} is good to know, too.`;
  return { name: "advice", sentences: out };
}
