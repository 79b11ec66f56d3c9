import { AppError, defineError } from '../../shared/errors.js';

export const invalidApiKey = () =>
  new AppError(401, 'auth.invalid_key', 'Invalid or missing API key', { 'WWW-Authenticate': 'Bearer' });
export const apiKeyRevoked = defineError(403, 'auth.key_revoked', 'API key has been revoked');
export const apiKeyExpired = defineError(403, 'auth.key_expired', 'API key has expired');
export const workspaceNotAccessible = defineError(403, 'auth.workspace_not_accessible', 'Workspace not accessible');
export const insufficientWorkspaceRole = defineError(403, 'auth.insufficient_role', 'Insufficient workspace role');
export const missingScope = (scope: string) => new AppError(403, 'auth.missing_scope', `Missing required scope: ${scope}`);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limit.exceeded', 'Rate limit exceeded', { 'Retry-After': String(retryAfterSeconds) });
export const temporarilyUnavailable = (retryAfterSeconds: number) =>
  new AppError(503, 'load.shed', 'Temporarily unavailable', { 'Retry-After': String(retryAfterSeconds) });
