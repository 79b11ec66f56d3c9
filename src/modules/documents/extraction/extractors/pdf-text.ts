/** The parts of a pdf.js text item that line layout needs. */
export interface PositionedText {
  str: string;
  /** [a, b, c, d, x, y]: the text matrix; d is roughly the font height, (x, y) the origin. */
  transform: number[];
  width: number;
  hasEOL: boolean;
}

/**
 * Lays pdf.js text items out as lines: a break where the text layer marks an end of line or where the
 * baseline moves by more than half a line, and a space where a horizontal gap separates two runs.
 */
export function layoutPageText(items: PositionedText[]): string {
  let out = '';
  let lastY: number | null = null;
  let lastEnd: number | null = null;
  for (const item of items) {
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const height = Math.abs(item.transform[3] ?? 0) || Math.abs(item.transform[0] ?? 0) || 10;
    if (item.str) {
      const atLineStart = out === '' || out.endsWith('\n');
      if (!atLineStart && lastY !== null && Math.abs(y - lastY) > height * 0.5) {
        out += '\n';
      } else if (!atLineStart && lastEnd !== null && x - lastEnd > height * 0.15 && !/\s$/.test(out) && !/^\s/.test(item.str)) {
        out += ' ';
      }
      out += item.str;
      lastY = y;
      lastEnd = x + item.width;
    }
    if (item.hasEOL && !out.endsWith('\n')) out += '\n';
  }
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "page 3", "pages 3, 4" or "pages 3-9, 12": compact page lists for warnings. */
export function describePages(pages: number[]): string {
  const ranges: string[] = [];
  let i = 0;
  while (i < pages.length) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    ranges.push(j - i >= 2 ? `${pages[i]}-${pages[j]}` : pages.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return `${pages.length === 1 ? 'page' : 'pages'} ${ranges.join(', ')}`;
}
