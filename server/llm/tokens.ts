// Counting tokens without a model (gpt-tokenizer, o200k_base: the gpt-4o family's encoding; for
// other models it is an estimate). Used when a server reports no `usage`, and by the offline
// engine to say what a resident would cost.
//
// Counting is the expensive part of metering, while prompts repeat most of their lines: the
// persona, the instructions, the same memories step after step. So text is counted line by line
// and each line's count is cached. Cutting after each newline keeps the tokenizer's own pieces
// almost intact: the sum is within 1% of a count of the whole text (+0.6% on the benchmark's
// prompts). Measured in bench/llm-metering.bench.ts: a ~1,300-character prompt costs 30-50 µs median
// (0.1-0.6 ms p99) to count whole, a whole metered offline ask about 20 µs median.
import { countTokens } from "gpt-tokenizer";
import type { ChatMessage } from "./prompt.ts";

/** Chat framing, as in OpenAI's format: each message costs about 4 tokens more than its text,
 *  and the reply is primed with 3 (matches gpt-tokenizer's encodeChat for gpt-4o). */
export const TOKENS_PER_MESSAGE = 4;
export const TOKENS_PER_REPLY = 3;

/** Treat special-token text ("<|endoftext|>", which a visitor could type) as plain text: the
 *  tokenizer throws on it by default, and metering must never throw. */
const PLAIN = { disallowedSpecial: new Set<string>() };

/** Lines longer than this are counted without caching: they rarely repeat. */
const MAX_CACHED_LINE = 2_000;

export class TokenCounter {
  // Two generations instead of a least-recently-used order: a hit is one lookup, where an LRU's
  // delete and re-insert of a long key cost more than the count it saves once a town of a
  // thousand fills the cache (bench/RESULTS.md, "A thousand in five minutes"). A line used in the
  // last generation is brought into this one; the older generation is dropped whole.
  private hot = new Map<string, number>();
  private cold = new Map<string, number>();
  private readonly generation: number;

  /** Holds at least maxEntries / 2 and at most maxEntries lines. */
  constructor(maxEntries = 200_000) {
    this.generation = Math.max(1, Math.floor(maxEntries / 2));
  }

  /** Tokens of one piece of text. */
  text(s: string): number {
    if (s.length === 0) return 0;
    if (s.length < 64 || !s.includes("\n")) return this.line(s);
    let total = 0;
    let start = 0;
    for (;;) {
      const nl = s.indexOf("\n", start);
      if (nl < 0) {
        if (start < s.length) total += this.line(s.slice(start));
        return total;
      }
      total += this.line(s.slice(start, nl + 1));
      start = nl + 1;
    }
  }

  /** Tokens a chat request carries: the messages' texts plus the framing. */
  chat(messages: readonly ChatMessage[]): number {
    let total = TOKENS_PER_REPLY;
    for (const m of messages) total += TOKENS_PER_MESSAGE + this.text(m.content);
    return total;
  }

  private line(s: string): number {
    if (s.length > MAX_CACHED_LINE) return countTokens(s, PLAIN);
    let n = this.hot.get(s);
    if (n !== undefined) return n;
    n = this.cold.get(s) ?? countTokens(s, PLAIN);
    if (this.hot.size >= this.generation) {
      this.cold = this.hot;
      this.hot = new Map();
    }
    this.hot.set(s, n);
    return n;
  }
}
