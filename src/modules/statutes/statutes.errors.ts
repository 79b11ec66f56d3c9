import { AppError } from '../../shared/errors.js';

/** Errors of the statute corpus, declared once; the HTTP handler writes `{"detail": "..."}`. */
export const unrecognizedCitation = (input: string) =>
  new AppError(400, 'statutes.citation_unrecognized', `Unrecognized citation: "${input}"`);
export const unknownCitation = (canonical: string) =>
  new AppError(400, 'statutes.citation_unknown', `Unknown citation: no section ${canonical} in the corpus`);
export const jurisdictionNotSupported = (jurisdiction: string) =>
  new AppError(422, 'statutes.jurisdiction_not_supported', `Jurisdiction not supported: ${jurisdiction}`);
export const invalidAsOf = (value: string) =>
  new AppError(400, 'statutes.invalid_as_of', `Invalid as_of: "${value}" is not a date YYYY-MM-DD`);
/** A bad `folio import statutes` argument or source; the CLI prints it as one line. */
export const statuteImportError = (message: string) => new AppError(400, 'statutes.import_invalid', message);
