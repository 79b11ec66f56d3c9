import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { AddressObject, Attachment, ParsedMail } from 'mailparser';
import { ExtractionFailure } from '../extraction-failure.js';
import type { ExtractedContent, ExtractionContext, ExtractionLimits, Extractor } from '../extraction.types.js';
import { htmlToText } from './html.js';

/** E-mails nest attachments that are e-mails; we read this deep and no deeper. */
export const MAX_ATTACHMENT_DEPTH = 2;

/** Extracts a file of any supported type (the dispatcher, passed in to avoid an import cycle). */
export type NestedExtract = (path: string, limits: ExtractionLimits, context: ExtractionContext) => Promise<ExtractedContent>;

function addresses(value: AddressObject | AddressObject[] | undefined): string | undefined {
  if (!value) return undefined;
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/** The header block: From, To, Cc, Date, Subject, each only when present. */
function headerBlock(mail: ParsedMail): string {
  const fields: [string, string | undefined][] = [
    ['From', addresses(mail.from)],
    ['To', addresses(mail.to)],
    ['Cc', addresses(mail.cc)],
    ['Date', mail.date?.toISOString()],
    ['Subject', mail.subject],
  ];
  return fields.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`).join('\n');
}

/** A file name safe to write in our temp folder (attachment names come from the sender). */
function safeName(attachment: Attachment, index: number): string {
  const name = basename(attachment.filename ?? '').replace(/[^\w.\- ]+/g, '_').slice(-100);
  return name || `attachment-${index + 1}`;
}

async function attachmentTexts(
  attachments: Attachment[], limits: ExtractionLimits, context: ExtractionContext, extractNested: NestedExtract, warnings: string[],
): Promise<string[]> {
  const documents = attachments.filter((a) => !a.related); // inline images of the HTML body
  if (documents.length === 0) return [];
  if (context.depth >= MAX_ATTACHMENT_DEPTH) {
    warnings.push(`${documents.length} attachment(s) nested deeper than ${MAX_ATTACHMENT_DEPTH} levels were not read`);
    return [];
  }
  const dir = await mkdtemp(join(tmpdir(), 'folio-mail-'));
  context.track({ kind: 'tempDir', path: dir, done: false });
  try {
    const parts: string[] = [];
    for (const [i, attachment] of documents.entries()) {
      const label = attachment.filename ?? `attachment ${i + 1}`;
      const file = join(dir, `${i}-${safeName(attachment, i)}`);
      await writeFile(file, attachment.content);
      try {
        const nested = await extractNested(file, limits, { ...context, depth: context.depth + 1 });
        warnings.push(...nested.warnings.map((w) => `${label}: ${w}`));
        parts.push(`Attachment: ${label}\n${nested.pages.map((p) => p.text).join('\n\n')}`.trim());
      } catch (error) {
        if (!(error instanceof ExtractionFailure)) throw error;
        warnings.push(`attachment ${label} was not read: ${error.reason}`);
      }
    }
    return parts;
  } finally {
    await rm(dir, { recursive: true, force: true });
    context.track({ kind: 'tempDir', path: dir, done: true });
  }
}

/** E-mail (.eml) via mailparser: headers, body, then each attached document's text. */
export function createEmailExtractor(extractNested: NestedExtract): Extractor {
  return {
    name: 'email',
    matches: (type) => type === 'message/rfc822',
    async extract(path, limits, context) {
      const { simpleParser } = await import('mailparser'); // on first use (extract-file.ts says why)
      const mail = await simpleParser(await readFile(path), { skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
      const body = (mail.text?.trim() ? mail.text : mail.html ? await htmlToText(mail.html) : '').replace(/\r\n?/g, '\n').trim();
      const warnings: string[] = [];
      const attached = await attachmentTexts(mail.attachments, limits, context, extractNested, warnings);
      const text = [headerBlock(mail), body, ...attached].filter(Boolean).join('\n\n');
      return { pages: [{ page: 1, text }], pageCount: 1, warnings };
    },
  };
}
