import { createRequire } from 'node:module';
import type { Model, WinkMethods } from 'wink-nlp';
import { namesAgent } from '../../../text/wordnet.js';
import { contentTokens } from './topic.js';

let nlp: WinkMethods | undefined;
/**
 * wink-nlp with its part-of-speech tagger, loaded on first use. An instance of its own: the sentence
 * splitter (text/sentences.ts) runs on every passage without the tagger, which would slow it.
 */
function tagger(): WinkMethods {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as (model: Model, pipe?: string[]) => WinkMethods;
    nlp = winkNLP(require('wink-eng-lite-web-model') as Model, ['sbd', 'pos']);
  }
  return nlp;
}

/** Words that name the jurisdiction rather than what an assertion is about ("D.C.'s", "the District", "Virginia"). */
const JURISDICTION_WORDS = new Set(['dc', 'district', 'columbia', 'virginia', 'va', 'colorado', 'co', 'us', 'united', 'states', 'federal', 'state', 'code']);

/**
 * The stem of the head noun of an assertion's grammatical subject, when it names a thing: the last
 * noun of the first noun phrase before its first verb, after an opening adverbial ("Under D.C.'s bank article, an account
 * includes ..." → account; "Special energy assessment bonds issued by ..." → bond). Null when the
 * head names people or a body ("court", "Commandant", "employer"), since statutes often leave the
 * actor implicit ("a divorce shall be granted"), or names the jurisdiction, or there is none.
 */
export function subjectHead(assertion: string): string | null {
  return subjectPhrase(assertion)?.head ?? null;
}

/**
 * subjectHead with the content stems of the whole noun phrase it heads ("Special energy assessment
 * bonds" → special, energi, assess, bond), null where subjectHead is.
 */
export function subjectPhrase(assertion: string): { head: string; stems: string[] } | null {
  const wink = tagger();
  const sentence = wink.readDoc(assertion).sentences().itemAt(0);
  if (!sentence) return null;
  const values = sentence.tokens().out(wink.its.value) as unknown as string[];
  const tags = sentence.tokens().out(wink.its.pos) as unknown as string[];
  let from = 0;
  // "Under ..., ", "In ..., ", "When ..., ": the subject follows the opening phrase's comma.
  if (tags[0] === 'ADP' || tags[0] === 'SCONJ' || tags[0] === 'ADV') {
    const comma = values.indexOf(',');
    if (comma < 0) return null;
    from = comma + 1;
  }
  // The first noun phrase's last noun: a preposition after it starts a modifier ("A tenancy from
  // month-to-month", "obligations for benefits").
  let head: string | null = null;
  const phrase: string[] = [];
  let i = from;
  for (; i < values.length && tags[i] !== 'VERB' && tags[i] !== 'AUX'; i++) {
    if (tags[i] === 'NOUN' || tags[i] === 'PROPN') head = values[i] ?? null;
    else if (tags[i] === 'ADP' && head !== null) break;
    if (tags[i] === 'NOUN' || tags[i] === 'PROPN' || tags[i] === 'ADJ') phrase.push(values[i] ?? '');
  }
  while (i < values.length && tags[i] !== 'VERB' && tags[i] !== 'AUX') i++;
  if (head === null || i === values.length) return null;
  const token = contentTokens(head)[0];
  if (!token || JURISDICTION_WORDS.has(token.stem.replace(/\./g, '')) || namesAgent(token.word)) return null;
  const stems = contentTokens(phrase.join(' ')).map((t) => t.stem).filter((stem) => !JURISDICTION_WORDS.has(stem.replace(/\./g, '')));
  return { head: token.stem, stems: [...new Set(stems)] };
}
