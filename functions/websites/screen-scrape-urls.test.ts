import { describe, expect, it } from 'vitest';
import { MAX_REJECTED_LISTED, screenScrapeUrls } from './screen-scrape-urls.ts';

describe('screenScrapeUrls', () => {
  it('keeps URLs of the website in order, without fragments, and removes invalid, duplicate and other-website ones', () => {
    const screened = screenScrapeUrls(
      [
        'https://www.shop.example/p/1',
        'https://shop.example/p/2#reviews',
        'https://shop.example/p/2',
        ' https://SHOP.example/p/3 ',
        'https://other.example/p/1',
        'shop.example/p/4',
        'ftp://shop.example/p/5',
        'https://user:pw@shop.example/p/6',
        'not a url',
        `https://shop.example/${'x'.repeat(2100)}`,
      ],
      'shop.example',
    );
    expect(screened.accepted).toEqual([
      'https://www.shop.example/p/1',
      'https://shop.example/p/2',
      'https://shop.example/p/3',
    ]);
    expect(screened.rejected).toBe(7);
    expect(screened.rejectedUrls.slice(0, 3)).toEqual([
      'https://shop.example/p/2',
      'https://other.example/p/1',
      'shop.example/p/4',
    ]);
  });

  it('tells websites apart by port, as website identity does', () => {
    const screened = screenScrapeUrls(
      ['http://127.0.0.1:8080/a', 'http://127.0.0.1:8081/a'],
      '127.0.0.1:8080',
    );
    expect(screened.accepted).toEqual(['http://127.0.0.1:8080/a']);
  });

  it('lists only the first removed URLs, but counts them all', () => {
    const urls = Array.from({ length: 250 }, (_, i) => `https://other.example/${i}`);
    const screened = screenScrapeUrls(urls, 'shop.example');
    expect(screened.rejected).toBe(250);
    expect(screened.rejectedUrls).toEqual(urls.slice(0, MAX_REJECTED_LISTED));
  });
});
