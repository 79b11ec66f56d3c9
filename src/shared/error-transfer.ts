import { AppError, type ValidationIssue } from './errors.js';

/**
 * An error as plain data, to cross a thread boundary: structured cloning keeps only an Error's
 * name, message and stack, so a domain AppError would arrive without its status, code and detail.
 */
export type SerializedError =
  | { kind: 'app'; status: number; code: string; detail: string | ValidationIssue[]; headers: Record<string, string> }
  | { kind: 'other'; name: string; message: string; stack?: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof AppError) return { kind: 'app', status: error.status, code: error.code, detail: error.detail, headers: { ...error.headers } };
  if (error instanceof Error) return { kind: 'other', name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { kind: 'other', name: 'Error', message: String(error) };
}

/** The same value back: an AppError with its status, code, detail and headers, else a plain Error. */
export function deserializeError(data: SerializedError): Error {
  if (data.kind === 'app') return new AppError(data.status, data.code, data.detail, data.headers);
  const error = new Error(data.message);
  error.name = data.name;
  if (data.stack) error.stack = data.stack;
  return error;
}
