/**
 * Turns the Bluebook spelling of a code name into a tolerant regex source, and into the lookup key that
 * identifies the code whatever spelling matched. Both derive from the same rules, so any text the pattern
 * accepts has the key of the name it came from.
 */

const ESCAPE = /[\\^$.*+?()[\]{}|/-]/g;

/** Regex source accepting `name` with optional periods, commas and apostrophes, '&' or 'and', flexible spaces. */
export function aliasPattern(name: string): string {
  const tokens = name.trim().split(/\s+/);
  let out = '';
  tokens.forEach((token, index) => {
    if (index > 0) {
      const previous = tokens[index - 1] ?? '';
      // "Cal.Civ.Code" drops the space after a period; "CalCivCode" without periods is not writing.
      out += /[.,]$/.test(previous) ? String.raw`\s{0,2}` : String.raw`\s{1,2}`;
    }
    out += tokenPattern(token);
  });
  return out;
}

function tokenPattern(token: string): string {
  if (token === '&') return '(?:&|and)';
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const ch = token.charAt(i);
    const last = i === token.length - 1;
    if (ch === '.') out += last ? String.raw`\.?` : String.raw`\.?\s?`;
    else if (ch === ',') out += ',?';
    else if (ch === "'" || ch === '\u2019') out += "['\u2019]?";
    else if (ch === '&') out += '(?:&|and)';
    else out += ch.replace(ESCAPE, '\\$&');
  }
  return out;
}

/** The spelling-independent key of a code name: lowercase, no periods, commas, apostrophes or spaces, '&' as 'and'. */
export function aliasKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[\s.,'\u2019\u00a0]+/g, '');
}

/** A code name without a trailing 'Ann.' / 'Annotated', which the parser accepts after every name. */
export function withoutAnnotated(name: string): string {
  return name.replace(/[\s,]*(?:Ann\.?|Annotated)\s*$/i, '');
}
