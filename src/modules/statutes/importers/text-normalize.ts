/**
 * Text normalization shared by the statute parsers: every format ends in the same canonical
 * plain text (see ParsedSection.text): paragraphs joined by '\n', whitespace inside a paragraph
 * collapsed to single spaces, paragraph designations kept at the start of their paragraph.
 */

/** Collapses every run of whitespace (including no-break and other Unicode spaces) to one space, trimmed. */
export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Joins paragraphs with '\n' after collapsing each one, dropping the empty ones. */
export function joinParagraphs(paragraphs: Iterable<string>): string {
  const kept: string[] = [];
  for (const p of paragraphs) {
    const c = collapseWhitespace(p);
    if (c) kept.push(c);
  }
  return kept.join('\n');
}

/** A position in a ParagraphBuilder, to undo what was appended after it. */
export interface ParagraphMark {
  readonly paragraphs: number;
  readonly parts: number;
}

/**
 * Accumulates the text of a section as SAX events arrive: text is appended to the current
 * paragraph and `break()` starts a new one. Raw chunks are kept and only collapsed when a
 * paragraph ends, because SAX delivers text in arbitrary pieces.
 */
export class ParagraphBuilder {
  private readonly done: string[] = [];
  private parts: string[] = [];

  /** Appends raw text to the current paragraph. */
  append(text: string): void {
    if (text) this.parts.push(text);
  }

  /** Ensures a word boundary at this point (adjacent elements often have no whitespace between them). */
  space(): void {
    this.parts.push(' ');
  }

  /** Drops trailing whitespace from the current paragraph, to join what follows directly: '(1)(A)'. */
  trimEnd(): void {
    while (this.parts.length > 0) {
      const last = (this.parts[this.parts.length - 1] ?? '').trimEnd();
      if (last) {
        this.parts[this.parts.length - 1] = last;
        return;
      }
      this.parts.pop();
    }
  }

  /** Ends the current paragraph, if it holds any text. */
  break(): void {
    if (this.parts.length === 0) return;
    const p = collapseWhitespace(this.parts.join(''));
    this.parts = [];
    if (p) this.done.push(p);
  }

  /** True when the current paragraph holds no visible text yet. */
  get currentIsBlank(): boolean {
    return this.parts.every((p) => p.trim() === '');
  }

  /** The last characters of the current paragraph (raw), to look at what precedes an element. */
  tail(length: number): string {
    let s = '';
    for (let i = this.parts.length - 1; i >= 0 && s.length < length; i--) s = (this.parts[i] ?? '') + s;
    return s.slice(-length);
  }

  mark(): ParagraphMark {
    return { paragraphs: this.done.length, parts: this.parts.length };
  }

  /** The collapsed text appended since `mark` (paragraphs joined by spaces). */
  since(mark: ParagraphMark): string {
    if (this.done.length === mark.paragraphs) return collapseWhitespace(this.parts.slice(mark.parts).join(''));
    // The mark's paragraph was closed since: its tail is lost in the collapsed string, so
    // only the later paragraphs and the current one are returned.
    return collapseWhitespace([...this.done.slice(mark.paragraphs), this.parts.join('')].join(' '));
  }

  /** Forgets everything appended since `mark`; valid only while no paragraph has ended since. */
  rollback(mark: ParagraphMark): boolean {
    if (this.done.length !== mark.paragraphs) return false;
    this.parts.length = mark.parts;
    return true;
  }

  /** Ends the current paragraph and returns the canonical text. */
  toText(): string {
    this.break();
    return this.done.join('\n');
  }
}
