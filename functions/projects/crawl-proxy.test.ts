import { describe, expect, it } from 'vitest';
import { readCrawlProxy } from './crawl-proxy.ts';

describe('readCrawlProxy', () => {
  it('keeps the URL with its credentials and shows only host and port', () => {
    expect(readCrawlProxy('http://user:s3cret@proxy.example:8080')).toEqual({
      url: 'http://user:s3cret@proxy.example:8080',
      host: 'proxy.example:8080',
    });
    expect(readCrawlProxy('https://proxy.example/')).toEqual({
      url: 'https://proxy.example',
      host: 'proxy.example',
    });
  });

  it.each([
    ['proxy example', /not a URL/],
    ['proxy.example:8080', /http:\/\/ or https:\/\//],
    ['socks5://proxy.example:1080', /http:\/\/ or https:\/\//],
    ['ftp://proxy.example', /http:\/\/ or https:\/\//],
    ['http://proxy.example/path', /path, query or fragment/],
    ['http://proxy.example?x=1', /path, query or fragment/],
    ['http://:s3cret@proxy.example', /password without a user name/],
    [`http://proxy.example/${'a'.repeat(2100)}`, /longer than 2048/],
  ])('refuses case %#, saying why without the URL', (text, reason) => {
    const read = readCrawlProxy(text);
    expect(read).toEqual({ reason: expect.stringMatching(reason) });
    expect('reason' in read && read.reason).not.toContain('s3cret');
  });
});
