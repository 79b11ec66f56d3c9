import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { composeAnswer } from '../ask/index.js';
import type { CandidateSection, ComposedAnswer } from '../ask/ask.types.js';
import { candidates } from '../ask/__fixtures__/sections.js';
import { cappedConfidence, guardAskReply, guardCheckReply, guardCitations, MAX_ANSWER_CHARS, resolveCandidate, type CheckAnswer } from './guard.js';

const QUESTION = 'How long do I have to file a lawsuit for slander?';
const SHOWN = candidates(['12-301', '16-902', '18-103']);
const BUILT_IN: ComposedAnswer = composeAnswer(QUESTION, analyzeQuestion(QUESTION), SHOWN, 'District of Columbia');
const SLANDER = '(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment— 1 year;';
const RESIDENCE = 'no action for divorce or legal separation shall be maintainable unless one of the parties to the marriage has been a bona fide resident of the District of Columbia for at least 6 months';
const WITNESSES = 'attested and subscribed in the presence of the testator, by at least two credible witnesses.';

function reply(value: unknown): string {
  return JSON.stringify(value);
}

/** Every invariant the contract puts on a citation, checked against the candidate it names. */
function assertCitationsFromCandidates(citations: { code: string; quote: string; effective_as_of: string; status: string }[], given: CandidateSection[]): void {
  for (const c of citations) {
    const source = given.find((g) => g.citation === c.code);
    assert.ok(source, `${c.code} is not a candidate`);
    assert.ok(source.text.includes(c.quote), `not verbatim: ${c.quote}`);
    assert.equal(c.effective_as_of, source.effectiveFrom);
    assert.equal(c.status, source.status);
  }
}

test('the fixture built-in answer is HIGH and cites 12-301(a)(4)', () => {
  assert.equal(BUILT_IN.confidence, 'HIGH');
  assert.equal(BUILT_IN.citations[0]?.quote, SLANDER);
});

describe('resolveCandidate', () => {
  test('the citation as given, another spelling of it, with a pinpoint, or the bare section number', () => {
    for (const code of ['D.C. Code § 12-301', 'DC Code 12-301', 'D.C. Code § 12-301(a)(4)', '§ 12-301', '12-301'])
      assert.equal(resolveCandidate(code, SHOWN)?.citation, 'D.C. Code § 12-301', code);
  });
  test('a section that was not shown, or no citation at all', () => {
    for (const code of ['D.C. Code § 12-302', 'D.C. Code § 32-1303', '42 U.S.C. § 1983', 'the statute', ''])
      assert.equal(resolveCandidate(code, SHOWN), undefined, code);
  });
});

describe('guardCitations', () => {
  const builtInQuotes = new Map([['D.C. Code § 12-301', SLANDER]]);

  test('verbatim quotes survive as the model gave them', () => {
    const g = guardCitations([{ code: 'D.C. Code § 18-103', quote: WITNESSES }], SHOWN, builtInQuotes);
    assert.deepEqual(g.kept.map((k) => [k.candidate.citation, k.quote, k.verified]), [['D.C. Code § 18-103', WITNESSES, true]]);
    assert.equal(g.repaired, 0);
  });

  test('a paraphrase of a section the built-in cited is replaced by the built-in quote', () => {
    const g = guardCitations([{ code: 'D.C. Code § 12-301', quote: 'slander claims must be filed within one year' }], SHOWN, builtInQuotes);
    assert.deepEqual(g.kept.map((k) => [k.quote, k.verified]), [[SLANDER, false]]);
    assert.equal(g.repaired, 1);
  });

  test('a paraphrase of a section the built-in did not cite is dropped', () => {
    const g = guardCitations([{ code: 'D.C. Code § 18-103', quote: 'two witnesses must sign the will' }], SHOWN, builtInQuotes);
    assert.deepEqual(g.kept, []);
    assert.equal(g.repaired, 1);
  });

  test('a code not among the candidates is dropped even with a plausible quote', () => {
    const g = guardCitations([{ code: 'D.C. Code § 32-1303', quote: 'Whenever an employer discharges an employee' }], SHOWN, builtInQuotes);
    assert.deepEqual(g.kept, []);
    assert.equal(g.repaired, 1);
  });

  test('a quote from another shown section does not count for the section named', () => {
    const g = guardCitations([{ code: 'D.C. Code § 16-902', quote: WITNESSES }], SHOWN, builtInQuotes);
    assert.deepEqual(g.kept, []);
  });

  test('a built-in quote that is not in the text is not used either', () => {
    const g = guardCitations([{ code: 'D.C. Code § 12-301', quote: 'made up' }], SHOWN, new Map([['D.C. Code § 12-301', 'not in the statute at all']]));
    assert.deepEqual(g.kept, []);
  });

  test('one citation per section, the first quote that holds, in the model’s order', () => {
    const g = guardCitations(
      [
        { code: 'D.C. Code § 18-103', quote: 'invented words for a will' },
        { code: 'D.C. Code § 12-301', quote: SLANDER },
        { code: '§ 18-103', quote: WITNESSES },
        { code: 'D.C. Code § 12-301', quote: '(7) on a simple contract, express or implied— 3 years;' },
      ],
      SHOWN,
      builtInQuotes,
    );
    assert.deepEqual(g.kept.map((k) => [k.candidate.citation, k.quote]), [
      ['D.C. Code § 18-103', WITNESSES],
      ['D.C. Code § 12-301', SLANDER],
    ]);
  });
});

describe('cappedConfidence', () => {
  test('never above the built-in composer’s', () => {
    assert.equal(cappedConfidence('LOW', 'HIGH', 0), 'LOW');
    assert.equal(cappedConfidence('MEDIUM', 'HIGH', 0), 'MEDIUM');
  });
  test('the model’s when lower', () => {
    assert.equal(cappedConfidence('HIGH', 'MEDIUM', 0), 'MEDIUM');
    assert.equal(cappedConfidence('HIGH', 'LOW', 0), 'LOW');
  });
  test('the built-in’s when the model gives none', () => {
    assert.equal(cappedConfidence('HIGH', undefined, 0), 'HIGH');
  });
  test('at most MEDIUM once a citation was repaired', () => {
    assert.equal(cappedConfidence('HIGH', 'HIGH', 1), 'MEDIUM');
    assert.equal(cappedConfidence('LOW', 'HIGH', 2), 'LOW');
  });
});

describe('guardAskReply', () => {
  const good = {
    answer: 'Under D.C. Code § 12-301(a)(4), an action for slander must be brought within 1 year from when the right to sue accrues.',
    citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }],
    confidence: 'HIGH',
  };

  test('a good reply passes with citations built from the candidate', () => {
    const r = guardAskReply(reply(good), SHOWN, BUILT_IN);
    assert.ok(r.ok);
    assert.equal(r.answer.answer, good.answer);
    assert.equal(r.answer.confidence, 'HIGH');
    assert.deepEqual(r.answer.citations, [
      { code: 'D.C. Code § 12-301', section_number: '12-301', section_title: 'Limitation of time for bringing actions.', quote: SLANDER, effective_as_of: '2024-10-08', status: 'CURRENT' },
    ]);
  });

  test('a fenced reply passes', () => {
    const r = guardAskReply('```json\n' + JSON.stringify(good, null, 2) + '\n```', SHOWN, BUILT_IN);
    assert.ok(r.ok);
  });

  test('the candidate’s status and date are used, not anything the model says', () => {
    const repealed = candidates(['12-301', '16-902'], [{ status: 'REPEALED', effectiveFrom: '2001-04-27' }]);
    const r = guardAskReply(reply({ ...good, citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER, status: 'CURRENT', effective_as_of: '2024-01-01' }] }), repealed, BUILT_IN);
    assert.ok(r.ok);
    assert.equal(r.answer.citations[0]?.status, 'REPEALED');
    assert.equal(r.answer.citations[0]?.effective_as_of, '2001-04-27');
  });

  test('a paraphrased quote is replaced by the built-in one and confidence drops to MEDIUM', () => {
    const r = guardAskReply(reply({ ...good, citations: [{ code: 'D.C. Code § 12-301', quote: 'actions for slander must be brought within one year' }] }), SHOWN, BUILT_IN);
    assert.ok(r.ok);
    assert.equal(r.answer.citations[0]?.quote, SLANDER);
    assert.equal(r.answer.confidence, 'MEDIUM');
  });

  test('a paraphrased quote of an uncited section is dropped, the good one kept', () => {
    const r = guardAskReply(
      reply({ ...good, citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }, { code: 'D.C. Code § 16-902', quote: 'six months of residence' }] }),
      SHOWN,
      BUILT_IN,
    );
    assert.ok(r.ok);
    assert.deepEqual(r.answer.citations.map((c) => c.code), ['D.C. Code § 12-301']);
  });

  test('nothing surviving is refused', () => {
    const r = guardAskReply(reply({ ...good, answer: 'Two witnesses.', citations: [{ code: 'D.C. Code § 18-103', quote: 'two witnesses are needed' }] }), SHOWN, BUILT_IN);
    assert.deepEqual(r.ok ? null : r.reason, 'guard-rejected');
    assert.equal(guardAskReply(reply({ ...good, citations: [] }), SHOWN, BUILT_IN).ok, false);
  });

  test('an answer citing a section that was not retrieved is refused', () => {
    const r = guardAskReply(reply({ ...good, answer: `${good.answer} See also D.C. Code § 12-302.` }), SHOWN, BUILT_IN);
    assert.ok(!r.ok);
    assert.equal(r.reason, 'guard-rejected');
    assert.match(r.detail, /12-302/);
  });

  test('an answer citing a shown section whose quote was dropped is refused', () => {
    const r = guardAskReply(
      reply({ ...good, answer: `${good.answer} Divorce needs residence under § 16-902.`, citations: [...good.citations, { code: 'D.C. Code § 16-902', quote: 'six months of residence' }] }),
      SHOWN,
      BUILT_IN,
    );
    assert.ok(!r.ok);
    assert.match(r.detail, /16-902/);
  });

  test('an answer citing every surviving section passes', () => {
    const r = guardAskReply(
      reply({ ...good, answer: `${good.answer} Divorce needs residence under § 16-902(a).`, citations: [...good.citations, { code: 'D.C. Code § 16-902', quote: RESIDENCE }] }),
      SHOWN,
      BUILT_IN,
    );
    assert.ok(r.ok);
    assert.deepEqual(r.answer.citations.map((c) => c.code), ['D.C. Code § 12-301', 'D.C. Code § 16-902']);
  });

  test('confidence is capped by the built-in and lowered by the model', () => {
    const low: ComposedAnswer = { ...BUILT_IN, confidence: 'LOW' };
    const capped = guardAskReply(reply(good), SHOWN, low);
    assert.ok(capped.ok);
    assert.equal(capped.answer.confidence, 'LOW');
    const lowered = guardAskReply(reply({ ...good, confidence: 'medium' }), SHOWN, BUILT_IN);
    assert.ok(lowered.ok);
    assert.equal(lowered.answer.confidence, 'MEDIUM');
    const none = guardAskReply(reply({ answer: good.answer, citations: good.citations }), SHOWN, BUILT_IN);
    assert.ok(none.ok);
    assert.equal(none.answer.confidence, 'HIGH');
  });

  test('malformed replies are bad-json', () => {
    for (const bad of [
      'The answer is one year.',
      reply({ citations: good.citations, confidence: 'HIGH' }),
      reply({ ...good, answer: '   ' }),
      reply({ ...good, citations: 'D.C. Code § 12-301' }),
      reply({ ...good, confidence: 'CERTAIN' }),
      reply({ ...good, confidence: 3 }),
      reply([good]),
    ]) {
      const r = guardAskReply(bad, SHOWN, BUILT_IN);
      assert.ok(!r.ok, bad);
      assert.equal(r.reason, 'bad-json', bad);
    }
  });

  test('a runaway answer is refused', () => {
    const r = guardAskReply(reply({ ...good, answer: 'One year. '.repeat(MAX_ANSWER_CHARS / 5) }), SHOWN, BUILT_IN);
    assert.ok(!r.ok);
  });

  test('every accepted citation is verbatim and from a candidate', () => {
    const r = guardAskReply(
      reply({ ...good, citations: [{ code: 'DC Code 12-301', quote: '(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment - 1 year;' }] }),
      SHOWN,
      BUILT_IN,
    );
    assert.ok(r.ok);
    assertCitationsFromCandidates(r.answer.citations, SHOWN);
  });
});

describe('guardCheckReply', () => {
  const builtIn: CheckAnswer = {
    verdict: 'SUPPORTED',
    explanation: 'D.C. Code § 12-301 says "1 year", as the assertion says "within 1 year".',
    citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER, effective_as_of: '2024-10-08', status: 'CURRENT' }],
  };
  const contradicted = {
    verdict: 'CONTRADICTED',
    explanation: 'The assertion says 3 years, but § 12-301(a)(4) gives "1 year" for slander.',
    citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }],
  };

  test('a verdict with a verbatim quote passes, in the reduced citation form', () => {
    const r = guardCheckReply(reply(contradicted), SHOWN, builtIn);
    assert.ok(r.ok);
    assert.equal(r.result.verdict, 'CONTRADICTED');
    assert.equal(r.result.explanation, contradicted.explanation);
    assert.deepEqual(r.result.citations, [{ code: 'D.C. Code § 12-301', quote: SLANDER, effective_as_of: '2024-10-08', status: 'CURRENT' }]);
  });

  test('a fabricated quote is refused even though the built-in quote could stand in', () => {
    const r = guardCheckReply(reply({ ...contradicted, citations: [{ code: 'D.C. Code § 12-301', quote: 'actions for slander may be brought within 3 years' }] }), SHOWN, builtIn);
    assert.ok(!r.ok);
    assert.equal(r.reason, 'guard-rejected');
  });

  test('a verified deciding quote comes first, a replaced one after', () => {
    const r = guardCheckReply(
      reply({ ...contradicted, citations: [{ code: 'D.C. Code § 12-301', quote: 'made-up words, not the statute' }, { code: 'D.C. Code § 18-103', quote: WITNESSES }] }),
      SHOWN,
      builtIn,
    );
    assert.ok(r.ok);
    assert.deepEqual(r.result.citations.map((c) => [c.code, c.quote]), [
      ['D.C. Code § 18-103', WITNESSES],
      ['D.C. Code § 12-301', SLANDER],
    ]);
  });

  test('NO_MATCH needs a citation, not necessarily the model’s own quote', () => {
    const replaced = guardCheckReply(reply({ verdict: 'NO_MATCH', explanation: 'No section speaks to it.', citations: [{ code: 'D.C. Code § 12-301', quote: 'nothing like this' }] }), SHOWN, builtIn);
    assert.ok(replaced.ok);
    assert.equal(replaced.result.citations[0]?.quote, SLANDER);
    const none = guardCheckReply(reply({ verdict: 'NO_MATCH', explanation: 'No section speaks to it.', citations: [] }), SHOWN, builtIn);
    assert.ok(!none.ok);
  });

  test('the explanation must be non-empty, under 1,000 characters, and cite only survivors', () => {
    assert.equal(guardCheckReply(reply({ ...contradicted, explanation: ' ' }), SHOWN, builtIn).ok, false);
    assert.equal(guardCheckReply(reply({ ...contradicted, explanation: 'x'.repeat(1000) }), SHOWN, builtIn).ok, false);
    assert.equal(guardCheckReply(reply({ ...contradicted, explanation: 'x'.repeat(999) }), SHOWN, builtIn).ok, true);
    const stray = guardCheckReply(reply({ ...contradicted, explanation: 'D.C. Code § 12-302 tolls the period.' }), SHOWN, builtIn);
    assert.ok(!stray.ok);
  });

  test('verdict words are read strictly, allowing case and a space for the underscore', () => {
    const spaced = guardCheckReply(reply({ ...contradicted, verdict: 'no match' }), SHOWN, builtIn);
    assert.ok(spaced.ok);
    assert.equal(spaced.result.verdict, 'NO_MATCH');
    assert.equal(guardCheckReply(reply({ ...contradicted, verdict: 'PARTLY' }), SHOWN, builtIn).ok, false);
    assert.equal(guardCheckReply('CONTRADICTED', SHOWN, builtIn).ok, false);
  });
});
