// Offline reactions to an object whose state a person changed: danger at one's own place is
// fought (put the fire out), danger elsewhere is fled and told, damage at one's own place is
// fixed, and everyday states ("out of coffee") are noted and lived with.
export type ObjectReaction = "leave" | "help" | "tell" | "continue";

export interface OfflineObjectReactionInput {
  name: string;
  object: string;
  state: string;
  /** The place belongs to the agent: its home or a place its days revolve around. */
  ownPlace: boolean;
  asleep: boolean;
}

const DANGER = /\b(fire|burning|ablaze|flames?|smok|gas leak|explo|collaps)/i;
const DAMAGE = /\b(flood|leak|broken|broke|smashed|overflow|jammed|stuck|cracked|not working|out of order)/i;

export function isDangerous(state: string): boolean {
  return DANGER.test(state);
}

export function offlineObjectReaction(i: OfflineObjectReactionInput): { reaction: ObjectReaction; action: string; reason: string } {
  const f = i.name.split(" ")[0];
  if (DANGER.test(i.state)) {
    const fire = /fire|burning|ablaze|flame|smok/i.test(i.state);
    if (i.ownPlace && !i.asleep) {
      return { reaction: "help", action: fire ? `trying to put out the fire at the ${i.object}` : `dealing with the ${i.object}, which is ${i.state}`, reason: `It is ${f}'s own place and ${f} wants to save it.` };
    }
    return { reaction: "leave", action: fire ? `hurrying away from the fire at the ${i.object}` : `getting away from the ${i.object}, which is ${i.state}`, reason: `The ${i.object} is ${i.state}; ${f} gets to safety and will warn the others.` };
  }
  if (DAMAGE.test(i.state)) {
    if (i.ownPlace) return { reaction: "help", action: `trying to fix the ${i.object}`, reason: `The ${i.object} is ${i.state} and ${f} takes care of it.` };
    return { reaction: "tell", action: `telling people that the ${i.object} is ${i.state}`, reason: `Someone should know that the ${i.object} is ${i.state}.` };
  }
  return { reaction: "continue", action: "", reason: `${f} notes that the ${i.object} is ${i.state} and carries on.` };
}
