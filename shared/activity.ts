// What an action phrase says about the one doing it, read the same way by the minds, the hosting
// (the join dialog's "awake" count) and anyone else: whether it is sleep.

/** Whether an action is sleeping ("sleeping", "asleep", "in bed", "going to bed"). */
export const isSleep = (action: string): boolean =>
  /\b(sleep|sleeping|asleep|in bed|going to bed)\b/i.test(action);
