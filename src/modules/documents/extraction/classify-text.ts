import { parse } from 'csv-parse/sync';

/** Media types a decoded text file can be. */
export type TextMediaType = 'message/rfc822' | 'text/html' | 'text/csv' | 'text/markdown' | 'text/plain';

/** Headers that, together, mark a file as an RFC 822 message rather than a memo that starts with "Subject:". */
const MAIL_HEADERS = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'date', 'mime-version', 'received', 'message-id', 'return-path',
  'delivered-to', 'reply-to', 'sender', 'content-type', 'content-transfer-encoding', 'x-mailer', 'references',
  'in-reply-to', 'dkim-signature', 'authentication-results', 'thread-topic', 'x-originating-ip',
]);
const STRONG_MAIL_HEADERS = new Set(['from', 'received', 'mime-version', 'message-id', 'return-path', 'delivered-to']);

/** True when the text opens with an RFC 822 header block (an mbox "From " line may come first). */
export function looksLikeEmail(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split('\n', 60);
  let i = 0;
  if (lines[0]?.startsWith('From ')) i = 1; // mbox separator line
  const seen = new Set<string>();
  for (; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    if (line === '') break; // end of the header block
    if (/^[ \t]/.test(line)) {
      if (seen.size === 0) return false; // a continuation line before any header
      continue;
    }
    const m = /^([A-Za-z][A-Za-z0-9-]*):/.exec(line);
    if (!m) return false;
    seen.add(m[1]!.toLowerCase());
  }
  const known = [...seen].filter((h) => MAIL_HEADERS.has(h) || h.startsWith('x-'));
  const strong = [...seen].some((h) => STRONG_MAIL_HEADERS.has(h));
  return strong && known.length >= 2;
}

/** True when the text starts (after BOM, whitespace, an XML declaration or comments) with an HTML tag. */
export function looksLikeHtml(text: string): boolean {
  let head = text.slice(0, 4096).replace(/^\uFEFF/, '').trimStart();
  head = head.replace(/^<\?xml[^>]*\?>\s*/i, '');
  while (head.startsWith('<!--')) {
    const end = head.indexOf('-->');
    if (end < 0) return false;
    head = head.slice(end + 3).trimStart();
  }
  return /^<(!doctype\s+html|html|head|body|meta|title)[\s>/]/i.test(head);
}

/** The delimiters CSV sniffing tries, in order of preference when several fit. */
const DELIMITERS = ['\t', ';', ',', '|'] as const;

/** How many rows of a sample are parsed: enough to judge consistency. */
const SAMPLE_ROWS = 50;

/**
 * Parses sample rows with one delimiter; a sample cut inside a quoted field is retried shorter.
 * A sample where no field opens with a quote, and with no CR, is split by hand: with relax_quotes a
 * quote inside a field is kept as written, so csv-parse's records are exactly the sample's non-empty
 * lines and its fields exactly their pieces between delimiters (sniff.test.ts holds the two equal
 * on the CUAD texts). Parsing prose, which commas and semicolons send here, was a third of sniffing
 * a contract: csv-parse makes an error object for every row of uneven length.
 */
export function sampleRows(sample: string, delimiter: string): string[][] | null {
  const quoteOpensField = sample.startsWith('"') || sample.includes('\n"') || sample.includes(`${delimiter}"`);
  if (!quoteOpensField && !sample.includes('\r')) return splitRows(sample, delimiter);
  return parsedRows(sample, delimiter);
}

/** The first SAMPLE_ROWS non-empty lines of an LF-only sample where no field opens with a quote, split at the delimiter. */
function splitRows(sample: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  for (let start = 0; start < sample.length && rows.length < SAMPLE_ROWS;) {
    const newline = sample.indexOf('\n', start);
    const end = newline < 0 ? sample.length : newline;
    if (end > start) rows.push(sample.slice(start, end).split(delimiter));
    start = end + 1;
  }
  return rows;
}

/** csv-parse's rows of the sample. */
export function parsedRows(sample: string, delimiter: string): string[][] | null {
  let text = sample;
  // Until csv-parse has found the line ending it allocates buffers at every character (about half of
  // sniffing's cost on prose whose first line is long). Text without a CR can only end lines with LF,
  // which is all its discovery could find, so naming it changes no record.
  const lineEnding = sample.includes('\r') ? {} : { record_delimiter: '\n' };
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return withoutStackTraces(() => parse(text, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        to: SAMPLE_ROWS,
        ...lineEnding,
      })) as string[][];
    } catch {
      const cut = text.lastIndexOf('\n', Math.floor(text.length / 2));
      if (cut <= 0) return null;
      text = text.slice(0, cut);
    }
  }
  return null;
}

/**
 * Runs synchronous code with error stack traces off. With relax_column_count, csv-parse still builds
 * an error, stack trace included, for every row whose field count differs (nearly every row of prose)
 * and drops it; nothing reads those traces, and a failed parse is only retried shorter. Nothing else
 * runs until this returns, so no other error loses its trace.
 */
function withoutStackTraces<T>(run: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The delimiter that splits the text's first rows consistently (the same count of two or more fields in
 * nearly every row), or null. Prose is refused: commas in sentences give varying counts, and fields that
 * start with a space after the comma are writing, not data.
 */
export function detectCsvDelimiter(text: string): string | null {
  // Parsing (csv-parse, ~10 MB/s) is the slow part of sniffing; a short sample decides almost every file,
  // and only files whose rows are very long (under three rows in 8 KB) are looked at again with a longer one.
  const short = delimiterOf(text, 8 * 1024);
  if (short.delimiter !== null || short.rows >= 3 || text.length <= 8 * 1024) return short.delimiter;
  return delimiterOf(text, 128 * 1024).delimiter;
}

function delimiterOf(text: string, sampleLength: number): { delimiter: string | null; rows: number } {
  let sample = text.slice(0, sampleLength).replace(/^\uFEFF/, '');
  if (text.length > sample.length) sample = sample.slice(0, Math.max(0, sample.lastIndexOf('\n')));
  let fewestRows = Infinity;
  const lines = sample.split('\n', 40).filter((line) => line.trim() !== '');
  for (const delimiter of DELIMITERS) {
    // Cheap screen before parsing: in a table nearly every line holds the delimiter (quoted multi-line
    // cells aside, hence the low bar); prose mostly fails this and is never parsed.
    if (lines.filter((line) => line.includes(delimiter)).length < lines.length * 0.5) continue;
    const rows = sampleRows(sample, delimiter);
    if (!rows) continue;
    fewestRows = Math.min(fewestRows, rows.length);
    if (isConsistent(rows, delimiter)) return { delimiter, rows: rows.length };
  }
  return { delimiter: null, rows: fewestRows === Infinity ? 0 : fewestRows };
}

function isConsistent(rows: string[][], delimiter: string): boolean {
  if (rows.length < 2) return false;
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  const [mode, modeRows] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  if (mode < 2 || modeRows / rows.length < 0.9) return false;
  // Two-line files agree by chance too easily; ask for three rows unless the rows are clearly tabular.
  if (rows.length < 3 && mode < 3) return false;
  // Indented prose splits on tabs as ['', sentence] in every line; data rarely leaves its first column empty.
  if (rows.filter((r) => (r[0] ?? '').trim() === '').length / rows.length > 0.5) return false;
  if (delimiter === ',' || delimiter === ';') {
    let later = 0;
    let spaced = 0;
    let wordy = 0;
    for (const row of rows) {
      row.forEach((field, i) => {
        if (i > 0) {
          later++;
          if (/^ \S/.test(field)) spaced++;
        }
        if (field.split(/\s+/).length > 12 && !/[\n"]/.test(field)) wordy++;
      });
    }
    if (later > 0 && spaced / later > 0.5 && wordy > 0) return false;
    if (spaced / Math.max(1, later) > 0.8) return false;
  }
  return true;
}

/** Markdown signals: ATX headings, fenced code, links, emphasis markers and list items at line start. */
export function looksLikeMarkdown(text: string): boolean {
  const sample = text.slice(0, 32 * 1024);
  let signals = 0;
  if (/^#{1,6} \S/m.test(sample)) signals++;
  if (/^```/m.test(sample)) signals++;
  if (/\[[^\]\n]+\]\([^)\s]+\)/.test(sample)) signals++;
  if (/^\s{0,3}[-*+] \S/m.test(sample)) signals++;
  if (/\*\*[^*\n]+\*\*|__[^_\n]+__/.test(sample)) signals++;
  if (/^\|.*\|\s*$\n^\|\s*:?-{3,}/m.test(sample)) signals++;
  return signals >= 2;
}

/** Classifies decoded text by its content: e-mail, HTML, CSV, Markdown, else plain text. */
export function classifyText(text: string): TextMediaType {
  if (looksLikeEmail(text)) return 'message/rfc822';
  if (looksLikeHtml(text)) return 'text/html';
  if (detectCsvDelimiter(text) !== null) return 'text/csv';
  if (looksLikeMarkdown(text)) return 'text/markdown';
  return 'text/plain';
}
