// A worker thread's first module: the server runs TypeScript through tsx, which registers itself
// on the main thread only, so a worker registers it here and then loads its TypeScript entry.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
