import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { isStopword, isLegalOperator, STOPWORDS, LEGAL_OPERATORS } from './stopwords.js';
import { tokenize } from './tokens.js';

describe('stopwords', () => {
  test('never drops words that carry legal meaning', () => {
    for (const w of ['not', 'no', 'nor', 'never', 'shall', 'may', 'without', 'within', 'before', 'after', 'except', 'unless', 'until', 'less', 'more', 'least']) {
      assert.equal(isStopword(w, 'statutes'), false, w);
      assert.equal(isLegalOperator(w), true, w);
    }
  });

  test('no word is both a stopword and a legal operator', () => {
    for (const w of LEGAL_OPERATORS) assert.equal(STOPWORDS.has(w), false, w);
  });

  test('drops question words and legal-question filler', () => {
    for (const w of ['what', 'how', 'does', 'must', 'can', 'under', 'law', 'legal', 'client', 'my', 'someone', 'the', 'of']) {
      assert.equal(isStopword(w, 'statutes'), true, w);
    }
  });

  test('"D.C." and contraction halves vanish as FTS5 splits them', () => {
    const kept = tokenize("Under D.C. law, my client's landlord can't evict her").filter((t) => !isStopword(t.norm, 'statutes'));
    assert.deepEqual(kept.map((t) => t.norm), ['landlord', 'evict']);
  });

  test('topic words survive: a statute question keeps its subject', () => {
    const q = 'How long does a tenant have to dispute a rent increase before the deadline, and is notice not required?';
    const kept = tokenize(q).filter((t) => !isStopword(t.norm, 'statutes')).map((t) => t.norm);
    assert.deepEqual(kept, ['tenant', 'dispute', 'rent', 'increase', 'before', 'deadline', 'notice', 'not']);
  });

  test('"will" is not a stopword: it is also the probate instrument', () => {
    assert.equal(isStopword('will', 'statutes'), false);
  });
});

test('the loaded codes\' place names are filler for statutes, content for documents', () => {
  for (const w of ['virginia', 'colorado', 'washington', 'columbia', 'dc']) {
    assert.equal(isStopword(w, 'statutes'), true, w);
    assert.equal(isStopword(w, 'documents'), false, w);
  }
  // Other stopwords stay stopwords whatever the scope.
  assert.equal(isStopword('the', 'documents'), true);
  assert.equal(isStopword('law', 'documents'), true);
});
