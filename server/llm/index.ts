// The one door to language models: `makeGateway(config)` gives the offline engine when nothing
// is configured, else the OpenAI-compatible gateway (which still answers offline for whatever is
// not configured: prompts without LLM_MODEL, embeddings without EMBEDDING_MODEL).
import { describeEngine, readLlmConfig, type LlmConfig } from "./config.ts";
import { OfflineGateway, type OfflineGatewayOptions } from "./offlineGateway.ts";
import { OpenAIGateway, type OpenAIGatewayOptions } from "./openaiGateway.ts";
import type { Gateway } from "./prompt.ts";

export type MakeGatewayOptions = OpenAIGatewayOptions & Pick<OfflineGatewayOptions, "meter">;

export function makeGateway(
  config: LlmConfig = readLlmConfig(),
  options: MakeGatewayOptions = {},
): Gateway {
  if (!config.chat && !config.embedding)
    return new OfflineGateway({ meter: options.meter, prices: config.prices });
  return new OpenAIGateway(config, options);
}

export { describeEngine, readLlmConfig };
export type { LlmConfig };
export type {
  ChatMessage,
  Gateway,
  GatewayLoad,
  GatewayView,
  LlmMetrics,
  Prompt,
  PromptMetrics,
  Tier,
} from "./prompt.ts";
export type { ResponseCache, EmbeddingCache, KeyValueCache } from "./cache.ts";
export { LruCache } from "./cache.ts";
export { OfflineGateway } from "./offlineGateway.ts";
export { OpenAIGateway } from "./openaiGateway.ts";
export { emptyLlmMetrics, sumMetrics } from "./metrics.ts";
export { hashEmbed, HASH_EMBEDDING_DIMS } from "./hashEmbedding.ts";
