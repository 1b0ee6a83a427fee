// The clock and the calendar asked of: "What time is it?", "Any idea what day it is?", "What's
// the date today?". What is asked for is the noun after "what" said of "it" (or of "the" alone);
// which reading of the clock it wants is the kind of time WordNet says it is: a clock time (the
// hour), a date (the day of the month), a day (the weekday), a month, a year. Answered from the
// game clock, as people say the time: to the nearest five minutes.
import { kindOf, lemma } from "../../language/lexicon.ts";
import { parsed } from "../../language/parse.ts";
import { clock } from "../../language/realise.ts";
import type { Utterance } from "../../language/understand.ts";
import { MONTHS, formatDate, minuteOfDay } from "../../../../shared/time.ts";

export type Reading = "time" | "date" | "day" | "month" | "year";

/** The reading of the clock or calendar a question asks for, if it asks for one. */
export function clockAsked(u: Utterance): Reading | undefined {
  if (u.act !== "question" || u.about === "person") return undefined;
  const doc = parsed(u.text);
  // "what DAY is it", "what TIME it is": the noun asked for, said of "it"; "what is the DATE
  // (today)?": of nothing else.
  const asked =
    doc.match("(what|which) [<n>.] (is it|it is)", "n").text("normal") ||
    doc.match("(what|which) is the [<n>#Noun] (today|now)?$", "n").text("normal");
  const n = asked ? (lemma(asked.replace(/[^a-z]/g, ""), "noun") ?? "") : "";
  if (!n) return undefined;
  if (kindOf(n, "clock time", { senses: 8 })) return "time";
  if (kindOf(n, "date", { senses: 1 })) return "date";
  if (kindOf(n, "day", { senses: 1 })) return "day";
  if (kindOf(n, "month", { senses: 1 })) return "month";
  if (kindOf(n, "year", { senses: 1 })) return "year";
  return undefined;
}

/** The reading asked for, said at `now` (game time). */
export function clockReading(reading: Reading, now: number): string {
  const d = new Date(now);
  const [weekday, date] = formatDate(now).split(", ");
  switch (reading) {
    case "time": {
      const m = Math.round(minuteOfDay(now) / 5) * 5;
      return `It's about ${clock(m)}.`;
    }
    case "date":
      return `It's ${weekday}, ${date}.`;
    case "day":
      return `It's ${weekday} today.`;
    case "month":
      return `It's ${MONTHS[d.getUTCMonth()]}.`;
    case "year":
      return `It's ${d.getUTCFullYear()}.`;
  }
}
