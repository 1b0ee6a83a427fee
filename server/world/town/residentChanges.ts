// Residents a moderator adds or edits while the town runs (newResident.ts, editResident.ts): the
// Town's side of it, apart from its step. A newcomer moves in and its mind is told; an edit is told
// to the resident's mind as its own thoughts; both come back after a restore, from the snapshot's
// `added` and `edited`.
import type { Persona } from "../../../shared/persona.ts";
import type { Command, CommandResult } from "../commands.ts";
import type { Mind } from "../mind.ts";
import type { TownSnapshot } from "../snapshot.ts";
import type { Tile } from "../tile.ts";
import type { TownMap } from "../townMap.ts";
import { editResident } from "./editResident.ts";
import { addResident } from "./newResident.ts";
import type { Residents } from "./residents.ts";

export class ResidentChanges {
  constructor(
    private readonly o: {
      residents: Residents;
      map: TownMap;
      mind: Mind;
      now: () => number;
      onMindError: (agentId: string, error: unknown) => void;
    },
  ) {}

  add(cmd: Extract<Command, { kind: "addResident" }>): CommandResult {
    return addResident(cmd, this.o.map, this.o.residents, (p, at) => this.moveIn(p, at));
  }

  edit(cmd: Extract<Command, { kind: "editResident" }>): CommandResult {
    const now = this.o.now();
    return editResident(cmd, this.o.residents, now, (p, statements) =>
      this.changed(p, { now, statements }),
    );
  }

  /** Residents added and edited live come back before the saved residents are restored. */
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
