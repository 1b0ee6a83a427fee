// /api/health says ready only once the towns of start-up are open: the real server in a child
// process, asked from the first moment its port accepts connections. Before the towns open it
// answers 503 with ready:false; every 200 names the towns and the default town's step.
import { afterAll, expect, it } from "vitest";
import { Health } from "../../shared/health.ts";
import { sleep } from "../helpers/wait.ts";
import { spawnServer, type ServerProcess } from "../helpers/serverProcess.ts";

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
});

it("answers 503 ready:false until every town of start-up is open, then 200 with the towns and a step", async () => {
  server = await spawnServer({ HOST: "127.0.0.1", TOWNS: "alpha=base-3, beta=base-3" });
  const { child, url } = server;
  const out = server.output;

  const answers: { status: number; body: Health }[] = [];
  const deadline = Date.now() + 90_000;
  // From before the port opens until some answers after the first 200.
  while (answers.filter((a) => a.status === 200).length < 5) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out()}`);
    if (Date.now() > deadline) throw new Error(`no 200 from /api/health in 90 s:\n${out()}`);
    const res = await fetch(`${url}/api/health`).catch(() => undefined);
    if (res) answers.push({ status: res.status, body: Health.parse(await res.json()) });
    // Time on purpose: the test samples the answers every 20 ms to see the window before ready.
    await sleep(20);
  }

  const firstOk = answers.findIndex((a) => a.status === 200);
  const before = answers.slice(0, firstOk);
  // The port opens before the towns do: the window was seen, and each answer in it said not ready.
  expect(before.length, "answers before the towns were open").toBeGreaterThan(0);
  for (const a of before) {
    expect(a.status).toBe(503);
    expect(a.body).toMatchObject({ ok: false, ready: false, town: "alpha" });
  }
  for (const a of answers.slice(firstOk)) {
    expect(a.status, "ready stays ready").toBe(200);
    expect(a.body).toMatchObject({
      ok: true,
      ready: true,
      town: "alpha",
      towns: ["alpha", "beta"],
    });
    expect(a.body.step).toEqual(expect.any(Number));
    expect(a.body.time).toEqual(expect.any(String));
  }
}, 120_000);
