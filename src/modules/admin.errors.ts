import { AppError } from '../shared/errors.js';

/** Errors of the operator use cases (the admin CLI); the HTTP API never raises these. */
export const notFound = (what: string, id: string | number) => new AppError(404, 'admin.not_found', `${what} ${id} not found`);
export const invalidInput = (message: string) => new AppError(400, 'admin.invalid_input', message);
export const forbidden = (message: string) => new AppError(403, 'admin.forbidden', message);
