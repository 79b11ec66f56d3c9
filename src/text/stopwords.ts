/**
 * The words a legal question can lose without losing its topic. All entries are folded norms
 * (lowercase, no diacritics, as `tokenize` produces them). Three groups, kept apart so each can be
 * read and argued about on its own; `LEGAL_OPERATORS` lists the words that must never be dropped.
 */

/** Ordinary English function words: articles, pronouns, auxiliaries, common prepositions. */
const ENGLISH = [
  'a', 'an', 'the', 'and', 'or', 'but', 'if', 'then', 'so', 'than', 'too', 'very', 'just', 'also',
  'of', 'to', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'as', 'into', 'onto', 'upon', 'about',
  'through', 'over', 'between', 'among', 'against', 'during', 'up', 'down', 'out', 'off', 'above',
  'below', 'again', 'further', 'once', 'here', 'there',
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'have', 'has', 'had', 'having',
  'do', 'does', 'did', 'doing', 'done', 'would', 'should', 'could', 'might', 'ought',
  'i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'you', 'your', 'yours', 'he', 'him',
  'his', 'she', 'her', 'hers', 'it', 'its', 'itself', 'they', 'them', 'their', 'theirs', 'themselves',
  'this', 'that', 'these', 'those', 'such', 'same', 'other', 'another', 'own', 'each', 'every',
  'all', 'any', 'both', 'either', 'some', 'few', 'many', 'much', 'several', 'lot', 'lots',
  'there', 'yes', 'ok', 'please', 'thanks', 'etc',
  // Contraction halves as FTS5 splits them: "don't" → don, t; "tenant's" → tenant, s.
  's', 't', 'd', 'll', 're', 've', 'm', 'don', 'doesn', 'didn', 'isn', 'aren', 'wasn', 'can',
  'cannot', 'couldn', 'shouldn', 'wouldn', 'under',
];

/**
 * Question words and question scaffolding: how the question is asked, not what it is about.
 * "how long"/"how soon" still reach the thesaurus (it reads every token), which turns them into
 * "within", "limitation", "period"; only the bare words are dropped as terms.
 */
const QUESTION = [
  'what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'whether',
  'must', 'can', 'need', 'needs', 'needed', 'want', 'wants', 'wanted', 'get', 'gets', 'got', 'getting',
  'go', 'goes', 'going', 'happen', 'happens', 'happened', 'make', 'makes', 'let', 'lets',
  'long', 'soon', 'fast', 'quickly', 'often', 'far', 'kind', 'type', 'sort', 'way', 'ways',
  'anything', 'something', 'nothing', 'everything', 'thing', 'things', 'stuff',
  'someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'person', 'persons', 'people',
  'say', 'says', 'said', 'know', 'mean', 'means', 'tell', 'explain', 'find', 'look',
  'actually', 'really', 'generally', 'usually', 'typically', 'exactly', 'specifically', 'currently',
  'still', 'ever', 'already', 'even', 'though', 'although', 'however', 'therefore', 'like',
];

/**
 * Legal-question filler: words every legal question carries, which match every statute equally.
 * Jurisdiction names are here because retrieval is already scoped to one jurisdiction's code.
 */
const LEGAL_FILLER = [
  'law', 'laws', 'legal', 'legally', 'lawful', 'statute', 'statutes', 'statutory', 'code', 'section',
  'sections', 'subsection', 'provision', 'provisions', 'clause', 'clauses', 'rule', 'regulation',
  'client', 'clients', 'lawyer', 'attorney', 'question', 'answer', 'case', 'situation', 'scenario',
  'apply', 'applies', 'applicable', 'allow', 'allows', 'allowed', 'permitted', 'required', 'requires', 'require',
  'dc', 'washington', 'columbia', 'virginia', 'va', 'colorado', 'co', 'federal', 'us', 'usc',
];

/** Single letters: what FTS5 leaves of "D.C.", "U.S.C." and list markers. */
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

/**
 * Never stopwords: negation, modality, exceptions and time relations decide what a statute says
 * ("shall not", "may", "within 30 days", "except", "before"). Dropping "not" would flip a verdict.
 * They are kept as low-weight operator terms, not as topic terms.
 */
export const LEGAL_OPERATORS: ReadonlySet<string> = new Set([
  'not', 'no', 'nor', 'never', 'neither', 'none', 'shall', 'may', 'without', 'within', 'before',
  'after', 'except', 'unless', 'until', 'only', 'less', 'more', 'least', 'most', 'prior', 'later',
  'earlier', 'exceed', 'exceeds', 'exceeding',
]);

const ALL: ReadonlySet<string> = new Set(
  [...ENGLISH, ...QUESTION, ...LEGAL_FILLER, ...LETTERS].filter((w) => !LEGAL_OPERATORS.has(w)),
);

/**
 * Names of the loaded codes' places, filler in a statute question (retrieval is scoped to one code)
 * but content in a question about documents: "Which agreements are governed by Virginia law?".
 */
const PLACE_NAMES: ReadonlySet<string> = new Set(['dc', 'washington', 'columbia', 'virginia', 'colorado']);

/**
 * True for a folded word that carries no topic in a legal question (never for a legal operator).
 * The scope says what the text is about: `statutes`, one jurisdiction's code; `documents`, a
 * workspace's documents, where the loaded codes' place names count. No default: the two differ.
 */
export function isStopword(norm: string, scope: 'statutes' | 'documents'): boolean {
  return ALL.has(norm) && !(scope === 'documents' && PLACE_NAMES.has(norm));
}

/** True for negation, modal, exception and time-relation words ("not", "shall", "within"). */
export function isLegalOperator(norm: string): boolean {
  return LEGAL_OPERATORS.has(norm);
}

/** Every stopword, for inspection and tests. */
export const STOPWORDS: ReadonlySet<string> = ALL;
