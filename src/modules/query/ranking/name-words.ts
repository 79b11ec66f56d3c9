/**
 * Word lists for reading names of contracts and parties. All entries are folded (lowercase ASCII).
 */

/** Corporate-form words and abbreviations, dropped from party names ("Accuray Inc" → "accuray"). */
export const CORPORATE_SUFFIXES: ReadonlySet<string> = new Set([
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'llc', 'lc', 'ltd', 'limited', 'plc',
  'lp', 'llp', 'lllp', 'sa', 'ag', 'nv', 'bv', 'gmbh', 'kg', 'spa', 'srl', 'oy', 'ab', 'as', 'pty',
  'pte', 'pvt', 'kk', 'se', 'sarl', 'sas', 'cv', 'de', 'aktiengesellschaft', 'com',
]);

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

/** Words in many company names: a question sharing only one of these does not name the party. */
export const COMMON_NAME_WORDS: ReadonlySet<string> = new Set([
  'international', 'holdings', 'holding', 'group', 'global', 'systems', 'system', 'technologies',
  'technology', 'tech', 'pharmaceuticals', 'pharmaceutical', 'pharma', 'bio', 'biosciences',
  'therapeutics', 'energy', 'financial', 'finance', 'services', 'capital', 'partners', 'resources',
  'industries', 'enterprises', 'solutions', 'networks', 'network', 'communications', 'entertainment',
  'media', 'bank', 'bancorp', 'bancshares', 'trust', 'fund', 'funds', 'usa', 'us', 'america',
  'american', 'national', 'first', 'united', 'the', 'of', 'and', 'new', 'products', 'brands', 'labs',
  'laboratories', 'medical', 'health', 'healthcare', 'software', 'digital', 'online', 'interactive',
  'investors', 'investment', 'investments', 'management', 'development', 'acquisition', 'acquisitions',
  'ventures', 'venture', 'north', 'south', 'east', 'west', 'pacific', 'atlantic', 'china', 'asia',
  'europe', 'european', 'world', 'worldwide', 'electric', 'power', 'gold', 'mining', 'oil', 'gas',
  'entities', 'series', 'account', 'separate', 'variable', 'annuity', 'income', 'securities',
]);
