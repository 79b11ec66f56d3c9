/**
 * A bounded map from words to values, looked up by a word's place in a text: the text's characters
 * are hashed and compared where they are, so a word already in the table costs no string. Written by
 * hand for the clause tagger, which looks up every word of every passage: a Map needs each word as
 * a string, and V8 copies a word shorter than 13 characters (most words) out of its text to make
 * one; finding known words without them made tagging about a tenth faster (bench:tagging). Open
 * addressing with linear probing, as PairTable (pair-table.ts).
 */
export class WordTable<V> {
  private keys: Array<string | undefined>;
  private hashes: Int32Array;
  private values: Array<V | undefined>;
  private count = 0;
  private mask: number;

  /** Holds at most `max` words: adding one more empties the table first (a bound against junk text). */
  constructor(private readonly max: number) {
    const capacity = capacityFor(max);
    this.keys = new Array<string | undefined>(capacity);
    this.hashes = new Int32Array(capacity);
    this.values = new Array<V | undefined>(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** The value of the word text[start, end), or undefined. */
  get(text: string, start: number, end: number): V | undefined {
    const h = hashOf(text, start, end);
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const key = this.keys[slot];
      if (key === undefined) return undefined;
      if (this.hashes[slot] === h && sameWord(key, text, start, end)) return this.values[slot];
    }
  }

  /** Stores word → value (the word not yet in the table). */
  set(word: string, value: V): void {
    if (this.count >= this.max) this.clear();
    const h = hashOf(word, 0, word.length);
    let slot = h & this.mask;
    while (this.keys[slot] !== undefined) slot = (slot + 1) & this.mask;
    this.keys[slot] = word;
    this.hashes[slot] = h;
    this.values[slot] = value;
    this.count += 1;
  }

  clear(): void {
    this.keys.fill(undefined);
    this.values.fill(undefined);
    this.count = 0;
  }
}

/** A power of two at least twice `max`, so probes stay short. */
function capacityFor(max: number): number {
  let capacity = 8;
  while (capacity < max * 2) capacity *= 2;
  return capacity;
}

/** FNV-1a over the UTF-16 code units of text[start, end). */
function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

function sameWord(key: string, text: string, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}
