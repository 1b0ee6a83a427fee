// Relationship density (the paper's §7.1.2): every resident is asked about every other; an edge
// joins two residents who know each other (mutual knowledge, as the paper defines its graph), and
// η = 2|E| / (|V|(|V|−1)). One-sided knowing is reported beside it.
import type { Density } from "../../shared/evalReport.ts";
export interface KnowsPair {
  from: string;
  to: string;
  knows: boolean;
}

export function relationshipDensity(
  residents: readonly string[],
  pairs: readonly KnowsPair[],
): Density {
  const knows = new Set(pairs.filter((p) => p.knows).map((p) => `${p.from}\n${p.to}`));
  const edges: [string, string][] = [];
  const ids = [...residents].sort();
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      if (knows.has(`${ids[i]}\n${ids[j]}`) && knows.has(`${ids[j]}\n${ids[i]}`))
        edges.push([ids[i], ids[j]]);
    }
  }
  const v = ids.length;
  return {
    eta: v > 1 ? (2 * edges.length) / (v * (v - 1)) : 0,
    vertices: v,
    edges,
    oneSided: knows.size,
  };
}
