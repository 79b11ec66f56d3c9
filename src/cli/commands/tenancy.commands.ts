import type { Command } from 'commander';
import { createOrg } from '../../modules/orgs/orgs.usecases.js';
import { presentOrg } from '../../modules/orgs/orgs.presenter.js';
import { createUser, presentUser } from '../../modules/users/users.usecases.js';
import { addMember, createWorkspace, removeMember, updateWorkspace } from '../../modules/workspaces/workspaces.usecases.js';
import { presentWorkspace } from '../../modules/workspaces/workspaces.presenter.js';
import { createDirectory } from '../../modules/documents/documents.usecases.js';
import type { WorkspaceDeal } from '../../modules/workspaces/workspaces.schemas.js';
import { invalidInput } from '../../modules/admin.errors.js';
import { withStore, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';
import { assertAcceptablePassword, registerSetPasswordCommand, setUserPassword } from './user-password.js';
import { orgOfWorkspace, parseBool, parseId, parseJsonOption } from './parse.js';
import { registerDirectoryDeleteCommand } from './documents.commands.js';
import { registerListCommands } from './list.commands.js';

type Opts = GlobalOptions & Record<string, string | boolean | undefined>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** org, user, workspace, member and directory commands. */
export function registerTenancyCommands(program: Command): void {
  const org = program.command('org').description('organizations');
  org
    .command('create')
    .description('create an organization; prints its id')
    .requiredOption('--name <name>', 'display name')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      await withStore(o, async (deps) => printResult(presentOrg(await createOrg(deps, { name: str(o.name) })), Boolean(o.json)));
    });

  const user = program.command('user').description('users');
  user
    .command('create')
    .description('create a user in an organization; prints its id')
    .requiredOption('--org <org>', 'organization id')
    .requiredOption('--email <email>', 'e-mail address, unique in the organization')
    .requiredOption('--name <name>', 'display name')
    .option('--org-admin', 'may create org-scoped keys')
    .option('--password <password>', 'lets the user sign in to the app')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      // A bad password stops the command before the user exists.
      if (typeof o.password === 'string') assertAcceptablePassword(o.password);
      await withStore(o, async (deps) => {
        const created = await createUser(deps, { orgId: str(o.org), email: str(o.email), name: str(o.name), isOrgAdmin: Boolean(o.orgAdmin) });
        if (typeof o.password === 'string') await setUserPassword(deps, created.id, o.password);
        printResult(presentUser(created), Boolean(o.json));
      });
    });
  registerSetPasswordCommand(user);

  const workspace = program.command('workspace').description('workspaces');
  workspace
    .command('create')
    .description('create a workspace; prints it as the API returns it (workspace_id included)')
    .requiredOption('--org <org>', 'organization id')
    .requiredOption('--owner <user>', 'user id of the owner (becomes its first member)')
    .requiredOption('--name <name>', 'display name')
    .option('--type <type>', 'standard or vdr (a virtual data room)', 'standard')
    .option('--description <text>', 'free text')
    .option('--public', 'visible to every user of the organization')
    .option('--external', 'marks a workspace shared with people outside the organization')
    .option('--valid-until <iso>', 'access ends at this ISO 8601 time')
    .option('--deal <json>', 'the linked deal, as JSON (e.g. {"buy_side_party":"Acme"})')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const type = str(o.type);
      if (type !== 'standard' && type !== 'vdr') throw invalidInput(`--type must be standard or vdr, got "${type}"`);
      await withStore(o, async (deps) => {
        const row = await createWorkspace(deps, {
          orgId: str(o.org),
          ownerId: str(o.owner),
          name: str(o.name),
          type,
          description: typeof o.description === 'string' ? o.description : null,
          isPublic: Boolean(o.public),
          isExternal: Boolean(o.external),
          validUntil: typeof o.validUntil === 'string' ? o.validUntil : null,
          deal: typeof o.deal === 'string' ? (parseJsonOption(o.deal, '--deal') as WorkspaceDeal) : null,
        });
        printResult(presentWorkspace(row), Boolean(o.json));
      });
    });
  workspace
    .command('update')
    .description('change a workspace; only the options given are changed')
    .argument('<id>', 'workspace id')
    .option('--name <name>', 'display name')
    .option('--description <text>', 'free text')
    .option('--index-frozen <bool>', 'true stops processing new documents until set back to false')
    .option('--valid-until <iso|none>', 'access ends at this ISO 8601 time; none removes the limit')
    .option('--deal <json|none>', 'the linked deal as JSON; none unlinks it')
    .action(async (id: string, _o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(id, 'workspace id');
      await withStore(o, async (deps) => {
        const orgId = await orgOfWorkspace(deps, workspaceId);
        const row = await updateWorkspace(deps, orgId, workspaceId, {
          name: typeof o.name === 'string' ? o.name : undefined,
          description: typeof o.description === 'string' ? o.description : undefined,
          indexFrozen: typeof o.indexFrozen === 'string' ? parseBool(o.indexFrozen, '--index-frozen') : undefined,
          validUntil: typeof o.validUntil === 'string' ? (o.validUntil === 'none' ? null : o.validUntil) : undefined,
          deal: typeof o.deal === 'string' ? (o.deal === 'none' ? null : (parseJsonOption(o.deal, '--deal') as WorkspaceDeal)) : undefined,
        });
        printResult(presentWorkspace(row), Boolean(o.json));
      });
    });

  const member = program.command('member').description('workspace memberships');
  member
    .command('add')
    .description("add a user to a workspace, or change the member's role")
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--user <user>', 'user id (of the workspace\'s organization)')
    .requiredOption('--role <role>', 'owner, admin, editor or viewer')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(str(o.workspace), 'workspace id');
      await withStore(o, async (deps) => {
        await addMember(deps, await orgOfWorkspace(deps, workspaceId), workspaceId, str(o.user), str(o.role));
        printResult({ workspace_id: workspaceId, user_id: str(o.user), role: str(o.role) }, Boolean(o.json));
      });
    });
  member
    .command('remove')
    .description('remove a user from a workspace (their keys lose access to it)')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--user <user>', 'user id')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(str(o.workspace), 'workspace id');
      await withStore(o, async (deps) => {
        await removeMember(deps, await orgOfWorkspace(deps, workspaceId), workspaceId, str(o.user));
        printResult({ workspace_id: workspaceId, user_id: str(o.user), removed: true }, Boolean(o.json));
      });
    });

  const directory = program.command('directory').description('document directories');
  registerDirectoryDeleteCommand(directory);
  directory
    .command('create')
    .description('create a directory in a workspace\'s document tree; prints its id')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'directory name')
    .option('--parent <dir>', 'id of the parent directory (default: the root)')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(str(o.workspace), 'workspace id');
      await withStore(o, async (deps) => {
        const orgId = await orgOfWorkspace(deps, workspaceId);
        const parent = typeof o.parent === 'string' ? parseId(o.parent, 'parent directory id') : null;
        printResult(await createDirectory(deps, orgId, { workspaceId, name: str(o.name), parentDirectoryId: parent }), Boolean(o.json));
      });
    });
  registerListCommands({ org, user, workspace, member });
}
