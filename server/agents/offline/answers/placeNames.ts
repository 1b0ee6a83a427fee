// A place's name as people say it: the kind of place it ends in, and whether a text names it
// (apart from places.ts, which reads what places are for, so that who works where, roles.ts, can
// use them without the two importing each other).
import { lemma, senses } from "../../language/lexicon.ts";
import { esc } from "./bond.ts";

/** The kind of place a name ends in, as WordNet spells it: its last two words where they make one
 *  noun ("Tollgate coffee house": "coffeehouse"; "Quill Lane post office": "post office"), else
 *  its last word. */
export function nameHead(name: string): string {
  const ws = name.toLowerCase().split(/\s+/).filter(Boolean);
  const [a, b] = ws.slice(-2);
  if (ws.length >= 2)
    for (const compound of [`${a} ${b}`, `${a}${b}`])
      if (senses(compound, "noun").length) return lemma(compound, "noun")!.replace(/_/g, " ");
  return ws.at(-1) ?? "";
}

/** Whether a text names a place: by its whole name ("Cobb's Supply Store"), or by its own name
 *  without its kind ("the Hearth & Crumb") not said as someone's ("OAKMERE'S town clerk") nor
 *  opening a longer name ("studies at OAKMERE College"), which are no work at Oakmere town hall. */
export function namesPlace(
  text: string,
  name: string,
  own: string,
  places: readonly { name: string }[] = [],
): boolean {
  // (An own name other places share says none of them: "moved to OAKMERE" is no move to Oakmere
  // town hall where there is an Oakmere College too.)
  const shared = places.some(
    (p) => p.name !== name && !p.name.includes(" of ") && p.name.includes(own),
  );
  return (
    text.toLowerCase().includes(name.toLowerCase()) ||
    (!shared && new RegExp(`(?:^|\\W)${esc(own)}(?!['’]s\\b|\\s+[A-Z])(?:\\W|$)`).test(text))
  );
}
