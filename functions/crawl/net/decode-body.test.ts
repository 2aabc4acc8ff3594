import { describe, expect, it } from 'vitest';
import { decodeBody } from './decode-body.ts';

const bytes = (text: string, encoding: 'utf-8' | 'latin1'): Uint8Array =>
  new Uint8Array(Buffer.from(text, encoding));

describe('decodeBody with a <meta charset> that lies', () => {
  it('reads UTF-8 bytes as UTF-8 though the page declares a legacy charset', () => {
    const html = '<meta charset="iso-8859-1"><h1>Židle</h1><span>1 299 Kč</span>';
    expect(decodeBody(bytes(html, 'utf-8'), 'text/html')).toContain('Židle');
  });

  it('keeps the declared legacy charset for bytes that are not UTF-8', () => {
    const html = '<meta charset="iso-8859-1"><h1>Crème brûlée</h1>';
    expect(decodeBody(bytes(html, 'latin1'), 'text/html')).toContain('Crème brûlée');
  });
});
