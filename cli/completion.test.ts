import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Drives an interactive zsh on a pseudo-terminal (zsh's own zpty module) with compinit loaded and the
 * script sourced: each argument is typed, then Tab, then a key whose widget prints the command line.
 * Keys are sent only once the prompt is back after a command's marker: keys that arrive before the line
 * editor is reading are taken by the terminal's own line discipline (Ctrl-U erases them), which on a
 * loaded machine lost the typed line. Every wait is bounded and, when it runs out, prints what the
 * screen showed.
 */
const ZSH_DRIVER = `zmodload zsh/zpty
typeset -F SECONDS
await() {
  local deadline=$(( SECONDS + 30 )) part
  screen=
  while [[ $screen != $~1 ]]; do
    if zpty -rt z part; then screen+=$part
    elif (( SECONDS > deadline )); then print -r -- "TIMEOUT waiting for $1; the screen showed: $screen"; exit 1
    else sleep 0.02
    fi
  done
}
zpty z zsh -f -i
zpty -w z "PS1='READY> '; autoload -U compinit; compinit -u -D; source \${(q)1}; print SOURCED''_PDS"
await '*SOURCED_PDS*READY> *'
zpty -w z 'show() { print -rn -- "<""<$BUFFER>"">" }; zle -N show; bindkey "^T" show; print BOUND''_SHOW'
await '*BOUND_SHOW*READY> *'
for typed in "\${@[2,-1]}"; do
  zpty -w -n z "$typed"$'\\t\\x14\\x15'
  await '*<<*>>*'
  print -r -- "\${\${screen##*<<}%>>*}"
done
zpty -d z
`;

/** The command line zsh shows after Tab, for each line typed. */
function zshCompletes(lines: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pds-zsh-'));
  try {
    writeFileSync(join(dir, 'driver.zsh'), ZSH_DRIVER);
    writeFileSync(join(dir, '_pds'), completionScript('zsh', commands));
    const run = spawnSync('zsh', ['-f', join(dir, 'driver.zsh'), join(dir, '_pds'), ...lines], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (run.error) throw run.error;
    // A driver that gave up prints its TIMEOUT line among these, so the comparison shows the screen.
    return `${run.stdout}${run.stderr}`.split('\n').slice(0, lines.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

  it('completes commands, their options and their first argument in zsh', () => {
    expect(
      zshCompletes([
        'pds expo',
        'pds exp',
        'pds export --fo',
        'pds export ma',
        'pds jobs --p',
        'pds export -',
      ]),
    ).toEqual([
      'pds export ',
      'pds exp',
      'pds export --format ',
      'pds export matches ',
      'pds jobs --project ',
      'pds export -',
    ]);
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
