// The worker's side of threadClient.ts: replies that always arrive.
import { parentPort } from "node:worker_threads";
import type { Ready, Reply } from "./threadClient.ts";

/** The port to the main thread (a module that imports this runs in a worker). */
export function mainPort(): NonNullable<typeof parentPort> {
  if (!parentPort) throw new Error("this module runs in a worker thread");
  return parentPort;
}

/** Posts a reply; one that cannot be cloned is answered with the reason instead (never left hanging). */
export function sendReply<R extends Reply | Ready>(r: R, what: string): void {
  const port = mainPort();
  try {
    port.postMessage(r);
  } catch (err) {
    port.postMessage({
      id: r.id,
      ok: false,
      ...(r.id === 0 ? { ready: false } : {}),
      error: {
        message: `${what}'s answer could not be sent: ${(err as Error).message}`,
        name: "Error",
      },
    });
  }
}
