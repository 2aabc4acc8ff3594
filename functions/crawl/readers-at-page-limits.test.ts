import { describe, expect, it } from 'vitest';
import {
  deepPage,
  flatPage,
  ORDINARY_PAGE,
  WORST_PAGE_CONTEXT,
  WORST_PAGE_ORIGIN,
  WORST_PAGE_PRODUCT,
  WORST_PAGE_PROFILE,
  WORST_PAGE_URL,
} from '#fixtures/worst-pages';
import { learnSelectors } from './learn/learn-selectors.ts';
import { classifyPage } from './page/classify-page.ts';
import { extractProduct } from './page/extract-product.ts';
import { mainHeading } from './page/main-heading.ts';
import { pageAnatomy } from './page/page-anatomy.ts';
import { PAGE_LIMITS, PageLimitExceeded } from './page/page-limits.ts';
import { productFromMicrodata } from './page/product-from-microdata.ts';
import { type Page, readPage } from './page/read-page.ts';
import { detectLanguage } from './site/detect-language.ts';
import { siteLinks } from './site/site-links.ts';

/**
 * Every reader of a page at the worst pages PAGE_LIMITS admit (`fixtures/worst-pages.ts`): each must
 * finish with its result (no RangeError from recursion, no PageLimitExceeded from its time limit).
 * Their times are the bench's (`npm run bench -- page-limits`), not asserted here.
 */
const ORIGIN = WORST_PAGE_ORIGIN;
const CONTEXT = WORST_PAGE_CONTEXT;
const profile = WORST_PAGE_PROFILE;

const pages = { deep: deepPage(), flat: flatPage() };
const parsed = new Map<keyof typeof pages, Page>();
const pageOf = (shape: keyof typeof pages): Page => {
  let page = parsed.get(shape);
  if (!page) {
    page = readPage(pages[shape], WORST_PAGE_URL);
    parsed.set(shape, page);
  }
  return page;
};

it('takes the deep page as the deepest the limits admit: one level more is refused', () => {
  expect(() => readPage(deepPage(PAGE_LIMITS.maxDepth - 5), WORST_PAGE_URL)).toThrow(PageLimitExceeded);
});

describe.each(['deep', 'flat'] as const)('at the %s page', (shape) => {
  it('is read within the limits', { timeout: 60_000 }, () => {
    expect(pageOf(shape).heading).toBe(WORST_PAGE_PRODUCT.name);
  });

  it('has its anatomy read', { timeout: 60_000 }, () => {
    const anatomy = pageAnatomy(pageOf(shape), CONTEXT);
    expect(anatomy.buyButtons.length).toBeGreaterThan(0);
  });

  it('has its language detected', { timeout: 60_000 }, () => {
    expect(detectLanguage([pageOf(shape)])).toBe('en');
  });

  it('is classified', { timeout: 60_000 }, () => {
    expect(classifyPage(pageOf(shape), CONTEXT).kind).toBe('PRODUCT');
  });

  it('has its links found', { timeout: 60_000 }, () => {
    expect(siteLinks(pageOf(shape), ORIGIN).length).toBeGreaterThan(0);
  });

  it('has its main heading found', { timeout: 60_000 }, () => {
    expect(mainHeading(pageOf(shape))?.text).toBe(WORST_PAGE_PRODUCT.name);
  });

  it('has its product extracted', { timeout: 60_000 }, () => {
    expect(extractProduct(pageOf(shape), profile)).toMatchObject({
      name: WORST_PAGE_PRODUCT.name,
      price: WORST_PAGE_PRODUCT.price,
    });
  });

  it('teaches nothing when learning from it alone, and does not stop learning from others', {
    timeout: 60_000,
  }, () => {
    const page = pageOf(shape);
    const sample = { page, anatomy: pageAnatomy(page, CONTEXT), known: null };
    expect(learnSelectors([sample], CONTEXT)).toEqual({});
    const small = readPage(ORDINARY_PAGE, `${ORIGIN}/p/small`);
    const learned = learnSelectors(
      [sample, { page: small, anatomy: pageAnatomy(small, CONTEXT), known: null }],
      CONTEXT,
    );
    expect(learned.name).toEqual(expect.objectContaining({ selector: expect.any(String) }));
  });
});

it('reads microdata nested as deep as the limit admits', { timeout: 60_000 }, () => {
  const page = pageOf('deep');
  expect(productFromMicrodata(page.$, { ...page, country: 'US' })).toMatchObject({
    name: WORST_PAGE_PRODUCT.name,
    price: WORST_PAGE_PRODUCT.price,
    currency: WORST_PAGE_PRODUCT.currency,
  });
});
