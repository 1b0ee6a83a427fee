// Whether a resident's memory backs a claim (the paper's hallucination check): a fact or a person
// is supported by a whisper or thought that carries it, an observation of it, a conversation whose
// lines carry it, or a reflection whose evidence reaches such a memory. A reflection that carries
// the fact while none of its evidence does is itself unsupported: the mind made it up.
import { carries, mentions, type FactTerms } from "./terms.ts";

/** What the harness reads of a memory (the memory stream's MemoryRecord has these fields). */
export interface MemoryItem {
  readonly id: number;
  readonly type: string;
  readonly created: number;
  readonly description: string;
  readonly evidence: readonly number[];
  readonly lines?: readonly (readonly [string, string])[];
}

export type Claim = { kind: "fact"; fact: FactTerms } | { kind: "person"; name: string };

/** The text of a memory that can carry a claim: a chat's lines when it has them, else its description. */
function textOf(m: MemoryItem): string {
  return m.lines?.length
    ? m.lines.map(([who, said]) => `${who}: ${said}`).join(" ")
    : m.description;
}

function says(text: string, claim: Claim): boolean {
  return claim.kind === "fact" ? carries(text, claim.fact).carries : mentions(text, claim.name);
}

const isReflection = (m: MemoryItem) => m.type === "thought" && m.evidence.length > 0;

/**
 * The memories that support a claim, oldest first. `before`: only memories created before this
 * game time. `seed`: what the resident was born knowing (its persona), which supports too.
 */
export function supporting(
  stream: readonly MemoryItem[],
  claim: Claim,
  opts: { before?: number } = {},
): MemoryItem[] {
  const byId = new Map(stream.map((m) => [m.id, m]));
  const memo = new Map<number, boolean>();
  const supports = (m: MemoryItem, depth: number): boolean => {
    const known = memo.get(m.id);
    if (known !== undefined) return known;
    memo.set(m.id, false); // a cycle of evidence supports nothing
    let ok: boolean;
    if (isReflection(m)) {
      ok =
        depth < 8 &&
        says(m.description, claim) &&
        m.evidence.some((id) => {
          const e = byId.get(id);
          return (
            e !== undefined && (isReflection(e) ? supports(e, depth + 1) : says(textOf(e), claim))
          );
        });
    } else ok = says(textOf(m), claim);
    memo.set(m.id, ok);
    return ok;
  };
  return stream
    .filter((m) => (opts.before === undefined || m.created < opts.before) && supports(m, 0))
    .sort((a, b) => a.created - b.created || a.id - b.id);
}

/** Reflections that carry the claim with no evidence reaching a supporting memory. */
export function unsupportedReflections(stream: readonly MemoryItem[], claim: Claim): MemoryItem[] {
  const ok = new Set(supporting(stream, claim).map((m) => m.id));
  return stream.filter((m) => isReflection(m) && says(m.description, claim) && !ok.has(m.id));
}
