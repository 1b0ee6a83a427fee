// Mean and spread over seeds.
import type { Spread } from "../../shared/evalReport.ts";

export function spread(values: readonly number[]): Spread {
  const n = values.length;
  if (n === 0) return { mean: 0, sd: 0, min: 0, max: 0, n: 0, values: [] };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : 0;
  return { mean, sd, min: Math.min(...values), max: Math.max(...values), n, values: [...values] };
}
