import type { Command } from 'commander';
import { invalidInput, notFound } from '../../modules/admin.errors.js';
import { passwordProblem } from '../../modules/sessions/passwords.js';
import { createSessionsRepository } from '../../modules/sessions/sessions.repository.js';
import { setPassword } from '../../modules/sessions/sessions.usecases.js';
import type { CoreDeps } from '../../shared/deps.js';
import { withStore, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';

/** Standard input up to its end, without the final line break: `echo "$PW" | folio user set-password ...`. */
export async function readPasswordFromStdin(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const text = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  if (!text) throw invalidInput('no password given: pass --password or write it to standard input');
  return text;
}

export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw invalidInput(problem);
}

/** Sets the password of a user named by id alone (operators do not know the org). */
export async function setUserPassword(deps: CoreDeps<'admin' | 'db' | 'users'>, userId: string, password: string): Promise<void> {
  const orgId = await deps.store.admin.orgOfUser(userId);
  if (!orgId) throw notFound('user', userId);
  await setPassword({ ...deps, sessions: createSessionsRepository({ db: deps.store.db }) }, orgId, userId, password);
}

/** `folio user set-password --user ID [--password P]`: the password from standard input when absent. */
export function registerSetPasswordCommand(user: Command): void {
  user
    .command('set-password')
    .description('set the password a user signs in to the app with (ends their sessions)')
    .requiredOption('--user <id>')
    .option('--password <password>', 'read from standard input when absent')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<GlobalOptions & { user: string; password?: string }>();
      const password = o.password ?? (await readPasswordFromStdin());
      await withStore(o, async (deps) => {
        await setUserPassword(deps, o.user, password);
        printResult({ user_id: o.user, password_set: true }, Boolean(o.json));
      });
    });
}
