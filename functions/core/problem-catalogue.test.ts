import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Problem } from './problem.ts';
import { isProblemCode, PROBLEM_CATALOGUE } from './problem-catalogue.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const SOURCE_FOLDERS = ['functions', 'local', 'lib', 'bin', 'test'];

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

// A problem built by a constructor, a code compared, or a `code` member asserted by a test.
const CODE_USES = [
  /\b(?:Problem|isProblem\([^,]+,|BadRequest|Unauthorized|PaymentRequired|Forbidden|NotFound|Conflict|BadGateway|Unavailable|TooManyRequests)\(\s*'([A-Z][A-Z0-9_]*)'/g,
  /(?<![\w.])code:\s*'([A-Z][A-Z0-9_]*)'/g,
  /\.code\)?\.toBe\('([A-Z][A-Z0-9_]*)'\)/g,
];
// Network failures' codes share the `code` member and are not problems: Node's own (ECONNRESET …),
// undici's (UND_ERR_…) and the crawl proxy's gateway failure, which the fetcher retries like them.
const NODE_ERROR_CODE = /^(?:E[A-Z]+|UND_ERR_[A-Z_]+|PROXY_BAD_GATEWAY)$/;

describe('the problem catalogue', () => {
  it('knows every code the source builds, compares or expects', async () => {
    const files = (await Promise.all(SOURCE_FOLDERS.map(sourceFiles))).flat();
    const unknown: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const pattern of CODE_USES) {
        for (const [, code] of text.matchAll(pattern)) {
          if (code && !isProblemCode(code) && !NODE_ERROR_CODE.test(code))
            unknown.push(`${relative(ROOT, file)}: ${code}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('gives each code an error status and a title', () => {
    for (const [code, { status, title }] of Object.entries(PROBLEM_CATALOGUE)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(title, code).not.toBe('');
    }
  });

  it('builds a problem from its code alone', () => {
    const problem = new Problem('JOB_NOT_FOUND', 'No such job.');
    expect([problem.status, problem.title, problem.message]).toEqual([404, 'Job not found', 'No such job.']);
    expect(new Problem('INTERNAL_ERROR').message).toBe('Internal server error');
  });
});
