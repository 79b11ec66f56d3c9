import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import { classifyText, detectCsvDelimiter, looksLikeEmail, looksLikeHtml, parsedRows, sampleRows } from './classify-text.js';
import { decodeText } from './decode-text.js';
import { DOCX, sniffContentType, XLSX } from './sniff.js';

const fixture = (name: string) => join(import.meta.dirname, '__fixtures__', name);

describe('sniffContentType on the fixtures', () => {
  const expected: [string, string][] = [
    ['text.pdf', 'application/pdf'],
    ['pdf-named.txt', 'application/pdf'],
    ['scanned.pdf', 'application/pdf'],
    ['encrypted.pdf', 'application/pdf'],
    ['truncated.pdf', 'application/pdf'],
    ['lease.docx', DOCX],
    ['bomb.docx', DOCX],
    ['two-sheets.xlsx', XLSX],
    ['other.zip', 'application/zip'],
    ['image.png', 'image/png'],
    ['message.eml', 'message/rfc822'],
    ['page.html', 'text/html'],
    ['table.csv', 'text/csv'],
    ['semicolon.csv', 'text/csv'],
    ['notes.md', 'text/markdown'],
    ['prose.txt', 'text/plain'],
    ['windows-1252.txt', 'text/plain'],
    ['utf16le.txt', 'text/plain'],
    ['utf16be.txt', 'text/plain'],
    ['utf8-bom.txt', 'text/plain'],
  ];
  for (const [name, type] of expected) {
    test(`${name} is ${type}`, async () => {
      assert.equal(await sniffContentType(fixture(name)), type);
    });
  }
});

describe('decodeText', () => {
  const expected = 'Café contract, “smart quotes” — § 42-3505.01 naïve résumé façade.';
  for (const name of ['windows-1252.txt', 'utf16le.txt', 'utf16be.txt', 'utf8-bom.txt']) {
    test(`reads ${name}`, () => {
      const { text } = decodeText(readFileSync(fixture(name)));
      assert.equal(text.split('\r\n')[0], expected);
    });
  }
  test('names the encodings it used', () => {
    assert.equal(decodeText(readFileSync(fixture('windows-1252.txt'))).encoding, 'windows-1252');
    assert.equal(decodeText(readFileSync(fixture('utf16be.txt'))).encoding, 'utf-16be');
    assert.equal(decodeText(Buffer.from('plain ascii')).encoding, 'utf-8');
  });
  test('reads UTF-16 LE without a BOM', () => {
    const bytes = Buffer.from('Section 1. Definitions apply.', 'utf16le');
    assert.deepEqual(decodeText(bytes), { text: 'Section 1. Definitions apply.', encoding: 'utf-16le' });
  });
});

describe('classifyText', () => {
  test('prose with the same number of commas per line is not CSV', () => {
    assert.equal(detectCsvDelimiter('Hello, world, again.\nThe buyer, the seller, the agent.\nOne, two, three words here.\n'), null);
  });
  test('tab-indented paragraphs are not TSV', () => {
    assert.equal(detectCsvDelimiter('\tFirst paragraph of the contract.\n\tSecond paragraph here.\n\tThird one.\n'), null);
  });
  test('finds tab, semicolon and comma delimiters', () => {
    assert.equal(detectCsvDelimiter('a\tb\tc\n1\t2\t3\n4\t5\t6\n'), '\t');
    assert.equal(detectCsvDelimiter('a;b\n1;2\n3;4\n'), ';');
    assert.equal(detectCsvDelimiter('id,"name, full",n\n1,"Doe, J",2\n2,"Roe, R",3\n'), ',');
  });
  test('a memo that starts with Subject: is not an e-mail; real headers are', () => {
    assert.equal(looksLikeEmail('Subject: lunch\nRe: Friday\n\nSee you.'), false);
    assert.equal(looksLikeEmail('From: a@b.c\nSubject: x\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n\nbody'), true);
    assert.equal(looksLikeEmail('Received: from x\n\tby y\nMIME-Version: 1.0\n\nbody'), true);
  });
  test('HTML after a BOM, whitespace, XML declaration or comment', () => {
    assert.equal(looksLikeHtml('\uFEFF  \n<!DOCTYPE html><html></html>'), true);
    assert.equal(looksLikeHtml('<?xml version="1.0"?>\n<!-- generated -->\n<html xmlns="x">'), true);
    assert.equal(looksLikeHtml('<BODY><p>x</p></BODY>'), true);
    assert.equal(looksLikeHtml('The <html> tag is explained below.'), false);
  });
  test('a sample where no field opens with a quote is split exactly as csv-parse parses it', () => {
    // Blank and space-only lines, empty and trailing fields, quotes inside fields, a last line without its newline.
    const samples = [
      'Party,Role,Notice\nAcme Corp (the "Licensor"),Licensor,30 days\n\n   \nBeta LLC,,\nGamma;Inc,Agent "B",60 days,',
      readFileSync(fixture('prose.txt'), 'utf8'),
      readFileSync(fixture('table.csv'), 'utf8').replace(/"/g, ''),
      readFileSync(fixture('semicolon.csv'), 'utf8').replace(/"/g, ''),
    ];
    for (const sample of samples) {
      for (const delimiter of ['\t', ';', ',', '|']) assert.deepEqual(sampleRows(sample, delimiter), parsedRows(sample, delimiter), JSON.stringify(sample.slice(0, 40)));
    }
  });
  test('plain text stays plain', () => {
    assert.equal(classifyText('WHEREAS the parties agree;\nNOW THEREFORE, they sign.\n'), 'text/plain');
  });
});

describe('sniffing the CUAD data', () => {
  const txtDir = sharedDataPath('documents', 'cuad', 'txt');
  test('no contract text is taken for CSV, e-mail or HTML', { skip: txtDir ? false : missingDataReason('documents', 'cuad', 'txt') }, async () => {
    const wrong: string[] = [];
    const names = readdirSync(txtDir!);
    for (const name of names) {
      const type = await sniffContentType(join(txtDir!, name));
      if (type !== 'text/plain' && type !== 'text/markdown') wrong.push(`${name}: ${type}`);
    }
    assert.equal(names.length, 399);
    assert.deepEqual(wrong, []);
  });
  test('on the contracts, splitting by hand gives csv-parse\'s rows', { skip: txtDir ? false : missingDataReason('documents', 'cuad', 'txt') }, () => {
    let split = 0;
    for (const name of readdirSync(txtDir!)) {
      const text = readFileSync(join(txtDir!, name), 'utf8');
      for (const length of [8 * 1024, 128 * 1024]) {
        const sample = text.slice(0, length);
        for (const delimiter of [';', ',']) {
          if (sample.includes('\r') || sample.startsWith('"') || sample.includes('\n"') || sample.includes(`${delimiter}"`)) continue;
          split += 1;
          assert.deepEqual(sampleRows(sample, delimiter), parsedRows(sample, delimiter), `${name}, ${length} characters, ${JSON.stringify(delimiter)}`);
        }
      }
    }
    // Most contracts quote their defined terms ("Agreement") inside sentences: they must take the fast path.
    assert.ok(split > 800, `only ${split} samples split by hand`);
  });
  const cuad = sharedDataPath('documents', 'cuad');
  test('the CUAD CSV files are CSV', { skip: cuad ? false : missingDataReason('documents', 'cuad') }, async () => {
    assert.equal(await sniffContentType(join(cuad!, 'master_clauses.csv')), 'text/csv');
    assert.equal(await sniffContentType(join(cuad!, 'manifest.csv')), 'text/csv');
  });
  const pdfDir = sharedDataPath('documents', 'cuad', 'pdf');
  test('every CUAD PDF is a PDF', { skip: pdfDir ? false : missingDataReason('documents', 'cuad', 'pdf') }, async () => {
    for (const name of readdirSync(pdfDir!)) assert.equal(await sniffContentType(join(pdfDir!, name)), 'application/pdf', name);
  });
});
