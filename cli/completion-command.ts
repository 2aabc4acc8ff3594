import type { Command } from './command.ts';
import { completionScript, SHELLS, type Shell } from './completion.ts';
import { UsageError } from './usage-error.ts';

/** `pds completion <shell>`; `commands` is the whole table, this command included. */
export function completionCommand(commands: () => readonly Command[]): Command {
  return {
    name: 'completion',
    usage: 'pds completion bash|zsh|fish',
    summary: 'print a shell completion script (e.g. source <(pds completion bash))',
    firstArgument: SHELLS,
    optionHelp: [
      'bash:  source <(pds completion bash)           (in ~/.bashrc)',
      'zsh:   source <(pds completion zsh)            (in ~/.zshrc, after compinit)',
      'fish:  pds completion fish > ~/.config/fish/completions/pds.fish',
    ],
    run: async (context) => {
      const shell = context.positionals[0];
      if (!SHELLS.includes(shell as Shell)) throw new UsageError('Name the shell: bash, zsh or fish.');
      process.stdout.write(completionScript(shell as Shell, commands()));
      return 0;
    },
  };
}
