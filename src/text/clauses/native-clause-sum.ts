import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * folio_clause_sum (clause-sum.c, built by scripts/build-native.mjs): the clause tagger's feature sum
 * in C. The path is the same from src/ (tests) and dist/ (the build).
 */
const ADDON = fileURLToPath(new URL('../../../build/native/folio_clause_sum.node', import.meta.url));

/** A compiled model inside the addon. */
export type NativeModel = { readonly __nativeClauseModel: unique symbol };

/** The addon's functions, as clause-sum.c defines them. */
export interface ClauseSumAddon {
  create(
    known: number,
    maxWords: number,
    unigramSlice: Int32Array,
    bigramFirst: Int32Array,
    bigramSecond: Int32Array,
    bigramSlice: Int32Array,
    starts: Int32Array,
    ends: Int32Array,
    categoryOf: Uint16Array,
    weightOf: Float64Array,
    categories: number,
    wordClasses: Uint8Array,
  ): NativeModel;
  /** Registers a word as written with its stem's id; false when the table is full or has it. */
  addWord(model: NativeModel, word: string, id: number): boolean;
  clearWords(model: NativeModel): void;
  /** Adds the text's features to `sums` (undefined), or returns the words it does not know, or false for a text it leaves to JavaScript. */
  addTo(model: NativeModel, text: string, sums: Float64Array): undefined | string[] | false;
}

let addon: ClauseSumAddon | null | undefined;

/**
 * The addon, or null when it is not built, does not load, or FOLIO_NATIVE_TAGGER=0 asks for the
 * JavaScript path (benchmarks compare the two). Loaded once per process or thread.
 */
export function clauseSumAddon(): ClauseSumAddon | null {
  if (addon === undefined) {
    try {
      addon = process.env.FOLIO_NATIVE_TAGGER === '0' ? null : (createRequire(import.meta.url)(ADDON) as ClauseSumAddon);
    } catch {
      addon = null;
    }
  }
  return addon;
}
