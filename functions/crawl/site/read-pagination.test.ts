import { describe, expect, it } from 'vitest';
import { readPage } from '../page/read-page.ts';
import { readPagination } from './read-pagination.ts';

const page = (url: string, body: string, head = '') =>
  readPage(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, url);

describe('readPagination', () => {
  it.each([
    [
      '?seite=N',
      'https://s.test/mehl',
      '<a href="?seite=2">2</a> <a href="?seite=5">5</a>',
      'https://s.test/mehl?seite={n}',
    ],
    [
      '?page=N beside other parameters',
      'https://s.test/c?sort=price',
      '<a href="/c?sort=price&page=2">2</a> <a href="/c?sort=price&page=5">5</a>',
      'https://s.test/c?sort=price&page={n}',
    ],
    [
      '?p=N',
      'https://s.test/c.html',
      '<a href="/c.html?p=2">2</a><a href="/c.html?p=5">5</a>',
      'https://s.test/c.html?p={n}',
    ],
    [
      '/page/N/',
      'https://s.test/c/',
      '<a href="/c/page/2/">2</a> <a href="/c/page/5/">5</a>',
      'https://s.test/c/page/{n}/',
    ],
    [
      'strana-N/',
      'https://s.test/c/',
      '<a href="/c/strana-2/">2</a> <a href="/c/strana-5/">5</a>',
      'https://s.test/c/strana-{n}/',
    ],
  ])('reads numbered links paging by %s', (_, url, links, series) => {
    expect(readPagination(page(url, `<nav>${links}</nav>`))).toEqual({
      series,
      page: 1,
      lastPage: 5,
      total: null,
    });
  });

  it('knows the page it is on from its own URL', () => {
    const third = page(
      'https://s.test/mehl?seite=3',
      '<a href="/mehl">1</a> <a href="?seite=2">2</a> <span>3</span> <a href="?seite=4">4</a> <a href="?seite=9">9</a>',
    );
    expect(readPagination(third)).toMatchObject({
      series: 'https://s.test/mehl?seite={n}',
      page: 3,
      lastPage: 9,
    });
  });

  it.each([
    ['rel="next" in the head', '', '<link rel="next" href="/mehl?seite=2">'],
    ['a "Weiter" link', '<a href="/mehl?seite=2">Weiter</a>', ''],
    ['an arrow with a label', '<a href="/mehl?seite=2" aria-label="Next">›</a>', ''],
  ])('takes the next page from %s', (_, body, head) => {
    expect(readPagination(page('https://s.test/mehl', body, head))).toMatchObject({
      series: 'https://s.test/mehl?seite={n}',
      page: 1,
      lastPage: 2,
    });
  });

  it.each([
    ['Showing 1–24 of 25 results', 25],
    ['1 - 24 von 1.250 Artikeln', 1250],
    ['Zobrazeno 25–48 z 300 produktů', 300],
    ['Products 1-12 of 12', 12],
  ])('reads the total of %j', (text, total) => {
    expect(readPagination(page('https://s.test/c', `<p>${text}</p>`)).total).toBe(total);
  });

  it('reads the last page of "Seite 1 von 7"', () => {
    expect(readPagination(page('https://s.test/c', '<p>Seite 1 von 7</p>')).lastPage).toBe(7);
  });

  it.each([
    ['numbers that are no page links', '<a href="/p/12">12</a> <a href="/about">About</a>'],
    ['a total that contradicts itself', '<p>30–24 of 25</p>'],
    ['script text', '<script>var s = "1-24 of 25";</script>'],
  ])('finds no pagination in %s', (_, body) => {
    expect(readPagination(page('https://s.test/c', body))).toEqual({
      series: null,
      page: 1,
      lastPage: 1,
      total: null,
    });
  });

  it('reads a hostile page in linear time: 20,000 page links and 100,000 characters of numbers', () => {
    const links = Array.from({ length: 20_000 }, (_, i) => `<a href="?seite=${i + 2}">${i + 2}</a>`).join('');
    const hostile = page(
      'https://s.test/c',
      `${links}<p>${'1 - 1 '.repeat(10_000)}</p><p>${'1'.repeat(50_000)}</p>`,
    );
    const started = performance.now();
    expect(readPagination(hostile)).toMatchObject({ lastPage: 9999, total: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
