/** Optional model-written statute answers and assertion checks, under the verbatim-quote guard. */
export { createModelAsk, type ModelAsk, type ModelAskInput, type ModelResearchOptions } from './model-ask.js';
export { createModelCheck, type ModelCheck, type ModelCheckInput } from './model-check.js';
export type { CheckAnswer } from './guard.js';
export type { ModelFallbackReason } from './fallback.js';
