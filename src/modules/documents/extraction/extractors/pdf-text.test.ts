import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describePages, layoutPageText, type PositionedText } from './pdf-text.js';

const item = (str: string, x: number, y: number, width: number, hasEOL = false): PositionedText =>
  ({ str, transform: [10, 0, 0, 10, x, y], width, hasEOL });

describe('layoutPageText', () => {
  test('breaks lines at hasEOL and at baseline changes', () => {
    const text = layoutPageText([
      item('First line', 0, 700, 50, true),
      item('Second', 0, 685, 30),
      item('line', 35, 685, 20),
      item('Third line', 0, 670, 50),
    ]);
    assert.equal(text, 'First line\nSecond line\nThird line');
  });
  test('joins runs on one line without inventing spaces inside words', () => {
    assert.equal(layoutPageText([item('Agree', 0, 700, 25), item('ment', 25, 700, 20)]), 'Agreement');
  });
  test('keeps empty EOL markers as line breaks but collapses blank runs', () => {
    assert.equal(layoutPageText([item('A', 0, 700, 5), item('', 0, 700, 0, true), item('', 0, 700, 0, true), item('', 0, 700, 0, true), item('B', 0, 600, 5)]), 'A\nB');
  });
});

describe('describePages', () => {
  test('compacts runs', () => {
    assert.equal(describePages([3]), 'page 3');
    assert.equal(describePages([3, 4]), 'pages 3, 4');
    assert.equal(describePages([1, 2, 3, 4, 9]), 'pages 1-4, 9');
  });
});
