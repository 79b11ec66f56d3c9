/**
 * The document tree's page cursor: where the previous page stopped in the tree's fixed order
 * (directories by id, then files by id). Opaque to clients: base64url of `d.<id>` or `f.<id>`.
 */
export interface TreePosition {
  /** The kind of node the previous page ended on. */
  kind: 'directory' | 'file';
  /** That node's id; the next page starts after it. */
  afterId: number;
}

export function encodeTreeCursor(position: TreePosition): string {
  return Buffer.from(`${position.kind === 'directory' ? 'd' : 'f'}.${position.afterId}`).toString('base64url');
}

const DECODED = /^([df])\.(0|[1-9][0-9]{0,15})$/;

/** The position a cursor names, or null when it is not one this server wrote. */
export function decodeTreeCursor(cursor: string): TreePosition | null {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(cursor)) return null;
  const match = DECODED.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) return null;
  const afterId = Number(match[2]);
  if (!Number.isSafeInteger(afterId)) return null;
  return { kind: match[1] === 'd' ? 'directory' : 'file', afterId };
}
