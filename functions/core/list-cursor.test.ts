import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './list-cursor.ts';
import { Problem } from './problem.ts';

const SECRET = 'test-signing-key';
const SCOPE = '["GET /jobs/setup","usr_1",[],[["project_id","prj_1"]]]';
const POSITION = { job_id: 'job_01hzzzzzzzzzzzzzzzzzzzzzzz' };

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof Problem ? error.code : String(error);
  }
  return undefined;
}

describe('list cursors', () => {
  it('give back the position they were made from, in the same scope', () => {
    const cursor = encodeCursor(POSITION, SCOPE, SECRET);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, SCOPE, SECRET)).toEqual(POSITION);
    expect(decodeCursor(encodeCursor({ PK: 'a', n: 3 }, SCOPE, SECRET), SCOPE, SECRET)).toEqual({
      PK: 'a',
      n: 3,
    });
  });

  it('are refused when one character of the position or the signature changes', () => {
    const cursor = encodeCursor(POSITION, SCOPE, SECRET);
    const [body = '', signature = ''] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ job_id: 'job_01jzzzzzzzzzzzzzzzzzzzzzzz' })).toString(
      'base64url',
    );
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    for (const bad of [
      `${forged}.${signature}`,
      `${flip(body, 3)}.${signature}`,
      `${body}.${flip(signature, 5)}`,
    ])
      expect(refusal(() => decodeCursor(bad, SCOPE, SECRET))).toBe('INVALID_CURSOR');
  });

  it('are refused in another scope (another project, list or filter) or under another key', () => {
    const cursor = encodeCursor(POSITION, SCOPE, SECRET);
    const otherProject = SCOPE.replace('prj_1', 'prj_2');
    const otherList = SCOPE.replace('/jobs/setup', '/jobs/scraping');
    for (const scope of [otherProject, otherList])
      expect(refusal(() => decodeCursor(cursor, scope, SECRET))).toBe('INVALID_CURSOR');
    expect(refusal(() => decodeCursor(cursor, SCOPE, 'another-key'))).toBe('INVALID_CURSOR');
  });

  it('are refused when malformed', () => {
    for (const bad of ['', 'abc', 'a.b.c', '.', `${'a'.repeat(3000)}.b`, '!!!.???'])
      expect(refusal(() => decodeCursor(bad, SCOPE, SECRET))).toBe('INVALID_CURSOR');
  });
});
