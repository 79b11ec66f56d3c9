import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/config.js';
import { isAppError } from '../shared/errors.js';
import { registerProjectAndKeyCommands } from './commands/projects-keys.commands.js';
import { registerServeCommand } from './commands/serve.command.js';
import { registerTenancyCommands } from './commands/tenancy.commands.js';
import { registerImportCommands } from './commands/import.command.js';

/** The `folio` admin CLI. Errors end with a nonzero exit and one line on stderr. */
export async function runCli(argv: string[]): Promise<void> {
  const program = new Command('folio')
    .description('Folio legal-research server: serve it and administer its data')
    .option('--data <dir>', 'data folder (default ./data, or FOLIO_DATA_DIR)')
    .option('--json', 'print exactly one JSON object on stdout')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s.split('\n')[0] + '\n') });
  registerServeCommand(program);
  registerTenancyCommands(program);
  registerProjectAndKeyCommands(program);
  registerImportCommands(program);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are not failures.
      process.exit(error.exitCode);
    }
    const message = isAppError(error) || error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`folio: ${message.split('\n')[0]}\n`);
    process.exit(1);
  }
}

await runCli(process.argv);
