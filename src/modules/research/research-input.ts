import { todayUtc, type Clock } from '../../shared/clock.js';
import { isIsoDate } from '../statutes/importers/history-dates.js';
import { badRequest } from './research.errors.js';

/** A required text field: present, a string, not blank (400 otherwise). */
export function requireText(value: unknown, field: string): string {
  if (value === undefined || value === null) throw badRequest(`Missing required field: ${field}`);
  if (typeof value !== 'string') throw badRequest(`Field ${field} must be a string`);
  const text = value.trim();
  if (!text) throw badRequest(`Field must not be empty: ${field}`);
  return text;
}

/** A two-letter jurisdiction code, uppercased; anything else is malformed (400). */
export function requireJurisdictionCode(value: unknown, field = 'jurisdiction'): string {
  const text = requireText(value, field);
  if (!/^[A-Za-z]{2}$/.test(text)) throw badRequest(`Field ${field} must be a two-letter jurisdiction code, got "${text}"`);
  return text.toUpperCase();
}

/** `as_of` as YYYY-MM-DD, default today in UTC; a malformed date is 400. */
export function asOfDate(value: unknown, clock: Clock): string {
  if (value === undefined || value === null) return todayUtc(clock);
  if (typeof value !== 'string' || !isIsoDate(value)) throw badRequest(`Invalid as_of: ${JSON.stringify(value)} is not a date YYYY-MM-DD`);
  return value;
}
