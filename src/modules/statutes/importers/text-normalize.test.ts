import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseWhitespace, joinParagraphs, ParagraphBuilder } from './text-normalize.js';

test('whitespace collapses, including no-break spaces; empty paragraphs vanish', () => {
  assert.equal(collapseWhitespace('  a\u00a0\n\t b  '), 'a b');
  assert.equal(joinParagraphs(['(a)  One', '  ', '(b) Two\n more']), '(a) One\n(b) Two more');
});

test('ParagraphBuilder: breaks, trimEnd joins designations, rollback undoes a banner', () => {
  const b = new ParagraphBuilder();
  b.append('(1)\n   ');
  b.trimEnd();
  b.append('(A)');
  b.space();
  b.append('Text');
  b.break();
  const mark = b.mark();
  b.append('*NOTE: banner*');
  assert.equal(b.since(mark), '*NOTE: banner*');
  assert.equal(b.rollback(mark), true);
  b.append(' Second ');
  assert.equal(b.tail(3), 'nd ');
  assert.equal(b.toText(), '(1)(A) Text\nSecond');
});
