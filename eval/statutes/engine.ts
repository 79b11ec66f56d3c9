/**
 * How the evaluation reaches the engine: over HTTP against the production build (what the report
 * measures), or in-process on the same corpus database (for quick tuning runs on half A).
 */
import type { ResearchDeps } from '../../src/modules/research/retrieval/retrieve-sections.js';
import { ask, check, compare } from '../../src/modules/research/research.usecases.js';

export interface Engine {
  post(path: '/v1/ask' | '/v1/check' | '/v1/compare', body: Record<string, unknown>): Promise<{ json: Record<string, unknown>; ms: number }>;
}

export function httpEngine(url: string, key: string): Engine {
  return {
    async post(path, body) {
      const started = performance.now();
      const response = await fetch(url + path, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`${path} ${response.status}: ${JSON.stringify(json)}`);
      return { json, ms: performance.now() - started };
    },
  };
}

const TODAY = new Date().toISOString().slice(0, 10);

export function inProcessEngine(deps: ResearchDeps): Engine {
  return {
    async post(path, body) {
      const started = performance.now();
      const asOf = String(body.as_of ?? TODAY);
      let json: unknown;
      if (path === '/v1/ask') json = await ask(deps, { question: String(body.question), jurisdiction: String(body.jurisdiction), asOf });
      else if (path === '/v1/check') json = await check(deps, { assertion: String(body.assertion), jurisdiction: String(body.jurisdiction), asOf });
      else json = await compare(deps, { question: String(body.question), jurisdictions: body.jurisdictions as string[], asOf });
      return { json: json as Record<string, unknown>, ms: performance.now() - started };
    },
  };
}
