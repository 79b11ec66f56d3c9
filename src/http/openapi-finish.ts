/**
 * Finishing touches on the generated OpenAPI document, applied centrally so that every route,
 * whoever adds it, gets them: payload schemas named as components and referenced, an operationId
 * on every operation, Retry-After on 429/503, the RateLimit-* headers on key-authenticated
 * answers, and `security: []` on the public operations. Pure: document in, document out.
 */

type Json = Record<string, unknown>;
type Operation = { operationId?: string; security?: unknown[]; requestBody?: Json; responses?: Record<string, Json> } & Json;

export const appSecuritySchemes = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'folio_session', description: 'The app session, set by POST /app/api/session (HttpOnly).' },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'The value of the readable `folio_csrf` cookie, required on every state-changing app request (with a same-origin Origin header).',
  },
} as const;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const HEADERS: Json = {
  'Retry-After': { description: 'Seconds until a retry may succeed', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Limit': { description: "Requests allowed per window for this key", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

export function finishDocument(input: unknown): unknown {
  const doc = structuredClone(input) as Json & { paths?: Record<string, Record<string, Operation>>; components?: Json };
  const components = (doc.components ??= {}) as Json & { schemas?: Record<string, unknown>; headers?: Json };
  const schemas = (components.schemas ??= {}) as Record<string, unknown>;
  components.headers = { ...(components.headers ?? {}), ...HEADERS };
  const used = new Set<string>();

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= deriveOperationId(method, path, used);
      used.add(operation.operationId);
      if (operation.security === undefined) operation.security = [];
      const keyed = operation.security.some((s) => typeof s === 'object' && s !== null && 'bearerAuth' in s);
      nameBody(operation.requestBody, `${pascal(operation.operationId)}Request`, schemas);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        nameBody(response, `${pascal(operation.operationId)}Response${status}`, schemas);
        const headers = (response.headers ?? {}) as Json;
        if (status === '429' || status === '503') headers['Retry-After'] = headerRef('Retry-After');
        if (keyed && status !== '401' && status !== '503') {
          for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) headers[name] = headerRef(name);
        }
        if (Object.keys(headers).length > 0) response.headers = headers;
      }
    }
  }
  if (doc.paths && !doc.paths['/openapi.json']) {
    doc.paths['/openapi.json'] = {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This document',
        tags: ['meta'],
        security: [],
        responses: { '200': { description: 'The OpenAPI 3.1 description of the server', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    };
  }
  return doc;
}

/** `GET /v1/workspaces/{workspace_id}/documents` → `getWorkspacesByWorkspaceIdDocuments`. */
export function deriveOperationId(method: string, path: string, taken: ReadonlySet<string> = new Set()): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'v1')
    .map((part) => (part.startsWith('{') ? `By${pascal(part.slice(1, -1))}` : pascal(part)));
  const base = method.toLowerCase() + words.join('');
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  return id;
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** Each JSON body's schema becomes a component: its own title, else the name given. */
function nameBody(body: Json | undefined, fallback: string, schemas: Record<string, unknown>): void {
  const content = body?.content as Record<string, { schema?: unknown }> | undefined;
  for (const [type, media] of Object.entries(content ?? {})) {
    // JSON payloads only: a multipart form stays inline beside its operation, as clients read it.
    if (media.schema === undefined || !type.includes('json')) continue;
    const hoisted = hoist(media.schema, schemas);
    const isObject = isJson(hoisted) && hoisted.type === 'object' && hoisted.$ref === undefined;
    media.schema = isObject ? register(hoisted, fallback, schemas) : hoisted;
  }
}

/** Replaces every titled sub-schema with a $ref to a component of that title, depth first. */
function hoist(schema: unknown, schemas: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => hoist(s, schemas));
  if (!isJson(schema)) return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = key === 'properties' && isJson(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hoist(v, schemas)])) : hoist(value, schemas);
  }
  const title = typeof copy.title === 'string' ? copy.title : undefined;
  return title && /^[A-Za-z][A-Za-z0-9_]*$/.test(title) ? register(copy, title, schemas) : copy;
}

/** Stores a schema under a name (a different schema of the same name gets a numbered one). */
function register(schema: Json, name: string, schemas: Record<string, unknown>): Json {
  const text = JSON.stringify(schema);
  let candidate = name;
  for (let n = 2; schemas[candidate] !== undefined && JSON.stringify(schemas[candidate]) !== text; n++) candidate = `${name}${n}`;
  schemas[candidate] = schema;
  return { $ref: `#/components/schemas/${candidate}` };
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
