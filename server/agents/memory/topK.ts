// The k best of a stream by (score desc, id desc): a min-heap whose root is the worst kept, so
// retrieval never sorts the whole stream.

export class TopK {
  private readonly scores: Float64Array;
  private readonly ids: Float64Array;
  private readonly idx: Int32Array;
  private n = 0;

  constructor(private readonly k: number) {
    this.scores = new Float64Array(k);
    this.ids = new Float64Array(k);
    this.idx = new Int32Array(k);
  }

  /** Whether (s1, id1) ranks below (s2, id2). */
  private static worse(s1: number, id1: number, s2: number, id2: number): boolean {
    return s1 < s2 || (s1 === s2 && id1 < id2);
  }

  offer(score: number, id: number, index: number): void {
    if (this.n < this.k) {
      let i = this.n++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!TopK.worse(score, id, this.scores[p], this.ids[p])) break;
        this.set(i, this.scores[p], this.ids[p], this.idx[p]);
        i = p;
      }
      this.set(i, score, id, index);
      return;
    }
    if (this.k === 0 || !TopK.worse(this.scores[0], this.ids[0], score, id)) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.n) break;
      const r = l + 1;
      const c =
        r < this.n && TopK.worse(this.scores[r], this.ids[r], this.scores[l], this.ids[l]) ? r : l;
      if (!TopK.worse(this.scores[c], this.ids[c], score, id)) break;
      this.set(i, this.scores[c], this.ids[c], this.idx[c]);
      i = c;
    }
    this.set(i, score, id, index);
  }

  private set(i: number, score: number, id: number, index: number): void {
    this.scores[i] = score;
    this.ids[i] = id;
    this.idx[i] = index;
  }

  /** Best first. */
  sorted(): { score: number; id: number; index: number }[] {
    const out = [];
    for (let i = 0; i < this.n; i++)
      out.push({ score: this.scores[i], id: this.ids[i], index: this.idx[i] });
    return out.sort((a, b) => b.score - a.score || b.id - a.id);
  }
}
