/** findCitations: every statute citation in free text, in order, with offsets. */
import { aliasKey } from './alias-pattern.js';
import { canonicalCitation, normalizeSection, normalizeTitle } from './canonical.js';
import { findCode, REGISTRY } from './code-registry.js';
import { normalizePinpoint } from './pinpoint.js';
import {
  FORMER_BEFORE,
  NAMED_HEAD_STICKY,
  OF_OTHER_INSTRUMENT,
  SCAN,
  TRAILING_NAME,
  TRAILING_US_TITLE,
} from './scan-patterns.js';
import { looseListEnd, readSectionList, type SectionItem } from './section-list.js';
import { normalizeForScan } from './text-normalize.js';
import type { CodeDefinition, DefaultCode, FindCitationsOptions, FoundCitation } from './citation.types.js';

interface Context {
  original: string;
  text: string;
  defaultCode: CodeDefinition | null;
  defaultTitle: string | null;
}

/** What one head produced: citations (maybe none) and where scanning resumes. */
interface HeadResult {
  found: FoundCitation[];
  resume: number;
}

function sticky(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

function startsNamedCitation(text: string): (pos: number) => boolean {
  return (pos) => sticky(NAMED_HEAD_STICKY, text, pos) !== null;
}

function isPluralSign(sign: string | undefined): boolean {
  return sign !== undefined && /^(?:§§|secs|sections)/i.test(sign);
}

function titleAllowed(code: CodeDefinition, title: string): boolean {
  const n = Number.parseInt(title, 10);
  return n >= 1 && n <= code.maxTitle;
}

function toFound(
  ctx: Context,
  code: CodeDefinition,
  title: string | null,
  item: SectionItem,
  start: number,
  end: number,
): FoundCitation {
  const section = normalizeSection(item.section, code.letterCase);
  const normalizedTitle = code.titleFirst && title !== null ? normalizeTitle(title) : null;
  return {
    jurisdiction: code.jurisdiction,
    codeName: code.codeName,
    title: normalizedTitle,
    section,
    pinpoint: item.pinpoint === null ? null : normalizePinpoint(item.pinpoint),
    canonical: canonicalCitation(code.jurisdiction, code.codeName, section, normalizedTitle),
    start,
    end,
    raw: ctx.original.slice(start, end),
  };
}

/** Citations for a list of items: the first spans from the head, the last through any trailing code name. */
function toFoundList(
  ctx: Context,
  code: CodeDefinition,
  title: string | null,
  items: readonly SectionItem[],
  headStart: number,
  tailEnd: number | null,
): FoundCitation[] {
  return items.map((item, index) => {
    const start = index === 0 ? headStart : item.start;
    const end = index === items.length - 1 && tailEnd !== null ? tailEnd : item.end;
    return toFound(ctx, code, title, item, start, end);
  });
}

function handleNamed(ctx: Context, m: RegExpExecArray, sectionStart: number): HeadResult {
  const groups = m.groups ?? {};
  const aliasText = groups['tfAlias'] ?? groups['alias'] ?? groups['tAlias'] ?? '';
  const code = REGISTRY.byKey.get(aliasKey(aliasText));
  const title = groups['tfTitle'] ?? groups['tTitle'] ?? null;
  // A head that names a code but is not followed by a section of it yields nothing, and its sign must not be
  // re-read as a bare reference to the default code.
  const nothing: HeadResult = { found: [], resume: sectionStart };
  if (!code) return nothing;
  if (code.titleFirst && (title === null || !titleAllowed(code, title))) return nothing;
  const items = readSectionList(ctx.text, sectionStart, code, {
    plural: isPluralSign(groups['sign']),
    startsCitation: startsNamedCitation(ctx.text),
  });
  if (!items) return nothing;
  const found = toFoundList(ctx, code, code.titleFirst ? title : null, items, m.index, null);
  return { found, resume: (items[items.length - 1] as SectionItem).end };
}

/** A bare reference whose code is named after it: ", C.R.S.", "of the Code of Virginia", "of title 42". */
function trailingCode(
  ctx: Context,
  listEnd: number,
): { code: CodeDefinition; title: string | null; end: number } | null {
  const named = sticky(TRAILING_NAME, ctx.text, listEnd);
  if (named) {
    const code = REGISTRY.byTrailingKey.get(aliasKey(named.groups?.['name'] ?? ''));
    if (code) return { code, title: null, end: listEnd + named[0].length };
  }
  const us = sticky(TRAILING_US_TITLE, ctx.text, listEnd);
  if (us) {
    const groups = us.groups ?? {};
    const explicit = groups['usc'] !== undefined;
    const inUsText = ctx.defaultCode?.jurisdiction === 'US';
    const title = groups['thisTitle'] !== undefined ? (inUsText ? ctx.defaultTitle : null) : (groups['title'] ?? null);
    const code = findCode('US', 'U.S.C.');
    if (code && title !== null && (explicit || inUsText) && titleAllowed(code, title)) {
      return { code, title, end: listEnd + us[0].length };
    }
  }
  return null;
}

function handleBare(ctx: Context, m: RegExpExecArray, sectionStart: number): HeadResult {
  const nothing: HeadResult = { found: [], resume: sectionStart };
  const before = ctx.text.slice(Math.max(0, m.index - 12), m.index);
  if (FORMER_BEFORE.test(before)) return { found: [], resume: looseListEnd(ctx.text, sectionStart) };
  const sign = m.groups?.['bareSign'];
  const listEnd = looseListEnd(ctx.text, sectionStart);
  const trailing = trailingCode(ctx, listEnd);
  if (trailing) {
    // The trailing name covers the whole list, so every item must be a section of that code.
    const items = readSectionList(ctx.text, sectionStart, trailing.code, {
      plural: true,
      startsCitation: () => false,
    });
    const last = items?.[items.length - 1];
    if (!items || !last || last.end !== listEnd) return { found: [], resume: listEnd };
    return {
      found: toFoundList(ctx, trailing.code, trailing.title, items, m.index, trailing.end),
      resume: trailing.end,
    };
  }
  const code = ctx.defaultCode;
  if (!code || code.titleFirst) return nothing;
  const items = readSectionList(ctx.text, sectionStart, code, {
    plural: isPluralSign(sign),
    startsCitation: startsNamedCitation(ctx.text),
  });
  if (!items) return nothing;
  const end = (items[items.length - 1] as SectionItem).end;
  if (sticky(OF_OTHER_INSTRUMENT, ctx.text, end)) return { found: [], resume: end };
  return { found: toFoundList(ctx, code, null, items, m.index, null), resume: end };
}

function resolveDefault(defaultCode: DefaultCode | undefined): CodeDefinition | null {
  if (!defaultCode) return null;
  const code = findCode(defaultCode.jurisdiction, defaultCode.codeName);
  if (!code) {
    throw new RangeError(`unknown default code: ${defaultCode.jurisdiction} ${defaultCode.codeName}`);
  }
  return code;
}

/**
 * Every citation in `text`, in order, with UTF-16 offsets into it. With `defaultCode`, bare references in a
 * code's own text ("§ 2-1933", "section 552 of this title") count as citations to that code.
 * Throws a RangeError when defaultCode names a code the table does not know.
 */
export function findCitations(text: string, options: FindCitationsOptions = {}): FoundCitation[] {
  const ctx: Context = {
    original: text,
    text: normalizeForScan(text),
    defaultCode: resolveDefault(options.defaultCode),
    defaultTitle: options.defaultCode?.title?.trim() || null,
  };
  // Shared global regex: findCitations is synchronous, so resetting lastIndex is enough.
  const scan = SCAN;
  scan.lastIndex = 0;
  const out: FoundCitation[] = [];
  let m: RegExpExecArray | null;
  while ((m = scan.exec(ctx.text)) !== null) {
    const sectionStart = m.index + m[0].length;
    const result =
      m.groups?.['bareSign'] !== undefined ? handleBare(ctx, m, sectionStart) : handleNamed(ctx, m, sectionStart);
    out.push(...result.found);
    scan.lastIndex = Math.max(result.resume, m.index + 1);
  }
  return out;
}
