import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseModelObject, readModelCitations, readText } from './model-json.js';

describe('parseModelObject', () => {
  test('a bare JSON object', () => {
    assert.deepEqual(parseModelObject('{"answer":"x"}'), { answer: 'x' });
  });
  test('surrounding whitespace', () => {
    assert.deepEqual(parseModelObject('\n  {"answer":"x"}  \n'), { answer: 'x' });
  });
  test('one ```json fence', () => {
    assert.deepEqual(parseModelObject('```json\n{"answer":"x"}\n```'), { answer: 'x' });
  });
  test('one bare ``` fence', () => {
    assert.deepEqual(parseModelObject('```\n{"answer":"x"}\n```'), { answer: 'x' });
  });
  test('prose around the JSON is refused', () => {
    assert.equal(parseModelObject('Here is the answer: {"answer":"x"}'), null);
    assert.equal(parseModelObject('```json\n{"answer":"x"}\n```\nHope this helps!'), null);
  });
  test('not JSON, or JSON that is not an object', () => {
    assert.equal(parseModelObject('The limitation period is 1 year.'), null);
    assert.equal(parseModelObject('[{"answer":"x"}]'), null);
    assert.equal(parseModelObject('"x"'), null);
    assert.equal(parseModelObject('null'), null);
    assert.equal(parseModelObject('{"answer": "x",}'), null);
    assert.equal(parseModelObject(''), null);
  });
});

describe('readModelCitations', () => {
  test('keeps well-formed entries and skips the rest', () => {
    const reply = { citations: [{ code: 'a', quote: 'b' }, { code: 1, quote: 'b' }, 'x', null, { code: 'c' }, { code: 'd', quote: 'e', extra: true }] };
    assert.deepEqual(readModelCitations(reply), [
      { code: 'a', quote: 'b' },
      { code: 'd', quote: 'e' },
    ]);
  });
  test('missing or not an array', () => {
    assert.equal(readModelCitations({}), null);
    assert.equal(readModelCitations({ citations: { code: 'a', quote: 'b' } }), null);
  });
});

describe('readText', () => {
  test('trimmed string, null when blank or not a string', () => {
    assert.equal(readText({ a: '  x ' }, 'a'), 'x');
    assert.equal(readText({ a: '   ' }, 'a'), null);
    assert.equal(readText({ a: 3 }, 'a'), null);
    assert.equal(readText({}, 'a'), null);
  });
});
