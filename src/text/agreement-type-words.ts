/**
 * Words of agreement titles shared by many contracts. A question naming only these ("the supply
 * agreement") points weakly at a file; any other title word ("Nantz", "BISYS") is a name.
 */
export const AGREEMENT_TYPE_WORDS: ReadonlySet<string> = new Set([
  'agreement', 'agreements', 'agmt', 'agree', 'contract', 'contracts', 'contr', 'amendment', 'amend', 'amended',
  'restated', 'first', 'second', 'third', 'fourth', 'master', 'service', 'services', 'servicing', 'supply',
  'distributor', 'distribution', 'license', 'licensing', 'development', 'collaboration', 'cooperation',
  'endorsement', 'sponsorship', 'franchise', 'reseller', 'agency', 'consulting', 'outsourcing',
  'maintenance', 'manufacturing', 'hosting', 'co', 'branding', 'marketing', 'joint', 'venture',
  'filing', 'strategic', 'alliance', 'intellectual', 'property', 'promotion', 'transportation',
  'content', 'affiliate', 'support', 'operations', 'operation', 'management', 'non', 'competition',
  'technical', 'infrastructure', 'software', 'sales', 'sale', 'purchase', 'exclusive', 'investment',
  'web', 'site', 'trademark', 'commercialization', 'addendum', 'schedule', 'exhibit', 'ex', 'undr',
  'and', 'to', 'the', 'between', 'of', 'with', 'for', 'a', 'an', 'on', 'in', 'by', 'nda', 'confidentiality',
  'nondisclosure', 'disclosure', 'employment', 'lease', 'loan', 'credit', 'security', 'services',
  'option', 'research', 'consulting', 'advertising', 'affiliation', 'sublicense', 'processing',
  'warehousing', 'storage', 'construction', 'engineering', 'production', 'subscription', 'escrow',
  'guaranty', 'guarantee', 'settlement', 'release', 'waiver', 'letter', 'memorandum', 'understanding',
  'term', 'sheet', 'order', 'statement', 'work', 'sow', 'msa', 'terms', 'conditions', 'draft', 'final',
  'signed', 'executed', 'copy', 'redacted', 'version', 'v', 'rev', 'no', 'number',
]);

/** Words among those that name a kind of document: a run of title words holding one is a title. */
const DOCUMENT_NOUNS: ReadonlySet<string> = new Set([
  'agreement', 'agreements', 'agmt', 'contract', 'contracts', 'amendment', 'addendum', 'nda', 'msa', 'sow', 'lease', 'letter', 'memorandum',
]);

/**
 * Which tokens (by index) belong to a document's title as a text names it: a run of agreement-type
 * words that holds a document noun ("the Exclusive Distribution Agreement"). The same words outside
 * such a run are the text's own ("does it grant exclusive rights?", "a license to use the software").
 */
export function titleTokenIndexes(norms: readonly string[]): Set<number> {
  const title = new Set<number>();
  for (let i = 0; i < norms.length; ) {
    if (!AGREEMENT_TYPE_WORDS.has(norms[i]!)) {
      i++;
      continue;
    }
    let end = i;
    let named = false;
    for (; end < norms.length && AGREEMENT_TYPE_WORDS.has(norms[end]!); end++) if (DOCUMENT_NOUNS.has(norms[end]!)) named = true;
    if (named) for (let k = i; k < end; k++) title.add(k);
    i = end;
  }
  return title;
}

/** Small words a title written in capitals keeps inside it ("Amendment and Termination of Joint Venture Agreement"). */
const TITLE_JOINERS: ReadonlySet<string> = new Set(['and', 'of', 'for', 'to', 'the', 'on', 'in', 'a', 'an']);

const capitalised = (text: string) => /^[\p{Lu}\p{N}]/u.test(text);

/**
 * Which tokens (by index) belong to a title written as a proper name: a run of capitalised words,
 * and the small words between them, that holds a document noun ("the Affiliate Office Agreement",
 * "the First Amendment To Sagebrush Management And Maintenance Agreement"). titleTokenIndexes knows
 * only the words many titles share; a title's own words ("Office", "Termination", "Transfer Agent")
 * would otherwise be read as what the text asks. The text's first word is capitalised as any
 * sentence's is, and a text with no word in lower case outside such runs (all capitals, title case)
 * says nothing by its capitals.
 */
export function capitalisedTitleIndexes(tokens: ReadonlyArray<{ text: string; norm: string }>): Set<number> {
  const title = new Set<number>();
  const isCap = (k: number) => k > 0 && capitalised(tokens[k]?.text ?? '');
  if (!tokens.some((t, k) => k > 0 && !capitalised(t.text) && !TITLE_JOINERS.has(t.norm))) return title;
  for (let i = 1; i < tokens.length; ) {
    if (!isCap(i)) {
      i++;
      continue;
    }
    // The run: capitalised words, and joiners followed by a capitalised word.
    let end = i + 1;
    for (;;) {
      if (isCap(end)) end++;
      else if (TITLE_JOINERS.has(tokens[end]?.norm ?? '') && isCap(end + 1)) end += 2;
      else break;
    }
    let named = false;
    for (let k = i; k < end; k++) if (DOCUMENT_NOUNS.has(tokens[k]!.norm)) named = true;
    if (named) for (let k = i; k < end; k++) title.add(k);
    i = end;
  }
  return title;
}
