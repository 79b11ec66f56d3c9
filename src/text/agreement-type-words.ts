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
