// Hallucination (the paper's §7.1.1–2): of the answers judged to know something (a fact, a
// person), the share whose knowledge no memory of the resident backs.
import type { Hallucination } from "../../shared/evalReport.ts";
export interface Judged {
  knows: boolean;
  supported: boolean;
}

export function hallucination(judged: readonly Judged[]): Hallucination {
  const claims = judged.filter((j) => j.knows);
  const unsupported = claims.filter((j) => !j.supported).length;
  return {
    claims: claims.length,
    unsupported,
    rate: claims.length ? unsupported / claims.length : 0,
  };
}
