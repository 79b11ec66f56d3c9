export { decideVerdict, NO_MATCH_THRESHOLD } from './decide-verdict.js';
export type { Provision, Verdict, VerdictDecision } from './verdict.types.js';
export { extractQuantities, type Quantity, type QuantityKind, type Comparator } from './quantities.js';
export { compareQuantity, type QuantityRelation } from './compare-quantities.js';
export { findModalCues, mainModality, compareModality, type Modality, type ModalCue } from './modality.js';
export { dutyHolder, compareParties, normaliseParty } from './parties.js';
