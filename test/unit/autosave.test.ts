// When autosaves fall due: every N steps from the last one taken; a live room steps on while a
// slow write is still going (and saves at a later step), a headless run waits for it, so a kill -9
// never loses more than one interval. The store here is a stand-in whose writes take a while
// (the real databases are in test/integration/saves.test.ts and memory-rows.test.ts).
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { ScriptedMind } from "../../server/agents/scriptedMind.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { Autosave } from "../../server/store/autosave.ts";
import type { Store } from "../../server/store/store.ts";
import { Town } from "../../server/world/town.ts";
import { sleep } from "../helpers/wait.ts";

const template = await loadTemplate("base-3");
const silent = pino({ level: "silent" });

/** A store whose writes take `ms` (and fail while `failing`), recording the steps it saved. */
function slowStore(ms: number) {
  const saved: number[] = [];
  const store: Store & { saved: number[]; failing: boolean } = {
    kind: "embedded",
    saved,
    failing: false,
    ensureTown: () => Promise.reject(new Error("not used")),
    latestSnapshot: () => Promise.resolve(null),
    close: () => Promise.resolve(),
    async saveSnapshot(_town, step) {
      await sleep(ms); // time on purpose: a database write that takes time
      if (store.failing) throw new Error("the database is gone");
      saved.push(step);
    },
  };
  return store;
}

/** Steps a town `steps` times, `pause` ms apart (0: as fast as it goes), autosaving every 10 steps. */
async function run(
  steps: number,
  store: Store,
  waitWhenBehind: boolean,
  pause = 0,
): Promise<Autosave> {
  const town = new Town({
    template: template.key,
    map: template.map,
    personas: template.personas,
    mind: new ScriptedMind(),
    mode: "lockstep",
  });
  const autosave = new Autosave(town, store, "t", 10, silent, undefined, { waitWhenBehind });
  for (let i = 0; i < steps; i++) {
    await town.advance();
    await autosave.afterStep();
    if (pause) await sleep(pause); // time on purpose: steps paced in real time
  }
  await autosave.save();
  return autosave;
}

const gaps = (steps: number[]) => steps.slice(1).map((s, i) => s - steps[i]);

describe("autosave", () => {
  it("saves every N steps when writes keep up", async () => {
    const store = slowStore(0);
    await run(60, store, false, 3);
    expect(store.saved).toEqual([10, 20, 30, 40, 50, 60, 60]);
  });

  it("a headless run waits for a slow write when the next save is due: no gap longer than N", async () => {
    const store = slowStore(40);
    await run(100, store, true);
    expect(
      gaps(store.saved).every((g) => g <= 10),
      `saved at ${store.saved.join(", ")}`,
    ).toBe(true);
    expect(store.saved.slice(0, 10)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it("a live room steps on while a slow write goes on, and saves at a later step", async () => {
    const store = slowStore(200);
    await run(100, store, false);
    expect(store.saved.length).toBeLessThan(10);
    expect(Math.max(...gaps(store.saved)), `saved at ${store.saved.join(", ")}`).toBeGreaterThan(
      10,
    );
  });

  it("retries a failed save at the next step, then keeps its interval", async () => {
    const store = slowStore(0);
    store.failing = true;
    const town = new Town({
      template: template.key,
      map: template.map,
      personas: template.personas,
      mind: new ScriptedMind(),
      mode: "lockstep",
    });
    const autosave = new Autosave(town, store, "t", 10, silent, undefined, {
      waitWhenBehind: true,
    });
    for (let i = 0; i < 12; i++) {
      await town.advance();
      await autosave.afterStep();
      await sleep(5); // time on purpose: steps paced so the failed write settles between them
    }
    expect(store.saved).toEqual([]);
    expect(autosave.savedStep).toBe(0);
    store.failing = false;
    for (let i = 0; i < 20; i++) {
      await town.advance();
      await autosave.afterStep();
      await sleep(5); // time on purpose: as above
    }
    expect(store.saved).toEqual([13, 23]);
  });
});
