// The headless run's pieces without processes or a database: the report of a real base-3 run
// (offline engine), the loop's stop, and which resident "--agent" means.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { buildReport, SimReport, summaryLine } from "../../server/sim/report.ts";
import { findResident } from "../../server/sim/resident.ts";
import { runSteps } from "../../server/sim/run.ts";
import { UsageError } from "../../server/sim/saves.ts";
import { buildTown } from "../../server/townFactory.ts";
import { loadTemplate } from "../../server/content/template.ts";

const template = await loadTemplate("base-3");
const history = readFileSync(
  new URL("../fixtures/mind-history-base3.csv", import.meta.url),
  "utf8",
);

async function run(steps: number, stop?: () => boolean) {
  const gateway = new OfflineGateway();
  const { town, mind } = buildTown(template, { gateway, mode: "lockstep", seed: 3 });
  await mind.seedHistory(history, town.time);
  const startStep = town.step;
  const startTime = town.time;
  const result = await runSteps(town, steps, { stop });
  const report = buildReport({
    town: "unit",
    template: template.key,
    from: "template base-3",
    stepsRequested: steps,
    startStep,
    endStep: town.step,
    startTime,
    endTime: town.time,
    wallSeconds: 1.23456,
    interrupted: result.interrupted,
    engine: gateway.engine,
    agents: town.agentViews(),
    counts: (id) => mind.report(id),
    llm: gateway.metrics(),
  });
  return { town, mind, gateway, result, report };
}

describe("the report of a headless run", () => {
  it("says where the town got to, what each resident holds, and what the model would have cost", async () => {
    const { town, mind, gateway, report } = await run(240);
    expect(SimReport.parse(report)).toEqual(report); // the documented shape, nothing more
    expect(report).toMatchObject({
      town: "unit",
      steps: 240,
      startStep: 0,
      endStep: 240,
      interrupted: false,
      wallSeconds: 1.235,
      engine: "offline",
    });
    expect(report.gameTimeStart).toBe(new Date(template.map.start).toISOString());
    expect(Date.parse(report.gameTimeEnd) - Date.parse(report.gameTimeStart)).toBe(240 * 10_000);
    expect(report.agents).toHaveLength(3);
    for (const a of report.agents) {
      const view = town.agent(a.id)!;
      expect(a).toEqual({
        id: view.id,
        name: view.name,
        address: view.address,
        action: view.action,
        ...mind.report(a.id),
      });
      expect(a.memories).toBeGreaterThan(0);
    }
    // The seeded history is in the memory counts: Ines has three statements, the others two.
    expect(report.agents.find((a) => a.id === "ines")!.memories).toBeGreaterThanOrEqual(3);
    const m = gateway.metrics();
    expect(report.llm).toMatchObject({
      calls: m.calls,
      tokensIn: m.tokensIn,
      tokensOut: m.tokensOut,
      failures: 0,
      fallbacks: 0,
    });
    expect(report.llm.calls).toBeGreaterThan(0);
    expect(Object.keys(report.llm.byPrompt)).toEqual(Object.keys(m.byPrompt).sort());
    for (const [name, p] of Object.entries(report.llm.byPrompt)) {
      expect(p).toMatchObject({
        calls: m.byPrompt[name].calls,
        tokensIn: m.byPrompt[name].tokensIn,
        tokensOut: m.byPrompt[name].tokensOut,
        failures: m.byPrompt[name].failures,
      });
    }
    expect(summaryLine(report)).toMatch(/^ran 240 steps, step 0 → 240, .* llm \d+ calls/);
  });

  it("a stopped run reports the steps it took, and is marked interrupted", async () => {
    let asked = 0;
    const { report, result, town } = await run(1000, () => ++asked > 25);
    expect(result).toEqual({ done: 25, interrupted: true });
    expect(report).toMatchObject({
      steps: 25,
      stepsRequested: 1000,
      endStep: 25,
      interrupted: true,
    });
    expect(town.step).toBe(25);
    expect(summaryLine(report)).toMatch(/^interrupted after 25 steps/);
  });

  it("a headless run needs a lockstep town", async () => {
    const { town } = buildTown(template, { gateway: new OfflineGateway(), mode: "live" });
    await expect(runSteps(town, 1)).rejects.toThrow(/lockstep/);
  });
});

describe("which resident --agent means", () => {
  const people = template.personas;
  it("takes an id, a full name or a unique first name, in any case", () => {
    expect(findResident(people, "ines").id).toBe("ines");
    expect(findResident(people, "  theo   BRANDT ").id).toBe("theo");
    expect(findResident(people, "Edmund").id).toBe("edmund");
  });
  it("refuses anyone else, listing the residents", () => {
    expect(() => findResident(people, "Bob")).toThrow(UsageError);
    expect(() => findResident(people, "Bob")).toThrow(
      /no resident "Bob"\. Residents: Ines Calloway \(ines\), Theo Brandt \(theo\), Edmund Hale \(edmund\)/,
    );
    const twins = [
      { id: "a", name: "Sam One" },
      { id: "b", name: "Sam Two" },
    ];
    expect(() => findResident(twins, "sam")).toThrow(/"sam" could be several residents/);
  });
});
