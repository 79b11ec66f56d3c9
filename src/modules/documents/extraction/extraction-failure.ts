/** An extraction that failed for a reason worth showing to the user as the file's error. */
export class ExtractionFailure extends Error {
  /** The text shown to users, e.g. 'the PDF is encrypted with a password'. */
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'ExtractionFailure';
    this.reason = reason;
  }
}
