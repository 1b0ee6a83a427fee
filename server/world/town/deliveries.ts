// Minds' answers delivered as events: each answer is put in when it comes (its promise settles),
// and its taker takes what came at its next move, in a fixed order whatever order the minds
// answered in (by kind, then in the order asked), so a town steps the same however fast its minds.
import type { Pending } from "./pending.ts";

export class Deliveries<D extends { kind: string }> {
  private inbox: { d: D; order: number }[] = [];
  private asked = 0;

  /** `rank`: the order kinds are taken in; `delivered`: told each time something comes. */
  constructor(
    private readonly rank: Readonly<Record<D["kind"], number>>,
    private readonly delivered: () => void = () => {},
  ) {}

  /** `d` is delivered once `answer` is done (answered, failed or given up on). */
  expect(answer: Pending<unknown>, d: D): void {
    const order = ++this.asked;
    void answer.promise.then(() => {
      this.inbox.push({ d, order });
      this.delivered();
    });
  }

  /** What came since the last take, in order. */
  take(): D[] {
    if (this.inbox.length === 0) return [];
    const rank = (d: D) => this.rank[d.kind as D["kind"]];
    const batch = this.inbox.sort((a, b) => rank(a.d) - rank(b.d) || a.order - b.order);
    this.inbox = [];
    return batch.map((x) => x.d);
  }

  clear(): void {
    this.inbox = [];
  }
}
