import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../generated/schema';

export type Schemas = components['schemas'];

/** The CSRF token the server set in a readable cookie at sign-in. */
export function csrfToken(): string {
  const match = /(?:^|;\s*)folio_csrf=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1] ?? '') : '';
}

const csrf: Middleware = {
  onRequest({ request }) {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) request.headers.set('X-CSRF-Token', csrfToken());
    return request;
  },
};

/**
 * Two clients over the one generated description: `v1` calls the /v1 operations through the app's
 * session-authenticated copy of them (base URL /app/api), `app` calls the app-only paths, which
 * the document lists under /app/api already.
 */
export const v1 = createClient<paths>({ baseUrl: '/app/api', credentials: 'same-origin' });
export const app = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
v1.use(csrf);
app.use(csrf);

/** The message to show for a failed call: the server's detail, else the status. */
export function errorText(error: unknown, response: Response): string {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d: { msg?: string }) => d.msg ?? '').join('; ');
  return `Request failed (${response.status})`;
}

/** Throws the server's message unless the call succeeded; returns the typed data. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    if (result.response.status === 401) window.dispatchEvent(new CustomEvent('folio:signed-out'));
    throw new Error(errorText(result.error, result.response));
  }
  return result.data;
}
