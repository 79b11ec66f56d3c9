/**
 * The CUAD dev contracts split in two halves by a hash of the contract's name: the clause
 * classifier and any tuning see only the `tune` half; figures that judge the work come from the
 * `report` half. A hash, not the file order, so adding contracts never moves an old one.
 */
import { createHash } from 'node:crypto';

export type Half = 'tune' | 'report';

function nameHash(contract: string): Buffer {
  return createHash('sha256').update(contract.trim()).digest();
}

export function halfOf(contract: string): Half {
  const byte = nameHash(contract)[0] ?? 0;
  return byte % 2 === 0 ? 'tune' : 'report';
}

/**
 * One of two folds of the report half, by another byte of the same hash (independent of the half).
 * A model trained on the tune half and one fold judges the other fold's contracts: held out, with
 * three quarters of the dev contracts to learn from (scripts/train-clauses.ts `--report-fold`).
 */
export type ReportFold = 0 | 1;

export function reportFoldOf(contract: string): ReportFold {
  return ((nameHash(contract)[1] ?? 0) % 2) as ReportFold;
}
