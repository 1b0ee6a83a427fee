// Minds' answers to people are said as they come: the signal tells its listener (the room) when
// answers came between steps, once for those that come together, and the listener takes them
// (Town.takeAnswers). Answers that come during a step are taken by the step itself, in its order.
export class AnswerSignal {
  private listener: (() => void) | undefined;
  private told = false;
  /** A step is being taken. */
  stepping = false;

  /** Undefined stops telling. */
  listen(listener: (() => void) | undefined): void {
    this.listener = listener;
  }

  /** An answer came (told after the current job, so answers that come together go at once). */
  readonly came = (): void => {
    if (!this.listener || this.told) return;
    this.told = true;
    queueMicrotask(() => {
      this.told = false;
      if (!this.stepping) this.listener?.();
    });
  };
}
