import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deriveVersions, effectiveFrom, statusOn, type DerivedVersion, type ObservationMeta } from './versioning.js';

let nextId = 1;
/** A snapshot observation; ids are unique so tests can say which observation a version shows. */
function obs(published: string, contentHash: string, extra: Partial<ObservationMeta> = {}): ObservationMeta {
  return { id: nextId++, published, contentHash, repealed: false, amendmentDates: [], effectiveFrom: null, effectiveTo: null, ...extra };
}

/** The parts of versions most tests compare. */
function spans(versions: DerivedVersion[]) {
  return versions.map((v) => [v.effectiveFrom, v.effectiveTo, v.repealed ? (v.absent ? 'absent' : 'repealed') : v.contentHash]);
}

// The three D.C. publications of the shared data, and 42-3505.54's amendment dates as the
// parser reads them (the 2024 text adds D.C. Law 25-65, effective 2023-11-28).
const P2021 = '2021-10-18';
const P2023 = '2023-03-31';
const P2024 = '2024-10-20';
const DATES_42_3505_54 = ['1985-07-17', '2017-02-18', '2020-05-27', '2020-06-08', '2020-08-19', '2020-10-09', '2021-03-17', '2021-06-07', '2021-06-24'];

describe('deriveVersions: runs of the same text', () => {
  test('the same text in two publications is one version', () => {
    const v = deriveVersions([obs(P2021, 'A'), obs(P2023, 'A')], [P2021, P2023]);
    assert.deepEqual(spans(v), [[P2021, null, 'A']]);
  });

  test('a changed text makes a second version, and the first ends when it starts', () => {
    const v = deriveVersions([obs(P2021, 'A'), obs(P2023, 'B')], [P2021, P2023]);
    assert.deepEqual(spans(v), [
      [P2021, P2023, 'A'],
      [P2023, null, 'B'],
    ]);
  });

  test('A, B, A again is three versions: a text that returns is a new version', () => {
    const v = deriveVersions([obs(P2021, 'A'), obs(P2023, 'B'), obs(P2024, 'A')], [P2021, P2023, P2024]);
    assert.deepEqual(
      v.map((x) => x.contentHash),
      ['A', 'B', 'A'],
    );
  });

  test('a run shows the newest observation of its text (history, hierarchy), the text being equal', () => {
    const first = obs(P2021, 'A');
    const second = obs(P2023, 'A');
    const [only] = deriveVersions([first, second], [P2021, P2023]);
    assert.equal(only?.observationId, second.id);
    assert.equal(only?.textObservationId, second.id);
  });

  test('no observations, no versions', () => {
    assert.deepEqual(deriveVersions([], [P2021]), []);
  });
});

describe('deriveVersions: effective dates from amendment dates', () => {
  test('42-3505.54: 2021 text from its latest amendment, the 2024 text from D.C. Law 25-65 (2023-11-28)', () => {
    const v = deriveVersions(
      [
        obs(P2021, '15 days', { amendmentDates: DATES_42_3505_54 }),
        obs(P2023, '15 days', { amendmentDates: DATES_42_3505_54 }),
        obs(P2024, '30 days', { amendmentDates: [...DATES_42_3505_54, '2023-11-28'] }),
      ],
      [P2021, P2023, P2024],
    );
    assert.deepEqual(spans(v), [
      ['2021-06-24', '2023-11-28', '15 days'],
      ['2023-11-28', null, '30 days'],
    ]);
  });

  test('an amendment date on or before the previous publication does not date the new text', () => {
    const v = deriveVersions([obs(P2021, 'A', { amendmentDates: ['2020-01-01'] }), obs(P2023, 'B', { amendmentDates: ['2020-01-01', '2021-10-18'] })], [P2021, P2023]);
    // 2021-10-18 is the previous publication itself, which still showed A: B took effect after it.
    assert.deepEqual(spans(v)[1], [P2023, null, 'B']);
  });

  test('an amendment date after the publication first showing the text is not used', () => {
    const v = deriveVersions([obs(P2021, 'A', { amendmentDates: ['2019-05-05', '2022-01-01'] })], [P2021]);
    assert.equal(v[0]?.effectiveFrom, '2019-05-05');
  });

  test('an amendment date equal to the publication date counts', () => {
    const v = deriveVersions([obs(P2021, 'A'), obs(P2023, 'B', { amendmentDates: [P2023] })], [P2021, P2023]);
    assert.equal(v[1]?.effectiveFrom, P2023);
  });

  test('the first version without any date starts on its publication date', () => {
    assert.equal(deriveVersions([obs(P2024, 'A')], [P2024])[0]?.effectiveFrom, P2024);
  });

  test('amendment dates are the union over every observation of the section', () => {
    // The 2023 observation alone lists the date; it still dates the 2021 text (order of import is irrelevant).
    const v = deriveVersions([obs(P2021, 'A'), obs(P2023, 'A', { amendmentDates: ['2021-01-04'] })], [P2021, P2023]);
    assert.equal(v[0]?.effectiveFrom, '2021-01-04');
  });

  test('effectiveFrom picks the latest date in (after, onOrBefore]', () => {
    assert.equal(effectiveFrom(['2020-01-01', '2021-01-01', '2022-01-01'], '2020-06-01', '2021-12-31'), '2021-01-01');
    assert.equal(effectiveFrom(['2020-01-01'], '2020-01-01', '2021-12-31'), '2021-12-31');
    assert.equal(effectiveFrom([], null, '2021-12-31'), '2021-12-31');
  });
});

describe('deriveVersions: repeals', () => {
  test('a section missing from a later snapshot of its title is repealed as of that snapshot, keeping its last text', () => {
    const a = obs(P2021, 'A');
    const v = deriveVersions([a], [P2021, P2023]);
    assert.deepEqual(spans(v), [
      [P2021, P2023, 'A'],
      [P2023, null, 'absent'],
    ]);
    assert.equal(v[1]?.textObservationId, a.id);
  });

  test('several absences in a row are one repeal', () => {
    const v = deriveVersions([obs(P2021, 'A')], [P2021, P2023, P2024]);
    assert.equal(v.length, 2);
  });

  test('absences before the first observation mean "not enacted yet", and bound its effective date', () => {
    const v = deriveVersions([obs(P2024, 'new', { amendmentDates: ['2020-02-02', '2024-07-19'] })], [P2021, P2023, P2024]);
    assert.deepEqual(spans(v), [['2024-07-19', null, 'new']]);
    const w = deriveVersions([obs(P2024, 'new', { amendmentDates: ['2020-02-02'] })], [P2021, P2023, P2024]);
    // 2020-02-02 is before 2023-03-31, which did not show the section: it cannot date it.
    assert.deepEqual(spans(w), [[P2024, null, 'new']]);
  });

  test('42-101: a section the source marks repealed is a repeal dated by its repealing law, keeping the last operative text', () => {
    const live = obs(P2021, 'text', { amendmentDates: ['1901-03-03', '1994-04-27'] });
    const repealed2023 = obs(P2023, 'Repealed.', { repealed: true, amendmentDates: ['1901-03-03', '1994-04-27', '2023-02-23'] });
    const repealed2024 = obs(P2024, 'Repealed.', { repealed: true, amendmentDates: ['1901-03-03', '1994-04-27', '2023-02-23'] });
    const v = deriveVersions([live, repealed2023, repealed2024], [P2021, P2023, P2024]);
    assert.deepEqual(spans(v), [
      ['1994-04-27', '2023-02-23', 'text'],
      ['2023-02-23', null, 'repealed'],
    ]);
    assert.equal(v[1]?.textObservationId, live.id);
    assert.equal(v[1]?.observationId, repealed2024.id);
  });

  test('repeals worded differently are still one repeal', () => {
    const v = deriveVersions([obs(P2021, 'x', { repealed: true }), obs(P2023, 'y', { repealed: true })], [P2021, P2023]);
    assert.equal(v.length, 1);
    assert.equal(v[0]?.repealed, true);
  });

  test('a source repeal followed by absence stays one repeal', () => {
    const v = deriveVersions([obs(P2021, 'A'), obs(P2023, 'R', { repealed: true })], [P2021, P2023, P2024]);
    assert.deepEqual(spans(v), [
      [P2021, P2023, 'A'],
      [P2023, null, 'repealed'],
    ]);
  });

  test('a section that comes back after an absence is a new version after the repeal', () => {
    const v = deriveVersions([obs(P2021, 'A'), obs(P2024, 'A')], [P2021, P2023, P2024]);
    assert.deepEqual(spans(v), [
      [P2021, P2023, 'A'],
      [P2023, P2024, 'absent'],
      [P2024, null, 'A'],
    ]);
  });

  test('a section never seen operative keeps its own repeal text', () => {
    const r = obs(P2021, 'Repealed.', { repealed: true });
    assert.equal(deriveVersions([r], [P2021])[0]?.textObservationId, r.id);
  });

  test('a snapshot that does not contain the title says nothing (not in snapshotDates)', () => {
    const v = deriveVersions([obs(P2021, 'A'), obs(P2024, 'A')], [P2021, P2024]);
    assert.equal(v.length, 1);
  });
});

describe('deriveVersions: order of import', () => {
  test('any order of the same observations gives the same versions', () => {
    const make = () => {
      nextId = 100;
      return [
        obs(P2021, 'A', { amendmentDates: ['2021-06-24'] }),
        obs(P2023, 'A', { amendmentDates: ['2021-06-24'] }),
        obs(P2024, 'B', { amendmentDates: ['2021-06-24', '2023-11-28'] }),
      ];
    };
    const natural = deriveVersions(make(), [P2021, P2023, P2024]);
    const items = make();
    const shuffled = deriveVersions([items[2]!, items[0]!, items[1]!], [P2024, P2021, P2023]);
    assert.deepEqual(shuffled, natural);
  });

  test('re-deriving from the same inputs is a no-op (deterministic)', () => {
    const items = [obs(P2021, 'A'), obs(P2023, 'B')];
    assert.deepEqual(deriveVersions(items, [P2021, P2023]), deriveVersions([...items], [P2021, P2023, P2023]));
  });
});

describe('deriveVersions: explicit dates (JSONL)', () => {
  test('explicit versions are taken as given, each ending where the next begins', () => {
    const v = deriveVersions(
      [obs('2025-01-01', 'old', { effectiveFrom: '2001-07-01', effectiveTo: null }), obs('2025-01-01', 'new', { effectiveFrom: '2020-07-01' })],
      [],
    );
    assert.deepEqual(spans(v), [
      ['2001-07-01', '2020-07-01', 'old'],
      ['2020-07-01', null, 'new'],
    ]);
  });

  test('an explicit effective_to with nothing after it is kept (the section lapsed)', () => {
    const v = deriveVersions([obs('2025-01-01', 'A', { effectiveFrom: '2001-07-01', effectiveTo: '2010-07-01' })], []);
    assert.deepEqual(spans(v), [['2001-07-01', '2010-07-01', 'A']]);
  });

  test('an explicit effective_to later than the next version start is cut back to it', () => {
    const v = deriveVersions(
      [obs('2025-01-01', 'A', { effectiveFrom: '2001-07-01', effectiveTo: '2030-01-01' }), obs('2025-01-01', 'B', { effectiveFrom: '2020-07-01' })],
      [],
    );
    assert.equal(v[0]?.effectiveTo, '2020-07-01');
  });

  test('the same explicit version from a later publication wins', () => {
    const later = obs('2025-06-01', 'corrected', { effectiveFrom: '2001-07-01' });
    const v = deriveVersions([later, obs('2025-01-01', 'typo', { effectiveFrom: '2001-07-01' })], []);
    assert.deepEqual(spans(v), [['2001-07-01', null, 'corrected']]);
  });

  test('an explicit version replaces a derived one of the same start and interleaves with others', () => {
    const v = deriveVersions(
      [obs(P2021, 'A', { amendmentDates: ['2021-01-01'] }), obs(P2023, 'B'), obs('2025-01-01', 'X', { effectiveFrom: '2021-01-01' }), obs('2025-01-01', 'Y', { effectiveFrom: '2022-01-01' })],
      [P2021, P2023],
    );
    assert.deepEqual(spans(v), [
      ['2021-01-01', '2022-01-01', 'X'],
      ['2022-01-01', P2023, 'Y'],
      [P2023, null, 'B'],
    ]);
  });

  test('an explicit repeal line is a repeal', () => {
    const v = deriveVersions([obs('2025-01-01', 'Repealed by Acts 2005', { effectiveFrom: '2005-10-01', repealed: true })], []);
    assert.equal(v[0]?.repealed, true);
  });
});

describe('statusOn', () => {
  type Span = { effectiveFrom: string; effectiveTo: string | null; repealed: boolean };
  const first: Span = { effectiveFrom: '2021-06-24', effectiveTo: '2023-11-28', repealed: false };
  const repeal: Span = { effectiveFrom: '2023-02-23', effectiveTo: null, repealed: true };

  test('in force: CURRENT', () => {
    assert.deepEqual(statusOn(first, first, '2022-06-01'), { version: first, status: 'CURRENT' });
  });
  test('a repeal in force: REPEALED', () => {
    assert.equal(statusOn(repeal, first, '2025-01-01')?.status, 'REPEALED');
  });
  test('a version that ended with nothing after it: REPEALED', () => {
    assert.equal(statusOn(first, first, '2024-01-01')?.status, 'REPEALED');
  });
  test('before the first version: NOT_YET_EFFECTIVE with the first version', () => {
    assert.deepEqual(statusOn(undefined, first, '2020-01-01'), { version: first, status: 'NOT_YET_EFFECTIVE' });
  });
  test('no versions at all: null', () => {
    assert.equal(statusOn(undefined, undefined, '2020-01-01'), null);
  });
});
