// Small helpers every benchmark shares: timing, percentiles, and the machine it ran on.
import os from "node:os";

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samples: number[]): {
  median: number;
  p99: number;
  mean: number;
  n: number;
} {
  const s = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(s, 50),
    p99: percentile(s, 99),
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    n: s.length,
  };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown cpu";
  return `${cpu} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}

export const fmt = (ms: number) =>
  ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(3)} ms`;
