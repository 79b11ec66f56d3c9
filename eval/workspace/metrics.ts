/** Token F1 between an answer and gold text, as SQuAD computes it (lowercased words, no punctuation). */
export function tokenF1(answer: string, gold: string): number {
  const tokens = (s: string) => s.toLowerCase().replace(/<<file_id = \d+>>/g, ' ').match(/[a-z0-9]+/g) ?? [];
  const a = tokens(answer);
  const g = tokens(gold);
  if (a.length === 0 || g.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of a) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / a.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
