// An answer a mind is still working on. The Town never awaits a mind blindly: it adopts the
// answer at a step once it is done, a mind's failure is recorded, never thrown, and an answer
// that does not come within its time is given up on (a late one is then ignored).

export type Pending<T> = { done: boolean; output?: T; error?: unknown; promise: Promise<void> };

/** The error a pending answer holds when the mind did not answer in time. */
export class MindTimeout extends Error {
  constructor(readonly ms: number) {
    super(`the mind did not answer within ${ms} ms`);
    this.name = "MindTimeout";
  }
}

/**
 * Runs an answer-to-be without throwing: the Town adopts it when it is done. With `timeoutMs`
 * (real milliseconds) it is done at the latest then, holding a MindTimeout.
 */
export function pending<T>(ask: () => Promise<T>, timeoutMs?: number): Pending<T> {
  const p: Pending<T> = { done: false, promise: Promise.resolve() };
  let answer: Promise<T>;
  try {
    answer = ask();
  } catch (error) {
    answer = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = (fields: { output?: T; error?: unknown }) => {
    if (p.done) return; // an answer after the time is up is ignored
    clearTimeout(timer);
    Object.assign(p, fields, { done: true });
  };
  const answered = answer.then(
    (output) => settle({ output }),
    (error: unknown) => settle({ error }),
  );
  if (timeoutMs === undefined || !Number.isFinite(timeoutMs)) {
    p.promise = answered;
    return p;
  }
  const given = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      settle({ error: new MindTimeout(timeoutMs) });
      resolve();
    }, timeoutMs);
    // A mind that never answers must not keep the process alive.
    timer.unref?.();
  });
  p.promise = Promise.race([answered, given]);
  return p;
}
