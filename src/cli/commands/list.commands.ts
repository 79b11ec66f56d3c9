import type { Command } from 'commander';
import { withStore, type GlobalOptions } from '../context.js';
import { orgOfWorkspace, parseId } from './parse.js';

type Opts = GlobalOptions & Record<string, string | boolean | undefined>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Prints a list: `{<name>: [...]}` with --json, else one aligned line per item. */
function printList(name: string, items: object[], json: boolean, line: (item: never) => string): void {
  if (json) process.stdout.write(`${JSON.stringify({ [name]: items })}\n`);
  else if (items.length === 0) process.stdout.write(`no ${name}\n`);
  else for (const item of items) process.stdout.write(`${line(item as never)}\n`);
}

/** `list` under org, user, workspace and member (keys list beside key create). */
export function registerListCommands(groups: { org: Command; user: Command; workspace: Command; member: Command }): void {
  const lists = async () => (await import('../../modules/operator/operator-lists.repository.js')).createOperatorListsRepository;

  groups.org
    .command('list')
    .description('list every organization of this installation')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const { presentOrg } = await import('../../modules/orgs/orgs.presenter.js');
      const repo = await lists();
      await withStore(o, async (deps) => {
        const orgs = (await repo({ db: deps.store.db }).orgs()).map(presentOrg);
        printList('orgs', orgs, Boolean(o.json), (x: ReturnType<typeof presentOrg>) => `${x.id}  ${x.name}`);
      });
    });

  groups.user
    .command('list')
    .description("list an organization's users")
    .requiredOption('--org <org>', 'organization id')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const { presentUser } = await import('../../modules/users/users.usecases.js');
      const repo = await lists();
      await withStore(o, async (deps) => {
        const users = (await repo({ db: deps.store.db }).users(str(o.org))).map(presentUser);
        printList('users', users, Boolean(o.json), (x: ReturnType<typeof presentUser>) => `${x.id}  ${x.email}  ${x.name}${x.is_org_admin ? '  (org admin)' : ''}`);
      });
    });

  groups.workspace
    .command('list')
    .description("list an organization's workspaces")
    .requiredOption('--org <org>', 'organization id')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const { presentWorkspace } = await import('../../modules/workspaces/workspaces.presenter.js');
      const repo = await lists();
      await withStore(o, async (deps) => {
        const workspaces = (await repo({ db: deps.store.db }).workspaces(str(o.org))).map(presentWorkspace);
        printList('workspaces', workspaces, Boolean(o.json), (x: ReturnType<typeof presentWorkspace>) => `${x.workspace_id}  ${x.name}  (${x.workspace_type})`);
      });
    });

  groups.member
    .command('list')
    .description("list a workspace's members and their roles")
    .requiredOption('--workspace <id>', 'workspace id')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(str(o.workspace), 'workspace id');
      const repo = await lists();
      await withStore(o, async (deps) => {
        await orgOfWorkspace(deps, workspaceId);
        const members = await repo({ db: deps.store.db }).members(workspaceId);
        printList('members', members, Boolean(o.json), (x: (typeof members)[number]) => `${x.user_id}  ${x.email}  ${x.role}`);
      });
    });
}
