import type { Schemas } from '../../api/client';
import { h } from '../../ui/dom';

type Cell = Schemas['ProjectCell'];

/** Where a cell's citation opens: the file's text with exactly the cited span marked. */
export function citationHref(workspaceId: number, c: Schemas['CellCitation']): string {
  return `#/workspaces/${workspaceId}/files/${c.file_id}?page=${c.page}&start=${c.start}&end=${c.end}`;
}

const STATUS_TEXT: Record<Cell['status'], string> = { pending: 'Pending', running: 'Running…', done: 'Done', failed: 'Failed' };

/**
 * One cell of the grid: its value as a person reads it, then a link per citation. A cell that has
 * not run shows its status; a failed one shows why.
 */
export function cellView(workspaceId: number, cell: Cell | undefined, fileName: (id: number) => string): HTMLElement {
  if (!cell) return h('span', { class: 'muted' }, '—');
  if (cell.status === 'failed') return h('span', { class: 'cell-failed' }, `Failed: ${cell.error ?? 'unknown error'}`);
  if (cell.status !== 'done') return h('span', { class: `status status-${cell.status === 'running' ? 'processing' : 'pending'}` }, STATUS_TEXT[cell.status]);
  const cited = cell.citations.map((c, i) =>
    h('a', { href: citationHref(workspaceId, c), class: 'cite', title: c.quote }, `[${cell.citations.length > 1 ? `${i + 1}: ` : ''}${fileName(c.file_id)}, p. ${c.page}]`),
  );
  return h('div', { class: cell.value === null ? 'cell-value muted' : 'cell-value' }, h('span', {}, cell.display ?? ''), cited.length > 0 ? h('span', { class: 'cell-cites' }, cited) : null);
}
