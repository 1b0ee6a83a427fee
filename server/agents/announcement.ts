// A moderator's announcement (server/world/town/announcements.ts) reaches a mind as a notice; the
// mind perceives it like anything it sees, so it becomes an observation memory through the
// normal path (deduped, scored for importance, retrieved when planning and talking). So does the
// news that a resident left town (server/world/town/retireResident.ts), for those who knew of it.
import { Address } from "../../shared/address.ts";
import type { AgentSelf, Notice } from "../world/mind.ts";
import type { PerceivedEvent } from "../world/perception.ts";
import { inlineSpeech } from "../../shared/text.ts";

/** The announcements among notices, as events the agent perceives where it stands. */
export function announcementsIn(notices: readonly Notice[], agent: AgentSelf): PerceivedEvent[] {
  const out: PerceivedEvent[] = [];
  for (const n of notices) {
    if (n.kind !== "announcement") continue;
    const text = inlineSpeech(n.text);
    out.push({
      subject: n.by,
      predicate: "announced",
      object: text,
      description: `${n.by} announced to ${n.place ? `those at ${Address.last(n.place)}` : "the town"}: ${text}`,
      address: n.place || agent.address,
      x: agent.x,
      y: agent.y,
      distance: 0,
    });
  }
  return out;
}

/** Residents who left town, among notices, as events perceived by one who knew of them. */
export function departuresIn(
  notices: readonly Notice[],
  agent: AgentSelf,
  knew: (name: string) => boolean,
): PerceivedEvent[] {
  const out: PerceivedEvent[] = [];
  for (const n of notices) {
    if (n.kind !== "departed" || !knew(n.name)) continue;
    out.push({
      subject: n.name,
      predicate: "has left",
      object: "town",
      description: `${n.name} has left town`,
      address: agent.address,
      x: agent.x,
      y: agent.y,
      distance: 0,
    });
  }
  return out;
}
