import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeQuestion } from '../../text/query-analysis.js';
import { ADAMS_LAW, ADAMS_TERMINATION } from './__fixtures__/cuad-passages.js';
import { buildMessages } from './openai-prompt.js';

const QUESTION = 'Is liability capped under the Adams Golf endorsement agreement?';

test('the prompt lists each passage with the clause types it was tagged with', () => {
  const request = {
    question: QUESTION,
    analysis: analyzeQuestion(QUESTION),
    passages: [{ ...ADAMS_LAW, clauses: { 'Governing Law': 0.97, 'Anti-Assignment': 0.02 } }, ADAMS_TERMINATION],
    files: [{ fileId: 4, fileName: ADAMS_LAW.fileName }],
  };
  const user = buildMessages(request)[1]?.content ?? '';
  assert.match(user, /ENDORSEMENT AGREEMENT\.txt" — clauses: Governing Law — cite as <<file_id = 4>>/);
  assert.doesNotMatch(user, /Anti-Assignment/);
});

test('the prompt says when the named document has no such clause', () => {
  const request = {
    question: QUESTION,
    analysis: analyzeQuestion(QUESTION),
    passages: [ADAMS_TERMINATION],
    files: [{ fileId: 4, fileName: ADAMS_LAW.fileName }],
    focus: { fileId: 4, fileName: ADAMS_LAW.fileName, category: 'Cap On Liability', present: false, clear: false, passages: [ADAMS_TERMINATION] },
  };
  const user = buildMessages(request)[1]?.content ?? '';
  assert.match(user, /Note: the question names file_id 4 .* which has no Cap On Liability clause; the passages shown from it are its nearest provisions\./);
  const opposite = buildMessages({ ...request, focus: { ...request.focus, opposite: true } })[1]?.content ?? '';
  assert.match(opposite, /its nearest provisions, the first of which words it in the negative\./);
});
