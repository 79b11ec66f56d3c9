import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentTree, type TreeRead, type TreeSnapshot } from './tree-snapshot.js';
import type { TreeFile } from './document-tree.presenter.js';

// CUAD file names, as a data room's tree holds them.
const file = (id: number, name: string, parent: number | null = null): TreeFile => ({ id, file_name: name, parent_directory_id: parent });
const LEASE = file(3, 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt');
const SUPPLY = file(7, 'BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.txt');
const RESELLER = file(9, 'PIVXSOLUTIONS,INC_05_14_2019-EX-10.1-RESELLER AGREEMENT.txt', 2);
const DEALS = { id: 2, name: 'Deals', parent_directory_id: null };

/** A database holding `state` as it is now, answering reads as readTreeSince and a whole read do, and noting them. */
function database(state: { rewrites: number; files: TreeFile[] }) {
  const reads: Array<[number, number] | 'whole'> = [];
  const since = async (afterDirectoryId: number, afterFileId: number): Promise<TreeRead> => {
    reads.push([afterDirectoryId, afterFileId]);
    return {
      rewrites: state.rewrites,
      directoryCount: 1,
      fileCount: state.files.length,
      directories: [DEALS].filter((d) => d.id > afterDirectoryId),
      files: state.files.filter((f) => f.id > afterFileId),
    };
  };
  const whole = async (): Promise<TreeSnapshot> => {
    reads.push('whole');
    return { rewrites: state.rewrites, directories: [DEALS], files: [...state.files] };
  };
  return { tree: (previous: TreeSnapshot | undefined) => currentTree(since, whole, previous), reads };
}

test('a tree that only gained files is extended by reading the new ones: the rows already read are kept', async () => {
  const state = { rewrites: 4, files: [LEASE, SUPPLY] };
  const db = database(state);
  const first = await db.tree(undefined);
  assert.deepEqual(first.files, [LEASE, SUPPLY]);
  state.files = [LEASE, SUPPLY, RESELLER];
  const second = await db.tree(first);
  assert.deepEqual(second.files, [LEASE, SUPPLY, RESELLER]);
  assert.equal(second.directories, first.directories, 'no new directory: the same list');
  assert.deepEqual(db.reads, ['whole', [2, 7]], 'the second read asks only for what is past the last ids');
});

test('a rename, move or removal since (the rewrites moved) reads the whole tree again', async () => {
  const state = { rewrites: 4, files: [LEASE, SUPPLY] };
  const db = database(state);
  const first = await db.tree(undefined);
  state.files = [LEASE, { ...SUPPLY, file_name: 'Supply Agreement (signed).txt' }, RESELLER];
  state.rewrites = 5;
  const second = await db.tree(first);
  assert.deepEqual(second.files.map((f) => f.file_name), [LEASE.file_name, 'Supply Agreement (signed).txt', RESELLER.file_name]);
  assert.equal(second.rewrites, 5);
  assert.deepEqual(db.reads, ['whole', [2, 7], 'whole']);
});

test('a file committed after a higher id was read (PostgreSQL sequences) is not missed: the counts disagree and the whole tree is read', async () => {
  const state = { rewrites: 0, files: [LEASE, RESELLER] };
  const db = database(state);
  const first = await db.tree(undefined);
  // Id 7 was taken before 9 but committed after it: no id past 9 is new, yet the room has 3 files.
  state.files = [LEASE, SUPPLY, RESELLER];
  const second = await db.tree(first);
  assert.deepEqual(second.files, [LEASE, SUPPLY, RESELLER]);
  assert.deepEqual(db.reads, ['whole', [2, 9], 'whole']);
});

test('with nothing read before, the whole tree is read once', async () => {
  const db = database({ rewrites: 0, files: [] });
  const empty: TreeSnapshot = await db.tree(undefined);
  assert.deepEqual(empty, { rewrites: 0, directories: [DEALS], files: [] });
  assert.deepEqual(db.reads, ['whole']);
});
