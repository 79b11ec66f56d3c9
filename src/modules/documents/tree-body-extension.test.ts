import assert from 'node:assert/strict';
import { test } from 'node:test';
import fastJson from 'fast-json-stringify';
import { DocumentTreeResponseSchema, type DocumentTreeResponse } from './documents.schemas.js';
import { presentDocumentTree, type TreeDirectory, type TreeFile } from './document-tree.presenter.js';
import { extendTreeBody } from './tree-body-extension.js';

// The route's serializer: fast-json-stringify from the response schema, as Fastify builds it.
const serialize = fastJson(DocumentTreeResponseSchema as never) as (tree: DocumentTreeResponse) => string;
const deals: TreeDirectory = { id: 4, name: 'Deals', parent_directory_id: null };
const files: TreeFile[] = [
  { id: 11, file_name: 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt', parent_directory_id: null },
  { id: 12, file_name: 'BELLICUMPHARMACEUTICALS,INC_05_07_2019-EX-10.1-Supply Agreement.txt', parent_directory_id: 4 },
  { id: 15, file_name: 'PIVXSOLUTIONS,INC_05_14_2019-EX-10.1-RESELLER "AGREEMENT".txt', parent_directory_id: 4 },
];
const workspace = { id: 7, name: 'Project Falcon "nodes":[ data room' };
const tree = (directories: TreeDirectory[], fileRows: TreeFile[], ws = workspace) => presentDocumentTree(ws, directories, fileRows);
const body = (t: DocumentTreeResponse) => Buffer.from(serialize(t));

test('a tree with files added at the end gets the body a whole serialization gives, from the previous one', () => {
  for (const [before, after] of [
    [files.slice(0, 1), files],
    [files.slice(0, 2), files],
    [[], files.slice(0, 1)],
  ] as const) {
    const previous = tree([deals], [...before]);
    const next = tree([deals], [...after]);
    assert.deepEqual(extendTreeBody(previous, body(previous), next, serialize), body(next));
  }
  const empty = tree([], []);
  const first = tree([], files.slice(0, 1));
  assert.deepEqual(extendTreeBody(empty, body(empty), first, serialize), body(first), 'from a tree with no nodes');
  assert.doesNotThrow(() => JSON.parse(String(extendTreeBody(empty, body(empty), first, serialize))));
});

test('a tree that changed otherwise is serialized whole (null): a new directory, a rename, a move, a removal, another name', () => {
  const previous = tree([deals], files.slice(0, 2));
  const previousBody = body(previous);
  const changed = [
    tree([deals, { id: 9, name: 'Closing', parent_directory_id: 4 }], files),
    tree([deals], [{ ...files[0]!, file_name: 'Endorsement (signed).txt' }, files[1]!, files[2]!]),
    tree([deals], [files[0]!, { ...files[1]!, parent_directory_id: null }, files[2]!]),
    tree([deals], [files[0]!, files[2]!]),
    tree([deals], files, { id: 7, name: 'Project Falcon' }),
    tree([deals], files, { id: 8, name: workspace.name }),
    tree([deals], files.slice(0, 2)),
  ];
  for (const next of changed) assert.equal(extendTreeBody(previous, previousBody, next, serialize), null, JSON.stringify(next.nodes.map((n) => n.name)));
});
