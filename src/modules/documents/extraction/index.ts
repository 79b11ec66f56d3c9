export { ExtractionFailure } from './extraction-failure.js';
export type {
  ExtractedContent,
  ExtractedPage,
  ExtractionContext,
  ExtractionLimits,
  ExtractionResult,
  Extractor,
  TrackedResource,
} from './extraction.types.js';
export { createExtractionPool, DEFAULT_EXTRACTION_LIMITS, type ExtractionPool, type ExtractionPoolOptions } from './extraction-pool.js';
export { sniffContentType, PDF, DOCX, XLSX } from './sniff.js';
export { EXTRACTORS } from './extract-file.js';
