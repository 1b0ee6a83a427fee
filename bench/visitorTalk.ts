// A town started offline at an hour, and a visitor talking with one of its residents through the
// Town's path for people's words (mind.hear): what the conversation tests and benches share.
import { GenerativeMind } from "../server/agents/generativeMind.ts";
import { offlineTownOf } from "../test/helpers/offlineTown.ts";

/** A town of the template, no model, seed 1, started at `hhmm` and stepped once. */
export async function townAt(template: string, hhmm: string) {
  const { mind, town, personas } = await offlineTownOf(template, { at: hhmm });
  await town.advance();
  return { mind, town, personas };
}

export interface Line {
  name: string;
  text: string;
}

/** One line said to a resident by a visitor, with the talk so far (empty: a talk of its own). */
export async function visitorSays(
  mind: GenerativeMind,
  now: number,
  resident: { id: string; name: string },
  text: string,
  soFar: readonly Line[] = [],
  visitor = "Nora Vale",
): Promise<{ text: string; end: boolean }> {
  return mind.hear({
    agent: resident as never,
    now,
    speaker: { name: visitor, role: "visitor" } as never,
    words: [text],
    soFar: [...soFar] as never,
  });
}

/** A visitor's talk with one resident: each line said with what was said before in it. */
export function visitorTalk(
  mind: GenerativeMind,
  now: () => number,
  resident: { id: string; name: string },
  visitor = "Nora Vale",
) {
  const soFar: Line[] = [];
  return {
    soFar,
    say: async (text: string): Promise<string> => {
      const r = await visitorSays(mind, now(), resident, text, soFar, visitor);
      soFar.push({ name: visitor, text }, { name: resident.name, text: r.text });
      return r.text;
    },
  };
}
