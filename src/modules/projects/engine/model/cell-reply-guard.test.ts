import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeQuestion } from '../../../../text/query-analysis.js';
import { splitSentences } from '../../../../text/sentences.js';
import { parseResponseStructure } from '../../response-structure.js';
import type { AnswerInput } from '../answer-cell.js';
import type { CandidateSentence } from '../cell-answer.types.js';
import { findDefinedDate } from '../values/term-dates.js';
import { guardCellReply } from './cell-reply-guard.js';
import { offeredSentences } from './cell-prompt.js';

// Real contract text: the CUAD licence excerpt the extractive engine's tests use.
const text = readFileSync(join(import.meta.dirname, '..', '__fixtures__', 'wpt-zynga-license.txt'), 'utf8');
const sentences: CandidateSentence[] = splitSentences(text).map((s) => ({ fileId: 7, page: 1, start: s.start, end: s.end, text: s.text, relevance: 1 }));
const containing = (words: string): CandidateSentence => {
  const s = sentences.find((c) => c.text.includes(words));
  assert.ok(s, words);
  return s;
};
const governing = containing('governed by and interpreted in accordance with the laws of the State of California');
const term = containing('will be in effect for three (3) years from the Effective Date');
const payment = containing('$');

function input(question: string, structure: string, offered: CandidateSentence[]): AnswerInput {
  const kind = parseResponseStructure(structure);
  assert.ok(kind);
  const anchorOf = (key: string) => {
    const d = findDefinedDate(text, key);
    return d ? { iso: d.iso, ref: { file_id: 7, page: 1, quote: text.slice(d.start, d.end), start: d.start, end: d.end } } : null;
  };
  return { question, analysis: analyzeQuestion(question), structure: kind, candidates: offered, anchorOf };
}
const reply = (value: unknown, cited: number[]) => JSON.stringify({ value, sentences: cited });

test('a value the cited excerpt states is kept, and its citation is the excerpt, verbatim', () => {
  const cell = input("Which state's law governs?", 'jurisdiction', [term, governing]);
  const answer = guardCellReply('```json\n' + reply('california', [2]) + '\n```', cell, offeredSentences(cell));
  assert.equal(answer?.value, 'California');
  assert.equal(answer?.citations.length, 1);
  for (const c of answer?.citations ?? []) assert.equal(text.slice(c.start, c.end), c.quote);
});

test('a value no cited excerpt states is turned away, whatever its type', () => {
  const law = input("Which state's law governs?", 'jurisdiction', [term, governing]);
  assert.equal(guardCellReply(reply('Delaware', [2]), law, offeredSentences(law)), null, 'a state the excerpt does not name');
  assert.equal(guardCellReply(reply('California', [1]), law, offeredSentences(law)), null, 'cites an excerpt that does not name it');
  assert.equal(guardCellReply(reply('California', []), law, offeredSentences(law)), null, 'cites nothing');
  assert.equal(guardCellReply(reply('California', [9]), law, offeredSentences(law)), null, 'cites an excerpt it was not shown');
  const length = input('How long is the initial term?', 'duration', [term]);
  assert.equal(guardCellReply(reply({ days: 1825, text: '5 years' }, [1]), length, offeredSentences(length)), null);
  const amount = input('What must be paid?', 'money', [payment]);
  assert.equal(guardCellReply(reply({ amount: 99, currency: 'USD' }, [1]), amount, offeredSentences(amount)), null);
  assert.equal(guardCellReply(reply({ amount: 12_000_000, currency: 'EUR' }, [1]), amount, offeredSentences(amount)), null, 'the wrong currency');
  assert.deepEqual(guardCellReply(reply({ amount: 12_000_000, currency: 'usd' }, [1]), amount, offeredSentences(amount))?.value, { amount: 12_000_000, currency: 'USD' });
  const text_ = input('What is the cap on liability?', 'text', [governing]);
  assert.equal(guardCellReply(reply('Liability is unlimited for gross negligence', [1]), text_, offeredSentences(text_)), null, 'words the contract does not use');
});

test('a period, and a date computed from the Effective Date, pass when the built-in readers find them too', () => {
  const length = input('How long is the initial term?', 'duration', [term]);
  assert.deepEqual(guardCellReply(reply({ days: 1095, text: 'three years' }, [1]), length, offeredSentences(length))?.value, { days: 1095, text: '3 years' });
  const ends = input('When does the initial term expire?', 'date', [term]);
  const answer = guardCellReply(reply('2021-02-01', [1]), ends, offeredSentences(ends));
  assert.equal(answer?.value, '2021-02-01');
  // The anchor is cited as well: the date rests on both.
  assert.ok(answer?.citations.some((c) => c.quote.includes('February 1, 2018')));
  assert.equal(guardCellReply(reply('2022-02-01', [1]), ends, offeredSentences(ends)), null, 'a year off');
});

test('yes needs a cited excerpt; no and "not stated" cite the nearest excerpt', () => {
  const audit = input('Does a party have audit rights?', 'yes_no', [governing]);
  assert.equal(guardCellReply(reply(true, []), audit, offeredSentences(audit)), null);
  const no = guardCellReply(reply(false, []), audit, offeredSentences(audit));
  assert.equal(no?.value, false);
  assert.equal(no?.citations[0]?.quote, governing.text);
  const money = input('What is the liquidated damages amount?', 'money', [governing]);
  const none = guardCellReply(reply(null, []), money, offeredSentences(money));
  assert.equal(none?.value, null);
  assert.equal(none?.display, 'Not stated in this file');
});

test('an enum value must be one of the options; garbage is not a reply', () => {
  const law = input('Which law family governs?', 'enum:US state|foreign', [governing]);
  assert.equal(guardCellReply(reply('us STATE', [1]), law, offeredSentences(law))?.value, 'US state');
  assert.equal(guardCellReply(reply('Canada', [1]), law, offeredSentences(law)), null);
  assert.equal(guardCellReply('The governing law is California.', law, offeredSentences(law)), null);
  assert.equal(guardCellReply('{"value": ', law, offeredSentences(law)), null);
});
