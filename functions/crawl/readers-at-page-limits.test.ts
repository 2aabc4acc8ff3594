import { describe, expect, it } from 'vitest';
import type { ExtractionProfile } from './learn/extraction-profile.ts';
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
 * Every reader of a page at the worst pages PAGE_LIMITS admit: one nesting its elements as deep as
 * the limit allows, one of 180,000 elements side by side. Each reader must finish with its result
 * (no RangeError from recursion, no PageLimitExceeded from its time limit). Their times are the
 * crawl bench's (`npm run bench -- page-limits`), not asserted here.
 */
const ORIGIN = 'https://shop.test';
const URL_OF_PAGE = `${ORIGIN}/p/deep-product`;
const CONTEXT = { country: 'US', currency: null };
const PRODUCT = `<h1>Deep Trail Runner 2</h1>
<span class="price">$129.00</span><button class="add-to-cart">Add to cart</button>
<table><tr><td>Brand</td><td>Nordwind</td></tr><tr><td>SKU</td><td>DTR-2</td></tr></table>`;

/**
 * Nested `levels` blocks deep; the product's table cells sit six levels below them (html, body, the
 * product's block, table, row, cell), so PAGE_LIMITS.maxDepth - 6 levels is the deepest page read.
 */
function deepPage(levels = PAGE_LIMITS.maxDepth - 6): string {
  return `<!doctype html><html lang="en"><head><title>Deep Trail Runner 2</title></head><body>${'<div class="level"><span>the shoe and the trail</span>'.repeat(levels)}<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Deep Trail Runner 2"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="129.00"><meta itemprop="priceCurrency" content="USD"></div>${PRODUCT}<a href="/p/other">Other</a></div>${'</div>'.repeat(levels)}</body></html>`;
}

/** 180,000 elements: 60,000 paragraphs of a link and a word each, under the product. */
function flatPage(): string {
  return `<!doctype html><html lang="en"><head><title>Flat</title></head><body>${PRODUCT}${'<p><a href="/p/item">the <b>and</b></a></p>'.repeat(60_000)}</body></html>`;
}

const profile: ExtractionProfile = {
  version: 1,
  method: 'SELECTORS',
  difficulty: 'HARD',
  origin: ORIGIN,
  language: 'en',
  country: 'US',
  currency: 'USD',
  product_url_pattern: '^/p/',
  listing_url_pattern: null,
  sku_from_url: null,
  selectors: { name: { selector: 'h1' }, price: { selector: 'span.price' } },
  trained_on: { pages: 2, product_pages: 2 },
};

const pages = { deep: deepPage(), flat: flatPage() };
const parsed = new Map<keyof typeof pages, Page>();
const pageOf = (shape: keyof typeof pages): Page => {
  let page = parsed.get(shape);
  if (!page) {
    page = readPage(pages[shape], URL_OF_PAGE);
    parsed.set(shape, page);
  }
  return page;
};

it('takes the deep page as the deepest the limits admit: one level more is refused', () => {
  expect(() => readPage(deepPage(PAGE_LIMITS.maxDepth - 5), URL_OF_PAGE)).toThrow(PageLimitExceeded);
});

describe.each(['deep', 'flat'] as const)('at the %s page', (shape) => {
  it('is read within the limits', { timeout: 60_000 }, () => {
    expect(pageOf(shape).heading).toBe('Deep Trail Runner 2');
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
    expect(mainHeading(pageOf(shape))?.text).toBe('Deep Trail Runner 2');
  });

  it('has its product extracted', { timeout: 60_000 }, () => {
    expect(extractProduct(pageOf(shape), profile)).toMatchObject({
      name: 'Deep Trail Runner 2',
      price: '129.00',
    });
  });

  it('teaches nothing when learning from it alone, and does not stop learning from others', {
    timeout: 60_000,
  }, () => {
    const page = pageOf(shape);
    const sample = { page, anatomy: pageAnatomy(page, CONTEXT), known: null };
    expect(learnSelectors([sample], CONTEXT)).toEqual({});
    const small = readPage(
      `<html lang="en"><body><main>${PRODUCT}</main></body></html>`,
      `${ORIGIN}/p/small`,
    );
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
    name: 'Deep Trail Runner 2',
    price: '129.00',
    currency: 'USD',
  });
});
