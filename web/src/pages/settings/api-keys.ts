import { app, unwrap, type Schemas } from '../../api/client';
import { confirmDialog, modal } from '../../ui/dialog';
import { alertBox, field, formatDate, h, replace } from '../../ui/dom';
import { currentUser } from '../../session';

type ApiKey = Schemas['ApiKey'];
type Scope = Schemas['Scope'];
const SCOPES: Scope[] = ['workspaces:read', 'documents:read', 'documents:write', 'query:run', 'statutes:read'];

/** The API keys section: list, create (the key shown once), revoke with confirmation. */
export async function apiKeysSection(workspaceId: number): Promise<HTMLElement> {
  const path = { workspace_id: workspaceId };
  const table = h('div', { class: 'table-wrap' });
  const error = alertBox();

  async function reload(): Promise<void> {
    const keys = unwrap(await app.GET('/app/api/workspaces/{workspace_id}/keys', { params: { path } }));
    replace(table, keys.length === 0 ? h('p', { class: 'muted' }, 'No API keys yet.') : keyTable(keys));
  }

  function keyTable(keys: ApiKey[]): HTMLElement {
    return h(
      'table',
      { class: 'keys' },
      h('caption', { class: 'visually-hidden' }, 'API keys'),
      h('thead', {}, h('tr', {}, ['Name', 'Prefix', 'Scopes', 'Created', 'Created by', 'Last used', 'Expires', ''].map((c) => h('th', { scope: 'col' }, c)))),
      h(
        'tbody',
        {},
        keys.map((k) =>
          h(
            'tr',
            {},
            h('td', { 'data-label': 'Name' }, k.name, k.workspace_id === null ? h('span', { class: 'badge' }, 'org-scoped') : null),
            h('td', { 'data-label': 'Prefix' }, h('code', {}, `${k.display_prefix}…`)),
            h('td', { 'data-label': 'Scopes' }, k.scopes.join(', ')),
            h('td', { 'data-label': 'Created' }, formatDate(k.created_at)),
            h('td', { 'data-label': 'Created by' }, k.created_by_name ?? k.created_by),
            h('td', { 'data-label': 'Last used' }, formatDate(k.last_used_at)),
            h('td', { 'data-label': 'Expires' }, k.expires_at ? formatDate(k.expires_at) : 'never'),
            h('td', {}, k.revoked_at ? h('span', { class: 'status status-failed' }, 'revoked') : h('button', { type: 'button', class: 'danger', 'aria-label': 'Revoke', 'data-key': k.name, onclick: () => void revoke(k) }, 'Revoke')),
          ),
        ),
      ),
    );
  }

  async function revoke(key: ApiKey): Promise<void> {
    const ok = await confirmDialog('Revoke API key?', `Revoke "${key.name}" (${key.display_prefix}…)? Programs using it will be refused at once.`, 'Revoke');
    if (!ok) return;
    try {
      unwrap(await app.DELETE('/app/api/workspaces/{workspace_id}/keys/{key_id}', { params: { path: { ...path, key_id: key.id } } }));
      await reload();
    } catch (e) {
      error.show((e as Error).message);
    }
  }

  function openCreate(): void {
    const { body, close } = modal('Create API key');
    const name = h('input', { type: 'text', name: 'name', required: true, maxlength: 200 });
    const boxes = SCOPES.map((scope) => h('input', { type: 'checkbox', value: scope, checked: scope === 'workspaces:read' || scope === 'documents:read' }));
    const orgScoped = h('input', { type: 'checkbox', name: 'org_scoped' });
    const expires = h('input', { type: 'date', name: 'expires' });
    const rate = h('input', { type: 'number', name: 'rate_limit', min: 1, step: 1, placeholder: 'server default' });
    const problem = alertBox();
    const form = h(
      'form',
      {},
      field('Name', name),
      h('fieldset', {}, h('legend', {}, 'Scopes'), boxes.map((box) => h('label', { class: 'check' }, box, ' ', box.value))),
      currentUser()?.is_org_admin ? h('label', { class: 'check' }, orgScoped, ' Org-scoped (every workspace you can access)') : null,
      field('Expires (optional)', expires),
      field('Rate limit per minute (optional)', rate),
      problem,
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Create'), h('button', { type: 'button', onclick: close }, 'Cancel')),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      problem.clear();
      const scopes = boxes.filter((b) => b.checked).map((b) => b.value as Scope);
      void app
        .POST('/app/api/workspaces/{workspace_id}/keys', {
          params: { path },
          body: {
            name: name.value,
            scopes,
            org_scoped: orgScoped.checked,
            expires_at: expires.value ? new Date(`${expires.value}T00:00:00Z`).toISOString() : null,
            rate_limit: rate.value ? Number(rate.value) : null,
          },
        })
        .then((result) => {
          const created = unwrap(result);
          showOnce(body, created.key, close);
          void reload();
        })
        .catch((e: Error) => problem.show(e.message));
    });
    body.append(form);
  }

  /** The full key, once: read-only, with a copy button; closing the dialog discards it. */
  function showOnce(body: HTMLElement, key: string, close: () => void): void {
    const box = h('input', { type: 'text', readonly: true, value: key, class: 'secret' });
    const copied = h('span', { role: 'status', class: 'muted' });
    replace(
      body,
      h('p', {}, 'Copy the key now: it is not shown again.'),
      field('New API key', box),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', onclick: () => void copy(box, copied) }, 'Copy'),
        // The secret leaves the page at once: the dialog element goes only when its close event
        // runs, a task later.
        h('button', { type: 'button', onclick: () => (body.replaceChildren(), close()) }, 'Done'),
        copied,
      ),
    );
    box.select();
  }

  async function copy(box: HTMLInputElement, status: HTMLElement): Promise<void> {
    box.select();
    try {
      await navigator.clipboard.writeText(box.value);
      status.textContent = 'Copied';
    } catch {
      // Clipboard access needs a secure context; the text is selected for Ctrl+C instead.
      status.textContent = 'Selected: press Ctrl+C to copy';
    }
  }

  const section = h(
    'section',
    { class: 'card', 'aria-labelledby': 'api-keys-heading' },
    h('h2', { id: 'api-keys-heading' }, 'API keys'),
    h('p', {}, h('button', { type: 'button', onclick: openCreate }, 'Create API key')),
    error,
    table,
  );
  await reload();
  return section;
}
