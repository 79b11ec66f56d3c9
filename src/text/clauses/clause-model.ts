import { clauseFeatures } from './clause-features.js';

/** One CUAD clause category as the trained model knows it. */
export interface ClauseCategory {
  /** CUAD's column name: "Governing Law", "Cap On Liability". */
  name: string;
  /** CUAD's own description of the category (CUAD_v1_README.txt), used to read questions. */
  description: string;
  bias: number;
  /**
   * A document whose best passage scores under this probability is judged to lack the clause
   * (chosen by the training script so few documents that have it fall under).
   */
  present: number;
}

/**
 * The trained one-vs-rest logistic regression (scripts/train-clauses.ts writes it): per feature,
 * the categories whose weight for it survived pruning, as [category index, weight] pairs.
 */
export interface ClauseModelData {
  version: number;
  categories: ClauseCategory[];
  weights: Record<string, Array<[number, number]>>;
}

export interface ClauseScore {
  category: string;
  /** The model's probability that the text expresses the category. */
  p: number;
}

/** A passage is tagged with a category at or above this probability. */
export const TAG_THRESHOLD = 0.5;
/** Probabilities under this are not stored with a passage: they decide nothing (presence cut-offs are above it). */
export const KEEP_THRESHOLD = 0.001;

export interface ClauseClassifier {
  readonly categories: readonly ClauseCategory[];
  /** Every category's probability, in the model's category order. */
  scores(text: string): ClauseScore[];
  /** The categories the text expresses (probability ≥ TAG_THRESHOLD), most likely first. */
  tags(text: string): string[];
  /** Categories with probability ≥ KEEP_THRESHOLD, rounded to 3 decimals: what a passage stores. */
  significant(text: string): Record<string, number>;
}

/** A classifier over trained weights: a sum of feature weights per category, then the logistic. */
export function createClauseClassifier(model: ClauseModelData): ClauseClassifier {
  // Every passage of every upload is scored, so the weights are flattened once into typed arrays:
  // a feature maps to a slice of (category, weight) pairs. Iterating the JSON's nested arrays cost
  // several times more per passage and made tagging the slowest stage of ingestion.
  const slices = new Map<string, number>();
  const pairCount = Object.values(model.weights).reduce((n, pairs) => n + pairs.length, 0);
  const categoryOf = new Uint16Array(pairCount);
  const weightOf = new Float64Array(pairCount);
  const ends: number[] = [];
  let at = 0;
  for (const [feature, pairs] of Object.entries(model.weights)) {
    slices.set(feature, ends.length);
    for (const [c, w] of pairs) {
      categoryOf[at] = c;
      weightOf[at] = w;
      at += 1;
    }
    ends.push(at);
  }
  const biases = Float64Array.from(model.categories, (c) => c.bias);
  const scores = (text: string): ClauseScore[] => {
    const sums = biases.slice();
    const features = clauseFeatures(text);
    // Features are binary and scaled by 1/sqrt(n), as in training.
    const scale = 1 / Math.sqrt(Math.max(1, features.length));
    for (const f of features) {
      const slice = slices.get(f);
      if (slice === undefined) continue;
      const end = ends[slice] as number;
      for (let i = slice === 0 ? 0 : (ends[slice - 1] as number); i < end; i++) {
        const c = categoryOf[i] as number;
        sums[c] = (sums[c] as number) + (weightOf[i] as number) * scale;
      }
    }
    return model.categories.map((c, i) => ({ category: c.name, p: 1 / (1 + Math.exp(-(sums[i] as number))) }));
  };
  return {
    categories: model.categories,
    scores,
    tags(text) {
      return scores(text)
        .filter((s) => s.p >= TAG_THRESHOLD)
        .sort((a, b) => b.p - a.p)
        .map((s) => s.category);
    },
    significant(text) {
      const kept: Record<string, number> = {};
      for (const s of scores(text)) if (s.p >= KEEP_THRESHOLD) kept[s.category] = Math.round(s.p * 1000) / 1000;
      return kept;
    },
  };
}
