import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Command } from './command.ts';
import { completionScript } from './completion.ts';

const commands: Command[] = [
  {
    name: 'export',
    usage: 'pds export <dataset>',
    summary: "download an export file: it's streamed",
    firstArgument: ['products', 'matches'],
    options: { format: { type: 'string' }, output: { type: 'string', short: 'o' } },
    run: async () => 0,
  },
  { name: 'expire', usage: 'pds expire', summary: 'x', run: async () => 0 },
  { name: 'jobs', usage: 'pds jobs', summary: 'the jobs', run: async () => 0 },
];

/** What bash offers for the words typed so far, by running the script's completion function. */
function bashCompletes(words: string[]): string[] {
  const script = `${completionScript('bash', commands)}
COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}
_pds; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('shell completion', () => {
  it('completes commands, their options and their first argument in bash', () => {
    expect(bashCompletes(['pds', 'exp'])).toEqual(['export', 'expire']);
    expect(bashCompletes(['pds', '--v'])).toEqual(['--version']);
    expect(bashCompletes(['pds', 'export', '--'])).toEqual([
      '--format',
      '--output',
      '--json',
      '--project',
      '--help',
    ]);
    expect(bashCompletes(['pds', 'export', 'ma'])).toEqual(['matches']);
    expect(bashCompletes(['pds', 'jobs', '--p'])).toEqual(['--project']);
  });

  it('writes zsh and fish scripts naming every command with its summary, quotes escaped', () => {
    const zsh = completionScript('zsh', commands);
    expect(zsh.startsWith('#compdef pds\n')).toBe(true);
    expect(zsh).toContain(`'export:download an export file\\: it'\\''s streamed'`);
    expect(zsh).toContain(
      'export) compadd -- --format --output -o --json --project --help products matches ;;',
    );
    const fish = completionScript('fish', commands);
    expect(fish).toContain(
      `complete -c pds -n __fish_use_subcommand -a export -d 'download an export file: it'\\''s streamed'`,
    );
    expect(fish).toContain(`complete -c pds -n '__fish_seen_subcommand_from export' -s o`);
    expect(fish).toContain(`complete -c pds -n '__fish_seen_subcommand_from export' -a 'products matches'`);
  });
});
