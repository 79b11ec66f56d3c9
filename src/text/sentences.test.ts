import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { splitSentences, splitSentencesWithModel, LONG_SENTENCE_CHARS, type Span } from './sentences.js';
import { sharedDataPath, missingDataReason } from '../../test/support/shared-data.js';

function texts(spans: Span[]): string[] {
  return spans.map((s) => s.text);
}

function assertExactOffsets(input: string, spans: Span[]): void {
  let last = 0;
  for (const s of spans) {
    assert.equal(input.slice(s.start, s.end), s.text, 'text is the verbatim slice');
    assert.equal(s.text, s.text.trim(), 'trimmed');
    assert.ok(s.text.length > 0, 'not empty');
    assert.ok(s.start >= last, 'in order, not overlapping');
    last = s.end;
  }
}

// D.C. Code § 42-3505.01(a-1)(1), 2024-10-20 publication.
const DC_EVICTION =
  "A housing provider shall provide the tenant with notice of the housing provider's intent to file a claim against a tenant to recover possession of a rental unit for the non-payment of rent at least 30 days before filing the claim; except, that the housing provider shall not issue such notice if the amount of rent that the tenant has failed to pay is less than $600.";

// Va. Code § 18.2-10 (g), as text with its designations on their own lines.
const VA_FELONY =
  '(f) For Class 6 felonies, a term of imprisonment of not less than one year nor more than five years, or in the discretion of the jury or the court trying the case without a jury, confinement in jail for not more than 12 months and a fine of not more than $2,500, either or both.\n' +
  '(g) Except as specifically authorized in subdivision (e) or (f), the court shall impose either a sentence of imprisonment together with a fine, or imprisonment only. However, if the defendant is not a natural person, the court shall impose only a fine.';

describe('splitSentences', () => {
  test('empty and blank input give no sentences', () => {
    assert.deepEqual(splitSentences(''), []);
    assert.deepEqual(splitSentences('  \n\t '), []);
  });

  test('one statute sentence with a semicolon under 600 chars stays whole', () => {
    const spans = splitSentences(DC_EVICTION);
    assert.deepEqual(texts(spans), [DC_EVICTION]);
    assertExactOffsets(DC_EVICTION, spans);
  });

  test('keeps U.S.C., D.C. Code and et seq. citations inside one sentence', () => {
    const input =
      'Any person who violates 42 U.S.C. § 1983 et seq. and D.C. Code § 2-1402.11 is liable. The Mayor shall issue rules.';
    assert.deepEqual(texts(splitSentences(input)), [
      'Any person who violates 42 U.S.C. § 1983 et seq. and D.C. Code § 2-1402.11 is liable.',
      'The Mayor shall issue rules.',
    ]);
  });

  test('repairs citation abbreviations wink ends a sentence on (Ann., Sec., Cir.)', () => {
    const input =
      'See Va. Code Ann. § 18.2-10. Smith v. Jones, 123 F.3d 456 (D.C. Cir. 1999). Pursuant to Sec. 5 of the Act, the Company shall pay. See Case No. 12 filed today.';
    assert.deepEqual(texts(splitSentences(input)), [
      'See Va. Code Ann. § 18.2-10.',
      'Smith v. Jones, 123 F.3d 456 (D.C. Cir. 1999).',
      'Pursuant to Sec. 5 of the Act, the Company shall pay.',
      'See Case No. 12 filed today.',
    ]);
  });

  test('no sentence ends inside an initialism before a lowercase word (D.C. Code § 31-2303)', () => {
    const input =
      'An acquisition of assets and assumption of liabilities under § 31-2302(a) shall be initiated by filing with the Commissioner, for prior written approval as required by § 31-2302(a)(2), a copy of the domestication agreement, executed by the Non-U.S. insurer and the domestic insurer. The tax is due. U.S. law applies.';
    assert.deepEqual(texts(splitSentences(input)), [
      'An acquisition of assets and assumption of liabilities under § 31-2302(a) shall be initiated by filing with the Commissioner, for prior written approval as required by § 31-2302(a)(2), a copy of the domestication agreement, executed by the Non-U.S. insurer and the domestic insurer.',
      'The tax is due.',
      'U.S. law applies.',
    ]);
  });

  test('splits at a newline followed by a paragraph designation even with no period', () => {
    const input =
      'The Court shall dismiss a claim where the housing provider:\n(A) Did not provide notice as required by this section;\n(B) Filed the claim before the notice period had elapsed\n(a-1) A housing provider shall provide notice\n(4A) "Contraception" means a method\n(iv) the fourth item';
    const spans = splitSentences(input);
    assert.deepEqual(texts(spans), [
      'The Court shall dismiss a claim where the housing provider:',
      '(A) Did not provide notice as required by this section;',
      '(B) Filed the claim before the notice period had elapsed',
      '(a-1) A housing provider shall provide notice',
      '(4A) "Contraception" means a method',
      '(iv) the fourth item',
    ]);
    assertExactOffsets(input, spans);
  });

  test('a designation inside a line does not split ("subdivision (e) or (f)")', () => {
    const spans = splitSentences(VA_FELONY);
    assert.deepEqual(texts(spans), [
      VA_FELONY.split('\n')[0],
      '(g) Except as specifically authorized in subdivision (e) or (f), the court shall impose either a sentence of imprisonment together with a fine, or imprisonment only.',
      'However, if the defendant is not a natural person, the court shall impose only a fine.',
    ]);
    assertExactOffsets(VA_FELONY, spans);
  });

  test('rejoins a sentence broken by a page break (next part starts in lowercase)', () => {
    const input =
      'The Distributor shall purchase the Products at the prices\n\n\n\n     issued by Accuray and subject to acceptance by Distributor. Next sentence.';
    const spans = splitSentences(input);
    assert.equal(spans.length, 2);
    assert.ok(spans[0]?.text.startsWith('The Distributor') && spans[0].text.endsWith('by Distributor.'));
    assertExactOffsets(input, spans);
  });

  test('a bare enumerator joins the sentence after it, not the one before', () => {
    const input = 'The parties agree as follows. 1. The Company shall pay. a. The Buyer shall pay.';
    assert.deepEqual(texts(splitSentences(input)), [
      'The parties agree as follows.',
      '1. The Company shall pay.',
      'a. The Buyer shall pay.',
    ]);
  });

  test('a sentence over 600 chars is cut into clauses at semicolons', () => {
    const clause = (n: number): string =>
      `the Licensee shall maintain complete and accurate records of all sales of Licensed Products in territory number ${n}`;
    const input = `During the Term, ${[1, 2, 3, 4, 5, 6].map(clause).join('; ')}.`;
    assert.ok(input.length > LONG_SENTENCE_CHARS);
    const spans = splitSentences(input);
    assert.equal(spans.length, 6);
    assert.ok(spans.every((s) => s.text.length <= LONG_SENTENCE_CHARS));
    assert.ok(spans[0]?.text.endsWith('territory number 1;'));
    assertExactOffsets(input, spans);
  });

  test('a long sentence without semicolons is left whole rather than cut mid-thought', () => {
    const input = `${'The Supplier warrants that the Products conform to the Specifications and '.repeat(10)}are free of defects.`;
    assert.equal(splitSentences(input).length, 1);
  });

  test('offsets survive leading whitespace, tabs, CRLF and curly quotes', () => {
    const input = '   \r\n\t“Change of Control” means a merger.\r\n  The Term is five years.  ';
    const spans = splitSentences(input);
    assert.deepEqual(texts(spans), ['“Change of Control” means a merger.', 'The Term is five years.']);
    assertExactOffsets(input, spans);
  });
});

describe('one-sentence lines, answered without the model', () => {
  // Lines of D.C. Code §§ 12-301 and 42-3505.01 (2024-10-20) and of a CUAD supply agreement.
  const lines = [
    '(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment — 1 year;',
    '  (A) The marriage was performed in the District of Columbia; and  ',
    '(3) imprisoned —',
    '(b)',
    'he or his proper representative may bring action within the time limited after the disability is removed.',
    'ARTICLE 12 - GOVERNING LAW',
    'IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date',
  ];

  test('give what the model gives', () => {
    for (const line of lines) assert.deepEqual(splitSentences(line), splitSentencesWithModel(line), line);
  });

  test('a line with a period inside, a line break, or over the clause length still goes to the model', () => {
    const twoSentences = 'The Mayor shall issue rules. The rules take effect on publication';
    assert.deepEqual(texts(splitSentences(twoSentences)), ['The Mayor shall issue rules.', 'The rules take effect on publication']);
    const twoParagraphs = 'The tenant shall pay:\n(1) the rent; and\n(2) the fees';
    assert.deepEqual(texts(splitSentences(twoParagraphs)), ['The tenant shall pay:', '(1) the rent; and', '(2) the fees']);
    const long = `${'the housing provider shall give notice of the claim to the tenant in writing; '.repeat(10)}and file it`;
    assert.ok(long.length > LONG_SENTENCE_CHARS);
    assert.deepEqual(splitSentences(long), splitSentencesWithModel(long));
    assert.ok(splitSentences(long).length > 1);
  });
});

describe('splitSentences on the shared corpora', () => {
  const dcDir = sharedDataPath('statutes', 'dc', '2024-10-20', 'titles', '42', 'sections');
  test(
    'exact offsets on 150 D.C. title 42 sections',
    { skip: dcDir ? false : missingDataReason('statutes', 'dc', '2024-10-20', 'titles', '42', 'sections') },
    () => {
      const dir = dcDir ?? '';
      for (const name of readdirSync(dir).sort().slice(0, 150)) {
        const xml = readFileSync(join(dir, name), 'utf8').replace(/<annotations>[\s\S]*?<\/annotations>/g, '');
        const text = xml
          .replace(/<num>([^<]*)<\/num>\s*/g, '\n$1 ')
          .replace(/<[^>]+>/g, '')
          .replace(/[ \t]*\n\s*/g, '\n');
        const spans = splitSentences(text);
        assertExactOffsets(text, spans);
        // Each paragraph designation at a line start begins a sentence.
        const starts = new Set(spans.map((s) => s.start));
        for (const m of text.matchAll(/\n(\([a-z0-9]{1,3}(?:-\d)?\)) /g)) {
          assert.ok(starts.has((m.index ?? 0) + 1), `${name}: ${m[1]} starts a sentence`);
        }
      }
    },
  );

  test(
    'every one-sentence line of title 42 gives what the model gives',
    { skip: dcDir ? false : missingDataReason('statutes', 'dc', '2024-10-20', 'titles', '42', 'sections') },
    () => {
      let checked = 0;
      for (const name of readdirSync(dcDir ?? '').sort()) {
        const xml = readFileSync(join(dcDir ?? '', name), 'utf8');
        const text = xml.replace(/<num>([^<]*)<\/num>\s*/g, '\n$1 ').replace(/<[^>]+>/g, '').replace(/[ \t]*\n\s*/g, '\n');
        for (const line of text.split('\n')) {
          if (line.trim() === '' || line.length > LONG_SENTENCE_CHARS || /[.!?]/.test(line.trimEnd().slice(0, -1))) continue;
          assert.deepEqual(splitSentences(line), splitSentencesWithModel(line), `${name}: ${line}`);
          checked++;
        }
      }
      assert.ok(checked > 1000, `${checked} lines`);
    },
  );

  const cuadDir = sharedDataPath('documents', 'cuad', 'txt');
  test(
    'exact offsets on 10 CUAD contracts',
    { skip: cuadDir ? false : missingDataReason('documents', 'cuad', 'txt') },
    () => {
      const dir = cuadDir ?? '';
      for (const name of readdirSync(dir).sort().slice(0, 10)) {
        const text = readFileSync(join(dir, name), 'utf8');
        const spans = splitSentences(text);
        assert.ok(spans.length > 5, name);
        assertExactOffsets(text, spans);
      }
    },
  );
});
