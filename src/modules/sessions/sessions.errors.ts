import { AppError, defineError } from '../../shared/errors.js';

export const invalidCredentials = defineError(401, 'session.invalid_credentials', 'Invalid email or password');
export const notSignedIn = defineError(401, 'session.not_signed_in', 'Not signed in');
export const csrfRejected = defineError(403, 'session.csrf', 'Missing or invalid CSRF token');
export const crossOrigin = defineError(403, 'session.cross_origin', 'Cross-origin request refused');
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, 'session.locked', 'Too many failed sign-in attempts; try again later', { 'Retry-After': String(retryAfterSeconds) });
