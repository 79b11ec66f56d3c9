import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indifferentConditionConflict } from './whether-or-not.js';

// Colo. Rev. Stat. § 6-10-153, its second sentence, cut at its semicolon.
const sentence = 'The court may make any order in reference to any part or all of the property embraced in the estate and the disposition thereof by the assignee which to the court seems just and equitable, and all such orders shall be legal and binding upon the assignor, the assignee, and creditors of the estate whether or not any notice is given of the application therefor or the order so made;';

test('a condition made necessary ("only if notice ... was given") where the sentence says "whether or not any notice is given"', () => {
  const found = indifferentConditionConflict("The court's orders bind the creditors only if notice of the application was given.", sentence);
  assert.equal(found?.kind, 'negation-conflict');
  assert.equal(found?.assertionWords, 'only if notice of the application was given');
  assert.match(found?.provisionWords ?? '', /^whether or not any notice is given of the application/);
  assert.ok(indifferentConditionConflict("The court's orders bind the creditors unless notice of the application was given.", sentence) !== null);
});

test('no conflict when the assertion states the indifference, a sufficient condition, or another condition', () => {
  assert.equal(indifferentConditionConflict("The court's orders bind the creditors whether or not notice of the application is given.", sentence), null);
  assert.equal(indifferentConditionConflict("The court's orders bind the creditors if notice of the application was given.", sentence), null);
  assert.equal(indifferentConditionConflict("The court's orders bind the creditors only if the assignee consents.", sentence), null);
});

// Colo. Rev. Stat. § 14-5-610, whole.
const modification = 'A tribunal of this state may enforce a child support order of another state registered for purposes of modification, in the same manner as if the order had been issued by a tribunal of this state, but the registered support order may be modified only if the requirements of section 14-5-611 or 14-5-613 have been met.';

test('a condition the sentence requires ("only if the requirements ... have been met") that the assertion says does not matter', () => {
  const found = indifferentConditionConflict('In Colorado, a support order of another state registered for modification may be modified even if the requirements of section 14-5-611 or 14-5-613 have not been met.', modification);
  assert.equal(found?.assertionWords, 'even if the requirements of section 14-5-611 or 14-5-613 have not been met');
  assert.equal(found?.provisionWords, 'only if the requirements of section 14-5-611 or 14-5-613 have been met');
  assert.equal(indifferentConditionConflict('In Colorado, a registered support order may be modified even if the obligor has moved.', modification), null);
});
