import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { outlineLines, pinpointAt } from './statute-outline.js';
import { fixtureSection } from '../modules/research/ask/__fixtures__/sections.js';

/** The pinpoint of the paragraph holding `needle` in the section's text. */
function pinpointOf(sectionNumber: string, needle: string): string {
  const text = fixtureSection(sectionNumber).text;
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `"${needle}" not in ${sectionNumber}`);
  return pinpointAt(text, at);
}

describe('pinpoints on D.C. Code text', () => {
  test('a numbered item inside a bracketed subsection: 12-301(a)(4)', () => {
    assert.equal(pinpointOf('12-301', 'for libel, slander'), '(a)(4)');
    assert.equal(pinpointOf('12-301', 'Except as otherwise specifically provided by law'), '(a)');
    assert.equal(pinpointOf('12-301', 'for the recovery of damages arising out of sexual abuse that occurred while the victim was 35'), '(a)(12)');
    assert.equal(pinpointOf('12-301', 'This section does not apply'), '(b)');
  });

  test('designations run together on one line: 16-902(b)(1), then (A) below it', () => {
    assert.equal(pinpointOf('16-902', 'An action for divorce or legal separation by persons of the same gender'), '(b)(1)');
    assert.equal(pinpointOf('16-902', 'The marriage was performed in the District'), '(b)(1)(A)');
    assert.equal(pinpointOf('16-902', 'It shall be a rebuttable presumption'), '(b)(2)');
    assert.equal(pinpointOf('16-902', 'If a member of the armed forces'), '(e)');
  });

  test('inserted paragraphs and roman numerals: 32-1301(1A), (3)(E)(ii); 47-2002(a)(3A), (d)(2)(B)(i)', () => {
    assert.equal(pinpointOf('32-1301', '"Attorney General" means'), '(1A)');
    assert.equal(pinpointOf('32-1301', 'Pursuant to a contract between an employer and another person'), '(3)(E)(ii)');
    assert.equal(pinpointOf('32-1301', '“Working day” means'), '(5)');
    assert.equal(pinpointOf('47-2002', 'The rate of tax shall be 10.25%'), '(a)(3A)');
    assert.equal(pinpointOf('47-2002', '4.615% of the sales tax revenue'), '(d)(2)(B)(i)');
  });

  test('an undesignated lead-in has no pinpoint, its items do: 18-103', () => {
    assert.equal(pinpointOf('18-103', 'A will or testament'), '');
    assert.equal(pinpointOf('18-103', 'attested and subscribed'), '(2)');
  });
});

describe('pinpoints on Virginia text', () => {
  test('"A." style subsections, and definitions listed under "H. As used in this section:"', () => {
    assert.equal(pinpointOf('18.2-57', 'Any person who commits a simple assault'), '(A)');
    assert.equal(pinpointOf('18.2-57', '"Hospital" means'), '(H)');
    // "I." after "H." is the next letter, not the roman numeral one.
    assert.equal(pinpointOf('18.2-57', '"Simple assault" or "assault and battery" shall not'), '(I)');
    // An undesignated paragraph after a subsection that introduces no list: its place is unknown.
    assert.equal(pinpointOf('18.2-57', 'Nothing in this subsection shall be construed'), '');
  });

  test('flush paragraphs after a list are not put inside its last item: 18.2-10', () => {
    assert.equal(pinpointOf('18.2-10', 'For Class 4 felonies'), '(d)');
    assert.equal(pinpointOf('18.2-10', 'For any felony offense committed'), '');
  });
});

describe('letters and roman numerals', () => {
  test('"(i)" after "(h)" is a letter; "(i)" under "(A)" is a roman numeral', () => {
    const letters = '(g) G.\n(h) H.\n(i) I.\n(j) J.';
    assert.equal(pinpointAt(letters, letters.indexOf('I.')), '(i)');
    assert.equal(pinpointAt(letters, letters.indexOf('J.')), '(j)');
    const nested = '(h) Lead:\n(1) One:\n(A) Alpha:\n(i) first;\n(ii) second;\n(v) fifth.\n(i) Next letter.';
    assert.equal(pinpointAt(nested, nested.indexOf('first')), '(h)(1)(A)(i)');
    assert.equal(pinpointAt(nested, nested.indexOf('second')), '(h)(1)(A)(ii)');
    assert.equal(pinpointAt(nested, nested.indexOf('fifth')), '(h)(1)(A)(v)');
    assert.equal(pinpointAt(nested, nested.indexOf('Next letter')), '(i)');
  });

  test('lead-ins: each item points at the line ending in ":" that introduces it', () => {
    const text = fixtureSection('16-902').text;
    const lines = outlineLines(text);
    const item = lines.find((l) => text.slice(l.start, l.end).includes('The marriage was performed'));
    assert.ok(item?.leadIn !== null && item?.leadIn !== undefined);
    const lead = lines[item.leadIn];
    assert.ok(lead !== undefined && text.slice(lead.start, lead.end).endsWith('if the following apply:'));
    const standalone = lines.find((l) => text.slice(l.start, l.end).includes('It shall be a rebuttable presumption'));
    assert.equal(standalone?.leadIn, null);
  });
});
