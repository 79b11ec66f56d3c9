/**
 * A hash map from a pair of non-negative integers to a non-negative integer, on typed arrays (open
 * addressing, linear probing), emptied in constant time. Written by hand for the clause tagger's
 * bigrams, looked up once per token of every passage: a JS Map or Set with numeric keys cost about
 * a third of tagging, and no maintained package offers integer-pair keys without a boxed or string key.
 */
export class PairTable {
  private firsts: Int32Array;
  private seconds: Int32Array;
  private values: Int32Array;
  /** A slot is in use when its stamp is the table's generation, so clear() rewrites nothing. */
  private stamps: Uint32Array;
  private generation = 1;
  private count = 0;
  private mask: number;

  constructor(expected = 8) {
    const capacity = capacityFor(expected);
    this.firsts = new Int32Array(capacity);
    this.seconds = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    this.stamps = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** The value of (first, second), or -1 when absent. */
  get(first: number, second: number): number {
    for (let slot = hash(first, second) & this.mask; ; slot = (slot + 1) & this.mask) {
      if (this.stamps[slot] !== this.generation) return -1;
      if (this.firsts[slot] === first && this.seconds[slot] === second) return this.values[slot] as number;
    }
  }

  /** Stores (first, second) → value unless the pair is there already; true when it was added. */
  add(first: number, second: number, value = 0): boolean {
    if ((this.count + 1) * 2 > this.stamps.length) this.grow();
    for (let slot = hash(first, second) & this.mask; ; slot = (slot + 1) & this.mask) {
      if (this.stamps[slot] !== this.generation) {
        this.stamps[slot] = this.generation;
        this.firsts[slot] = first;
        this.seconds[slot] = second;
        this.values[slot] = value;
        this.count += 1;
        return true;
      }
      if (this.firsts[slot] === first && this.seconds[slot] === second) return false;
    }
  }

  clear(): void {
    this.count = 0;
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  private grow(): void {
    const { firsts, seconds, values, stamps, generation } = this;
    const capacity = stamps.length * 2;
    this.firsts = new Int32Array(capacity);
    this.seconds = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    this.stamps = new Uint32Array(capacity);
    this.mask = capacity - 1;
    this.generation = 1;
    this.count = 0;
    for (let slot = 0; slot < stamps.length; slot++) {
      if (stamps[slot] === generation) this.add(firsts[slot] as number, seconds[slot] as number, values[slot] as number);
    }
  }
}

function capacityFor(expected: number): number {
  let capacity = 16;
  while (capacity < expected * 2) capacity *= 2;
  return capacity;
}

/** Mixes both integers into every bit, so linear probing sees few collisions on consecutive ids. */
function hash(first: number, second: number): number {
  const h = Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 0x7f4a7c15, 0x85ebca6b);
  return (h ^ (h >>> 15)) >>> 0;
}
