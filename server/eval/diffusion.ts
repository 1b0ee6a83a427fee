// Information diffusion (the paper's §7.1.1): the share of residents whose answer shows they know
// a study's fact, at each time it was asked.
import type { DiffusionPoint } from "../../shared/evalReport.ts";
export interface Asked {
  resident: string;
  knows: boolean;
}

export function diffusionPoint(time: number, asked: readonly Asked[]): DiffusionPoint {
  const residents = asked
    .filter((a) => a.knows)
    .map((a) => a.resident)
    .sort();
  return {
    time,
    informed: residents.length,
    total: asked.length,
    share: asked.length ? residents.length / asked.length : 0,
    residents,
  };
}
