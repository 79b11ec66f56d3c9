import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crossReferenceConflict } from './cross-reference.js';

// D.C. Code § 29-1009.01(a) and § 48-844.02(1), whole.
const indemnification = '(a) Indemnification of an individual who has incurred liability or is a party, or is threatened to be made a party, to litigation because of the performance of a duty to, or activity on behalf of, a limited cooperative association shall be governed by Chapter 3 of this title.';
const definition = '(1) “Pharmaceutical product” shall have the same meaning as provided in § 3-1201.02(10A)(B)(iii).';

test('another provision of the same kind, led to by the same words, contradicts', () => {
  const chapter = crossReferenceConflict('In D.C., indemnification of an individual made a party to litigation because of activity on behalf of a limited cooperative association is governed by Chapter 5 of Title 29.', indemnification);
  assert.deepEqual([chapter?.assertionWords, chapter?.provisionWords], ['association is governed by Chapter 5', 'shall be governed by Chapter 3']);
  const section = crossReferenceConflict('The term pharmaceutical product has the meaning provided in § 48-101.', definition);
  assert.deepEqual([section?.assertionWords, section?.provisionWords], ['the meaning provided in § 48-101', 'meaning as provided in § 3-1201.02(10A)(B)(iii)']);
});

test('the same provision, cited down to a subdivision or not, agrees; a reference the sentence leads to by other words says nothing', () => {
  assert.equal(crossReferenceConflict('The term pharmaceutical product has the meaning provided in § 3-1201.02.', definition), null);
  assert.equal(crossReferenceConflict('Indemnification is governed by Chapter 3 of Title 29.', indemnification), null);
  assert.equal(crossReferenceConflict('A person convicted under § 22-404 may be fined.', definition), null);
});
