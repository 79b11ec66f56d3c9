/**
 * `npm run eval:question-types`: which CUAD clause type the question reader gives plain-language
 * questions, with and without the passage classifier's evidence, against the type each asks for.
 * Two sets: eval:workspace's 16 question templates (naming a contract as its questions do), and
 * 24 paraphrases written without running the reader on them first (eval/workspace/
 * paraphrased-questions.jsonl), split in a half the classifier's weight was chosen on and a half
 * it was not. No data beyond the repository is needed.
 */
import { readFileSync } from 'node:fs';
import { clauseClassifier, readQuestionClause } from '../src/text/clauses/clause-classifier.js';
import { createQuestionClauseReader } from '../src/text/clauses/question-clause.js';
import { TEMPLATES } from './workspace/cuad-questions.js';

const classifier = clauseClassifier();
const readers = {
  'descriptions only': createQuestionClauseReader(classifier.categories),
  'with the classifier (shipped)': readQuestionClause,
};
const named = 'the Distributor Agreement between Accuray Inc. and Siemens AG';
const sets: Record<string, Array<{ category: string; question: string }>> = { 'templates (16)': Object.entries(TEMPLATES).map(([category, template]) => ({ category, question: template(named) })) };
const paraphrases = readFileSync(new URL('./workspace/paraphrased-questions.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { category: string; question: string; half: string });
for (const half of ['tune', 'report']) sets[`paraphrases, ${half} half (${paraphrases.filter((p) => p.half === half).length})`] = paraphrases.filter((p) => p.half === half);

for (const [name, read] of Object.entries(readers)) {
  console.log(`\n${name}`);
  for (const [set, items] of Object.entries(sets)) {
    const misses = items.filter((item) => read(item.question)?.category !== item.category);
    console.log(`  ${set.padEnd(32)} ${items.length - misses.length}/${items.length} right`);
    for (const miss of misses) console.log(`      ${miss.category} <- "${miss.question}" read as ${read(miss.question)?.category ?? 'no clause type'}`);
  }
}
