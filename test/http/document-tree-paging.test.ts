import assert from 'node:assert/strict';
import { get } from 'node:http';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { createDirectory } from '../../src/modules/documents/documents.usecases.js';
import { buildApiKey, buildTenant, buildWorkspace, type Tenant } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let tenant: Tenant;
let key: string;
before(async () => {
  server = await startTestServer();
  tenant = await buildTenant(server.deps);
  key = (await buildApiKey(server.deps, tenant)).key;
});
after(() => server.close());

interface TreeBody {
  workspace_id: number;
  workspace_name: string;
  nodes: Array<{ id: number; name: string; type: string; parent_directory_id: number | null; file_id: number | null }>;
  next_cursor?: string | null;
}

/** A workspace with `dirs` directories and `files` file rows (rows only: the tree reads no blobs). */
async function workspaceWithTree(dirs: number, files: number) {
  const ws = await buildWorkspace(server.deps, tenant);
  const directoryIds: number[] = [];
  for (let i = 0; i < dirs; i++) {
    const parent = directoryIds[i - 1] ?? null;
    directoryIds.push((await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: `Deal ${i}`, parentDirectoryId: parent })).id);
  }
  const now = new Date().toISOString();
  for (let i = 0; i < files; i++) {
    await server.deps.store.db
      .insertInto('files')
      .values({ workspace_id: ws.id, parent_directory_id: directoryIds[i % Math.max(1, dirs)] ?? null, file_name: `Contract ${i}.txt`, sha256: `${ws.id}-${i}-`.padEnd(64, '0'), size_bytes: 10, content_type: null, status: 'ready', error: null, page_count: 1, created_at: now, updated_at: now })
      .execute();
  }
  return ws;
}

const tree = async (workspaceId: number, query = '') => server.request(`/v1/workspaces/${workspaceId}/documents${query}`, { key });

async function allPages(workspaceId: number, limit: number): Promise<{ nodes: TreeBody['nodes']; pages: number }> {
  const nodes: TreeBody['nodes'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await tree(workspaceId, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as TreeBody;
    assert.ok(body.nodes.length <= limit);
    assert.ok('next_cursor' in body, 'a paged response always says whether another page follows');
    nodes.push(...body.nodes);
    cursor = body.next_cursor ?? null;
    pages += 1;
    assert.ok(pages < 100, 'paging ends');
  } while (cursor);
  return { nodes, pages };
}

test('without limit or cursor the whole list comes in the contract shape, with no extension field', async () => {
  const ws = await workspaceWithTree(2, 3);
  const body = (await (await tree(ws.id)).json()) as TreeBody;
  assert.deepEqual(Object.keys(body), ['workspace_id', 'workspace_name', 'nodes']);
  assert.deepEqual(body.nodes.map((n) => n.type), ['directory', 'directory', 'file', 'file', 'file']);
  const file = body.nodes[2]!;
  assert.deepEqual(Object.keys(file), ['id', 'name', 'type', 'parent_directory_id', 'file_id']);
  assert.equal(file.file_id, file.id);
  assert.equal(body.nodes[0]!.file_id, null);
});

test('pages follow the same order as the whole list and hold every node exactly once', async () => {
  const ws = await workspaceWithTree(5, 12);
  const whole = ((await (await tree(ws.id)).json()) as TreeBody).nodes;
  assert.equal(whole.length, 17);
  for (const limit of [1, 4, 5, 6, 17, 100]) {
    const { nodes, pages } = await allPages(ws.id, limit);
    assert.deepEqual(nodes, whole, `limit ${limit}`);
    assert.equal(pages, Math.max(1, Math.ceil(17 / limit)), `limit ${limit}: no empty trailing page`);
  }
});

test('a file added while paging appears on a later page; nothing is repeated', async () => {
  const ws = await workspaceWithTree(1, 4);
  const first = (await (await tree(ws.id, '?limit=3')).json()) as TreeBody;
  const now = new Date().toISOString();
  await server.deps.store.db
    .insertInto('files')
    .values({ workspace_id: ws.id, parent_directory_id: null, file_name: 'Late.txt', sha256: 'late'.padEnd(64, '0'), size_bytes: 1, content_type: null, status: 'ready', error: null, page_count: 1, created_at: now, updated_at: now })
    .execute();
  const rest = (await (await tree(ws.id, `?limit=10&cursor=${first.next_cursor}`)).json()) as TreeBody;
  const names = [...first.nodes, ...rest.nodes].map((n) => n.name);
  assert.equal(new Set(names).size, names.length);
  assert.equal(names[names.length - 1], 'Late.txt');
  assert.equal(rest.next_cursor, null);
});

test("a cursor reads only the key's own workspace: another workspace's tree is not reached through it", async () => {
  const mine = await workspaceWithTree(0, 3);
  const other = await workspaceWithTree(0, 3);
  const page = (await (await tree(mine.id, '?limit=1')).json()) as TreeBody;
  const body = (await (await tree(other.id, `?limit=10&cursor=${page.next_cursor}`)).json()) as TreeBody;
  assert.ok(body.nodes.every((n) => !page.nodes.some((m) => m.id === n.id)));
  assert.equal(body.workspace_id, other.id);
});

test('a bad cursor or limit is 422 in pydantic shape', async () => {
  const ws = await workspaceWithTree(0, 1);
  const bad = await tree(ws.id, '?cursor=not-a-cursor');
  assert.equal(bad.status, 422);
  assert.deepEqual(await bad.json(), {
    detail: [{ type: 'value_error', loc: ['query', 'cursor'], msg: 'Value error, not a cursor of this listing', input: 'not-a-cursor' }],
  });
  const zero = await tree(ws.id, '?limit=0');
  assert.equal(zero.status, 422);
  const zeroBody = (await zero.json()) as { detail: Array<{ type: string; loc: unknown[] }> };
  assert.equal(zeroBody.detail[0]?.type, 'greater_than_equal');
  assert.deepEqual(zeroBody.detail[0]?.loc, ['query', 'limit']);
  const text = await tree(ws.id, '?limit=ten');
  assert.equal(text.status, 422);
  assert.equal(((await text.json()) as { detail: Array<{ type: string }> }).detail[0]?.type, 'int_parsing');
});

test('the whole tree, served from a body kept between writes, shows every write at once and only its own workspace', async () => {
  const ws = await workspaceWithTree(1, 2);
  const other = await workspaceWithTree(1, 3);
  const first = await tree(ws.id);
  assert.equal(first.status, 200);
  assert.match(first.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await first.json()) as TreeBody;
  assert.equal(body.nodes.length, 3);
  assert.deepEqual(await (await tree(ws.id)).json(), body, 'unchanged between writes');
  assert.equal(((await (await tree(other.id)).json()) as TreeBody).nodes.length, 4, "another workspace's tree is its own");

  await createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'Schedules', parentDirectoryId: null });
  const after = (await (await tree(ws.id)).json()) as TreeBody;
  assert.equal(after.nodes.length, 4);
  assert.ok(after.nodes.some((n) => n.name === 'Schedules' && n.type === 'directory'));
  await server.deps.store.db.updateTable('workspaces').set({ name: 'Renamed room' }).where('id', '=', ws.id).execute();
  assert.equal(((await (await tree(ws.id)).json()) as TreeBody).workspace_name, 'Renamed room');
});

/** GET through node:http, which (unlike fetch) leaves the body as the server encoded it. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(server.baseUrl + path, { headers: { authorization: `Bearer ${key}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('the whole tree goes gzipped to a client that accepts gzip once its copy is made, and as plain JSON to one that does not', async () => {
  const ws = await workspaceWithTree(2, 300);
  const path = `/v1/workspaces/${ws.id}/documents`;
  const plain = await rawGet(path, {});
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.headers.vary, 'accept-encoding', 'caches keep the two copies apart');
  const json = JSON.parse(plain.body.toString('utf8')) as TreeBody;
  assert.equal(json.nodes.length, 302);

  // The copy is made off the event loop: until it is ready the body goes as it is.
  let gzipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
  for (let i = 0; i < 200 && gzipped.headers['content-encoding'] === undefined; i++) {
    await new Promise((r) => setTimeout(r, 10));
    gzipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
  }
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.ok(gzipped.body.length < plain.body.length / 4, `${gzipped.body.length} bytes gzipped, ${plain.body.length} plain`);
  assert.deepEqual(JSON.parse(gunzipSync(gzipped.body).toString('utf8')), json);

  const refused = await rawGet(path, { 'accept-encoding': 'gzip;q=0, identity' });
  assert.equal(refused.headers['content-encoding'], undefined, 'gzip;q=0 refuses gzip');
  assert.deepEqual(JSON.parse(refused.body.toString('utf8')), json);
  const paged = await rawGet(`${path}?limit=10`, { 'accept-encoding': 'gzip' });
  assert.equal(paged.headers['content-encoding'], undefined, 'a page is small and not cached: it goes as it is');
});

test('once a tree is compressed, every version that only adds files goes gzipped at its first read', async () => {
  const ws = await workspaceWithTree(1, 300);
  const path = `/v1/workspaces/${ws.id}/documents`;
  const gzip = { 'accept-encoding': 'gzip' };
  let read = await rawGet(path, gzip);
  for (let i = 0; i < 200 && read.headers['content-encoding'] === undefined; i++) {
    await new Promise((r) => setTimeout(r, 10));
    read = await rawGet(path, gzip);
  }
  assert.equal(read.headers['content-encoding'], 'gzip');
  const now = new Date().toISOString();
  for (let i = 0; i < 5; i++) {
    await server.deps.store.db
      .insertInto('files')
      .values({ workspace_id: ws.id, parent_directory_id: null, file_name: `Side letter ${i} "draft".txt`, sha256: `${ws.id}-added-${i}`.padEnd(64, '0'), size_bytes: 10, content_type: null, status: 'queued', error: null, page_count: null, created_at: now, updated_at: now })
      .execute();
    const first = await rawGet(path, gzip);
    assert.equal(first.headers['content-encoding'], 'gzip', `the first read after upload ${i}`);
    const plain = await rawGet(path, {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(gunzipSync(first.body), plain.body, 'the gzip copy is the plain body');
    assert.equal((JSON.parse(plain.body.toString('utf8')) as TreeBody).nodes.length, 302 + i);
  }
});

test('the whole tree read between additions, renames and removals is the tree as it is, each time', async () => {
  const ws = await workspaceWithTree(2, 3);
  const now = new Date().toISOString();
  const db = server.deps.store.db;
  const expected = async () => {
    const directories = await db.selectFrom('directories').select(['id', 'name', 'parent_directory_id']).where('workspace_id', '=', ws.id).orderBy('id').execute();
    const files = await db.selectFrom('files').select(['id', 'file_name', 'parent_directory_id']).where('workspace_id', '=', ws.id).orderBy('id').execute();
    return [
      ...directories.map((d) => ({ id: d.id, name: d.name, type: 'directory', parent_directory_id: d.parent_directory_id, file_id: null })),
      ...files.map((f) => ({ id: f.id, name: f.file_name, type: 'file', parent_directory_id: f.parent_directory_id, file_id: f.id })),
    ];
  };
  const addFile = (name: string) =>
    db.insertInto('files')
      .values({ workspace_id: ws.id, parent_directory_id: null, file_name: name, sha256: `${ws.id}-${name}`.padEnd(64, '0'), size_bytes: 10, content_type: null, status: 'ready', error: null, page_count: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['a file added', () => addFile('Amendment No. 1.txt')],
    ['another', () => addFile('Amendment No. 2 "final".txt')],
    ['a renamed file', () => db.updateTable('files').set({ file_name: 'Amendment No. 1 (signed).txt' }).where('workspace_id', '=', ws.id).where('file_name', '=', 'Amendment No. 1.txt').execute()],
    ['a file added after the rename', () => addFile('Schedule A.txt')],
    ['a directory added', () => createDirectory(server.deps, tenant.org.id, { workspaceId: ws.id, name: 'Closing', parentDirectoryId: null })],
    ['a removed file', async () => {
      const row = await db.selectFrom('files').select('id').where('workspace_id', '=', ws.id).where('file_name', '=', 'Schedule A.txt').executeTakeFirstOrThrow();
      await db.deleteFrom('ingestion_jobs').where('file_id', '=', row.id).execute();
      await db.deleteFrom('files').where('id', '=', row.id).execute();
    }],
    ['a file added after the removal', () => addFile('Schedule B.txt')],
  ];
  assert.deepEqual(((await (await tree(ws.id)).json()) as TreeBody).nodes, await expected());
  for (const [what, step] of steps) {
    await step();
    const response = await tree(ws.id);
    assert.equal(response.status, 200);
    assert.deepEqual(((await response.json()) as TreeBody).nodes, await expected(), what);
  }
});
