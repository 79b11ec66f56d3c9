/**
 * A synthetic data room for `bench:scale`: each CUAD contract rewritten into many distinct
 * documents (new parties, shifted dates, a deal header) in a folder tree of deals. Pure text
 * transformation; the bench writes the results to disk.
 */

const FIRST = ['Alder', 'Birch', 'Cedar', 'Dover', 'Elm', 'Fulton', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Kestrel', 'Laurel', 'Maple', 'Norwood', 'Oakley', 'Pine', 'Quarry', 'Rowan', 'Sterling', 'Tamarack', 'Upland', 'Vale', 'Willow', 'Yarrow'];
const SECOND = ['Biotech', 'Capital', 'Logistics', 'Media', 'Energy', 'Systems', 'Foods', 'Pharma', 'Networks', 'Partners', 'Holdings', 'Robotics', 'Apparel', 'Minerals', 'Software', 'Health'];
const FORM = ['Inc.', 'LLC', 'Ltd.', 'Corp.', 'GmbH', 'S.A.', 'plc', 'L.P.'];
const FOLDERS = ['corporate', 'commercial', 'ip', 'employment', 'finance', 'real-estate'];

/** A company name that no other document index gives (mixed radix over the word lists). */
export function partyName(n: number): string {
  const a = FIRST[n % FIRST.length];
  const b = SECOND[Math.floor(n / FIRST.length) % SECOND.length];
  const c = FORM[Math.floor(n / (FIRST.length * SECOND.length)) % FORM.length];
  const series = Math.floor(n / (FIRST.length * SECOND.length * FORM.length));
  return `${a} ${b}${series > 0 ? ` ${series + 1}` : ''} ${c}`;
}

/**
 * Document `index` of the room made from `base`: a header naming its deal and two parties, and
 * every year in the text shifted by a per-document offset, so that no two documents share bytes.
 */
export function rewriteContract(base: string, index: number, docsPerDeal: number): string {
  const deal = Math.floor(index / docsPerDeal);
  const seller = partyName(index * 2);
  const buyer = partyName(index * 2 + 1);
  const shift = (index % 11) - 5;
  const body = base.replace(/\b(19[5-9]\d|20[0-2]\d)\b/g, (year) => String(Number(year) + shift));
  const effective = new Date(Date.UTC(2000 + (index % 24), index % 12, 1 + (index % 28))).toISOString().slice(0, 10);
  return `PROJECT ${deal + 1} — DOCUMENT ${index + 1}\nThis agreement is entered into as of ${effective} by and between ${seller} ("Seller") and ${buyer} ("Buyer").\n\n${body}`;
}

/** Where document `index` lives: deals/deal-0001/<practice area>/<file>. */
export function roomPath(index: number, docsPerDeal: number, baseName: string): string[] {
  const deal = String(Math.floor(index / docsPerDeal) + 1).padStart(4, '0');
  return ['deals', `deal-${deal}`, FOLDERS[index % FOLDERS.length] ?? 'misc', `${String(index + 1).padStart(5, '0')} ${baseName}`];
}
