// A phrase the provision sets apart and denies, which the assertion affirms: "a person initiating an
// instruction assumes only the obligations imposed by § 28:8-108 and not an obligation that the
// security will be honored by the issuer" against "a person initiating an instruction assumes an
// obligation that the security will be honored by the issuer". The contrast ("and not", "but not")
// before a determiner is how statutes deny one noun phrase beside another they affirm.
import { contentStems } from './topic.js';
import { negationsAt } from './modality.js';
import type { Finding } from './evaluate-candidate.js';

/** The denied phrase, to the clause's end. */
const CONTRAST_DENIED = /\b(?:and|but)\s+not\s+((?:a|an|the|any)\s+[^;:.()]+)/gi;
/** Content words the denied phrase must have, and how many of its first ones the assertion must state. */
const MIN_WORDS = 3;
const MAX_WORDS = 6;

/** The conflict when an assertion without a negation states the phrase the sentence denies; else null. */
export function negatedPhraseConflict(assertion: string, sentence: string): Finding | null {
  if (negationsAt(assertion).length > 0) return null;
  const ours = new Set(contentStems(assertion));
  for (const m of sentence.matchAll(CONTRAST_DENIED)) {
    const denied = contentStems(m[1] as string).slice(0, MAX_WORDS);
    if (denied.length < MIN_WORDS || !denied.every((s) => ours.has(s))) continue;
    return { kind: 'negation-conflict', assertionWords: '', provisionWords: m[0].trim(), strength: 0.6 };
  }
  return null;
}
