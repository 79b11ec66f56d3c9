import type { Command } from 'commander';
import { addProjectColumn, addProjectRow, createProject } from '../../modules/projects/projects.usecases.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../../modules/api-keys/api-keys.usecases.js';
import { invalidInput, notFound } from '../../modules/admin.errors.js';
import { withStore, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';
import { registerProjectRunCommands } from './project-run.commands.js';
import { orgOfWorkspace, parseId } from './parse.js';

type Opts = GlobalOptions & Record<string, string | boolean | undefined>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** project and key commands. */
export function registerProjectAndKeyCommands(program: Command): void {
  const project = program.command('project').description('projects (tabular reviews)');
  project
    .command('create')
    .description('create a project in a workspace; prints it')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'display name')
    .option('--type <type>', 'table, insight or memo', 'table')
    .option('--description <text>', 'free text')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const workspaceId = parseId(str(o.workspace), 'workspace id');
      await withStore(o, async (deps) => {
        const orgId = await orgOfWorkspace(deps, workspaceId);
        const created = await createProject(deps, orgId, {
          workspaceId,
          name: str(o.name),
          type: str(o.type),
          description: typeof o.description === 'string' ? o.description : null,
        });
        printResult(created, Boolean(o.json));
      });
    });
  project
    .command('add-row')
    .description('add a row of files to a project table')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--files <ids>', 'comma-separated file ids')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const projectId = parseId(str(o.project), 'project id');
      const fileIds = str(o.files)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => parseId(s, 'file id'));
      await withStore(o, async (deps) => {
        const owner = await deps.store.admin.orgOfProject(projectId);
        if (!owner) throw notFound('project', projectId);
        // The operator is told which ids are wrong (the API answers a plain 404, so ids cannot be probed).
        const found = new Set(await deps.store.documents.existingFileIds(owner.workspaceId, fileIds));
        const missing = [...new Set(fileIds)].filter((id) => !found.has(id));
        if (missing.length > 0) throw invalidInput(`files not in this workspace: ${missing.join(', ')}`);
        printResult(await addProjectRow(deps, owner.workspaceId, projectId, fileIds), Boolean(o.json));
      });
    });
  project
    .command('add-column')
    .description('add a column (a question asked of every row) to a project table')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--title <title>', 'column title')
    .requiredOption('--query <query>', 'the question asked of each row')
    .option('--response-structure <s>', 'the shape of the answer, as the API accepts it')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const projectId = parseId(str(o.project), 'project id');
      await withStore(o, async (deps) => {
        const owner = await deps.store.admin.orgOfProject(projectId);
        if (!owner) throw notFound('project', projectId);
        const column = await addProjectColumn(deps, owner.workspaceId, projectId, {
          title: str(o.title),
          query: str(o.query),
          responseStructure: typeof o.responseStructure === 'string' ? o.responseStructure : null,
        });
        printResult(column, Boolean(o.json));
      });
    });

  registerProjectRunCommands(project);

  const key = program.command('key').description('API keys');
  key
    .command('create')
    .description('create an API key; prints the full key, once (only its hash is stored)')
    .requiredOption('--org <org>', 'organization id')
    .requiredOption('--created-by <user>', 'user id of its creator: the key never reaches more than this user can')
    .requiredOption('--name <name>', 'a label for the key')
    .requiredOption('--scopes <scopes>', 'comma-separated: workspaces:read,documents:read,documents:write,query:run,statutes:read,projects:write')
    .option('--workspace <id>', 'bind the key to one workspace')
    .option('--expires <iso>', 'the key stops working at this ISO 8601 time')
    .option('--rate-limit <n>', 'requests per minute (default 100)')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      await withStore(o, async (deps) => {
        const created = await createApiKey(deps, {
          orgId: str(o.org),
          createdBy: str(o.createdBy),
          name: str(o.name),
          scopes: str(o.scopes).split(','),
          workspaceId: typeof o.workspace === 'string' ? parseId(o.workspace, 'workspace id') : null,
          expiresAt: typeof o.expires === 'string' ? o.expires : null,
          rateLimit: typeof o.rateLimit === 'string' ? parseId(o.rateLimit, 'rate limit') : null,
        });
        printResult(created, Boolean(o.json));
      });
    });
  key
    .command('revoke')
    .description('revoke an API key (it stops working at once)')
    .argument('<id>', 'key id (as key list prints it)')
    .action(async (id: string, _o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      await withStore(o, async (deps) => {
        const orgId = await deps.store.admin.orgOfApiKey(id);
        if (!orgId) throw notFound('API key', id);
        printResult(await revokeApiKey(deps, orgId, id), Boolean(o.json));
      });
    });
  key
    .command('list')
    .description("list an organization's API keys (never the keys themselves)")
    .requiredOption('--org <org>', 'organization id')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      await withStore(o, async (deps) => {
        const keys = await listApiKeys(deps, str(o.org));
        if (o.json) printResult({ keys }, true);
        else for (const k of keys) process.stdout.write(`${k.id}  ${k.display_prefix}…  ${k.name}  [${k.scopes.join(',')}]${k.revoked_at ? '  revoked' : ''}\n`);
      });
    });
}
