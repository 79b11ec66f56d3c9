import { lstat, readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';

/** One thing found under the import's arguments, in the order it is imported. */
export type WalkEntry =
  /** A folder: `dirs` is its directory chain below the import's parent directory, itself last. */
  | { kind: 'directory'; path: string; dirs: string[] }
  /** A file, to be stored in the directory chain `dirs` (empty: the parent directory itself). */
  | { kind: 'file'; path: string; dirs: string[]; name: string; size: number }
  /** Something that cannot be imported (unreadable, a special file): reported as a failure. */
  | { kind: 'unreadable'; path: string; reason: string };

/**
 * Walks the import's arguments like `cp -r`: a folder argument becomes a directory of its own
 * name holding its contents; a file argument lands in the parent directory. Entries come sorted
 * by name, so reruns meet files in the same order. Symbolic links are not followed (a link
 * cycle cannot loop the walk, and nothing outside the named folders is read).
 */
export async function* walkImportPaths(paths: string[]): AsyncGenerator<WalkEntry> {
  for (const given of paths) {
    // A link named on the command line is followed, as the operator meant its target.
    const info = await stat(given).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) {
      yield { kind: 'unreadable', path: given, reason: describeFsError(info) };
    } else if (info.isDirectory()) {
      yield* walkFolder(given, [basename(resolve(given))]);
    } else if (info.isFile()) {
      yield { kind: 'file', path: given, dirs: [], name: basename(given), size: info.size };
    } else {
      yield { kind: 'unreadable', path: given, reason: 'not a regular file or folder' };
    }
  }
}

async function* walkFolder(path: string, dirs: string[]): AsyncGenerator<WalkEntry> {
  yield { kind: 'directory', path, dirs };
  const names = await readdir(path).catch((error: NodeJS.ErrnoException) => error);
  if (names instanceof Error) {
    yield { kind: 'unreadable', path, reason: describeFsError(names) };
    return;
  }
  for (const name of names.sort()) {
    const child = join(path, name);
    const info = await lstat(child).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) yield { kind: 'unreadable', path: child, reason: describeFsError(info) };
    else if (info.isDirectory()) yield* walkFolder(child, [...dirs, name]);
    else if (info.isFile()) yield { kind: 'file', path: child, dirs, name, size: info.size };
    else if (info.isSymbolicLink()) yield { kind: 'unreadable', path: child, reason: 'symbolic link (not followed)' };
  }
}

/** An operator-readable reason for a file system error. */
export function describeFsError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return error.message;
  }
}
