// Topic overlap between an assertion and a sentence, on stemmed content words weighted by rarity.
import { stemmer } from 'stemmer';

// Function words carry no topic. Negations and modals are deliberately NOT here: they stay in the token stream.
const STOPWORDS = new Set(`a an the of to in on at for by with from into onto upon as and or but if then than that this these those
such any each every all some both either is are was were be been being am do does did has have had having it its it's
they them their there here he she his her him we us our you your i me my which who whom whose what when where why how
someone somebody anyone anybody everyone everybody something anything everything whoever whatever
so also other another same own only very about above after again against before below between during further
once over through under until up down out off too more most less least per via whether while within without'
said thereof therein thereto hereby herein hereunder under's d c dc u s usc code law section sections subsection
paragraph chapter title act virginia commonwealth district columbia federal united states state
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion`.split(/\s+/));
// "without", "within", "under" are handled by the quantity and negation rules, not by topic. The
// indefinite pronouns ("someone who receives ...", "without owing the sender anything") name no one
// and nothing in particular; "nothing", "nobody" and "none" are negations and stay in the stream.

// Phrases and words that name the same thing, folded before stemming so a paraphrase still overlaps.
const PHRASES: Array<[RegExp, string]> = [
  [/\bhousing providers?\b/gi, 'landlord'],
  [/\breceiving part(?:y|ies)\b/gi, 'recipient'],
  [/\bdisclosing part(?:y|ies)\b/gi, 'discloser'],
  [/\bthird[- ]part(?:y|ies)\b/gi, 'thirdparty'],
  [/\breverse[- ]engineer\w*/gi, 'reverseengineer'],
  [/\b(class|tier|level|grade|schedule)\s+([0-9]+|[ivx]+|[a-z])\b/gi, '$1_$2'],
];
const WORD_GROUPS: string[][] = [
  ['landlord', 'lessor'],
  ['tenant', 'lessee', 'renter'],
  ['employee', 'worker'],
  ['jail', 'prison', 'imprisonment', 'imprisoned', 'incarceration', 'confinement', 'imprison'],
  ['disclose', 'disclosure', 'disclosed', 'disclosing', 'divulge', 'reveal', 'share', 'shared', 'sharing'],
  ['notify', 'notification', 'notice', 'notified'],
  ['oral', 'orally', 'verbal', 'verbally', 'spoken'],
  ['copy', 'copies', 'reproduce', 'reproduction', 'duplicate'],
  ['terminate', 'termination', 'expiration', 'expire', 'end'],
  ['sue', 'suit', 'lawsuit'],
  ['recipient', 'receiver'],
];
// Keyed by stem, so every inflection of a listed word folds too: "expires" and "expired" as "expire" does.
const CANONICAL = new Map<string, string>();
for (const group of WORD_GROUPS) for (const word of group) CANONICAL.set(stemmer(word), stemmer(group[0] ?? word));

/** A content word of a text and its stem (folded through the synonym groups). */
export interface ContentToken { word: string; stem: string }

/** The content words of `text`, in order (with repeats), each with its stem. */
export function contentTokens(text: string): ContentToken[] {
  let folded = text;
  for (const [re, to] of PHRASES) folded = folded.replace(re, to);
  const words = folded.toLowerCase().match(/[a-z][a-z0-9_]*(?:['’][a-z]+)?/g) ?? [];
  const out: ContentToken[] = [];
  for (const raw of words) {
    const word = raw.replace(/['’]s$/, '');
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    if (word.includes('_')) {
      out.push({ word, stem: word });
      continue;
    }
    const stem = stemmer(word);
    out.push({ word, stem: CANONICAL.get(stem) ?? stem });
  }
  return out;
}

/**
 * An opening phrase that names the body of law an assertion speaks under ("Under Virginia's fire
 * bomb statute,", "For D.C.'s school behavioral health provisions,"): it says where the claim is
 * found, which retrieval has used, not what it claims.
 */
const FRAMING = /^\s*(?:under|in|for)\s+[^,]{0,80}?\b(?:statutes?|articles?|chapters?|acts?|codes?|laws?|titles?|subtitles?|subchapters?|parts?|provisions?|programs?|rules?)\s*,/i;

/**
 * Stems that occur in `text` only inside parentheses or in an opening phrase naming the body of law
 * (FRAMING): words that illustrate or locate the claim rather than state it.
 */
export function asideStems(text: string): Set<string> {
  const framing = FRAMING.exec(text)?.[0] ?? '';
  const body = text.slice(framing.length);
  const inside = new Set([...(body.match(/\([^()]*\)/g) ?? []), framing].flatMap((p) => contentStems(p)));
  const outside = new Set(contentStems(body.replace(/\([^()]*\)/g, ' ')));
  return new Set([...inside].filter((s) => !outside.has(s)));
}

/** The stemmed content words of `text`, in order (with repeats). */
export function contentStems(text: string): string[] {
  return contentTokens(text).map((t) => t.stem);
}

// Modals and negations stay in the token stream (modality.ts judges them) but weigh nothing for topic:
// "must" in an assertion should not count against a statute that says "shall".
const NO_TOPIC_WEIGHT = new Set(['shall', 'may', 'must', 'can', 'cannot', 'will', 'should', 'would', 'could', 'might',
  'not', 'no', 'nor', 'never', 'none', 'neither', 'requir', 'allow', 'permit', 'entitl', 'gener', 'd.c', 'mai']);

/** Whether a stem counts toward what a sentence is about (modals and negations do not). */
export function weighsForTopic(stem: string): boolean {
  return !NO_TOPIC_WEIGHT.has(stem);
}

/** Inverse document frequency of stems over a set of sentences, and the weight of a stem never seen. */
export interface Idf { weight(stem: string): number }

/** Rarity weights over `documents` (each a list of stems): common words in the provisions weigh little. */
export function buildIdf(documents: string[][]): Idf {
  const df = new Map<string, number>();
  for (const doc of documents) for (const stem of new Set(doc)) df.set(stem, (df.get(stem) ?? 0) + 1);
  const n = documents.length;
  return { weight: (stem) => Math.log(1 + n / (1 + (df.get(stem) ?? 0))) };
}

export interface Overlap {
  /** 0..1: weighted share of the assertion's content words found. */
  score: number;
  shared: string[];
  missing: string[];
}

/**
 * How much of the assertion the sentence speaks to: weighted coverage of the assertion's stems,
 * counting stems found only in the sentence's context (a list's lead-in) at `contextWeight`.
 */
export function overlap(
  assertion: string[],
  sentence: Set<string>,
  context: Set<string>,
  idf: Idf,
  options: { contextWeight?: number; asides?: Set<string> } = {},
): Overlap {
  const contextWeight = options.contextWeight ?? 0.6;
  let total = 0;
  let found = 0;
  const shared: string[] = [];
  const missing: string[] = [];
  for (const stem of new Set(assertion)) {
    if (NO_TOPIC_WEIGHT.has(stem)) continue;
    // Words only in a parenthesis ("(including consultants, agents …)") illustrate; they weigh a quarter.
    const w = idf.weight(stem) * (options.asides?.has(stem) === true ? 0.25 : 1);
    total += w;
    if (sentence.has(stem)) {
      found += w;
      shared.push(stem);
    } else if (context.has(stem)) {
      found += w * contextWeight;
      shared.push(stem);
    } else {
      missing.push(stem);
    }
  }
  return { score: total === 0 ? 0 : found / total, shared, missing };
}
