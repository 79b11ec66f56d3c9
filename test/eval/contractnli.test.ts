import { test } from 'node:test';
import assert from 'node:assert/strict';
import { missingDataReason, sharedDataPath } from '../support/shared-data.js';
import { formatContractNliReport, runContractNli } from '../../eval/contractnli.js';

const path = sharedDataPath('nli', 'contractnli', 'dev.json');

test('runContractNli scores the first NDAs consistently', { skip: path !== null ? false : missingDataReason('nli', 'contractnli', 'dev.json') }, async () => {
  const report = await runContractNli(path ?? '', { limit: 3 });
  assert.equal(report.documents, 3);
  assert.equal(report.decisions, 3 * 17);
  const cells = Object.values(report.confusion).flatMap((row) => Object.values(row));
  assert.equal(cells.reduce((a, b) => a + b, 0), report.decisions);
  const correct = report.confusion.SUPPORTED.SUPPORTED + report.confusion.CONTRADICTED.CONTRADICTED + report.confusion.NO_MATCH.NO_MATCH;
  assert.equal(report.accuracy, correct / report.decisions);
  assert.ok(report.msPerDecision.p50 <= report.msPerDecision.p95);
  assert.match(formatContractNliReport(report), /majority baseline/);
});
