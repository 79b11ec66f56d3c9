/**
 * Errors are values: the domain raises an AppError with a status and a detail, and one HTTP error
 * handler (src/http/error-handler.ts) writes the exact body that spec/contract.md requires.
 */

/** One entry of a pydantic-style validation error list. */
export interface ValidationIssue {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    /** Stable dotted code for logs and tests, e.g. 'auth.key_revoked'. */
    readonly code: string,
    /** The contract's detail: a string, or pydantic issues for 422. */
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : `${code}: ${detail.map((d) => d.msg).join('; ')}`);
    this.name = 'AppError';
  }
}

/** Declares an error once per module: `const notFound = defineError(404, 'x.not_found', 'X not found')`. */
export function defineError(status: number, code: string, detail: string) {
  return (headers: Record<string, string> = {}): AppError => new AppError(status, code, detail, headers);
}

/** A 422 carrying pydantic-style issues. */
export function validationError(issues: ValidationIssue[]): AppError {
  return new AppError(422, 'validation.failed', issues);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
