// `npm run eval` end to end on the small scenario (garden-3): as a person runs it (a child
// process on a temp embedded database, the offline engine), and in-process against the local
// fake OpenAI-compatible server, where a model that fails every call marks the run.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { EvalReport } from "../../shared/evalReport.ts";
import { runEval } from "../../server/eval/evaluate.ts";
import { loadScenario } from "../../server/eval/scenario.ts";
import { makeGateway, readLlmConfig } from "../../server/llm/index.ts";
import { openStore } from "../../server/store/open.ts";
import { allMemories } from "../../server/store/memories.ts";
import { RecordingStore } from "../../server/store/recordings.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { FakeOpenAI } from "../helpers/fakeOpenAI.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SLOW = 180_000;

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      !/^(LLM_|EMBEDDING_|OPENAI_|OPENROUTER_|DATABASE_URL|DATA_DIR|EVALS_DIR|TOWN|AUTOSAVE)/.test(
        k,
      )
    )
      env[k] = v;
  return { ...env, ...extra };
}

function evalCli(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "server/cli/eval.ts"), ...args],
      { cwd: ROOT, env, timeout: 150_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
      },
    );
  });
}

const dirs: string[] = [];
const tmp = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `simulacra-eval-${label}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("npm run eval on the offline engine (garden-3)", () => {
  it(
    "runs the small scenario end to end: a recorded save, every measure, every judgement with its reason",
    { timeout: SLOW },
    async () => {
      const dir = tmp("cli");
      const env = cleanEnv({
        DATA_DIR: path.join(dir, "data"),
        EVALS_DIR: path.join(dir, "evals"),
      });
      const run = await evalCli(["--scenario", "garden-3", "--id", "ci1"], env);
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/diffusion apple-tree planting: 33% →/);
      expect(run.stdout).toMatch(/replays: \/replay\/\w+/);

      const report = EvalReport.parse(
        JSON.parse(readFileSync(path.join(dir, "evals", "ci1", "report.json"), "utf8")),
      );
      const html = readFileSync(path.join(dir, "evals", "ci1", "report.html"), "utf8");
      expect(report.engine).toBe("offline");
      expect(report.judge).toMatch(/offline rubric/);
      expect(report.fallbackMarked).toBe(false);
      const seed = report.seeds[0];

      // Diffusion: a clean start (the whisper's recipient alone knows), asked at 0, 6, 12 and 12.5 hours.
      const [planting] = seed.diffusion;
      expect(planting.points.map((p) => (p.time - planting.points[0].time) / 3_600_000)).toEqual([
        0, 6, 12, 12.5,
      ]);
      expect(planting.points[0].residents).toEqual(["edmund"]);
      for (const p of planting.points) expect(p.residents).toContain("edmund");

      // Relationships: every ordered pair asked twice (3 × 2 × 2), η within [0, 1], end at least the start
      // (nobody forgets a neighbour in half a day).
      expect(seed.judgements.filter((j) => j.kind === "relationship")).toHaveLength(12);
      expect(seed.density!.end.eta).toBeGreaterThanOrEqual(seed.density!.start.eta);
      expect(seed.density!.end.eta).toBeLessThanOrEqual(1);

      // Every verdict is kept with its reason; "knows" claims are checked against the memory stream.
      for (const j of seed.judgements) expect(j.reason.length).toBeGreaterThan(10);
      expect(seed.hallucination.facts.claims).toBe(
        seed.judgements.filter(
          (j) => j.kind === "diffusion" && j.knows && planting.points.at(-1)!.time === j.time,
        ).length,
      );

      // The battery: 3 residents × 4 conditions × 25 questions, 6 pairwise judgements each, four ratings;
      // answering from memory beats answering with none.
      expect(seed.battery!.answers).toHaveLength(3 * 4 * 25);
      expect(seed.judgements.filter((j) => j.kind === "battery")).toHaveLength(18);
      const mu = Object.fromEntries(seed.battery!.ratings.map((r) => [r.condition, r.mu]));
      expect(Object.keys(mu).sort()).toEqual([
        "full",
        "no memory",
        "no reflection",
        "no reflection, no planning",
      ]);
      expect(mu.full).toBeGreaterThan(mu["no memory"]);
      const noMemory = seed.battery!.answers.filter(
        (a) => a.condition === "no memory" && a.category === "memory",
      );
      expect(noMemory.every((a) => !/Willow Green/.test(a.answer))).toBe(true);

      // The run is a recorded save of its own: the recording plays it from step 0 to the end.
      const store = await openStore({ dataDir: path.join(dir, "data", "db") });
      try {
        expect(await store.findTown("eval-ci1-s1")).toBeTruthy();
        const rec = await new RecordingStore(store).get(seed.recording);
        expect(rec).toMatchObject({ save: "eval-ci1-s1" });
        expect((rec as unknown as { steps: number }).steps).toBeGreaterThanOrEqual(seed.steps);
        // Saved as any town's autosave: the memories are rows (the read API pages them), the
        // snapshot holds each stream's head and the rows' mark.
        const town = (await store.findTown("eval-ci1-s1"))!;
        const snap = (await store.prisma.snapshot.findFirst({
          where: { townId: town.id },
          orderBy: { step: "desc" },
        }))!;
        expect(snap.mark).not.toBeNull();
        const heads = (
          snap.data as { mind: { agents: { id: string; memory: { size: number } }[] } }
        ).mind.agents;
        for (const a of heads)
          expect((await allMemories(store.prisma, "eval-ci1-s1", a.id)).length, a.id).toBe(
            a.memory.size,
          );
        expect(heads.find((a) => a.id === "edmund")!.memory.size).toBeGreaterThan(0);
      } finally {
        await store.close();
      }

      // The page: the summary beside the paper, the replay link, the judgements.
      expect(html).toMatch(/<table id="summary">/);
      expect(html).toContain(`/replay/${seed.recording}`);
      expect(html).toMatch(/paper 29\.89/);
      expect(html).not.toMatch(/<script/i);

      // Running again under the same id refuses instead of overwriting the saves.
      const again = await evalCli(["--scenario", "garden-3", "--id", "ci1"], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/exists already/);
    },
  );

  it(
    "--estimate prints calls, tokens and cost from a dry run, and writes nothing",
    { timeout: SLOW },
    async () => {
      const dir = tmp("estimate");
      const env = cleanEnv({
        DATA_DIR: path.join(dir, "data"),
        EVALS_DIR: path.join(dir, "evals"),
        LLM_PRICE_IN: "0.15",
        LLM_PRICE_OUT: "0.6",
      });
      const run = await evalCli(["--scenario", "garden-3", "--seeds", "2", "--estimate"], env);
      expect(run.code).toBe(0);
      const calls = Number(/calls: (\d+)/.exec(run.stdout)?.[1]);
      expect(calls).toBeGreaterThan(100);
      expect(run.stdout).toMatch(/tokens: \d+ in, \d+ out/);
      expect(run.stdout).toMatch(/cheap \$\d+\.\d\d, strong \$\d+\.\d\d, total \$\d+\.\d\d/);
      expect(() => readFileSync(path.join(dir, "evals"))).toThrow();
    },
  );

  it("a missing or broken scenario is a clear error", { timeout: SLOW }, async () => {
    const dir = tmp("bad");
    const env = cleanEnv({ DATA_DIR: path.join(dir, "data"), EVALS_DIR: path.join(dir, "evals") });
    const missing = await evalCli(["--scenario", "no-such-scenario"], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no-such-scenario\.json: cannot be read \(ENOENT\)/);
    const file = path.join(dir, "broken.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "b",
        town: "base-3",
        hours: 1,
        whispers: [{ resident: "nobody", text: "hi" }],
      }),
    );
    const broken = await evalCli(["--scenario", file, "--id", "b"], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/whisper to "nobody", who does not live in base-3/);
  });
});

describe("the eval against an OpenAI-compatible server (local fake)", () => {
  async function evalOn(behaviour: FakeOpenAI["behaviour"]) {
    const model = await new FakeOpenAI().start();
    model.behaviour = behaviour;
    const gateway = makeGateway(
      readLlmConfig({
        LLM_BASE_URL: model.url,
        LLM_MODEL: "fake-cheap",
        LLM_MODEL_STRONG: "fake-strong",
        LLM_MAX_RETRIES: "0",
        LLM_BACKOFF_BASE_MS: "0",
        LLM_TIMEOUT_MS: "5000",
      }),
      { log: pino({ level: "silent" }) },
    );
    const dir = tmp(`fake-${behaviour}`);
    const store = await openStore({ dataDir: path.join(dir, "db") });
    try {
      const scenario = await loadScenario("garden-3");
      const report = await runEval({
        id: `fake-${behaviour}`,
        scenario,
        template: await loadTemplate(scenario.town),
        seeds: [7],
        gateway,
        store,
        outDir: path.join(dir, "out"),
        autosaveSteps: 600,
        log: pino({ level: "silent" }),
        judge: "model fake-strong",
      });
      return {
        report,
        requests: model.chatRequests,
        html: readFileSync(path.join(dir, "out", "report.html"), "utf8"),
      };
    } finally {
      await store.close();
      await gateway.close();
      await model.close();
    }
  }

  it(
    "runs the small scenario on the model: the judge is the strong model, its verdicts kept",
    { timeout: SLOW },
    async () => {
      const { report, requests, html } = await evalOn("schema-nonsense");
      expect(html).not.toMatch(/id="fallback-mark"/);
      expect(requests).toBeGreaterThan(300);
      expect(report.engine).toBe("fake-cheap");
      expect(report.fallbackMarked).toBe(false);
      const seed = report.seeds[0];
      expect(seed.fallbackRate).toBeLessThanOrEqual(0.01);
      // The fake model says "false" and "x" to everything: nobody knows anything, and the verdicts say why.
      expect(
        seed.judgements
          .filter((j) => j.kind === "diffusion")
          .every((j) => j.knows === false && j.reason === "x"),
      ).toBe(true);
      expect(seed.battery!.answers.every((a) => a.answer === "x")).toBe(true);
      expect(report.llm.calls).toBeGreaterThan(300);
    },
  );

  it(
    "marks a run where more than 1% of answers fell back to the offline engine",
    { timeout: SLOW },
    async () => {
      const { report, html } = await evalOn("error");
      expect(report.seeds[0].fallbackRate).toBeGreaterThan(0.01);
      expect(report.fallbackMarked).toBe(true);
      expect(html).toMatch(/id="fallback-mark"/);
    },
  );
});
