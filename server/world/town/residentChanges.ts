// Residents a moderator adds, edits or retires while the town runs (newResident.ts,
// editResident.ts, retireResident.ts): the Town's side of it. A newcomer moves in and its mind is
// told; an edit is told to the resident's mind as its own thoughts; a retired resident walks home
// and leaves at a step. All come back after a restore, from the snapshot's `added`, `edited` and
// `retired`.
import type { TownEvent } from "../../../shared/events.ts";
import type { Persona } from "../../../shared/persona.ts";
import type { Command, CommandResult } from "../commands.ts";
import type { Mind } from "../mind.ts";
import type { TownSnapshot } from "../snapshot.ts";
import type { Tile } from "../tile.ts";
import type { TownMap } from "../townMap.ts";
import { editResident } from "./editResident.ts";
import { addResident } from "./newResident.ts";
import type { Chats } from "./chats.ts";
import type { Conversations } from "./conversations.ts";
import type { Residents } from "./residents.ts";
import { departures, retireResident } from "./retireResident.ts";

export class ResidentChanges {
  constructor(
    private readonly o: {
      residents: Residents;
      conversations: Conversations;
      chats: Chats;
      map: TownMap;
      mind: Mind;
      now: () => number;
      onMindError: (agentId: string, error: unknown) => void;
    },
  ) {}

  /** A moderator's change to who lives in town (Town.apply routes the three commands here). */
  apply(
    cmd: Extract<Command, { kind: "addResident" | "editResident" | "retireResident" }>,
  ): CommandResult {
    if (cmd.kind === "addResident") return this.add(cmd);
    if (cmd.kind === "editResident") return this.edit(cmd);
    return this.retire(cmd);
  }

  add(cmd: Extract<Command, { kind: "addResident" }>): CommandResult {
    return addResident(cmd, this.o.map, this.o.residents, (p, at) => this.moveIn(p, at));
  }

  edit(cmd: Extract<Command, { kind: "editResident" }>): CommandResult {
    const now = this.o.now();
    return editResident(cmd, this.o.residents, now, (p, statements) =>
      this.changed(p, { now, statements }),
    );
  }

  retire(cmd: Extract<Command, { kind: "retireResident" }>): CommandResult {
    const now = this.o.now();
    return retireResident(cmd, this.o.residents, now, (r, events) => {
      this.o.conversations.interrupt(r.id, now, events);
      this.o.chats.residentLeaves(r.id, events);
    });
  }

  /** At each step: retired residents who reached home leave town. */
  departures(events: TownEvent[]): void {
    departures(this.o.residents, this.o.now(), events);
  }

  /** What the town's save keeps of residents added, edited and retired (none retired: no key, as
   *  in saves made before residents could be retired). */
  snapshot(): Pick<TownSnapshot, "added" | "edited" | "retired"> {
    const { added, edited, retired } = this.o.residents;
    return structuredClone({ added, edited, ...(retired.length ? { retired } : {}) });
  }

  /**
   * Residents added and edited live come back before the saved residents are restored; those who
   * left town do not.
   */
  restore(s: TownSnapshot): void {
    const { residents, map } = this.o;
    for (const p of s.added ?? [])
      if (!residents.get(p.id)) this.moveIn(p, map.tilesOf(p.home)[0] ?? { x: 0, y: 0 });
    for (const [id, changes] of Object.entries(s.edited ?? {})) {
      const r = residents.get(id);
      if (!r) continue;
      residents.edit(r, changes);
      this.changed(r.persona);
    }
    for (const id of s.retired ?? []) {
      const r = residents.get(id);
      if (r) residents.remove(r, []);
    }
  }

  private changed(p: Persona, told?: { now: number; statements: string[] }): void {
    const taken = this.o.mind.residentChanged?.(p, told);
    if (taken instanceof Promise) taken.catch((err: unknown) => this.o.onMindError(p.id, err));
  }

  private moveIn(p: Persona, at: Tile): void {
    this.o.residents.add(p, at);
    const taken = this.o.mind.addResident?.(p);
    if (taken instanceof Promise) taken.catch((err: unknown) => this.o.onMindError(p.id, err));
  }
}
