import { tokenize } from '../../../../text/tokens.js';

export interface OptionMatch {
  option: string;
  start: number;
  end: number;
}

/**
 * Which of a column's options a sentence states: each option's words (stemmed) found in the
 * sentence; the option matching most of its words wins, the longer option on a tie (so
 * "non-exclusive" beats "exclusive" in "a non-exclusive license"). Null when none matches fully.
 */
export function matchOption(sentence: string, options: string[]): OptionMatch | null {
  const tokens = tokenize(sentence);
  let best: (OptionMatch & { words: number }) | null = null;
  for (const option of options) {
    const stems = tokenize(option).map((t) => t.stem);
    if (stems.length === 0) continue;
    for (let i = 0; i + stems.length <= tokens.length; i++) {
      if (!stems.every((s, k) => tokens[i + k]?.stem === s)) continue;
      const first = tokens[i];
      const last = tokens[i + stems.length - 1];
      if (!first || !last) continue;
      let start = first.start;
      // "non-exclusive" is tokenized as two words; the prefix belongs to the option it negates.
      const prefix = /(?:non|un|in)-?$/i.exec(sentence.slice(Math.max(0, start - 4), start));
      if (prefix && !/^(?:non|un|in)/i.test(option)) continue;
      if (prefix) start -= prefix[0].length;
      const candidate = { option, start, end: last.end, words: stems.length };
      if (!best || candidate.words > best.words || (candidate.words === best.words && candidate.end - candidate.start > best.end - best.start)) best = candidate;
      break;
    }
  }
  return best ? { option: best.option, start: best.start, end: best.end } : null;
}

/**
 * The items of an enumeration in a sentence: "(a) ..., (b) ..." or "x; y; and z" or "x, y and z"
 * after a colon. Each item is trimmed and carries its offsets; a sentence without one is one item.
 */
export function listItems(sentence: string): Array<{ text: string; start: number; end: number }> {
  const colon = sentence.indexOf(':');
  const body = colon >= 0 && colon < sentence.length - 3 ? colon + 1 : 0;
  const tail = sentence.slice(body);
  let parts: Array<{ start: number; end: number }> = [];
  const markers = [...tail.matchAll(/\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s*/g)];
  if (markers.length >= 2) {
    parts = markers.map((m, i) => ({ start: (m.index ?? 0) + m[0].length, end: markers[i + 1]?.index ?? tail.length }));
  } else {
    const separator = tail.includes(';') ? /;\s*(?:and\s+|or\s+)?/g : colon >= 0 ? /,\s*(?:and\s+|or\s+)?|\s+and\s+/g : null;
    if (separator) {
      let from = 0;
      for (const m of tail.matchAll(separator)) {
        parts.push({ start: from, end: m.index ?? 0 });
        from = (m.index ?? 0) + m[0].length;
      }
      parts.push({ start: from, end: tail.length });
    }
  }
  const items = parts
    .map(({ start, end }) => {
      const raw = tail.slice(start, end);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim().replace(/[;,.]+$/, '').replace(/\s+(?:and|or)$/i, '');
      return { text, start: body + start + lead, end: body + start + lead + text.length };
    })
    .filter((i) => i.text.length > 0);
  if (items.length >= 2) return items;
  const text = sentence.trim();
  const lead = sentence.length - sentence.trimStart().length;
  return [{ text, start: lead, end: lead + text.length }];
}
