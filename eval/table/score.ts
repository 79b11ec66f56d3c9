/**
 * Scoring one cell against CUAD's answer. Pure, so the rules are read (and tested) apart from the run.
 * - jurisdiction: the same place once "State of", "the" and punctuation are set aside; CUAD's
 *   "Ontario, Canada" also accepts "Ontario". No gold: the value must be null.
 * - date: CUAD's M/D/YY must equal the value; no gold or "perpetual": null; a partial gold
 *   ("[]/[]/2016") accepts null or a date agreeing with its known parts.
 * - duration: the same length within 10 days (a year is 365 days, a month 30); no gold: null;
 *   golds that are not a length ("perpetual") are not scored.
 * - text: present exactly when CUAD says Yes. yes_no: true exactly when CUAD says Yes.
 */
export type Verdict = boolean | 'unscored';

const placeKey = (s: string) =>
  s.toLowerCase().replace(/[’']/g, "'").replace(/\b(the|state|commonwealth|province|of)\b/g, ' ').replace(/[^a-z' ]/g, ' ').replace(/\s+/g, ' ').trim();

export function scoreJurisdiction(value: unknown, gold: string): Verdict {
  if (!gold) return value === null;
  if (typeof value !== 'string') return false;
  const v = placeKey(value);
  return v === placeKey(gold) || v === placeKey(gold.split(',')[0] ?? '') || gold.split(/;|\/| and (?=[A-Z])/).some((g) => placeKey(g) === v);
}

export function cuadDate(gold: string): { full: string | null; parts: Array<number | null> } | null {
  const m = /^(\d{1,2}|\[\])\/(\d{1,2}|\[\])\/(\d{2,4}|\[\]|\d{2}\[\])$/.exec(gold.trim());
  if (!m) return null;
  const num = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : null);
  let year = num(m[3]);
  if (year !== null && year < 100) year += year < 50 ? 2000 : 1900;
  const month = num(m[1]);
  const day = num(m[2]);
  // CUAD writes a few dates day first (31/01/2025); a month above 12 gives it away.
  const [mm, dd] = month !== null && month > 12 ? [day, month] : [month, day];
  const full = year !== null && mm !== null && dd !== null ? `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}` : null;
  return { full, parts: [year, mm, dd] };
}

export function scoreDate(value: unknown, gold: string): Verdict {
  if (!gold || /perpetual/i.test(gold)) return value === null;
  const parsed = cuadDate(gold);
  if (!parsed) return 'unscored';
  if (parsed.full) return value === parsed.full;
  if (value === null) return true;
  if (typeof value !== 'string') return false;
  const [y, m, d] = value.split('-').map(Number);
  const [gy, gm, gd] = parsed.parts;
  return (gy === null || gy === y) && (gm === null || gm === m) && (gd === null || gd === d);
}

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

export function goldDays(gold: string): number | null {
  const m = /(\d+)\)?\s*(day|week|month|year)s?/i.exec(gold);
  return m ? Number(m[1]) * (UNIT_DAYS[(m[2] ?? '').toLowerCase()] ?? 0) : null;
}

export function scoreDuration(value: unknown, gold: string): Verdict {
  if (!gold) return value === null;
  const days = goldDays(gold);
  if (days === null) return 'unscored';
  if (!value || typeof value !== 'object' || !('days' in value)) return false;
  return Math.abs(Number((value as { days: number }).days) - days) <= 10;
}

export function scorePresence(value: unknown, gold: string): Verdict {
  return (value !== null && value !== '') === (gold.toLowerCase() === 'yes');
}

export function scoreYesNo(value: unknown, gold: string): Verdict {
  return value === (gold.toLowerCase() === 'yes');
}

export function scoreCell(structure: string, value: unknown, gold: string): Verdict {
  switch (structure) {
    case 'jurisdiction':
      return scoreJurisdiction(value, gold);
    case 'date':
      return scoreDate(value, gold);
    case 'duration':
      return scoreDuration(value, gold);
    case 'yes_no':
      return scoreYesNo(value, gold);
    default:
      return scorePresence(value, gold);
  }
}
