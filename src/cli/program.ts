import { Command } from 'commander';

type Register = (program: Command) => void;

/**
 * The command groups and the module that registers each. A module is loaded only when its group
 * is run (or when the whole tree is wanted), so `folio --help` starts without SQLite, Fastify
 * and the extractors. To add a command, add it to its module; to add a group, add a line here.
 */
const GROUPS: Array<{ names: Record<string, string>; load: () => Promise<Register> }> = [
  { names: { serve: 'start the HTTP server' }, load: async () => (await import('./commands/serve.command.js')).registerServeCommand },
  {
    names: {
      init: 'create the data folder and its database',
      migrate: 'bring the database to the current schema',
      'migrate-data': 'copy a SQLite data folder into PostgreSQL',
    },
    load: async () => (await import('./commands/database.commands.js')).registerDatabaseCommands,
  },
  {
    names: { org: 'organizations', user: 'users', workspace: 'workspaces', member: 'workspace memberships', directory: 'document directories' },
    load: async () => (await import('./commands/tenancy.commands.js')).registerTenancyCommands,
  },
  { names: { document: 'documents of a workspace' }, load: async () => (await import('./commands/documents.commands.js')).registerDocumentCommands },
  {
    names: { project: 'projects (tabular reviews)', key: 'API keys' },
    load: async () => (await import('./commands/projects-keys.commands.js')).registerProjectAndKeyCommands,
  },
  { names: { import: 'load data into the store: statute publications, documents' }, load: async () => (await import('./commands/import.command.js')).registerImportCommands },
];

/** The program with every group that `argv` needs registered (all of them when `full`). */
export async function buildProgram(argv: string[], full = false): Promise<Command> {
  const program = new Command('folio')
    .description('Folio legal-research server: serve it and administer its data')
    .option('--data <dir>', 'data folder (default ./data, or FOLIO_DATA_DIR)')
    .option('--json', 'print exactly one JSON object on stdout (errors: one JSON object on stderr)')
    .exitOverride();
  const wanted = full ? null : commandName(argv.slice(2));
  for (const group of GROUPS) {
    if (wanted === null || wanted in group.names) (await group.load())(program);
    else for (const [name, description] of Object.entries(group.names)) program.command(name).description(description);
  }
  markRequiredOptions(program);
  return program;
}

/** The group an argument list names: its first word that is not a global option (or what `help` names). */
function commandName(args: string[]): string | null {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--data') i++;
    else if (!arg.startsWith('-')) words.push(arg);
    if (words.length === 2 || (words.length === 1 && words[0] !== 'help')) break;
  }
  const name = words[0] === 'help' ? words[1] : words[0];
  return name && GROUPS.some((g) => name in g.names) ? name : '\0none';
}

/** Every required option says so in `--help`, whoever registered it. */
function markRequiredOptions(command: Command): void {
  for (const option of command.options) {
    if (option.mandatory && !option.description.includes('(required)')) option.description = `${option.description} (required)`.trim();
  }
  for (const sub of command.commands) markRequiredOptions(sub);
}
