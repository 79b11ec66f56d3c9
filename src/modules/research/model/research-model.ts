import type { Config } from '../../../config/config.js';
import { createModelAsk, createModelCheck, type ModelAsk, type ModelCheck } from './index.js';

/** The guarded model for ask and check when an OpenAI-compatible endpoint is configured; nothing otherwise. */
export function researchModel(config: Pick<Config, 'llm'>, log?: { warn(obj: Record<string, unknown>, msg: string): void }): { model?: { ask: ModelAsk; check: ModelCheck } } {
  if (!config.llm) return {};
  const onFallback = (reason: string, detail: string) => log?.warn({ reason, detail }, 'model statute answer replaced by the built-in one');
  return { model: { ask: createModelAsk({ ...config.llm, onFallback }), check: createModelCheck({ ...config.llm, onFallback }) } };
}
