// Whether a quantity an assertion states agrees with one a provision states, comparator included:
// "at least 30 days" supports "30 days' notice is required" and contradicts "15 days' notice suffices".
import type { Quantity } from './quantities.js';

/** match: the same figure and bound; consistent: inside the provision's bounds; conflict: another figure or bound. */
export type QuantityRelation = 'match' | 'consistent' | 'conflict' | 'incomparable';

interface Interval { lo: number; hi: number }

/** Whether two quantities measure the same thing, so comparing their figures means something. */
export function comparable(a: Quantity, p: Quantity): boolean {
  if (a.kind === p.kind && a.kind === 'ordinal') return a.unit === p.unit;
  if (a.kind === p.kind) return a.kind !== 'count' || a.unit === '' || p.unit === '' || a.unit === p.unit;
  // A bare number ("under 18") against a period or count of the provision ("under 16 years of age").
  return a.kind === 'count' && a.unit === '' && p.kind === 'period';
}

function same(x: number, y: number, period: boolean): boolean {
  if (x === y) return true;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  // Periods compare loosely so "one month" equals "30 days" and "6 months" equals "180 days".
  const tolerance = period ? 0.025 : 1e-9;
  return Math.abs(x - y) <= tolerance * Math.max(Math.abs(x), Math.abs(y));
}

function interval(q: Quantity, value: number): Interval {
  switch (q.comparator) {
    case 'exactly': return { lo: value, hi: value };
    case 'at-least': case 'more-than': return { lo: value, hi: Infinity };
    case 'at-most': case 'less-than': return { lo: -Infinity, hi: value };
    case 'range': return { lo: value, hi: q.upper ?? value };
  }
}

function direction(q: Quantity): 'point' | 'lower' | 'upper' | 'range' {
  if (q.comparator === 'exactly') return 'point';
  if (q.comparator === 'range') return 'range';
  return q.comparator === 'at-least' || q.comparator === 'more-than' ? 'lower' : 'upper';
}

/** How assertion quantity `a` stands against provision quantity `p`. */
export function compareQuantity(a: Quantity, p: Quantity): QuantityRelation {
  if (!comparable(a, p)) return 'incomparable';
  const period = p.kind === 'period';
  // A bare number against a period compares with the number as written ("18" vs "16 years").
  const pValue = a.kind === 'count' && p.kind === 'period' ? p.written : p.value;
  const pUpper = a.kind === 'count' && p.kind === 'period' && p.upper !== undefined ? (p.upper * p.written) / p.value : p.upper;
  const pq: Quantity = { ...p, value: pValue, upper: pUpper };
  if (a.unit !== pq.unit && a.kind === 'period' && pq.kind === 'period') {
    // Business days against calendar days: the same figure is still a different period.
    return 'conflict';
  }
  const A = interval(a, a.value);
  const P = interval(pq, pq.value);
  const eq = (x: number, y: number): boolean => same(x, y, period);
  const da = direction(a);
  const dp = direction(pq);

  if (da === 'point') {
    if (dp === 'point') return eq(A.lo, P.lo) ? 'match' : 'conflict';
    if (eq(A.lo, P.lo) || eq(A.lo, P.hi)) return 'match';
    return A.lo > P.lo && A.lo < P.hi ? 'consistent' : 'conflict';
  }
  if (dp === 'point') {
    // A bare figure in a provision is usually itself a limit stated by its context ("actions … may not be
    // brought after …— 1 year"), so an assertion's bound must name that same figure.
    if (da === 'range') return eq(P.lo, A.lo) || eq(P.lo, A.hi) ? 'consistent' : 'conflict';
    return eq(P.lo, da === 'upper' ? A.hi : A.lo) ? 'match' : 'conflict';
  }
  if (da === dp) {
    return eq(A.lo, P.lo) && eq(A.hi, P.hi) ? 'match' : 'conflict';
  }
  if (da === 'range') {
    // "two to ten years" against "not more than 10 years": the bound the provision states agrees.
    return (dp === 'upper' && eq(A.hi, P.hi)) || (dp === 'lower' && eq(A.lo, P.lo)) ? 'consistent' : 'conflict';
  }
  if (dp === 'range') {
    return (da === 'upper' && eq(A.hi, P.hi)) || (da === 'lower' && eq(A.lo, P.lo)) ? 'match' : 'conflict';
  }
  // One is a floor and the other a ceiling: "up to 5 years" against "not less than 5 years".
  return 'conflict';
}
