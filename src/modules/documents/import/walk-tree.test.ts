import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { walkImportPaths, type WalkEntry } from './walk-tree.js';

const collect = async (paths: string[]) => {
  const out: WalkEntry[] = [];
  for await (const e of walkImportPaths(paths)) out.push(e);
  return out.map((e) => (e.kind === 'unreadable' ? `! ${e.path.split('/').pop()}: ${e.reason}` : `${e.kind} ${[...e.dirs, e.kind === 'file' ? e.name : ''].join('/')}`));
};

test('a folder argument becomes a directory of its own name (cp -r); a file argument lands in the parent', async () => {
  const root = mkdtempSync(join(tmpdir(), 'folio-walk-'));
  try {
    mkdirSync(join(root, 'Project Falcon', 'Leases', 'empty'), { recursive: true });
    writeFileSync(join(root, 'Project Falcon', 'Leases', 'Lease – 12 Main St.txt'), 'The Tenant shall pay rent monthly.');
    writeFileSync(join(root, 'Project Falcon', 'NDA.txt'), 'The Recipient shall keep the information confidential.');
    writeFileSync(join(root, 'side letter.txt'), 'Section 4.2 shall not apply.');
    symlinkSync(join(root, 'side letter.txt'), join(root, 'Project Falcon', 'link.txt'));
    assert.deepEqual(await collect([join(root, 'Project Falcon') + '/', join(root, 'side letter.txt'), join(root, 'missing.pdf')]), [
      'directory Project Falcon/',
      'directory Project Falcon/Leases/',
      'file Project Falcon/Leases/Lease – 12 Main St.txt',
      'directory Project Falcon/Leases/empty/',
      'file Project Falcon/NDA.txt',
      '! link.txt: symbolic link (not followed)',
      'file side letter.txt',
      '! missing.pdf: no such file or folder',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
