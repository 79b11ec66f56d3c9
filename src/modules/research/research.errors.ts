import { AppError } from '../../shared/errors.js';

/** Errors of the research operations; the statute interface writes every one as `{"detail": "..."}`. */
export const badRequest = (detail: string) => new AppError(400, 'research.bad_request', detail);
export const unsupportedJurisdiction = (code: string) =>
  new AppError(422, 'research.jurisdiction_not_supported', `Jurisdiction not supported: ${code}`);
