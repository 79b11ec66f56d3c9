import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { composeAnswer, compareEntry, withRelated } from './compose-answer.js';
import type { CandidateSection, ComposedAnswer, Confidence } from './ask.types.js';
import { MAX_QUOTE_CHARS } from './quote-clause.js';
import { candidates } from './__fixtures__/sections.js';

const DC = 'District of Columbia';

/** Composes and checks the contract's invariants on every output. */
function ask(question: string, given: CandidateSection[], jurisdictionName = DC): ComposedAnswer {
  const result = composeAnswer(question, analyzeQuestion(question), given, jurisdictionName);
  assert.ok(result.citations.length >= 1, 'every answer carries a citation');
  assert.ok(result.answer.trim().length > 0);
  for (const c of result.citations) {
    const source = given.find((g) => g.citation === c.code);
    assert.ok(source, `cited ${c.code}, which is not a candidate`);
    assert.ok(c.quote.length > 0);
    assert.ok(source.text.includes(c.quote), `quote of ${c.code} is not verbatim: ${c.quote}`);
    assert.ok(c.quote.length <= MAX_QUOTE_CHARS, `quote of ${c.code} is ${c.quote.length} chars`);
    assert.equal(c.section_number, source.sectionNumber);
    assert.equal(c.section_title, source.heading);
    assert.equal(c.effective_as_of, source.effectiveFrom);
    assert.equal(c.status, source.status);
  }
  assert.equal(new Set(result.citations.map((c) => c.code)).size, result.citations.length, 'one citation per section');
  return result;
}

const RANK: Record<Confidence, number> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

describe('plain questions are answered from the right provision', () => {
  test('limitation period for slander: 12-301(a)(4), read with its lead-in', () => {
    const r = ask('How long do I have to file a lawsuit for slander?', candidates(['12-301', '16-902', '18-103']));
    assert.equal(r.citations[0]?.code, 'D.C. Code § 12-301');
    assert.match(r.citations[0]?.quote ?? '', /^\(4\) for libel, slander, .*— 1 year;$/);
    assert.match(r.answer, /^Under D\.C\. Code § 12-301\(a\)\(4\), except as otherwise specifically provided by law, actions .* may not be brought after the expiration of the period specified below from the time the right to maintain the action accrues: for libel, slander, .*— 1 year\.$/);
    assert.equal(r.confidence, 'HIGH');
  });

  test('wages after a discharge: 32-1303(1), the long sentence cut to its clause', () => {
    const r = ask('After an employer discharges a worker, by when must the earned wages be paid?', candidates(['32-1303', '12-301', '42-3505.54']));
    assert.equal(r.citations[0]?.code, 'D.C. Code § 32-1303');
    assert.ok(r.citations[0]?.quote.includes('not later than the working day following such discharge'));
    assert.match(r.answer, /D\.C\. Code § 32-1303\(1\)/);
    assert.match(r.answer, /working day following such discharge\./);
  });

  test('residence before a divorce: 16-902(a), "6 months"', () => {
    const r = ask('How long must a spouse have been a District resident before filing for divorce?', candidates(['16-902', '12-301', '18-103']));
    assert.equal(r.citations[0]?.code, 'D.C. Code § 16-902');
    assert.match(r.citations[0]?.quote ?? '', /^\(a\) .*bona fide resident of the District of Columbia for at least 6 months/);
    assert.match(r.answer, /^Under D\.C\. Code § 16-902\(a\), except as provided in subsection \(b\)/);
  });

  test('witnesses to a will: 18-103(2), a fragment read with "is void unless it is:"', () => {
    const r = ask('How many witnesses have to attest a will?', candidates(['18-103', '16-902']));
    assert.equal(r.citations[0]?.quote, '(2) attested and subscribed in the presence of the testator, by at least two credible witnesses.');
    assert.match(r.answer, /§ 18-103\(2\), a will or testament, .* is void unless it is: attested and subscribed .* two credible witnesses\.$/);
  });

  test('notice of a rent increase: 42-3509.04(b), the clause with the period, its subject kept', () => {
    const r = ask('How much advance notice of a rent increase must a tenant get before it takes effect?', candidates(['42-3509.04', '42-3505.54']));
    assert.equal(r.citations[0]?.code, 'D.C. Code § 42-3509.04');
    assert.ok(r.citations[0]?.quote.includes('more than 60 calendar days after the notice of the increase is given to the tenant'));
    assert.match(r.answer, /^Under D\.C\. Code § 42-3509\.04\(b\), no rent increases … shall be effective until/);
  });

  test('sales tax on parking: 47-2002(a)(1), 18%', () => {
    const r = ask('What is the sales tax rate on charges for parking motor vehicles?', candidates(['47-2002', '12-301']));
    assert.match(r.answer, /§ 47-2002\(a\)\(1\), the rate of tax shall be 18% of the gross receipts/);
  });

  test('Virginia: the fine for a Class 3 misdemeanor, 18.2-11(c)', () => {
    const r = ask('What is the maximum fine for a Class 3 misdemeanor?', candidates(['18.2-11', '18.2-10', '18.2-57']), 'Virginia');
    assert.equal(r.citations[0]?.code, 'Va. Code Ann. § 18.2-11');
    assert.equal(r.citations[0]?.quote, '(c) For Class 3 misdemeanors, a fine of not more than $500.');
    assert.equal(r.answer, 'Under Va. Code Ann. § 18.2-11(c), for Class 3 misdemeanors, a fine of not more than $500.');
  });
});

describe('definitions', () => {
  test('a question about what a term means is answered by its definition', () => {
    const r = ask('What is the definition of wages in the wage payment chapter?', candidates(['32-1303', '32-1301']));
    assert.equal(r.citations[0]?.code, 'D.C. Code § 32-1301');
    assert.match(r.citations[0]?.quote ?? '', /^\(3\) “Wages” means all monetary compensation/);
    assert.match(r.answer, /^D\.C\. Code § 32-1301\(3\) provides: “Wages” means/);
  });

  test('otherwise the operative provision beats a definition that shares the words', () => {
    const r = ask('Must an employer pay the wages of an employee who resigns, and within how many days?', candidates(['32-1301', '32-1303']));
    assert.equal(r.citations[0]?.code, 'D.C. Code § 32-1303');
    assert.ok(r.citations[0]?.quote.includes('within 7 days from the date of quitting or resigning'), r.citations[0]?.quote);
  });
});

describe('no supporting provision', () => {
  test('an unrelated question: LOW, says so, still cites the nearest sections verbatim', () => {
    const given = candidates(['12-301', '16-902', '18-103']);
    const r = ask('Can I keep a pet alligator in my apartment?', given);
    assert.equal(r.confidence, 'LOW');
    assert.match(r.answer, /^No provision in the loaded District of Columbia statutes answers this question\./);
    assert.match(r.answer, /nearest sections examined were D\.C\. Code § 12-301/);
    assert.ok(r.citations.length >= 1 && r.citations.length <= 5);
  });

  test('no candidates at all: LOW and nothing to cite', () => {
    const q = 'What is the filing fee for a small claims case?';
    const r = composeAnswer(q, analyzeQuestion(q), [], DC);
    assert.equal(r.confidence, 'LOW');
    assert.deepEqual(r.citations, []);
    assert.match(r.answer, /^No provision in the loaded .* statutes answers this question\.$/);
  });
});

describe('confidence follows the evidence', () => {
  test('strong evidence ranks above partial evidence on the same sections', () => {
    const given = candidates(['12-301', '16-902', '18-103']);
    const strong = ask('What is the time limit for bringing an action for libel?', given);
    const weak = ask('Is there a time limit for suing a contractor over a leaky roof repair in a condominium?', given);
    assert.equal(strong.confidence, 'HIGH');
    assert.ok(RANK[strong.confidence] > RANK[weak.confidence], `${strong.confidence} vs ${weak.confidence}`);
  });

  test('two sections that answer alike compete: not HIGH, both cited', () => {
    const r = ask('What are the authorized punishments for conviction?', candidates(['18.2-10', '18.2-11']), 'Virginia');
    assert.notEqual(r.confidence, 'HIGH');
    assert.deepEqual(r.citations.map((c) => c.code).sort(), ['Va. Code Ann. § 18.2-10', 'Va. Code Ann. § 18.2-11']);
  });

  test('a question asking "how long" that no provision answers with a period is not HIGH', () => {
    const r = ask('How long is a will valid after the testator signs it?', candidates(['18-103', '12-301']));
    assert.notEqual(r.confidence, 'HIGH');
  });
});

describe('status, citation by the question, comparison', () => {
  test('a repealed version is said to be repealed; status and date come from the candidate', () => {
    const given = candidates(['42-3505.54'], [{ status: 'REPEALED', effectiveFrom: '2017-02-18' }]);
    const r = ask('How much notice must a month-to-month tenant give to terminate the tenancy?', given);
    assert.equal(r.citations[0]?.status, 'REPEALED');
    assert.equal(r.citations[0]?.effective_as_of, '2017-02-18');
    assert.match(r.answer, /has been repealed; the text quoted is its last version, in force from 2017-02-18/);
  });

  test('a section the question cites by number answers even with no other content words', () => {
    const given = candidates(['16-902', '18-103'], [{}, { citedInQuestion: true }]);
    const r = ask('What does D.C. Code § 18-103 provide?', given);
    assert.equal(r.citations[0]?.code, 'D.C. Code § 18-103');
    assert.equal(r.confidence, 'MEDIUM');
    assert.match(r.answer, /D\.C\. Code § 18-103/);
  });

  test('compareEntry: the same composition for one jurisdiction, with its confidence', () => {
    const q = 'What is the maximum fine for a Class 3 misdemeanor?';
    const given = candidates(['18.2-11', '18.2-10']);
    const entry = compareEntry(q, analyzeQuestion(q), given, 'VA', 'Virginia');
    const full = composeAnswer(q, analyzeQuestion(q), given, 'Virginia');
    assert.deepEqual(entry, { jurisdiction: 'VA', answer: full.answer, citations: withRelated(full.citations, full.related), confidence: full.confidence });
  });
});
