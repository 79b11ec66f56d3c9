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
