import type { ParseArgsConfig } from 'node:util';
import type { Context } from './context.ts';

/** One `pds` subcommand: its help text, its options and what it does; resolves to the exit code. */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  /** Lines of help on the options, shown by --help. */
  optionHelp?: string[];
  /** The words the first argument takes, offered by shell completion (e.g. the export datasets). */
  firstArgument?: readonly string[];
  run(context: Context): Promise<number>;
}
