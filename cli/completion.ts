import type { Command } from './command.ts';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Options every command takes (main.ts parses them for all). */
export const COMMON_FLAGS = ['--json', '--project', '--help'] as const;

function flagsOf(command: Command): string[] {
  const own = Object.entries(command.options ?? {}).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.short ? [`-${option.short}`] : []),
  ]);
  return [...own, ...COMMON_FLAGS];
}

const singleQuoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** A completion script for `shell`, generated from the command table so it never lags behind it. */
export function completionScript(shell: Shell, commands: readonly Command[]): string {
  if (shell === 'bash') return bashScript(commands);
  if (shell === 'zsh') return zshScript(commands);
  return fishScript(commands);
}

function bashScript(commands: readonly Command[]): string {
  const cases = commands.map((command) => {
    const words = [...flagsOf(command), ...(command.firstArgument ?? [])].join(' ');
    return `    ${command.name}) words=${singleQuoted(words)} ;;`;
  });
  return `# pds completion for bash: source it, e.g. from ~/.bashrc: source <(pds completion bash)
_pds() {
  local cur=\${COMP_WORDS[COMP_CWORD]} words
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W ${singleQuoted(`${commands.map((command) => command.name).join(' ')} --help --version`)} -- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases.join('\n')}
    *) words='' ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _pds pds
`;
}

function zshScript(commands: readonly Command[]): string {
  const described = commands.map((command) =>
    singleQuoted(`${command.name}:${command.summary.replaceAll(':', '\\:')}`),
  );
  const cases = commands.map(
    (command) =>
      `    ${command.name}) compadd -- ${[...flagsOf(command), ...(command.firstArgument ?? [])].join(' ')} ;;`,
  );
  return `#compdef pds
# pds completion for zsh: put it on $fpath as _pds, or source it: source <(pds completion zsh)
_pds() {
  if (( CURRENT == 2 )); then
    local -a commands
    commands=(
${described.map((line) => `      ${line}`).join('\n')}
    )
    _describe -t commands 'pds command' commands
    return
  fi
  case $words[2] in
${cases.join('\n')}
  esac
  _files
}
if [ "$funcstack[1]" = "_pds" ]; then _pds "$@"; else compdef _pds pds; fi
`;
}

function fishScript(commands: readonly Command[]): string {
  const lines = commands.flatMap((command) => [
    `complete -c pds -n __fish_use_subcommand -a ${command.name} -d ${singleQuoted(command.summary)}`,
    ...flagsOf(command).map((flag) => {
      const switchOf = flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`;
      return `complete -c pds -n '__fish_seen_subcommand_from ${command.name}' ${switchOf}`;
    }),
    ...(command.firstArgument?.length
      ? [
          `complete -c pds -n '__fish_seen_subcommand_from ${command.name}' -a ${singleQuoted(command.firstArgument.join(' '))}`,
        ]
      : []),
  ]);
  return `# pds completion for fish: pds completion fish > ~/.config/fish/completions/pds.fish
${lines.join('\n')}
`;
}
