import { app, unwrap, type Schemas } from '../../api/client';
import { confirmDialog } from '../../ui/dialog';
import { alertBox, field, h, replace } from '../../ui/dom';

type Role = Schemas['WorkspaceRole'];
const ROLES: Role[] = ['owner', 'admin', 'editor', 'viewer'];

/** Members with their roles; owners and admins add, remove and change roles. */
export async function membersSection(workspaceId: number, canManage: boolean, isOwner: boolean): Promise<HTMLElement> {
  const path = { workspace_id: workspaceId };
  const list = h('div', { class: 'table-wrap' });
  const error = alertBox();
  const grantable = isOwner ? ROLES : ROLES.filter((r) => r !== 'owner');

  const roleSelect = (label: string, selected: Role, disabled = false) =>
    h('select', { 'aria-label': label, disabled }, ROLES.map((r) => h('option', { value: r, selected: r === selected, disabled: !grantable.includes(r) }, r)));

  async function reload(): Promise<void> {
    const members = unwrap(await app.GET('/app/api/workspaces/{workspace_id}/members', { params: { path } }));
    replace(
      list,
      h(
        'table',
        { class: 'members' },
        h('caption', { class: 'visually-hidden' }, 'Members'),
        h('thead', {}, h('tr', {}, ['Name', 'Email', 'Role', ''].map((c) => h('th', { scope: 'col' }, c)))),
        h(
          'tbody',
          {},
          members.map((m) => {
            const select = roleSelect(`Role of ${m.name}`, m.role, !canManage || (m.role === 'owner' && !isOwner));
            select.addEventListener('change', () => void act(() => app.PATCH('/app/api/workspaces/{workspace_id}/members/{user_id}', { params: { path: { ...path, user_id: m.user_id } }, body: { role: select.value as Role } })));
            return h(
              'tr',
              {},
              h('td', { 'data-label': 'Name' }, m.name),
              h('td', { 'data-label': 'Email' }, m.email),
              h('td', { 'data-label': 'Role' }, canManage ? select : m.role),
              h('td', {}, canManage ? h('button', { type: 'button', class: 'danger', onclick: () => void remove(m.user_id, m.name) }, 'Remove') : null),
            );
          }),
        ),
      ),
    );
  }

  async function act(call: () => Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<void> {
    error.clear();
    try {
      const result = await call();
      if (result.response.status !== 204) unwrap(result);
    } catch (e) {
      error.show((e as Error).message);
    }
    await reload();
  }

  async function remove(userId: string, name: string): Promise<void> {
    if (await confirmDialog('Remove member?', `Remove ${name} from this workspace? Their keys lose access to it.`, 'Remove')) {
      await act(() => app.DELETE('/app/api/workspaces/{workspace_id}/members/{user_id}', { params: { path: { ...path, user_id: userId } } }));
    }
  }

  const section = h('section', { class: 'card', 'aria-labelledby': 'members-heading' }, h('h2', { id: 'members-heading' }, 'Members'), error, list);
  if (canManage) {
    const email = h('input', { type: 'email', required: true });
    const role = roleSelect('Role of the new member', 'viewer');
    const form = h('form', { class: 'inline-form' }, field('Member email', email), h('div', { class: 'field' }, role), h('button', { type: 'submit' }, 'Add member'));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void act(() => app.POST('/app/api/workspaces/{workspace_id}/members', { params: { path }, body: { email: email.value, role: role.value as Role } })).then(() => (email.value = ''));
    });
    section.append(form);
  }
  await reload();
  return section;
}
