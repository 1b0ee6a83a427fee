// kill -9 under 50 people (issue 30): the real server as a child process is killed while 50 page
// links (client/link.ts, as the browser uses it) are in its town; started again on the same port
// and data folder, every one of them is back in the town under the same name within 30 s of the
// new process opening it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { TownLink } from "../../client/link.ts";
import { removeFolder, stopChild } from "../helpers/childProcess.ts";
import { freePort, startServerProcess, type ServerProcess } from "../helpers/serverProcess.ts";
import { waitFor } from "../helpers/wait.ts";

const PEOPLE = 50;
const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-crash-rejoin-"));
const servers: ServerProcess[] = [];
const links: TownLink[] = [];
afterAll(async () => {
  await Promise.all(links.map((l) => l.leave().catch(() => undefined)));
  await Promise.all(servers.map((s) => stopChild(s.child, { group: true, signal: "SIGKILL" })));
  removeFolder(dataDir);
});

async function start(port: number): Promise<ServerProcess> {
  // Joins all come from one address here: let them all wait for a seat at once.
  const s = await startServerProcess(
    { HOST: "127.0.0.1", SEATS_WAITING_PER_ADDRESS: String(PEOPLE) },
    60_000,
    { dataDir, port },
  );
  servers.push(s);
  return s;
}

it("after kill -9 under 50 people, all are back in the town with their names within 30 s", async () => {
  const port = await freePort();
  const first = await start(port);
  for (let i = 0; i < PEOPLE; i++)
    links.push(await TownLink.join(first.url, { name: `Guest ${i + 1}`, role: "visitor" }));
  await waitFor("everyone in the town", () =>
    links.every((l) => l.state?.avatars?.get(l.sessionId)),
  );
  const before = links.map((l) => l.sessionId);

  await stopChild(first.child, { group: true, signal: "SIGKILL" });
  await waitFor("every page noticing", () => links.every((l) => l.status.kind !== "connected"));
  await start(port);
  const opened = Date.now();
  await waitFor(
    "everyone back",
    () => links.every((l) => l.status.kind === "back" && l.state.avatars.get(l.sessionId)),
    30_000,
    100,
  );
  const took = Date.now() - opened;
  expect(took).toBeLessThan(30_000);
  const names = links.map((l) => l.state.avatars.get(l.sessionId)!.name);
  expect(names).toEqual(links.map((_, i) => `Guest ${i + 1}`));
  // New sessions in the new process, and each sees all the others.
  expect(links.map((l) => l.sessionId)).not.toEqual(before);
  // (The last one back reaches the others with the next patch: waited for, not assumed.)
  await waitFor("the first page seeing everyone", () => links[0].state.avatars.size === PEOPLE);
}, 180_000);
