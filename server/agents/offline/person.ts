// Grammatical person: a whisper written to "you" becomes a statement about the resident, words
// said as "I" become a statement about the speaker, and a memory about the resident is said back
// as "I" (interviews, conversations).

const MODALS = new Set(["will", "would", "can", "could", "should", "shall", "may", "might", "must", "had", "did"]);
const IRREGULAR: Record<string, string> = { are: "is", were: "was", have: "has", do: "does", go: "goes", "aren't": "isn't", "don't": "doesn't", "haven't": "hasn't", "weren't": "wasn't" };
const NOT_VERBS = new Set(["and", "or", "who", "that", "too", "also", "both", "all", "really", "always", "often", "never", "just", "still", "yourself", "rarely", "usually", "sometimes", "frequently", "seldom", "mostly", "secretly"]);

function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (MODALS.has(lower) || NOT_VERBS.has(lower) || /ed$|n['’]t$/.test(lower)) return verb;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/**
 * A statement written to "you" (a whisper, a line of a history file) as a statement about the
 * agent: "you love your work at Hobbs Cafe" → "Isabella Rodriguez loves Isabella's work at
 * Hobbs Cafe".
 */
export function youToThirdPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  let out = text.trim();
  // "you" as a subject: at the start of a clause, then its verb agrees.
  out = out.replace(/(^|[.;!?]\s*|--\s*|,\s*|\b(?:and|but|that|because|when|if|so|since|while)\s+)you\s+(?:(also|really|often|always|never|still|just|rarely|usually|sometimes|frequently|seldom|mostly|secretly)\s+)?([\w'’]+)/gi, (_m, lead: string, adverb: string | undefined, verb: string) => {
    const v = NOT_VERBS.has(verb.toLowerCase()) ? verb : thirdPersonVerb(verb);
    return `${lead}${name} ${adverb ? `${adverb} ` : ""}${v}`;
  });
  out = out.replace(/^you\b/i, name);
  out = out.replace(/\byourself\b/gi, first);
  out = out.replace(/\byours\b/gi, `${first}'s`);
  out = out.replace(/\byour\b/gi, `${first}'s`);
  out = out.replace(/\byou\b/gi, first);
  out = out.replace(/\bI am\b/g, `${name} is`).replace(/\bI'm\b/g, `${name} is`).replace(/\bmy\b/gi, `${first}'s`);
  return out;
}

/** What someone said in the first person, about them: "I am running for mayor" → "Sam Moore is running for mayor". */
export function iToThirdPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  return text
    .replace(/\bI'm\b|\bI am\b/g, `${name} is`)
    .replace(/\bI was\b/g, `${name} was`)
    .replace(/\bI've\b|\bI have\b/g, `${name} has`)
    .replace(/\bI'll\b/g, `${name} will`)
    .replace(/\bI ([a-z]+)\b/g, (_m, verb: string) => `${name} ${thirdPersonVerb(verb)}`)
    .replace(/\bI\b/g, name)
    .replace(/\bmy\b/g, `${first}'s`)
    .replace(/\bme\b/g, first);
}

/** A memory about the agent as the agent would say it: "Theo Brandt is going to" → "I am going to". */
export function toFirstPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const who = `(?:${esc(name)}|${esc(first)})`;
  return text
    .replace(new RegExp(`\\b${who}'s\\b`, "g"), "my")
    .replace(new RegExp(`\\b${who} is\\b`, "g"), "I am")
    .replace(new RegExp(`\\b${who} was\\b`, "g"), "I was")
    .replace(new RegExp(`\\b${who} has\\b`, "g"), "I have")
    .replace(new RegExp(`\\b${who} does\\b`, "g"), "I do")
    .replace(new RegExp(`\\b${who} (?!is\\b|was\\b|has\\b|does\\b|thus\\b|plus\\b)([a-z]+?)(ies|ches|shes|sses|xes|oes|s)\\b`, "g"), (_m, stem: string, end: string) => `I ${stem}${end === "ies" ? "y" : end === "s" ? "" : end.slice(0, -2)}`)
    .replace(new RegExp(`^${who} and ([A-Z][\\w'-]*(?: [A-Z][\\w'-]*)*) (were|are|have)\\b`), "$1 and I $2")
    .replace(new RegExp(`(^|[.;!?]\\s+|,\\s+|\\b(?:and|that|since|because|when|while|if|so|but)\\s+)${who}\\b`, "g"), "$1I")
    .replace(new RegExp(`\\b${who}\\b`, "g"), "me")
    .replace(/^For my planning: /, "For my plans: ")
    .replace(/(^|[.;!?]\s+|,\s+|\b(?:and|that|since|because|when|while|if|so|but)\s+)(I [^.;!?,]*)/g, (_m, lead: string, clause: string) => lead + ownPossessives(clause));
}

/** Closed-class words after which "her" is an object, not a possessive ("with her to the park"). */
const FUNCTION_WORDS = new Set("a an the to of in on at for with from by about into onto over under and or but as than that this these those if when while so then".split(" "));

/** In a clause whose subject became "I", the third-person possessive that pointed back to it is
 *  "my": "I am behind on his term paper" → "I am behind on my term paper". "her" only where a
 *  noun follows ("her thesis", not "with her to the park" or "helping her"). */
function ownPossessives(clause: string): string {
  return clause
    .replace(/\bhis\b(?= [a-z])/g, "my")
    .replace(/\b(a|about|at|for|from|in|into|of|on|over|to|with|by) her (?=([a-z][\w'-]*))/g, (m, prep: string, next: string) => (FUNCTION_WORDS.has(next) ? m : `${prep} my `))
    .replace(/\bher own\b/g, "my own")
    .replace(/\bhimself\b|\bherself\b/g, "myself");
}

/** First letter upper-case. */
export const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
