// TrueSkill ratings of the memory conditions from pairwise judgements (the paper's §6.3), with the
// maintained `ts-trueskill` port of the reference implementation (μ 25, σ 25/3 by default).
import { Rating, TrueSkill } from "ts-trueskill";
import type { RatingRow } from "../../shared/evalReport.ts";

export interface Match {
  a: string;
  b: string;
  /** "A": a won, "B": b won, "tie": a draw. */
  better: "A" | "B" | "tie";
}

/** Ratings after the matches in the given order, best first. */
export function rankConditions(
  conditions: readonly string[],
  matches: readonly Match[],
  drawProbability = 0.1,
): RatingRow[] {
  const env = new TrueSkill(undefined, undefined, undefined, undefined, drawProbability);
  const ratings = new Map<string, Rating>(conditions.map((c) => [c, env.createRating()]));
  const tally = new Map(conditions.map((c) => [c, { wins: 0, losses: 0, ties: 0 }]));
  for (const m of matches) {
    const ra = ratings.get(m.a);
    const rb = ratings.get(m.b);
    if (!ra || !rb) throw new Error(`unknown condition in a match: ${m.a} / ${m.b}`);
    const [winner, loser] = m.better === "B" ? [m.b, m.a] : [m.a, m.b];
    const [[w], [l]] = env.rate(
      [[ratings.get(winner)!], [ratings.get(loser)!]],
      m.better === "tie" ? [0, 0] : [0, 1],
    ) as Rating[][];
    ratings.set(winner, w);
    ratings.set(loser, l);
    if (m.better === "tie") {
      tally.get(m.a)!.ties++;
      tally.get(m.b)!.ties++;
    } else {
      tally.get(winner)!.wins++;
      tally.get(loser)!.losses++;
    }
  }
  return conditions
    .map((c) => ({
      condition: c,
      mu: ratings.get(c)!.mu,
      sigma: ratings.get(c)!.sigma,
      ...tally.get(c)!,
    }))
    .sort((x, y) => y.mu - x.mu);
}
