// `npm start`: one server, one town, one port.
import { pino } from "pino";
import { startServer } from "./app.ts";
import { readConfig, SHUTDOWN_LIMIT_MS } from "./config.ts";

const config = readConfig();
const log = pino({ level: config.LOG_LEVEL });
try {
  const server = await startServer(config, log);
  // One write: whoever reads the output (a script, a test) sees the summary with the address.
  console.log(
    [`Simulacra is running at ${server.url}`, ...server.summary.map((line) => `  ${line}`)].join(
      "\n",
    ),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: saving the town and stopping`);
    // A shutdown that cannot finish (a stuck connection) must not keep the process alive.
    setTimeout(() => {
      console.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await server.close().catch((err: unknown) => log.error({ err }, "shutdown failed"));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (e) {
  console.error(`Simulacra could not start: ${(e as Error).message}`);
  process.exit(1);
}
