import { parseArgs } from 'node:util';
import { ApiError, UnreachableError } from '../functions/client/pds-client.ts';
import {
  balanceCommand,
  loginCommand,
  projectsCommand,
  topupCommand,
  websitesCommand,
} from './account-commands.ts';
import type { Command } from './command.ts';
import { completionCommand } from './completion-command.ts';
import { createContext } from './context.ts';
import { describeProblem } from './describe-problem.ts';
import { exportCommand } from './export-command.ts';
import {
  approveCommand,
  jobsCommand,
  matchCommand,
  scrapeCommand,
  setupCommand,
  waitCommand,
} from './job-commands.ts';
import { mcpCommand } from './mcp-command.ts';
import { projectCommand } from './project-command.ts';
import { UsageError } from './usage-error.ts';
import { PDS_VERSION } from './version.ts';

/** Exit codes: 0 done, 1 the job failed, 2 bad usage, 3 API error (or the API unreachable). */
const EXIT = { usage: 2, api: 3 } as const;

const commands: readonly Command[] = [
  loginCommand,
  projectsCommand,
  projectCommand,
  websitesCommand,
  setupCommand,
  scrapeCommand,
  matchCommand,
  approveCommand,
  waitCommand,
  jobsCommand,
  exportCommand,
  balanceCommand,
  topupCommand,
  mcpCommand,
  completionCommand(() => commands),
];

const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  project: { type: 'string' },
} as const;

function overview(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'pds: the product-data service from the command line',
    '',
    'Usage: pds <command> [options]    (pds <command> --help for its options)',
    '',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Every command: --json (machine output), --project <id>, --help. pds --version: the version.',
    'Settings: pds login stores them; PDS_BASE_URL, PDS_API_KEY and PDS_PROJECT override them.',
    'Exit codes: 0 done, 1 the job failed, 2 bad usage, 3 API error.',
  ].join('\n');
}

function commandHelp(command: Command): string {
  return [
    `Usage: ${command.usage}`,
    '',
    command.summary,
    '',
    ...(command.optionHelp ?? []).map((line) => `  ${line}`),
    '  --project     the project (default: the one from pds login, else your default project)',
    '  --json        print the result as JSON',
    '  --help, -h    this help',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${overview()}\n`);
    return 0;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    process.stdout.write(`pds ${PDS_VERSION}\n`);
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new UsageError(name ? `Unknown command: ${name}\n\n${overview()}` : overview());
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...COMMON_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${commandHelp(command)}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${commandHelp(command)}\n`);
    return 0;
  }
  return command.run(createContext(parsed.values, parsed.positionals));
}

function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof ApiError) {
    process.stderr.write(`${describeProblem(error.problem)}\n`);
    return EXIT.api;
  }
  if (error instanceof UnreachableError) {
    process.stderr.write(
      `${error.message}\nIs the service running, and is the base URL right? (pds login)\n`,
    );
    return EXIT.api;
  }
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  return EXIT.api;
}

process.exitCode = await main(process.argv.slice(2)).catch(exitCodeOf);
