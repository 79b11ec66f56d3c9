import { ExtractionFailure } from './extraction-failure.js';
import type { ExtractedContent, ExtractionContext, ExtractionLimits, ExtractionResult, Extractor } from './extraction.types.js';
import { csvExtractor } from './extractors/csv.js';
import { docxExtractor } from './extractors/docx.js';
import { createEmailExtractor } from './extractors/email.js';
import { htmlExtractor } from './extractors/html.js';
import { pdfExtractor } from './extractors/pdf.js';
import { textExtractor } from './extractors/text.js';
import { xlsxExtractor } from './extractors/xlsx.js';
import { sniffContentType } from './sniff.js';

/** Sniffs a file and runs the first extractor that reads its type. Runs inside the isolated worker. */
export async function extractFile(path: string, limits: ExtractionLimits, context: ExtractionContext): Promise<ExtractionResult> {
  const contentType = await sniffContentType(path);
  const extractor = EXTRACTORS.find((e) => e.matches(contentType));
  if (!extractor) throw new ExtractionFailure(`unsupported file type: ${contentType}`);
  const content = await extractor.extract(path, limits, context);
  return { contentType, ...content };
}

const nested = (path: string, limits: ExtractionLimits, context: ExtractionContext): Promise<ExtractedContent> =>
  extractFile(path, limits, context);

/**
 * Every extraction strategy, tried in order. Each loads its format's library (pdf.js, mammoth,
 * exceljs, mailparser, html-to-text) at its first file, not at import: loading them all cost each
 * extraction process about 0.7 s of CPU and tens of MB before its first file, though a data room of
 * text contracts needs none of them.
 */
export const EXTRACTORS: readonly Extractor[] = [
  pdfExtractor,
  docxExtractor,
  xlsxExtractor,
  createEmailExtractor(nested),
  htmlExtractor,
  csvExtractor,
  textExtractor,
];
