// "Is Henrik your husband?" "I have been married to Henrik for forty-five years." A person says
// "yes" first when what they answer with is what was asked: every thing and doing the question
// names is in the answer, as the same word, a word close to it (WordNet) or one its definition
// uses ("husband": "a married man"). Anything less, or an answer that denies, is left as it is:
// no "yes" is made up.
import { closeness, glossOf, lemma } from "../../language/lexicon.ts";
import { parsed, termsOf } from "../../language/parse.ts";
import type { Utterance } from "../../language/understand.ts";

/** The answer's words by their roots, as noun, verb and adjective. */
function roots(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of termsOf(text)) {
    const w = t.normal.replace(/[^a-z'-]/g, "");
    if (w.length < 3) continue;
    out.add(w);
    for (const pos of ["noun", "verb", "adj"] as const) {
      const l = lemma(w, pos);
      if (l) out.add(l);
    }
  }
  return out;
}

/** Whether the answer says what a yes/no question asks, so it opens with "Yes". */
export function confirms(u: Utterance, answer: string): boolean {
  if (u.act !== "question" || u.wh !== "yesno" || u.negative) return false;
  // (An answer that already says yes or no, or denies, is its own.)
  if (/^(yes|no|not|nothing|of course|i don't|i'm not|i haven't|i never)\b/i.test(answer))
    return false;
  if (/n't\b|\b(never|no|not|nowhere|nobody|none|nothing|hardly)\b/i.test(answer)) return false;
  // (Asked of the listener or of someone named: "Do YOU run ...?", "Is HENRIK your husband?", "Is
  // it true YOU ...?"; not of a thing, "is the cafe open?", which its own answer says.)
  const doc = parsed(u.text);
  if (
    !doc.has("^(#Modal|#Copula|#Auxiliary|do|does|did|have|has) (you|#ProperNoun)") &&
    !doc.has("^#Copula it #Adjective (that)? you")
  )
    return false;
  // (The frame's own word asks nothing: "is it TRUE you ...?")
  const frame = (doc.match("^#Copula it [#Adjective]", 0).out("array") as string[]).map((w) =>
    w.toLowerCase(),
  );
  // What is asked: its things, doings and states (the verbs of being and having ask nothing).
  const asked = u.topic.filter(
    (w) =>
      (u.pos?.[w] === "noun" || u.pos?.[w] === "verb" || u.pos?.[w] === "adj") &&
      !["be", "have", "do", "get"].includes(w) &&
      !w.includes(" ") &&
      !frame.includes(w),
  );
  if (!asked.length) return false;
  // (Only what it says of itself: "married to Lotte, WHO KEEPS BEES" does not keep bees; "a
  // joiner who makes doors" does make them.)
  const said = roots(answer.replace(/\b([A-Z][a-z]+),?\s+(who|whose|whom)\b[^.,;]*/g, "$1"));
  const has = (w: string) =>
    said.has(w) ||
    [...said].some((s) => closeness(w, s) >= 0.7) ||
    glossOf(w, u.pos?.[w] ?? "noun").some((g) => said.has(g));
  // (A light verb asked, "did you HAVE breakfast?", is said by the answer's own verb or not at
  // all: "I skip breakfast." names breakfast and is no yes.)
  const light = (
    doc
      .match("^(do|does|did|have|has|#Modal) (you|#ProperNoun) #Adverb? [#Verb]", 0)
      .out("array") as string[]
  ).map((w) => lemma(w.toLowerCase(), "verb") ?? w.toLowerCase());
  const lightSaid =
    !light.length ||
    !["have", "do", "get"].includes(light[0]) ||
    termsOf(answer).some(
      (t) => t.tags.includes("Verb") && (lemma(t.normal, "verb") ?? t.normal) === light[0],
    );
  return lightSaid && asked.every(has);
}
