import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildConsole } from './build-console.ts';

describe('buildConsole', () => {
  const files = buildConsole();
  const named = (name: string) => files.find((file) => file.name === name);

  it('gives the page, its styles and one bundled script, each with its media type', () => {
    expect(files.map((file) => [file.name, file.type.split(';')[0]])).toEqual([
      ['index.html', 'text/html'],
      ['console.css', 'text/css'],
      ['app.js', 'text/javascript'],
    ]);
    const page = named('index.html')?.body.toString() ?? '';
    expect(page).toContain('src="/console/app.js"');
    expect(page).toContain('href="/console/console.css"');
  });

  it('loads nothing from another origin: no absolute URL in the page or the script', () => {
    expect(named('index.html')?.body.toString()).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(named('app.js')?.body.toString()).not.toMatch(/\bimport\s*\(?\s*["']https?:/);
  });

  it('keeps the first load small (compressed page, styles and script)', () => {
    const compressed = files.reduce((total, file) => total + gzipSync(file.body).length, 0);
    expect(compressed).toBeLessThan(250 * 1024);
  });
});
