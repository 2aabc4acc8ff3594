import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A user clones only this repository: no tracked file may read or link a path beside it (the team's
 * working folders sit next to the checkout, so such a path would work here and fail for a user).
 */
const root = new URL('../../', import.meta.url);
const outsidePath = /\.\.\/(?:\.\.\/)*(?:shared|\.library)\b|(?<![\w.-])shared\/(?:data|spec|DESIGN|STYLE)/;

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((path) => path && !path.startsWith('data/') && !/\.(gz|png|ttf|pdf)$/.test(path))
    .filter((path) => path !== 'package-lock.json');
}

describe('the repository stands alone', () => {
  it('names no path outside the checkout', () => {
    const offenders = trackedTextFiles().filter((path) =>
      outsidePath.test(readFileSync(new URL(path, root), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
