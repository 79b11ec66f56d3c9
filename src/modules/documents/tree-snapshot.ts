import type { TreeDirectory, TreeFile } from './document-tree.presenter.js';

/** What one read of a workspace's tree returns (documents.repository.ts, readTreeSince). */
export interface TreeRead {
  rewrites: number;
  directoryCount: number;
  fileCount: number;
  directories: TreeDirectory[];
  files: TreeFile[];
}

/** A workspace's whole tree as read: directories and files in id order, and its rewrites when read. */
export interface TreeSnapshot {
  rewrites: number;
  directories: TreeDirectory[];
  files: TreeFile[];
}

const lastId = (rows: Array<{ id: number }>) => rows[rows.length - 1]?.id ?? 0;

/**
 * The workspace's tree now, from `previous` (the tree as last read) where that holds: if nothing
 * was removed, renamed or moved since (its rewrites are the same), the tree only gained rows, with
 * ids past its last ones, and reading those (`since`, one statement, so one snapshot) extends it.
 * The counts vouch for that: on PostgreSQL an id can commit after a higher one was read, and a row
 * it misses makes them disagree. Otherwise, and with no previous read, the whole tree is read
 * (`whole`: its rewrites first, so a rewrite racing the read leaves them older than the rows, and
 * the next read reads the whole tree again).
 */
export async function currentTree(
  since: (afterDirectoryId: number, afterFileId: number) => Promise<TreeRead>,
  whole: () => Promise<TreeSnapshot>,
  previous: TreeSnapshot | undefined,
): Promise<TreeSnapshot> {
  if (previous) {
    const read = await since(lastId(previous.directories), lastId(previous.files));
    const directories = read.directories.length === 0 ? previous.directories : previous.directories.concat(read.directories);
    const files = read.files.length === 0 ? previous.files : previous.files.concat(read.files);
    if (read.rewrites === previous.rewrites && directories.length === read.directoryCount && files.length === read.fileCount) {
      return { rewrites: read.rewrites, directories, files };
    }
  }
  return whole();
}
