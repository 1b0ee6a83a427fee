// A page outlives its server (issue 30): the real server as a child process, restarted on the same
// port and data folder, first with SIGTERM (it tells the page it is restarting, saves, exits), then
// with kill -9 (it says nothing). The page's link (client/link.ts, as the browser uses it) waits
// and joins the same town again with the same name and role, without being asked.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { TownLink, type LinkStatus } from "../../client/link.ts";
import type { ServerMessages } from "../../shared/messages.ts";
import { removeFolder, stopChild } from "../helpers/childProcess.ts";
import { freePort, startServerProcess, type ServerProcess } from "../helpers/serverProcess.ts";
import { waitFor } from "../helpers/wait.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-rejoin-"));
const servers: ServerProcess[] = [];
const links: TownLink[] = [];
afterAll(async () => {
  await Promise.all(links.map((l) => l.leave().catch(() => undefined)));
  await Promise.all(servers.map((s) => stopChild(s.child, { group: true, signal: "SIGKILL" })));
  removeFolder(dataDir);
});

async function start(port: number): Promise<ServerProcess> {
  const s = await startServerProcess(
    { HOST: "127.0.0.1", REPORTER_TOKEN: "press", STEPS_PER_SECOND: "5" },
    45_000,
    { dataDir, port },
  );
  servers.push(s);
  return s;
}

it("after SIGTERM and after kill -9 the page rejoins the same town with the same name and role", async () => {
  const port = await freePort();
  const first = await start(port);
  const link = await TownLink.join(first.url, { name: "Rita", role: "reporter", token: "press" });
  links.push(link);
  const statuses: LinkStatus["kind"][] = [];
  link.onStatus((s) => statuses.push(s.kind));
  const closing: ServerMessages["server_closing"][] = [];
  link.onMessage("server_closing", (m: ServerMessages["server_closing"]) => closing.push(m));
  const said: unknown[] = [];
  link.onMessage("welcome", (m: unknown) => said.push(m));
  await waitFor("Rita in the town", () => link.state?.avatars?.get(link.sessionId));
  const town = link.state.name;

  // SIGTERM: the page is told, waits, and is back in the restarted server's town.
  await stopChild(first.child, { group: true, signal: "SIGTERM" });
  expect(closing).toMatchObject([{ restarting: true, retryMs: expect.any(Number) }]);
  await waitFor("the page waiting", () => link.status.kind === "waiting");
  const second = await start(port);
  await waitFor("Rita back", () => link.status.kind === "back", 30_000);
  expect(link.status).toEqual({ kind: "back", rejoined: true });
  const me = link.state.avatars.get(link.sessionId)!;
  expect({ name: me.name, role: me.role, town: link.state.name }).toEqual({
    name: "Rita",
    role: "reporter",
    town,
  });
  // Handlers registered before the restart follow the new room.
  await waitFor("the new room's welcome", () => said.length >= 1);

  // kill -9: nothing is said; the page finds the server gone and rejoins when it answers again.
  const step = link.state.clock.step;
  await stopChild(second.child, { group: true, signal: "SIGKILL" });
  await waitFor("the page noticing", () => link.status.kind !== "back", 15_000);
  const third = await start(port);
  const opened = Date.now();
  await waitFor("Rita back again", () => link.status.kind === "back", 30_000);
  expect(Date.now() - opened).toBeLessThan(30_000);
  expect(link.state.avatars.get(link.sessionId)).toMatchObject({ name: "Rita", role: "reporter" });
  expect(link.state.name).toBe(town);
  // The town resumed from its save, not from scratch.
  expect(link.state.clock.step).toBeGreaterThan(0);
  expect(step).toBeGreaterThan(0);
  expect(statuses).toContain("waiting");
  await stopChild(third.child, { group: true });
}, 180_000);
