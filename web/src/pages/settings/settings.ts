import { app, unwrap, v1 } from '../../api/client';
import { h, replace } from '../../ui/dom';
import { workspaceNav } from '../workspace/workspace-nav';
import { apiKeysSection } from './api-keys';
import { membersSection } from './members';

/** Workspace settings: API keys (owners and admins only) and members. */
export async function settingsPage(main: HTMLElement, workspaceId: number): Promise<void> {
  const path = { workspace_id: workspaceId };
  const [workspace, standing] = await Promise.all([
    v1.GET('/v1/workspaces/{workspace_id}', { params: { path } }).then(unwrap),
    app.GET('/app/api/workspaces/{workspace_id}/standing', { params: { path } }).then(unwrap),
  ]);
  replace(
    main,
    h('h1', {}, workspace.name),
    workspaceNav(workspaceId, 'settings'),
    h('h2', { class: 'settings-title' }, 'Settings'),
    h('p', { class: 'muted' }, `Your role: ${standing.role ?? 'reader (public workspace)'}`),
  );
  if (standing.can_manage) main.append(await apiKeysSection(workspaceId));
  main.append(await membersSection(workspaceId, standing.can_manage, standing.role === 'owner'));
}
