import { CommanderError } from 'commander';
import { buildProgram } from './program.js';

/** The `folio` admin CLI. Errors end with a nonzero exit and one line on stderr (one JSON object with --json). */
export async function runCli(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  let usageError = '';
  try {
    const program = await buildProgram(argv);
    // Commander's usage errors (unknown option, missing required option) are printed below, in one format.
    program.configureOutput({ writeErr: (s) => (usageError += s) });
    for (const sub of program.commands) configureErrors(sub, (s) => (usageError += s));
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are not failures.
      if (error.exitCode === 0) process.exit(0);
      // A group named without its command: its help (already captured) is the answer.
      if (error.code === 'commander.help') {
        process.stderr.write(usageError);
        process.exit(1);
      }
      fail(json, (usageError || error.message).replace(/^error: /, '').split('\n')[0] ?? '', error.code);
    }
    const { isAppError } = await import('../shared/errors.js');
    const message = error instanceof Error ? error.message : String(error);
    fail(json, message, isAppError(error) ? error.code : error instanceof Error && error.name === 'ConfigError' ? 'config.invalid' : 'error');
  }
}

function configureErrors(command: import('commander').Command, writeErr: (s: string) => void): void {
  command.configureOutput({ writeErr });
  for (const sub of command.commands) configureErrors(sub, writeErr);
}

function fail(json: boolean, message: string, code: string): never {
  const line = message.split('\n')[0] ?? '';
  process.stderr.write(json ? `${JSON.stringify({ error: line, code })}\n` : `folio: ${line}\n`);
  process.exit(1);
}

await runCli(process.argv);
