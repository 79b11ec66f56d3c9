/** Cross-references of one section: canonical citations in first-seen order, no duplicates, never the section itself. */
export class ReferenceList {
  private readonly seen = new Set<string>();
  private readonly list: string[] = [];

  constructor(private self = '') {}

  /** Sets the section's own citation once it is known (a section's number may follow its first cite). */
  setSelf(citation: string): void {
    this.self = citation;
  }

  add(citation: string): void {
    if (this.seen.has(citation)) return;
    this.seen.add(citation);
    this.list.push(citation);
  }

  get length(): number {
    return this.list.length;
  }

  /** Drops the references added after the list had `length` entries. */
  truncate(length: number): void {
    for (const c of this.list.splice(length)) this.seen.delete(c);
  }

  values(): string[] {
    return this.list.filter((c) => c !== this.self);
  }
}
