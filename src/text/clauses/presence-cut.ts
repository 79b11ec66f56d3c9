/**
 * Presence cut-offs (pure; scripts/train-clauses.ts chooses them on the tune half's out-of-fold
 * scores). A document is judged to lack a category when its best passage scores under the cut-off.
 *
 * One share of missed documents for every category (the cut at the 1% quantile of the scores of
 * documents having the clause) spends the misses badly: where contracts lacking the clause score
 * like those having it (a change-of-control clause and an assignment clause naming mergers), the
 * cut declines few of them, and where the lowest-scoring contract having the clause sits far under
 * the rest (a clause worded unlike any other), one contract holds the cut down for all. A cut chosen
 * per category to maximise `declined - lambda * missed` spends each miss where it buys the most
 * "no such clause" answers, with one price `lambda` for a miss across categories.
 */

export interface PresenceCutTally {
  cut: number;
  /** Documents lacking the clause that score under the cut (declined, rightly). */
  declined: number;
  /** Documents having the clause that score under the cut (a wrong "no such clause"). */
  missed: number;
}

/**
 * The cut for one category: one of the scores of documents having the clause, among the lowest
 * `maxShare` of them, maximising `declined - lambda * missed` (the lowest such cut on ties). With a
 * high `lambda` it is the least score of a document having the clause: none of them is missed.
 */
export function presenceCut(having: readonly number[], lacking: readonly number[], lambda: number, maxShare = 0.1): PresenceCutTally {
  const up = [...having].sort((a, b) => a - b);
  const lacks = [...lacking].sort((a, b) => a - b);
  let best: PresenceCutTally = { cut: 0, declined: 0, missed: 0 };
  let bestValue = 0;
  const last = Math.min(up.length - 1, Math.floor(maxShare * up.length));
  for (let i = 0; i <= last; i++) {
    const cut = up[i] as number;
    const tally = { cut, declined: countBelow(lacks, cut), missed: countBelow(up, cut) };
    const value = tally.declined - lambda * tally.missed;
    if (value > bestValue || (i === 0 && value >= bestValue)) {
      best = tally;
      bestValue = value;
    }
  }
  return best;
}

/** How many of the ascending `sorted` are strictly under `x`. */
function countBelow(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
