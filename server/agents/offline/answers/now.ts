// "Are you busy?", "Are you occupied right now?": whether it is taken up at the moment, asked of
// in the present by an adjective WordNet relates to being busy (or its opposite, "idle").
// Answered briefly by what it is doing now, never its whole day.
import type { PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { domainOf, nearByOpposites, relatedness } from "../../language/lexicon.ts";
import type { Utterance } from "../../language/understand.ts";
import type { Source } from "./voice.ts";
import { activities, doingPhrase } from "./day.ts";

export function busyAsked(u: Utterance): boolean {
  if (u.about !== "you" || u.wh !== "yesno" || u.tense !== "present") return false;
  if (!["now", "general", "today"].includes(u.span)) return false;
  const adjs = u.topic.filter((w) => u.pos?.[w] === "adj");
  return (
    adjs.length > 0 &&
    // (Nothing else asked of but a time: "at the MOMENT".)
    u.topic.every((w) => adjs.includes(w) || domainOf(w, "noun") === "noun.time") &&
    adjs.some(
      (w) => relatedness(w, "busy", "adj", "adj") >= 0.6 || nearByOpposites(w, "busy", "adj"),
    )
  );
}

export function busyNow(f: PersonaFacts, k: Knowledge): Source {
  const b = activities(k.today).find((x) => x.start <= k.minute && x.end > k.minute);
  return {
    name: "busy-now",
    sentences: [
      b
        ? `A little; I'm ${doingPhrase(b, f, k)}, but I have a minute.`
        : "Not at all; what can I do for you?",
    ],
  };
}
