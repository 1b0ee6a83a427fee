// Several towns in one process: each its own room with its own clock, listed for the join dialog,
// joined by name; a moderator hosts another one while the server runs (POST /api/towns).
import { Client, type Room } from "@colyseus/sdk";
import { describe, expect, it } from "vitest";
import { OpsReport } from "../../shared/api.ts";
import type { TownState } from "../../shared/state.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";

const TOKEN = "sesame";
const t = useTestServer({ TOWNS: "alpha=base-3, beta=base-3", MODERATOR_TOKEN: TOKEN });

async function join(
  name: string,
  options: Record<string, unknown> = {},
): Promise<Room<any, TownState>> {
  const room = await new Client(t.server.url).joinOrCreate<TownState>("town", { name, ...options });
  t.rooms.push(room);
  await waitFor(
    `${name}'s state`,
    () => room.state?.agents?.size > 0 && room.state.avatars.get(room.sessionId),
  );
  return room;
}

const get = async (p: string) => {
  const res = await fetch(`${t.server.url}${p}`);
  return { status: res.status, body: await res.json() };
};
const post = async (p: string, body: unknown, token: string | null = TOKEN) => {
  const res = await fetch(`${t.server.url}${p}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

describe("several towns in one process", () => {
  it("says at start-up which towns it hosts, and lists them for the join dialog", async () => {
    const summary = t.server.summary.join("\n");
    expect(summary).toMatch(/town: alpha \(template base-3, 3 residents\) new, the default/);
    expect(summary).toMatch(/town: beta \(template base-3, 3 residents\) new/);
    const { body: towns } = await get("/api/towns");
    expect(towns.map((t: any) => t.name)).toEqual(["alpha", "beta"]);
    expect(towns[0]).toMatchObject({
      name: "alpha",
      template: "base-3",
      residents: 3,
      primary: true,
      here: true,
      clients: 0,
    });
    expect(towns[1]).toMatchObject({ name: "beta", primary: false, here: true });
    const { body: health } = await get("/api/health");
    expect(health).toMatchObject({ ok: true, town: "alpha", towns: ["alpha", "beta"] });
    // The operations view times each town's steps and names each room's town.
    const ops = await waitFor("both towns to step", async () => {
      // The answer keeps its contract (shared/api.ts), as the ops page and a script read it.
      const body = OpsReport.parse((await get("/api/ops")).body);
      return body.towns.length === 2 && body.towns.every((t) => t.step.count > 2)
        ? body
        : undefined;
    });
    expect(ops.towns.map((t) => t.name)).toEqual(["alpha", "beta"]);
    expect(ops.clients.rooms.map((r) => r.town).sort()).toEqual(["alpha", "beta"]);
    expect(ops.step.current).toBe(ops.towns[0].step.current);
  });

  it("each town is its own room: people meet only those in the same town", async () => {
    const ann = await join("Ann"); // names no town: the default one
    const bob = await join("Bob", { town: "beta" });
    const cid = await join("Cid", { town: "beta" });
    expect(ann.state.name).toBe("alpha");
    expect(bob.state.name).toBe("beta");
    expect(bob.roomId).not.toBe(ann.roomId);
    expect(cid.roomId).toBe(bob.roomId);
    await waitFor("Cid sees Bob", () => cid.state.avatars.get(bob.sessionId));
    expect(bob.state.avatars.get(ann.sessionId)).toBeUndefined();
    expect(ann.state.avatars.size).toBe(1);
    const towns = await waitFor("the list to count people", async () => {
      const { body } = await get("/api/towns");
      return body.find((t: any) => t.name === "beta")?.clients === 2 ? body : undefined;
    });
    expect(towns.find((t: any) => t.name === "alpha").clients).toBe(1);
  });

  it("each town has its own clock: pausing one leaves the other running", async () => {
    const mod = await join("Mo", { town: "beta", role: "moderator", token: TOKEN });
    const watcher = await join("Wes"); // alpha
    mod.send("control", { action: "pause" });
    await waitFor("beta paused", () => mod.state.clock.running === false);
    const betaStep = mod.state.clock.step;
    const alphaStep = watcher.state.clock.step;
    await waitFor("alpha to step on", () => watcher.state.clock.step >= alphaStep + 5, 10_000);
    expect(watcher.state.clock.running).toBe(true);
    expect(mod.state.clock.step).toBe(betaStep);
    mod.send("control", { action: "resume" });
    await waitFor("beta to step again", () => mod.state.clock.step > betaStep, 10_000);
  });

  it("the inspector's API answers for the town asked", async () => {
    const beta = t.server.towns.host("beta")!;
    const id = beta.town.agentViews()[0].id;
    const { status, body } = await get(`/api/agents/${id}?town=beta&limit=3`);
    expect(status).toBe(200);
    expect(body.id).toBe(id);
    expect((await get("/api/agents?town=beta")).body).toHaveLength(3);
    const missing = await get(`/api/agents/${id}?town=nowhere`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/no town "nowhere" is running/);
  });

  it("refuses to join a town that is not there, with the reason", async () => {
    await expect(
      new Client(t.server.url).joinOrCreate("town", { name: "Zed", town: "nowhere" }),
    ).rejects.toThrow(/no town "nowhere"/);
    // The refusal made no room.
    expect((await get("/api/towns")).body.map((t: any) => t.name)).toEqual(["alpha", "beta"]);
  });

  it("a moderator hosts another town while the server runs; people can join it at once", async () => {
    expect((await post("/api/towns", { name: "gamma", template: "base-3" }, null)).status).toBe(
      401,
    );
    expect((await post("/api/towns", { name: "gamma", template: "base-3" }, "wrong")).status).toBe(
      403,
    );
    const bad = await post("/api/towns", { name: "no spaces allowed" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/name/);
    const unknown = await post("/api/towns", { name: "delta", template: "base-999" });
    expect(unknown.status).toBe(404);
    expect((await post("/api/towns", { name: "nothing-of-that-name" })).status).toBe(404);

    const made = await post("/api/towns", { name: "gamma", template: "base-3" });
    expect(made.status).toBe(201);
    // A new town is a folder of its own under DATA_DIR/towns (a copy of the template's files).
    expect(made.body).toMatchObject({
      name: "gamma",
      template: "gamma",
      residents: 3,
      here: true,
      primary: false,
    });
    const again = await post("/api/towns", { name: "gamma", template: "base-3" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    // A name taken by a town of another template is refused, not overwritten.
    const alphaAsOther = await post("/api/towns", { name: "alpha", template: "base-25" });
    expect(alphaAsOther.status).toBe(409);

    const dee = await join("Dee", { town: "gamma" });
    expect(dee.state.name).toBe("gamma");
    const step = dee.state.clock.step;
    await waitFor("gamma's clock to run", () => dee.state.clock.step > step + 2, 10_000);
    expect((await get("/api/towns")).body.map((t: any) => t.name)).toEqual([
      "alpha",
      "beta",
      "gamma",
    ]);
  });

  it("a fork of a town is hosted as a town of its own", async () => {
    const fork = await post("/api/saves", { from: "beta", name: "beta-fork" });
    expect(fork.status).toBe(201);
    const hosted = await post("/api/towns", { name: "beta-fork" });
    expect(hosted.status).toBe(201);
    const eve = await join("Eve", { town: "beta-fork" });
    const beta = t.server.towns.host("beta")!;
    // It starts where beta stood when it was forked.
    expect(eve.state.clock.step).toBeGreaterThan(0);
    expect(eve.state.clock.step).toBeLessThanOrEqual(beta.town.step);
    expect(eve.state.template).toBe("base-3");
  });

  it("saves every town at shutdown; the next start resumes each, saves named without their template", async () => {
    const before = Object.fromEntries(
      ["alpha", "beta", "gamma"].map((n) => [n, t.server.towns.host(n)!.town.step]),
    );
    const next = await t.restart({ TOWNS: "alpha, beta, gamma", MODERATOR_TOKEN: TOKEN });
    const summary = next.summary.join("\n");
    for (const [name, step] of Object.entries(before)) {
      // Saved as it stood at the shutdown (it may have stepped on while the server closed).
      const resumed = new RegExp(
        `town: ${name} \\(template ${name === "gamma" ? "gamma" : "base-3"}, 3 residents\\) resumed at step (\\d+)`,
      ).exec(summary);
      expect(resumed, summary).not.toBeNull();
      expect(Number(resumed![1])).toBeGreaterThanOrEqual(step);
      expect(step).toBeGreaterThan(0);
    }
  });
});
