/**
 * Resolves the code table into lookups and the alternations the scanner compiles. Built once at load.
 */
import { aliasKey, aliasPattern, withoutAnnotated } from './alias-pattern.js';
import { CODE_FAMILIES } from './code-table.js';
import type { CodeDefinition, CodeFamily } from './citation.types.js';

export interface CodeRegistry {
  codes: readonly CodeDefinition[];
  /** Alias key (prefix and name as written before the section) -> code. */
  byKey: ReadonlyMap<string, CodeDefinition>;
  /** Alias key of a name written after the section ("of the Code of Virginia", ", C.R.S.") -> code. */
  byTrailingKey: ReadonlyMap<string, CodeDefinition>;
  /** Regex source: any name of a title-first code (U.S.C., ILCS). */
  titleFirstSource: string;
  /** Regex source: any name of the other codes, prefix included. */
  namedSource: string;
  /** Regex source: any trailing name. */
  trailingSource: string;
  /** Regex source: the names of the U.S. Code alone ("title 42, United States Code"). */
  usCodeSource: string;
}

function alternation(names: Iterable<string>): string {
  const patterns = [...new Set([...names].map(aliasPattern))];
  // Longest first, so "U.S.C.A." is tried before "U.S.C." and needs no backtracking in the common case.
  patterns.sort((a, b) => b.length - a.length || a.localeCompare(b));
  return `(?:${patterns.join('|')})`;
}

function prefixAlternation(prefixes: readonly string[]): string {
  return `(?:${prefixes
    .map((prefix) => aliasPattern(prefix) + (/[.,]$/.test(prefix) ? String.raw`\s{0,2}` : String.raw`\s{1,2}`))
    .join('|')})`;
}

function addKey(map: Map<string, CodeDefinition>, text: string, code: CodeDefinition): void {
  const key = aliasKey(text);
  const existing = map.get(key);
  if (existing && existing !== code) {
    throw new Error(`code table: "${text}" names both ${existing.codeName} and ${code.codeName}`);
  }
  map.set(key, code);
}

/** Builds the registry from a list of families (the real table unless a test passes its own). */
export function buildRegistry(families: readonly CodeFamily[]): CodeRegistry {
  const codes: CodeDefinition[] = [];
  const byKey = new Map<string, CodeDefinition>();
  const byTrailingKey = new Map<string, CodeDefinition>();
  const titleFirstParts: string[] = [];
  const namedParts: string[] = [];
  const trailingNames: string[] = [];
  let usCodeSource = '(?!)';

  for (const family of families) {
    const familyNames: string[] = [];
    for (const entry of family.codes) {
      const code: CodeDefinition = {
        jurisdiction: family.jurisdiction,
        codeName: entry.codeName,
        sectionPattern: entry.sectionPattern ?? family.sectionPattern,
        letterCase: family.letterCase,
        titleFirst: family.titleFirst ?? false,
        sectionSign: entry.sectionSign ?? family.sectionSign ?? true,
        maxTitle: family.maxTitle ?? Number.POSITIVE_INFINITY,
      };
      codes.push(code);
      for (const name of entry.names) {
        familyNames.push(name);
        for (const prefix of family.prefixes) addKey(byKey, `${prefix} ${name}`, code);
      }
      for (const name of entry.standaloneNames ?? []) {
        namedParts.push(aliasPattern(name));
        addKey(byKey, name, code);
      }
      for (const name of entry.trailingNames ?? []) {
        trailingNames.push(name);
        addKey(byTrailingKey, name, code);
      }
      // The canonical name itself always resolves, with or without 'Ann.'.
      addKey(byKey, withoutAnnotated(entry.codeName), code);
      const bare = withoutAnnotated(entry.codeName);
      const prefixed = family.prefixes.some((p) => p !== '' && aliasKey(bare).startsWith(aliasKey(p)));
      if (!prefixed) familyNames.push(bare);
      else familyNames.push(bare.replace(/^\S+\s+/, ''));
    }
    const hasPrefix = family.prefixes.some((p) => p !== '');
    const source = hasPrefix
      ? `${prefixAlternation(family.prefixes)}${alternation(familyNames)}`
      : alternation(familyNames);
    (family.titleFirst ? titleFirstParts : namedParts).push(source);
    if (family.jurisdiction === 'US') usCodeSource = alternation(familyNames);
  }

  return {
    codes,
    byKey,
    byTrailingKey,
    titleFirstSource: `(?:${titleFirstParts.join('|')})`,
    namedSource: `(?:${namedParts.join('|')})`,
    trailingSource: trailingNames.length > 0 ? alternation(trailingNames) : '(?!)',
    usCodeSource,
  };
}

export const REGISTRY: CodeRegistry = buildRegistry(CODE_FAMILIES);

/** The code a jurisdiction and code name denote; any recognized spelling of the name works ('Tex. Prop. Code'). */
export function findCode(jurisdiction: string, codeName: string): CodeDefinition | undefined {
  const code = REGISTRY.byKey.get(aliasKey(withoutAnnotated(codeName)));
  return code && code.jurisdiction === jurisdiction.trim().toUpperCase() ? code : undefined;
}
