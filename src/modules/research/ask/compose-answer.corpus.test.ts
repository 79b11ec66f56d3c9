// Invariants of composed answers over real D.C. Code sections read from the shared data: every answer
// cites, every quote is verbatim and short, every pinpoint names designations that really precede it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { parseDcSectionXml } from '../../statutes/importers/dc-section.js';
import { missingDataReason, sharedDataPath } from '../../../../test/support/shared-data.js';
import type { CandidateSection } from './ask.types.js';
import { composeAnswer } from './compose-answer.js';
import { provisionUnits } from './provision-units.js';
import { MAX_QUOTE_CHARS } from './quote-clause.js';

const TITLES = ['16', '32'];
const PER_TITLE = 150;
const dir = (title: string) => sharedDataPath('statutes', 'dc', '2024-10-20', 'titles', title, 'sections');
const skip = TITLES.every((t) => dir(t) !== null) ? false : missingDataReason('statutes', 'dc', '2024-10-20', 'titles');

function loadSections(): CandidateSection[] {
  const out: CandidateSection[] = [];
  for (const title of TITLES) {
    const folder = dir(title);
    if (folder === null) continue;
    const files = readdirSync(folder).filter((f) => f.endsWith('.xml')).sort().slice(0, PER_TITLE);
    for (const file of files) {
      const s = parseDcSectionXml(readFileSync(join(folder, file), 'utf8'), file);
      if (s.repealed || s.text.trim() === '') continue;
      out.push({ citation: s.citation, sectionNumber: s.sectionNumber, heading: s.heading, text: s.text, effectiveFrom: '2024-10-08', status: 'CURRENT', score: 0 });
    }
  }
  return out;
}

test('answers from groups of real sections keep every citation invariant', { skip }, (t) => {
  const sections = loadSections();
  assert.ok(sections.length > 100);
  let asked = 0;
  let headingSectionFirst = 0;
  for (let i = 0; i + 3 <= sections.length; i += 3) {
    // The middle section's catch line as the question; retrieval order puts it second.
    const group = sections.slice(i, i + 3).map((s, k) => ({ ...s, score: 3 - k }));
    const target = group[1];
    if (target === undefined) continue;
    const question = `What does the law provide about ${target.heading.toLowerCase().replace(/\.$/, '')}?`;
    const r = composeAnswer(question, analyzeQuestion(question), group, 'District of Columbia');
    asked++;
    assert.ok(r.citations.length >= 1, question);
    for (const c of r.citations) {
      const source = group.find((g) => g.citation === c.code);
      assert.ok(source !== undefined && source.text.includes(c.quote) && c.quote.length > 0, `${c.code}: ${c.quote}`);
      assert.ok(c.quote.length <= MAX_QUOTE_CHARS, `${c.code}: ${c.quote.length} chars`);
    }
    if (r.citations[0]?.code === target.citation) headingSectionFirst++;
  }
  // Catch lines share their words with their own section: it should be cited first nearly always.
  t.diagnostic(`catch-line section cited first: ${headingSectionFirst}/${asked}`);
  assert.ok(headingSectionFirst / asked >= 0.75, `${headingSectionFirst}/${asked}`);
});

/** Every designation that opens a line before `offset`, in text order ("[(a)]" → "(a)", "A." → "(A)"). */
function leadingDesignations(text: string, offset: number): string[] {
  const out: string[] = [];
  for (const line of text.slice(0, offset).split('\n')) {
    const run = /^\s*((?:\[?\([0-9A-Za-z-]+\)\]?)+)/.exec(line)?.[1];
    if (run !== undefined) out.push(...(run.match(/\([0-9A-Za-z-]+\)/g) ?? []));
    else {
      const dotted = /^\s*([A-Za-z0-9]{1,3})\.\s/.exec(line)?.[1];
      if (dotted !== undefined) out.push(`(${dotted})`);
    }
  }
  return out;
}

test('every pinpoint lists designations that open earlier lines, in order', { skip }, () => {
  let checked = 0;
  for (const s of loadSections()) {
    for (const unit of provisionUnits(s.text)) {
      const parts = unit.pinpoint.match(/\([^)]+\)/g) ?? [];
      const seen = leadingDesignations(s.text, unit.bodyStart);
      let from = 0;
      for (const part of parts) {
        const at = seen.indexOf(part, from);
        assert.ok(at >= 0, `${s.citation}: ${unit.pinpoint} at "${unit.text.slice(0, 60)}"`);
        from = at + 1;
      }
      checked++;
    }
  }
  assert.ok(checked > 1000, `${checked} units`);
});
