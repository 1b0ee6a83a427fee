// Coordination (the paper's §7.1.3): who was invited (a memory of the event before it began), who
// attended (at the event's place for at least minMinutes while it ran, from the town's history),
// and why the invited who did not come stayed away: a plan that took them elsewhere then, no plan
// for that time, or a plan to go that they did not keep (forgot).
import type { Coordination, CoordinationRow, NoShowReason } from "../../shared/evalReport.ts";

export interface PlanAtEvent {
  /** The plan's tasks that overlap the event's time, with where they happen. */
  tasks: { task: string; place: string }[];
  /** Whether one of those tasks (or a plan memory) is going to the event. */
  goes: boolean;
}

export interface CoordinationInput {
  residents: readonly string[];
  /** Residents who held the event (not counted as invited). */
  hosts: readonly string[];
  /** Residents with a memory of the event from before it started. */
  invited: ReadonlySet<string>;
  /** Game minutes each resident spent at the event's place during it. */
  minutesAt: ReadonlyMap<string, number>;
  minMinutes: number;
  plans: ReadonlyMap<string, PlanAtEvent>;
}

export function noShowReason(plan: PlanAtEvent | undefined): NoShowReason {
  if (plan?.goes) return "forgot";
  if (plan && plan.tasks.length) return "conflicting plan";
  return "no plan made";
}

export function coordination(study: string, i: CoordinationInput): Coordination {
  const hosts = new Set(i.hosts);
  const rows: CoordinationRow[] = [];
  const noShows: Record<NoShowReason, number> = {
    "conflicting plan": 0,
    "no plan made": 0,
    forgot: 0,
  };
  let invited = 0;
  let attendedInvited = 0;
  let attendedUninvited = 0;
  for (const r of [...i.residents].sort()) {
    if (hosts.has(r)) continue;
    const minutes = i.minutesAt.get(r) ?? 0;
    const attended = minutes >= i.minMinutes;
    const inv = i.invited.has(r);
    const plan = i.plans.get(r);
    const row: CoordinationRow = {
      resident: r,
      invited: inv,
      minutes,
      attended,
      plan: plan?.tasks.map((t) => `${t.task} (${t.place})`) ?? [],
    };
    if (inv) {
      invited++;
      if (attended) attendedInvited++;
      else {
        row.reason = noShowReason(plan);
        noShows[row.reason]++;
      }
    } else if (attended) attendedUninvited++;
    rows.push(row);
  }
  return { study, invited, attendedInvited, attendedUninvited, noShows, rows };
}

/** Minutes each resident spends at a place while an event runs, from the town's history step by step. */
export class Presence {
  readonly minutes = new Map<string, number>();
  constructor(private readonly ev: { place: string; start: number; end: number }) {}

  /** One step of history: the game time, the step's length in minutes, and where each resident stands. */
  add(time: number, stepMinutes: number, where: readonly { id: string; address: string }[]): void {
    if (time < this.ev.start || time >= this.ev.end) return;
    for (const w of where) {
      if (w.address === this.ev.place || w.address.startsWith(`${this.ev.place}:`))
        this.minutes.set(w.id, (this.minutes.get(w.id) ?? 0) + stepMinutes);
    }
  }
}
