/** Sends a set's items to an engine and collects the outcomes metrics.ts scores. */
import type { Engine } from './engine.js';
import type { AskItem, CheckItem, CompareItem, EvalItem } from './items.js';
import type { AskOutcome, CheckOutcome, CompareOutcome } from './metrics.js';

interface Citation { code: string }
const asOf = (item: { as_of?: string }) => (item.as_of ? { as_of: item.as_of } : {});

export async function runItems(engine: Engine, items: EvalItem[]): Promise<{ asks: AskOutcome[]; checks: CheckOutcome[]; compares: CompareOutcome[] }> {
  const asks: AskOutcome[] = [];
  const checks: CheckOutcome[] = [];
  const compares: CompareOutcome[] = [];
  for (const item of items) {
    if (item.task === 'ask') {
      const { json, ms } = await engine.post('/v1/ask', { question: item.question, jurisdiction: item.jurisdiction, ...asOf(item) });
      asks.push({ item: item as AskItem, codes: (json.citations as Citation[]).map((c) => c.code), confidence: String(json.confidence), answer: String(json.answer), ms });
    } else if (item.task === 'check') {
      const { json, ms } = await engine.post('/v1/check', { assertion: item.assertion, jurisdiction: item.jurisdiction, ...asOf(item) });
      checks.push({ item: item as CheckItem, verdict: String(json.verdict), explanation: String(json.explanation), codes: ((json.citations ?? []) as Citation[]).map((c) => c.code), ms });
    } else {
      const { json } = await engine.post('/v1/compare', { question: item.question, jurisdictions: item.jurisdictions, ...asOf(item) });
      const results = (json.results as Array<{ jurisdiction: string; answer: string; citations: Citation[]; confidence?: string }>).map((r) => ({
        jurisdiction: r.jurisdiction, answer: r.answer, codes: r.citations.map((c) => c.code), ...(r.confidence ? { confidence: r.confidence } : {}),
      }));
      compares.push({ item: item as CompareItem, results });
    }
  }
  return { asks, checks, compares };
}
