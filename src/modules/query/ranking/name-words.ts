/**
 * Word lists for reading names of contracts and parties. All entries are folded (lowercase ASCII).
 * The words of agreement titles are in src/text/agreement-type-words.ts: the clause reader drops them too.
 */

/** Corporate-form words and abbreviations, dropped from party names ("Accuray Inc" → "accuray"). */
export const CORPORATE_SUFFIXES: ReadonlySet<string> = new Set([
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'llc', 'lc', 'ltd', 'limited', 'plc',
  'lp', 'llp', 'lllp', 'sa', 'ag', 'nv', 'bv', 'gmbh', 'kg', 'spa', 'srl', 'oy', 'ab', 'as', 'pty',
  'pte', 'pvt', 'kk', 'se', 'sarl', 'sas', 'cv', 'de', 'aktiengesellschaft', 'com',
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
