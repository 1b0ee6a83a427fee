// People first (issue 33): in a live town, a person's words to a resident are answered before the
// residents' own thinking queued ahead of them (llm/turns.ts), on the minds' thread and in the
// room's process alike. A generated town of 300 residents is stepped once, live: every resident
// starts planning its day, hundreds of asks queued. Then a visitor says hello to the resident
// nearest to her and a reporter asks another one a question. Before, in a town of a thousand, a
// hello was answered ~21 s later, after the backlog (bench/RESULTS.md); here the answers must come
// while most of the residents are still thinking. Order is measured, not time: how many of the
// residents' thoughts were done when each answer came.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TownEvent } from "../../shared/events.ts";
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { MindThread } from "../../server/agents/mindThread.ts";
import { makeTownFolder } from "../../server/cli/makeTown.ts";
import { loadTemplate, type TownTemplate } from "../../server/content/template.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { TurnTakingGateway } from "../../server/llm/turns.ts";
import type { Mind } from "../../server/world/mind.ts";
import { inTalkRange } from "../../server/world/talk.ts";
import { Town } from "../../server/world/town.ts";
import { removeFolder } from "../helpers/childProcess.ts";

const RESIDENTS = 300;
let dataDir = "";
let template: TownTemplate;
const closing: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-people-first-"));
  const made = await makeTownFolder({
    residents: RESIDENTS,
    seed: 3,
    outDir: path.join(dataDir, "towns", "t300"),
  });
  template = await loadTemplate(made.dir);
}, 120_000);
afterAll(async () => {
  await Promise.all(closing.splice(0).map((m) => m.close()));
  removeFolder(dataDir);
});

/** The mind as the Town sees it, counting the residents' thoughts done and when people's answers came. */
function watched(mind: Mind) {
  const seen = { asked: 0, done: 0, heard: [] as number[], interviewed: [] as number[] };
  const proxy = new Proxy(mind, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (typeof v !== "function") return v;
      const fn = (v as (...a: unknown[]) => unknown).bind(target);
      const count = (into: () => void) => (input: unknown) => {
        const answer = fn(input) as Promise<unknown>;
        void answer.finally(into).catch(() => {});
        return answer;
      };
      if (key === "tick")
        return (input: unknown) => {
          seen.asked++;
          return count(() => seen.done++)(input);
        };
      if (key === "hear") return count(() => seen.heard.push(seen.done));
      if (key === "answerInterview") return count(() => seen.interviewed.push(seen.done));
      return fn;
    },
  });
  return { mind: proxy, seen };
}

async function peopleAsk(mind: Mind) {
  const w = watched(mind);
  const town = new Town({
    template: template.key,
    map: template.map,
    personas: template.personas,
    mind: w.mind,
    mode: "live",
    seed: 3,
    mindTimeoutMs: 600_000,
  });
  expect(
    town.apply({ kind: "joinAvatar", avatarId: "jane", name: "Jane", role: "visitor" }).ok,
  ).toBe(true);
  const jane = () => town.avatarViews().find((a) => a.id === "jane")!;
  // Jane walks up to the resident nearest to her (the residents stand at home till they think).
  const dist = (a: { x: number; y: number }) => Math.abs(a.x - jane().x) + Math.abs(a.y - jane().y);
  const target = town.agentViews().sort((a, b) => dist(a) - dist(b))[0];
  expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: target.x, y: target.y }).ok).toBe(
    true,
  );
  for (let i = 0; i < 2_000 && !inTalkRange(jane(), target); i++) town.tickHumans(100);
  expect(inTalkRange(jane(), target), "Jane reached the resident").toBe(true);

  // The town's first step: every resident starts thinking (planning its day).
  await town.advance();
  const backlog = w.seen.asked;
  expect(backlog).toBeGreaterThanOrEqual(RESIDENTS);
  expect(w.seen.done, "most residents are still thinking").toBeLessThan(backlog / 4);

  expect(
    town.apply({ kind: "say", avatarId: "jane", agentId: target.id, text: "Hello there!" }).ok,
  ).toBe(true);
  const other = town.agentViews().find((a) => a.id !== target.id)!;
  expect(
    town.apply({
      kind: "interview",
      avatarId: "jane",
      agentId: other.id,
      question: "What are you doing today?",
      interviewer: "Jane",
      offTheRecord: false,
    }).ok,
  ).toBe(true);

  // Real time passes (no more steps): the answer is said to Jane.
  let reply: TownEvent | undefined;
  let doneAtReply = -1;
  // A poll: real time must pass for the minds to work.
  for (let i = 0; i < 12_000 && !reply; i++) {
    await new Promise((r) => setTimeout(r, 5));
    reply = [...town.takeAnswers(), ...town.tickHumans(5)].find(
      (e) => e.kind === "said" && e.speaker === target.id && e.listener === "jane",
    );
    if (reply) doneAtReply = w.seen.done;
  }
  expect(reply, `${target.name} answered Jane (${JSON.stringify(w.seen)})`).toBeDefined();
  // A poll, as above.
  for (let i = 0; i < 30_000 && w.seen.interviewed.length === 0; i++)
    await new Promise((r) => setTimeout(r, 5));
  // Then the backlog is let through (a poll), to show how long it was.
  for (let i = 0; i < 60_000 && w.seen.done < backlog; i++)
    await new Promise((r) => setTimeout(r, 5));
  return { backlog, doneAtReply, seen: w.seen };
}

describe("a person talking to a resident of a busy town", () => {
  for (const where of ["the minds' thread", "the room's thread"] as const) {
    it(`is answered before the residents' own thinking queued ahead (${where})`, async () => {
      const mind =
        where === "the minds' thread"
          ? await MindThread.start({
              personas: template.personas,
              addresses: template.map.addresses(),
              env: {},
              journal: false,
              turns: true,
            })
          : new GenerativeMind({
              gateway: new TurnTakingGateway(new OfflineGateway()),
              personas: template.personas,
              addresses: template.map.addresses(),
            });
      if (mind instanceof MindThread) closing.push(mind);
      const { backlog, doneAtReply, seen } = await peopleAsk(mind);
      console.log(
        `${where}: ${backlog} thoughts queued; the hello answered with ${seen.heard[0]} done ` +
          `(said to Jane with ${doneAtReply}), the interview with ${seen.interviewed[0]}; all done: ${seen.done}`,
      );
      expect(seen.done, "the backlog went through in the end").toBe(backlog);
      // The answers came while at least three quarters of the residents were still thinking.
      expect(seen.heard[0]).toBeLessThan(backlog / 4);
      expect(doneAtReply).toBeLessThan(backlog / 4);
      expect(seen.interviewed[0]).toBeLessThan(backlog / 4);
    }, 300_000);
  }
});
