// chrono-node's parsers of spans of time ("two hours ago", "a week later", "next three days",
// "within a month") each run one large pattern: up to eleven units in a row, "2 hours and 30
// minutes". V8 compiles such a pattern to machine code on its second use, ~0.2–0.9 s each, once
// per process and per minds' thread, and each is run over every text read for a time, though
// hardly any text names a span. Such a pattern can only match where the text has what comes
// before its first unit and what follows its last ("<a number> <unit> ago"): two small patterns,
// cut from the parser's own, tried first; where either fails the big one could not match, and the
// parser is given one that finds nothing. The parsers' results are the same, only cheaper.
import * as chrono from "chrono-node";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

interface Parser {
  pattern?: (context: { text: string }) => RegExp;
}

const require = createRequire(import.meta.url);
/** chrono's pattern of one or more time units (not exported by the package's entry). */
function unitsPattern(): string | undefined {
  try {
    const constants = require(
      join(dirname(require.resolve("chrono-node")), "locales/en/constants.js"),
    ) as { TIME_UNITS_PATTERN?: unknown };
    return typeof constants.TIME_UNITS_PATTERN === "string"
      ? constants.TIME_UNITS_PATTERN
      : undefined;
  } catch {
    return undefined;
  }
}

const REPEAT = "){0,10}";

/** The pattern of one unit ("<number> <unit>"): the longest end of the repeated part that is
 *  also written before it (chrono writes `prefix one (?:connector one){0,10}`). */
function oneUnit(units: string): string | undefined {
  if (!units.endsWith(REPEAT)) return undefined;
  const body = units.slice(0, -REPEAT.length);
  for (let i = 1; i < body.length; i++) {
    const tail = body.slice(i);
    const at = body.indexOf(tail);
    if (at < i) return body.slice(at + tail.length).startsWith("(?:") ? tail : undefined;
  }
  return undefined;
}

/** The two patterns a text must match for `source` (which holds `(units)`) to match it. */
function needs(source: string, flags: string, units: string, one: string): RegExp[] | undefined {
  const at = source.indexOf(`(${units})`);
  if (at < 0) return undefined;
  const before = source.slice(0, at);
  const after = source.slice(at + units.length + 2);
  // What is written before the first unit, up to the end of the first unit ...
  const first = units.slice(0, units.indexOf(one) + one.length);
  try {
    return [new RegExp(`${before}(${first})`, flags), new RegExp(`(${one})${after}`, flags)];
  } catch {
    return undefined;
  }
}

const NOTHING = /(?!)/;

function install(): void {
  const units = unitsPattern();
  const one = units && oneUnit(units);
  if (!units || !one) return;
  for (const parser of (chrono.casual as unknown as { parsers: Parser[] }).parsers) {
    const pattern = parser.pattern?.bind(parser);
    if (!pattern) continue;
    const kept = new Map<string, RegExp[] | null>();
    parser.pattern = (context) => {
      const full = pattern(context);
      let tests = kept.get(full.source);
      if (tests === undefined)
        kept.set(
          full.source,
          (tests = needs(full.source, full.flags.replace(/[gy]/g, ""), units, one) ?? null),
        );
      return !tests || tests.every((t) => t.test(context.text)) ? full : NOTHING;
    };
  }
}

install();
