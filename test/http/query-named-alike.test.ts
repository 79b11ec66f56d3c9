import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { extractTagIds } from '../../src/modules/query/citation-tags.js';
import { buildApiKey, buildTenant } from '../support/factories.js';
import { missingDataReason, sharedDataPath } from '../support/shared-data.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { upload, waitForStatus } from '../support/uploads.js';

// Two affiliate agreements from CUAD, whole: a letter from a Gulf South Medical Supply shareholder
// to Physician Sales & Service, and a TV network's charter affiliation agreement that defines its
// programming as "the Service". A question naming the first by its parties names the second as
// strongly (its party "Service"); only the second has a renewal clause (CUAD's labels).
const GULF_SOUTH = 'GULFSOUTHMEDICALSUPPLYINC_12_24_1997-EX-4-AFFILIATE AGREEMENT.txt';
const TUBE = 'TubeMediaCorp_20060310_8-K_EX-10.1_513921_EX-10.1_Affiliate Agreement.txt';
const txt = sharedDataPath('documents', 'cuad', 'txt');

let server: TestServer | undefined;
after(() => server?.close());

test(
  'a named contract without the clause says so, though another contract of its type named as strongly by other words has it',
  { skip: txt ? false : missingDataReason('documents', 'cuad', 'txt') },
  async () => {
    server = await startTestServer();
    const tenant = await buildTenant(server.deps);
    const { key } = await buildApiKey(server.deps, tenant);
    const ids: number[] = [];
    for (const name of [GULF_SOUTH, TUBE]) {
      const response = await upload(server, tenant.workspace.id, key, readFileSync(join(txt ?? '', name), 'utf8'), { fileName: name });
      ids.push(((await response.json()) as { file_id: number }).file_id);
    }
    for (const id of ids) await waitForStatus(server, tenant.workspace.id, id, key, 120_000);
    const [gulfSouth] = ids;

    const response = await server.request(`/v1/workspaces/${tenant.workspace.id}/query`, {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Does the Affiliate Agreement between Physician Sales & Service, Inc. and Gulf South Medical Supply, Inc. renew automatically, and for how long?' }),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { answer: string; citations: number[] };
    assert.deepEqual(body.citations, extractTagIds(body.answer));
    assert.match(body.answer, /^The .* has no clause on renewal term/);
    assert.equal(body.citations[0], gulfSouth);
  },
);
