// The same seed gives the same town: base-3 and base-25 stepped in lockstep by the offline engine,
// with people walking up to residents, talking to them (alone and in a group, until goodbye),
// interviewing, whispering and setting objects' states, give the event stream and the snapshot
// recorded in test/fixtures/town-fingerprint.json. A change meant to keep behaviour (a refactor)
// must keep these; a change of behaviour re-records them on purpose (RECORD_FINGERPRINT=1).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TownEvent } from "../../shared/events.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { buildTown } from "../../server/townFactory.ts";
import type { Town } from "../../server/world/town.ts";

const FIXTURE = new URL("../fixtures/town-fingerprint.json", import.meta.url);
const SEED = 11;

/** Walks a person's avatar to a free tile next to a resident, in real-time ticks of 250 ms. */
function walkUp(town: Town, avatarId: string, agentId: string, events: TownEvent[]): boolean {
  const a = town.agent(agentId)!;
  for (let d = 1; d <= 2; d++)
    for (let dy = -d; dy <= d; dy++)
      for (let dx = -d; dx <= d; dx++) {
        const x = a.x + dx;
        const y = a.y + dy;
        if (!town.map.isWalkable(x, y)) continue;
        const moved = town.apply({ kind: "moveAvatar", avatarId, x, y });
        events.push(...(moved.ok ? moved.events : []));
        if (!moved.ok) continue;
        for (let i = 0; i < 200; i++) {
          events.push(...town.tickHumans(250));
          const me = town.avatarViews().find((v) => v.id === avatarId);
          if (me && me.x === x && me.y === y) return true;
        }
      }
  return false;
}

/** Runs a town `steps` steps with people about; returns the events' and snapshot's digests. */
async function run(key: string, steps: number) {
  const template = await loadTemplate(key);
  const { town } = buildTown(template, {
    gateway: new OfflineGateway({ meter: false }),
    mode: "lockstep",
    seed: SEED,
  });
  const events: TownEvent[] = [];
  const command = (c: Parameters<Town["apply"]>[0]) => {
    const r = town.apply(c);
    events.push(...(r.ok ? r.events : [{ kind: "refused", code: r.code } as never]));
  };
  command({ kind: "joinAvatar", avatarId: "v1", name: "Vera", role: "visitor" });
  command({ kind: "joinAvatar", avatarId: "m1", name: "Milo", role: "moderator" });
  const ids = template.personas.map((p) => p.id);
  const objects = template.map.addresses().filter((a) => a.split(":").length === 4);
  const lines = [
    "Hello! How is your day going?",
    "Did you hear there is a party at the cafe tonight?",
    "What are you working on these days?",
    "Thanks, goodbye!",
  ];
  let talked = 0;
  for (let step = 1; step <= steps; step++) {
    events.push(...(await town.advance()));
    events.push(...town.tickHumans(500));
    const phase = step % 40;
    const agentId = ids[Math.floor(step / 40) % ids.length];
    if (phase === 5) {
      walkUp(town, "v1", agentId, events);
      walkUp(town, "m1", agentId, events);
    }
    if (phase >= 6 && phase <= 9) {
      command({ kind: "say", avatarId: "v1", agentId, text: lines[phase - 6] });
      talked++;
    }
    if (phase === 7) command({ kind: "say", avatarId: "m1", agentId, text: "May I join you two?" });
    if (phase === 12) {
      const address = objects[(step * 7) % objects.length];
      command({ kind: "setObjectState", address, state: "on fire", by: "Milo" });
    }
    if (phase === 20)
      command({
        kind: "interview",
        avatarId: "m1",
        agentId,
        question: "Who are you looking forward to seeing today?",
        interviewer: "Milo (a moderator)",
        offTheRecord: false,
      });
    if (phase === 25)
      command({
        kind: "whisper",
        avatarId: "m1",
        agentId,
        text: "You want to throw a party for the whole town",
        by: "Milo",
      });
    if (phase === 30) {
      command({ kind: "say", avatarId: "m1", agentId, text: "Bye for now!" });
      command({ kind: "setObjectState", address: objects[0], state: "idle", by: "Milo" });
    }
  }
  const snapshot = town.snapshot();
  const digest = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");
  return {
    events: events.length,
    said: events.filter((e) => e.kind === "said").length,
    talked,
    kinds: Object.fromEntries(
      [...new Set(events.map((e) => e.kind))]
        .sort()
        .map((k) => [k, events.filter((e) => e.kind === k).length]),
    ),
    eventsDigest: digest(events),
    snapshotDigest: digest(snapshot),
  };
}

const cases: [string, number][] = [
  ["base-3", 400],
  ["base-25", 400],
];

describe("the same seed gives the same town", () => {
  const recorded: Record<string, unknown> = JSON.parse(readFileSync(FIXTURE, "utf8"));
  for (const [key, steps] of cases)
    it(`${key}: ${steps} lockstep steps with people talking`, { timeout: 600_000 }, async () => {
      const got = await run(key, steps);
      // Residents answered people in this run: the fingerprint covers talks, not only walking.
      expect(got.said).toBeGreaterThan(0);
      if (process.env.RECORD_FINGERPRINT) {
        recorded[key] = got;
        writeFileSync(FIXTURE, JSON.stringify(recorded, null, 2) + "\n");
      }
      expect(got).toEqual(recorded[key]);
    });
});
