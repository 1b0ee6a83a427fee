// Time to reconnect after a dropped connection (issue 30): a real server in this process, one
// person joined through a TCP proxy; each drop resets the connection (as a Wi-Fi switch does) and
// the network is back once the server has seen the drop; the time is from the reset until the SDK's
// automatic reconnection has the same session back (the room held the avatar). 20 drops with a
// second in the town between them, then 20 back to back; median and max of each.
import { matchMaker } from "@colyseus/core";
import { Client } from "@colyseus/sdk";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { startServer } from "../server/app.ts";
import { readConfig } from "../server/config.ts";
import type { TownState } from "../shared/state.ts";
import { startTcpProxy } from "../test/helpers/tcpProxy.ts";
import { machine } from "./stats.ts";

const DROPS = 20;
const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-bench-reconnect-"));
const server = await startServer(
  readConfig({ PORT: "0", HOST: "127.0.0.1", TOWN: "base-3", DATA_DIR: dataDir }),
  pino({ level: "silent" }),
);
const proxy = await startTcpProxy({ host: "127.0.0.1", port: server.port });
const room = await new Client(`http://127.0.0.1:${proxy.port}`).joinOrCreate<TownState>("town", {
  name: "Bench",
});
room.reconnection.minUptime = 0;
const session = room.sessionId;
const tick = () => new Promise((r) => setTimeout(r, 2));
const roomOnServer = () =>
  (server.towns.hostedHere.length ? matchMaker.getLocalRoomById(room.roomId) : undefined) as
    { state: TownState } | undefined;
const awayOnServer = () => roomOnServer()?.state.avatars.get(session)?.away === true;
while (!room.state?.avatars?.get(room.sessionId)) await tick();
// A moment in the town first, as a person has (a drop within the join handshake is not measured).
await new Promise((r) => setTimeout(r, 1_500));
/**
 * 20 drops; after each the person stays `stayMs` in the town before the next. With 0 the next drop
 * comes the instant the server has the session back, in the reconnection's own handshake (the
 * case Colyseus did not hold: server/rooms/heldSeats.ts).
 */
async function drops(stayMs: number): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < DROPS; i++) {
    let back = false;
    const t0 = performance.now();
    room.onReconnect.once(() => (back = true));
    proxy.cut();
    // The network is back as soon as the server has seen the drop (it holds the avatar away).
    while (!awayOnServer() && performance.now() - t0 < 10_000) await tick();
    proxy.restore();
    while (!back && performance.now() - t0 < 10_000) await tick();
    if (!back) return `drop ${i + 1}: not back within 10 s (the reconnection was refused)`;
    times.push(performance.now() - t0);
    if (room.sessionId !== session) throw new Error("a new session: the reconnection failed");
    // The next drop only once the server has it back too (its avatar no longer away).
    while (awayOnServer()) await tick();
    // Time on purpose: the person's moment in the town between drops.
    if (stayMs > 0) await new Promise((r) => setTimeout(r, stayMs));
  }
  times.sort((a, b) => a - b);
  const n = times.length;
  const median = (times[(n - 1) >> 1] + times[n >> 1]) / 2;
  return `${n} of ${DROPS} drops back: median ${median.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms, min ${times[0].toFixed(0)} ms`;
}

console.log(machine());
console.log(`reconnect, a second in the town between drops: ${await drops(1_000)}`);
console.log(`reconnect, dropped again at once (mid-handshake): ${await drops(0)}`);
room.reconnection.enabled = false;
await Promise.race([room.leave(), tick()]);
await proxy.close();
await server.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
