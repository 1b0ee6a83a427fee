// The objects of a town whose state is not idle: a resident's use ("being used") while it stands
// at the object, or a person's word ("on fire"), which outranks any resident's use.
import { z } from "zod";
import type { TownEvent } from "../../../shared/events.ts";
import { refuse, type CommandResult } from "../commands.ts";
import type { WorldEvent } from "../perception.ts";
import { Address } from "../../../shared/address.ts";
import type { TownMap } from "../townMap.ts";

export const ObjectsSnapshot = z
  .array(
    z.object({
      address: z.string(),
      state: z.string(),
      by: z.string(),
      holder: z.string().default(""),
    }),
  )
  .default([]);
export type ObjectsSnapshot = z.infer<typeof ObjectsSnapshot>;

interface ObjectStatus {
  state: string;
  by: string;
  /** The resident whose action holds the state; "" when a person set it. */
  holder: string;
}

/** Who holds an object's state: a resident's id and name. */
export interface Holder {
  readonly id: string;
  readonly name: string;
}

/** A person's change: an event, and a message telling everyone who set what. */
function setByPerson(address: Address, state: string, by: string): CommandResult {
  return {
    ok: true,
    events: [{ kind: "objectChanged", address, state, by }],
    broadcast: [{ type: "object_state_set", message: { address, state, by } }],
  };
}

export class Objects {
  private readonly byAddress = new Map<Address, ObjectStatus>();
  /**
   * The addresses of byAddress in order, kept as states come and go (sorting every object's state
   * for every step cost the live town-1000 room's thread: bench/RESULTS.md).
   */
  private readonly order: Address[] = [];
  /** What residents notice of each object, made when first asked after its state changed. */
  private readonly noticed = new Map<Address, WorldEvent | null>();

  constructor(private readonly map: TownMap) {}

  /** Where `address` is, or would go, in `order`. */
  private at(address: Address): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.order[mid] < address) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private put(address: Address, status: ObjectStatus): void {
    if (!this.byAddress.has(address)) this.order.splice(this.at(address), 0, address);
    this.byAddress.set(address, status);
    this.noticed.delete(address);
  }

  private drop(address: Address): boolean {
    if (!this.byAddress.delete(address)) return false;
    this.noticed.delete(address);
    this.order.splice(this.at(address), 1);
    return true;
  }

  /** A resident at the object its action uses gives the object the action's state. */
  hold(holder: Holder, address: Address, state: string, events: TownEvent[]): void {
    if (!state) return;
    const current = this.byAddress.get(address);
    if (current && !current.holder) return; // a state a person set outranks an agent's use
    this.put(address, { state, by: holder.name, holder: holder.id });
    events.push({ kind: "objectChanged", address, state, by: holder.name });
  }

  /** A resident leaving its action leaves the objects it held idle. */
  release(holder: Holder, events: TownEvent[]): void {
    // Only the holder's few are sorted (sorting every object's for each action was a town's
    // square: bench/RESULTS.md, "A town of a thousand").
    const held: Address[] = [];
    for (const [address, s] of this.byAddress) if (s.holder === holder.id) held.push(address);
    if (held.length > 1) held.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const address of held) {
      this.drop(address);
      events.push({ kind: "objectChanged", address, state: "", by: holder.name });
    }
  }

  /** A person sets an object's state; "idle" (or nothing) clears it. */
  set(address: Address, wanted: string, by: string): CommandResult {
    if (!Address.isObject(address) || !this.map.hasAddress(address))
      return refuse("not_found", `no object "${address.slice(0, 200)}" in this town`);
    const state = wanted.trim();
    if (!state || /^idle$/i.test(state)) {
      if (!this.drop(address)) return { ok: true, events: [] };
      return setByPerson(address, "", by);
    }
    // A person's state outranks a resident's use: the resident no longer holds it.
    this.put(address, { state, by, holder: "" });
    return setByPerson(address, state, by);
  }

  /**
   * The objects by address: one order whatever order their states came in, so a town restored
   * from its rows (store/memoryRows.ts) perceives them as the town that was saved did.
   */
  private sorted(): [Address, ObjectStatus][] {
    return this.order.map((a) => [a, this.byAddress.get(a)!]);
  }

  /** What residents can notice of objects: "stove is on fire", at the object's first tile. */
  worldEvents(out: WorldEvent[]): void {
    for (const address of this.order) {
      let e = this.noticed.get(address);
      if (e === undefined) this.noticed.set(address, (e = this.notice(address)));
      if (e) out.push(e);
    }
  }

  private notice(address: Address): WorldEvent | null {
    const s = this.byAddress.get(address)!;
    const tile = this.map.tilesOf(address)[0];
    if (!tile) return null;
    const name = Address.last(address);
    return {
      subject: address,
      predicate: "is",
      object: s.state,
      description: `${name} is ${s.state}`,
      address,
      x: tile.x,
      y: tile.y,
      by: s.by,
      byPerson: !s.holder,
    };
  }

  states(): { address: Address; state: string; by: string }[] {
    return this.sorted().map(([address, s]) => ({ address, state: s.state, by: s.by }));
  }

  snapshot(): ObjectsSnapshot {
    return this.sorted().map(([address, s]) => ({ address, ...s }));
  }

  restore(saved: ObjectsSnapshot): void {
    this.byAddress.clear();
    this.order.length = 0;
    this.noticed.clear();
    for (const o of saved) this.put(o.address, { state: o.state, by: o.by, holder: o.holder });
  }
}
