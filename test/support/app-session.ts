import { setPassword } from '../../src/modules/sessions/sessions.usecases.js';
import { createSessionsRepository } from '../../src/modules/sessions/sessions.repository.js';
import type { CoreDeps } from '../../src/shared/deps.js';
import type { TestServer } from './test-server.js';

export const TEST_PASSWORD = 'correct horse battery staple';

export async function givePassword(deps: CoreDeps, orgId: string, userId: string, password = TEST_PASSWORD): Promise<void> {
  await setPassword({ ...deps, sessions: createSessionsRepository({ db: deps.store.db }) }, orgId, userId, password);
}

/** Cookies set by a response, name → value (an expired/cleared cookie maps to ''). */
export function cookiesOf(response: Response): Map<string, { value: string; attributes: string }> {
  const jar = new Map<string, { value: string; attributes: string }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), { value: pair.slice(eq + 1).trim(), attributes: rest.join(';').trim() });
  }
  return jar;
}

/** A browser-like client of the app API: keeps its cookies and sends Origin and the CSRF header. */
export class AppClient {
  cookies = new Map<string, string>();
  constructor(readonly server: TestServer, readonly origin = server.baseUrl) {}

  async request(path: string, init: RequestInit & { json?: unknown; csrf?: string | null } = {}): Promise<Response> {
    const { json, csrf, headers, ...rest } = init;
    const h = new Headers(headers);
    if (this.origin) h.set('origin', this.origin);
    if (this.cookies.size > 0) h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const token = csrf === undefined ? this.cookies.get('folio_csrf') : csrf;
    if (token) h.set('x-csrf-token', token);
    if (json !== undefined) h.set('content-type', 'application/json');
    const response = await fetch(this.server.baseUrl + path, { ...rest, headers: h, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
    for (const [name, { value }] of cookiesOf(response)) {
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  signIn(email: string, password = TEST_PASSWORD): Promise<Response> {
    return this.request('/app/api/session', { method: 'POST', json: { email, password } });
  }
}
