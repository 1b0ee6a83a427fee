// What the inspector is told about a resident (GET /api/agents/:id): where its body is and what
// it does, from the Town; persona, plan and memories, from its mind. The same answer whether the
// town runs in this process or (with Redis) in another, whose room is asked for it.
import type { AgentDetails } from "../../shared/api.ts";
import type { TownHost } from "./host.ts";

export async function agentDetails(
  host: TownHost,
  id: string,
  limit: number,
): Promise<AgentDetails | null> {
  const agent = host.town.agent(id);
  if (!agent) return null;
  const mind = await host.mind.inspect(id, { limit });
  return {
    ...agent,
    persona: mind?.persona ?? host.town.persona(id),
    currently: mind?.currently ?? "",
    plan: mind?.plan ?? null,
    memories: mind?.memories ?? [],
  };
}

export type { AgentDetails };
