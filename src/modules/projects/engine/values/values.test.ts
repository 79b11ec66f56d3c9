// Sentences below are verbatim from CUAD v1 contracts (documents/cuad in the shared data).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findMoney, findNumbers } from './amounts.js';
import { listItems, matchOption } from './choices.js';
import { addDuration, findDurations } from './durations.js';
import { findJurisdictions, governingJurisdiction } from './jurisdictions.js';
import { parseNumberWords } from './number-words.js';
import { dateFromSentence, findDefinedDate } from './term-dates.js';

const EXPIRE = 'When does the initial term of this agreement expire?';
const anchors = (map: Record<string, string>) => (key: string) => (map[key] ? { iso: map[key], ref: key } : null);

test('number words: cardinals, compounds, hundreds and digits', () => {
  assert.equal(parseNumberWords('ninety'), 90);
  assert.equal(parseNumberWords('twenty-four'), 24);
  assert.equal(parseNumberWords('one hundred twenty'), 120);
  assert.equal(parseNumberWords('1,000'), 1000);
  assert.equal(parseNumberWords('tenth'), 10);
  assert.equal(parseNumberWords('several'), null);
});

test('durations: words with digits, plain digits, hyphenated, business days and annual periods', () => {
  const s = 'This Agreement will commence on the Effective Date and continue for an Initial Term of five (5) years, and will automatically renew for additional periods of five (5) years unless one Party notifies the other of its intention not to renew, no less than 12 months prior to the expiration of the then current term.';
  assert.deepEqual(findDurations(s).map((d) => [d.normal, d.days]), [['5 years', 1825], ['5 years', 1825], ['12 months', 360]]);
  assert.deepEqual(findDurations('upon ninety (90) days prior written notice').map((d) => d.normal), ['90 days']);
  assert.deepEqual(findDurations('a one-year term, then 30 business days').map((d) => d.normal), ['1 year', '30 days']);
  assert.deepEqual(findDurations('thereafter shall continue automatically for successive annual periods').map((d) => d.normal), ['1 year']);
  assert.deepEqual(findDurations('Section 5 of the Agreement dated 2019'), []);
});

test('adding a term to a date keeps the day; a shorter month ends on its last day', () => {
  assert.equal(addDuration('2010-03-18', 5, 'year'), '2015-03-18');
  assert.equal(addDuration('2014-01-20', 6, 'month'), '2014-07-20');
  assert.equal(addDuration('2020-01-31', 1, 'month'), '2020-02-29');
  assert.equal(addDuration('2019-12-01', 90, 'day'), '2020-02-29');
});

test('a stated end date is taken as written', () => {
  const s = 'This Agreement shall begin on the Effective Date and shall continue until December 31, 2020, unless extended or earlier terminated.';
  assert.deepEqual(dateFromSentence(s, EXPIRE, anchors({}))?.iso, '2020-12-31');
  const range = 'The term of this Agreement shall be one (1) year, commencing January 1, 2008 and ending on December 31, 2008.';
  assert.equal(dateFromSentence(range, EXPIRE, anchors({}))?.iso, '2008-12-31');
  const expiring = 'Except as otherwise provided herein, this Agreement shall commence effective June 1, 1998, and shall continue for a term of three (3) years expiring May 31, 2001 (the "Term").';
  assert.equal(dateFromSentence(expiring, EXPIRE, anchors({}))?.iso, '2001-05-31');
});

test('a term counted from the Effective Date is computed from where the file defines it', () => {
  const s = 'This Agreement will be in effect for three (3) years from the Effective Date ("Initial Term") unless terminated earlier in accordance with this Agreement.';
  const d = dateFromSentence(s, EXPIRE, anchors({ 'Effective Date': '2018-02-01' }));
  assert.equal(d?.kind, 'computed');
  assert.equal(d?.iso, '2021-02-01');
  const anniversary = 'This Agreement will commence on the Effective Date, and will terminate on the third anniversary of the Effective Date (the "Term"), unless earlier terminated as provided in this Agreement';
  assert.equal(dateFromSentence(anniversary, EXPIRE, anchors({ 'Effective Date': '1998-09-21' }))?.iso, '2001-09-21');
  const commencing = 'This agreement shall commence on January 20, 2014 (the "Effective Date") and shall continue in effect for six (6) months (the "Initial Term").';
  assert.equal(dateFromSentence(commencing, EXPIRE, anchors({}))?.iso, '2014-07-20');
  const hereof = 'This agreement shall be for a term of five years from the date of this document.';
  assert.equal(dateFromSentence(hereof, EXPIRE, anchors({ 'date hereof': '2003-05-12' }))?.iso, '2008-05-12');
});

test('a renewal period is not the term, and an undefined anchor gives no date', () => {
  const s = 'Unless terminated sooner, the term of this Agreement shall begin on the Effective Date and continue for three (3) years  thereafter (the "Initial Term") and shall automatically renew for additional one (1) year terms';
  assert.equal(dateFromSentence(s, EXPIRE, anchors({ 'Effective Date': '2009-04-15' }))?.iso, '2012-04-15');
  assert.equal(dateFromSentence('The term of this Agreement shall be fifteen (15) years from the Launch Date.', EXPIRE, anchors({})), null);
});

test('defined dates: a parenthetical after the date, "means", and the preamble for the date hereof', () => {
  const preamble = 'This JOINT CONTENT LICENSE AGREEMENT (the "Agreement"), dated February 1, 2018 (the "Effective Date"), is made by and between WPT Enterprises, Inc.';
  assert.equal(findDefinedDate(preamble, 'Effective Date')?.iso, '2018-02-01');
  const found = findDefinedDate(preamble, 'Effective Date');
  assert.equal(preamble.slice(found?.start, found?.end), 'February 1, 2018');
  assert.equal(findDefinedDate('"Effective Date" means March 27, 2019.', 'Effective Date')?.iso, '2019-03-27');
  assert.equal(findDefinedDate('CONSULTING AGREEMENT ... agree to all terms and conditions of this Consulting Agreement ("Agreement") dated June 1, 2020, effective as of July 1, 2020 ("Effective Date").', 'date hereof')?.iso, '2020-06-01');
});

test('governing law: the state, commonwealth or country whose laws govern', () => {
  assert.equal(governingJurisdiction('This Agreement will for all purposes be governed by and interpreted in accordance with the laws of the State of California without giving effect to any conflict of laws principles')?.name, 'California');
  assert.equal(governingJurisdiction('This Agreement shall be governed by and construed in accordance with the laws of England and Wales.')?.name, 'England and Wales');
  assert.equal(governingJurisdiction("This Agreement shall be governed by the laws of the People's Republic of China.")?.name, "People's Republic of China");
  assert.equal(governingJurisdiction('This Agreement shall be governed by the laws of the Province of Ontario and the federal laws of Canada applicable therein.')?.name, 'Ontario');
  assert.equal(governingJurisdiction('This Agreement shall be governed by New York law.')?.name, 'New York');
  // A place of incorporation is not a governing law.
  assert.equal(governingJurisdiction('WPT Enterprises, Inc., a Delaware corporation, with offices located at 1920 Main Street'), null);
  assert.deepEqual(findJurisdictions('laws of the State of West Virginia').map((j) => j.name), ['West Virginia']);
});

test('money and numbers', () => {
  assert.deepEqual(findMoney('payments greater than twelve million U.S. dollars ($12,000,000) within the Initial Term').map((m) => [m.amount, m.currency]), [[12_000_000, 'USD']]);
  assert.deepEqual(findMoney('a fee of EUR 250,000 and US$ 5 million').map((m) => [m.amount, m.currency]), [[250_000, 'EUR'], [5_000_000, 'USD']]);
  assert.deepEqual(findNumbers('Zynga will pay to WPT ten percent (10%) of the cumulative Net Revenue (as defined in Section 3.b.)').map((n) => n.value), [10]);
});

test('enum options and list items', () => {
  assert.equal(matchOption('Zynga grants to WPT a non-exclusive, non- assignable, non-sublicensable, royalty-free license', ['exclusive', 'non-exclusive'])?.option, 'non-exclusive');
  assert.equal(matchOption('Company grants to Distributor the exclusive right to sell the Products in the Territory', ['exclusive', 'non-exclusive'])?.option, 'exclusive');
  assert.equal(matchOption('a perpetual license', ['exclusive', 'non-exclusive']), null);
  const items = listItems('Each of the parties hereto (i) irrevocably agrees that the federal and state courts in the Northern District of California shall have sole and exclusive jurisdiction, (ii) submits to the venue and jurisdiction of such courts, and (iii) irrevocably consents to personal jurisdiction by such courts.');
  assert.deepEqual(items.map((i) => i.text.slice(0, 22)), ['irrevocably agrees tha', 'submits to the venue a', 'irrevocably consents t']);
});
