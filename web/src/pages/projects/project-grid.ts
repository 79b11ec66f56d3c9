import { unwrap, v1, type Schemas } from '../../api/client';
import { confirmDialog, modal } from '../../ui/dialog';
import { alertBox, h, replace } from '../../ui/dom';
import { workspaceNav } from '../workspace/workspace-nav';
import { cellView } from './cell-view';
import { columnFields } from './column-form';

type Project = Schemas['Project'];
type Cells = Schemas['ProjectCells'];

const POLL_MS = 1000;

/**
 * A review table: rows of files, columns of questions, each cell's answer with links to the
 * passages it cites. Owners and editors add and change rows and columns and run the table; the
 * grid follows the run until every cell is done.
 */
export async function projectGridPage(main: HTMLElement, workspaceId: number, projectId: number): Promise<void> {
  const path = { workspace_id: workspaceId };
  const projectPath = { ...path, project_id: projectId };
  const [workspace, projects, tree] = await Promise.all([
    v1.GET('/v1/workspaces/{workspace_id}', { params: { path } }).then(unwrap),
    v1.GET('/v1/workspaces/{workspace_id}/projects', { params: { path } }).then(unwrap),
    v1.GET('/v1/workspaces/{workspace_id}/documents', { params: { path } }).then(unwrap),
  ]);
  let project: Project | undefined = projects.find((p) => p.id === projectId);
  const back = h('p', {}, h('a', { href: `#/workspaces/${workspaceId}/projects` }, '← All projects'));
  if (!project) {
    replace(main, h('h1', {}, workspace.name), workspaceNav(workspaceId, 'projects'), back, h('p', { role: 'alert', class: 'alert' }, 'Project not found'));
    return;
  }
  const files = tree.nodes.filter((n) => n.type === 'file' && n.file_id != null);
  const names = new Map(files.map((f) => [f.file_id as number, f.name]));
  const fileName = (id: number) => names.get(id) ?? `file ${id}`;

  const error = alertBox();
  const progress = h('p', { role: 'status', class: 'muted', 'aria-live': 'polite' });
  const grid = h('div', { class: 'table-wrap grid-wrap' });
  let cells: Cells = { progress: { done: 0, failed: 0, total: 0 }, cells: [] };
  let timer: number | undefined;
  let following = false;

  /** Runs a change, shows its error if it fails, and reloads the grid. */
  async function act(change: () => Promise<unknown>, follow = false): Promise<void> {
    error.clear();
    try {
      await change();
      if (follow) following = true;
    } catch (e) {
      error.show((e as Error).message);
    }
    await reload();
  }

  /**
   * Reads the cells again, and the project's rows and columns after a change (`withProject`):
   * while a run is followed only cells change, so a poll reads only them.
   */
  async function reload(withProject = true): Promise<void> {
    window.clearTimeout(timer);
    if (!main.contains(grid)) return; // the user has left the page
    const [list, latest] = await Promise.all([
      withProject ? v1.GET('/v1/workspaces/{workspace_id}/projects', { params: { path } }).then(unwrap) : null,
      v1.GET('/v1/workspaces/{workspace_id}/projects/{project_id}/cells', { params: { path: projectPath } }).then(unwrap),
    ]);
    project = list?.find((p) => p.id === projectId) ?? project;
    cells = latest;
    draw();
    const { done, failed, total } = cells.progress;
    const busy = cells.cells.some((c) => c.status === 'running');
    if (done + failed >= total) following = false;
    if (following || busy) timer = window.setTimeout(() => void reload(false).catch((e: Error) => error.show(e.message)), POLL_MS);
  }

  function draw(): void {
    const p = project as Project;
    const rows = [...(p.rows ?? [])].sort((a, b) => a.display_order - b.display_order);
    const columns = [...(p.columns ?? [])].sort((a, b) => a.display_order - b.display_order);
    const byKey = new Map(cells.cells.map((c) => [`${c.row_id}:${c.column_id}`, c]));
    const { done, failed, total } = cells.progress;
    progress.textContent = total === 0 ? 'Add rows and columns to fill the table.' : `${done} of ${total} cells done${failed > 0 ? `, ${failed} failed` : ''}`;
    const rowLabel = (r: Schemas['ProjectRow']) => (r.uploaded_file_ids ?? []).map(fileName).join(', ') || `row ${r.row_id}`;
    replace(
      grid,
      rows.length === 0 && columns.length === 0
        ? h('p', { class: 'muted' }, 'This table has no rows or columns yet.')
        : h(
            'table',
            { class: 'grid', 'aria-label': `Review table ${p.name}` },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                h('th', { scope: 'col' }, 'File'),
                columns.map((c) =>
                  h(
                    'th',
                    { scope: 'col' },
                    h('span', { class: 'col-title', title: c.query ?? '' }, c.column_title ?? ''),
                    h('span', { class: 'badge' }, c.response_structure ?? 'text'),
                    h(
                      'span',
                      { class: 'col-actions' },
                      h('button', { type: 'button', class: 'link', 'aria-label': `Edit column ${c.column_title ?? ''}`, onclick: () => editColumn(c) }, 'Edit'),
                      h('button', { type: 'button', class: 'link danger', 'aria-label': `Delete column ${c.column_title ?? ''}`, onclick: () => void deleteColumn(c) }, 'Delete'),
                    ),
                  ),
                ),
              ),
            ),
            h(
              'tbody',
              {},
              rows.map((r) =>
                h(
                  'tr',
                  {},
                  h(
                    'th',
                    { scope: 'row', class: 'row-file' },
                    h('span', {}, rowLabel(r)),
                    h('button', { type: 'button', class: 'link danger', 'aria-label': `Remove row ${rowLabel(r)}`, onclick: () => void deleteRow(r, rowLabel(r)) }, 'Remove'),
                  ),
                  columns.map((c) => h('td', { 'data-label': c.column_title ?? '' }, cellView(workspaceId, byKey.get(`${r.row_id}:${c.column_id}`), fileName))),
                ),
              ),
            ),
          ),
    );
    drawRowPicker(new Set(rows.flatMap((r) => r.uploaded_file_ids ?? [])));
  }

  function editColumn(column: Schemas['ProjectColumn']): void {
    const { body, close } = modal(`Edit column ${column.column_title ?? ''}`);
    const fields = columnFields(column);
    const form = h('form', {}, fields.element, h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save column'), h('button', { type: 'button', onclick: () => close() }, 'Cancel')));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      close();
      // A changed question or answer type runs that column again on the server.
      void act(() => v1.PATCH('/v1/workspaces/{workspace_id}/projects/{project_id}/columns/{column_id}', { params: { path: { ...projectPath, column_id: column.column_id } }, body: fields.read() }).then(unwrap), true);
    });
    body.append(form);
  }

  async function deleteColumn(column: Schemas['ProjectColumn']): Promise<void> {
    if (!(await confirmDialog('Delete column', `Delete the column "${column.column_title ?? ''}" and its answers?`, 'Delete column'))) return;
    await act(() => v1.DELETE('/v1/workspaces/{workspace_id}/projects/{project_id}/columns/{column_id}', { params: { path: { ...projectPath, column_id: column.column_id } } }).then(unwrap));
  }

  async function deleteRow(row: Schemas['ProjectRow'], label: string): Promise<void> {
    if (!(await confirmDialog('Remove row', `Remove the row "${label}" and its answers? The file stays in the workspace.`, 'Remove row'))) return;
    await act(() => v1.DELETE('/v1/workspaces/{workspace_id}/projects/{project_id}/rows/{row_id}', { params: { path: { ...projectPath, row_id: row.row_id } } }).then(unwrap));
  }

  // Add rows: one row per file picked among the workspace's files not yet in the table.
  const picker = h('fieldset', { class: 'file-picker' });
  function drawRowPicker(inTable: Set<number>): void {
    const free = files.filter((f) => !inTable.has(f.file_id as number));
    replace(
      picker,
      h('legend', {}, 'Files to add as rows'),
      free.length === 0 ? h('p', { class: 'muted' }, 'Every file of the workspace is in the table.') : free.map((f) => h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'file', value: f.file_id as number }), f.name)),
    );
  }
  const rowForm = h('form', { class: 'card', 'aria-label': 'Add rows' }, h('h2', {}, 'Add rows'), picker, h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Add rows')));
  rowForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const picked = [...picker.querySelectorAll<HTMLInputElement>('input[name=file]:checked')].map((i) => Number(i.value));
    if (picked.length === 0) return error.show('Pick at least one file.');
    void act(async () => {
      for (const fileId of picked) unwrap(await v1.POST('/v1/workspaces/{workspace_id}/projects/{project_id}/rows', { params: { path: projectPath }, body: { uploaded_file_ids: [fileId] } }));
    });
  });

  const newColumn = columnFields();
  const columnForm = h('form', { class: 'card', 'aria-label': 'Add column' }, h('h2', {}, 'Add column'), newColumn.element, h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Add column')));
  columnForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void act(() => v1.POST('/v1/workspaces/{workspace_id}/projects/{project_id}/columns', { params: { path: projectPath }, body: newColumn.read() }).then(unwrap)).then(() => {
      if (error.textContent) return;
      columnForm.reset();
      // reset() fires no change event: let the answer type hide the options field again.
      columnForm.querySelector('select')?.dispatchEvent(new Event('change'));
    });
  });

  const run = h('button', { type: 'button', class: 'primary', onclick: () => void act(() => v1.POST('/v1/workspaces/{workspace_id}/projects/{project_id}/run', { params: { path: projectPath } }).then(unwrap), true) }, 'Run table');
  const exportBase = `/app/api/v1/workspaces/${workspaceId}/projects/${projectId}/export?format=`;
  replace(
    main,
    h('h1', {}, workspace.name),
    workspaceNav(workspaceId, 'projects'),
    back,
    h('h2', {}, project.name),
    project.description ? h('p', {}, project.description) : null,
    h('div', { class: 'actions toolbar' }, run, h('a', { href: `${exportBase}csv`, download: '' }, 'Export CSV'), h('a', { href: `${exportBase}xlsx`, download: '' }, 'Export XLSX'), progress),
    error,
    grid,
    h('div', { class: 'columns' }, columnForm, rowForm),
  );
  await reload(false);
}
