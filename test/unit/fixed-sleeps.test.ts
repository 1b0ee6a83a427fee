// Tests wait for conditions (test/helpers/wait.ts), never for a fixed time: every timer a test
// sets says why it is one (it measures time on purpose, plays a slow part, bounds a wait, or
// polls), in a comment on its line or the two above.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SELF = "test/unit/fixed-sleeps.test.ts";
/** The helper that defines sleep and waitFor's own poll. */
const WAIT = "test/helpers/wait.ts";
const TIMER = /\bsetTimeout\(|\bsleep\(\s*[\w.+ ]/;
const REASON = /time on purpose|\bbound\b|\bpoll\b|turn of the event loop/i;

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((entry) => {
    const rel = `${dir}/${entry}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return files(rel);
    return /\.ts$/.test(entry) ? [rel] : [];
  });
}

it("every timer in the tests says why it is not a wait for a condition", () => {
  const unexplained: string[] = [];
  for (const file of files("test")) {
    if (file === SELF || file === WAIT) continue;
    const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (!TIMER.test(line) || /^\s*(\/\/|\*)/.test(line)) return;
      // Definitions of a sleep helper and sleeps inside a child process's script are code under
      // test taking time; the comment may sit on the lines above, or above the script.
      const context = lines.slice(Math.max(0, i - 2), i + 1).join("\n");
      if (!REASON.test(context)) unexplained.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  expect(unexplained).toEqual([]);
});
