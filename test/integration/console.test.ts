import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { addProjectMember, newUser } from '#test/operator';
import { startOwnedProject } from '#test/owned-project';
import { CONSOLE_PATH } from '../../console/build-console.ts';

/**
 * The console in a real browser (the system's Chromium, driven by playwright-core; nothing is
 * downloaded) against this file's stack: one signed-in tab walks the main flow in order.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Set to a folder (docs/console) to keep a screenshot of each main page as the walk sees it. */
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS_DIR;

/** A small JSON-LD shop, so setup and a full scrape take seconds. */
const SHOP: ShopSpec = {
  name: 'console-shop',
  platform: 'shopify',
  data: 'JSONLD',
  products: 12,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const NAV = [
  'Projects',
  'Websites',
  'Jobs',
  'Matches',
  'Changes',
  'Exports',
  'Billing',
  'API keys',
  'Webhooks',
  'Schedules',
];

let stack: RunningStack;
let api: ApiClient;
let owner: { userId: string; apiKey: string };
let projectId: string;
let shop: RunningShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleUrl: string;
let websiteId: string;

beforeAll(async () => {
  ({ stack, api, owner, projectId } = await startOwnedProject({
    customerName: 'Console customer',
  }));
  shop = await startShop(SHOP);
  consoleUrl = new URL(CONSOLE_PATH, stack.baseUrl).href;
  browser = await chromium.launch({ executablePath: CHROMIUM });
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await shop?.close();
});

async function signIn(tab: Page, key: string) {
  await tab.goto(consoleUrl);
  await tab.getByLabel('API key').fill(key);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await tab.getByRole('navigation', { name: 'Console' }).waitFor();
}

const statusOf = (tab: Page) => tab.locator('.facts .status');

/** The page once its lists have loaded. */
async function settled(tab: Page) {
  await expect.poll(() => tab.getByText('Loading…').count()).toBe(0);
}

/** axe-core's serious and critical findings on the page as it stands, one line each. */
async function seriousViolations(tab: Page): Promise<string[]> {
  await tab.addScriptTag({ path: AXE_SCRIPT });
  return tab.evaluate(async () => {
    const axe = (window as any).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation: any) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation: any) => `${violation.id}: ${violation.nodes.map((node: any) => node.target).join(' | ')}`,
      );
  });
}

describe('the console', () => {
  it('signs in by keyboard alone with a key pasted with spaces and a line break, kept in session storage only', async () => {
    await page.goto(consoleUrl);
    // The sign-in page puts the focus in the key field; Enter submits the form.
    await page.keyboard.insertText(`  ${owner.apiKey}\n`);
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Console' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('pds.apiKey'))).toBe(owner.apiKey);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect((await context.cookies()).length).toBe(0);
    expect(page.url()).not.toContain(owner.apiKey);
  });

  it('refuses a key the service does not know, with the problem detail', async () => {
    const other = await browser.newPage();
    await other.goto(consoleUrl);
    await other.getByLabel('API key').fill(`${owner.apiKey.slice(0, -1)}x`);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => other.getByRole('alert').textContent()).toContain('INVALID_API_KEY');
    await other.close();
  });

  it('reaches every main page by its named link', async () => {
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const name of NAV) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    }
  });

  it('creates a project with a Czech name of 100 characters', async () => {
    const name = 'Ceny řízené příliš žluťoučkým koněm, úpěl ďábelské ódy'.padEnd(100, 'ž');
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    const form = page.getByRole('form', { name: 'Create a project' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Country (ISO code)').fill('CZ');
    await form.getByLabel('Currency (ISO code)').fill('CZK');
    await form.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('cell', { name, exact: true }).waitFor();
    const listed = (await api.get('/projects')).body as { name: string }[];
    expect(listed.map((project) => project.name)).toContain(name);
  });

  it('shows a field error beside the field it belongs to', async () => {
    const form = page.getByRole('form', { name: 'Create a project' });
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Name').evaluate((input) => input.removeAttribute('required'));
    await form.getByLabel('Country (ISO code)').fill('CZ');
    await form.getByLabel('Currency (ISO code)').fill('CZK');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('alert').textContent()).toMatch(/Request id: \S+/);
  });

  it('sets up a website, following its job to the sample', async () => {
    await page.getByLabel('Project', { exact: true }).selectOption(projectId);
    await page.getByRole('link', { name: 'Websites', exact: true }).click();
    const form = page.getByRole('form', { name: 'Set up a website' });
    await form.getByLabel('Shop URL').fill(shop.url);
    await form.getByLabel('Country (ISO code)').fill('US');
    await form.getByLabel('Currency (ISO code)').fill('USD');
    await form.getByRole('button', { name: 'Start setup' }).click();
    await page.waitForURL(/#\/jobs\/setup\/job_/);
    await expect.poll(() => statusOf(page).textContent(), { timeout: 90_000 }).toBe('COMPLETED');
    await page.locator('.facts').getByRole('link', { name: /^web_/ }).click();
    await page.getByRole('heading', { name: 'Sample' }).waitFor();
    const rows = page.getByRole('table', { name: 'Products read while training' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    websiteId = decodeURIComponent(page.url().split('/').at(-1) ?? '');
  });

  it('tops up the credit through the local checkout and sees it credited', async () => {
    const websitePage = page.url();
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    const form = page.getByRole('form', { name: 'Top up the credit' });
    await form.getByLabel('Amount (EUR)').fill('25.00');
    await form.getByRole('button', { name: 'Go to checkout' }).click();
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      form.getByRole('link', { name: 'Pay on the checkout page' }).click(),
    ]);
    await checkout.getByRole('button', { name: /^Pay / }).click();
    await checkout.getByRole('heading', { name: 'Paid' }).waitFor();
    await checkout.close();
    await form.getByRole('button', { name: 'Check payment' }).click();
    await page.getByText('Balance').waitFor();
    await expect.poll(() => page.locator('.balance dd').first().textContent()).toBe('25.00 EUR');
    await page.goto(websitePage);
  });

  it('quotes a full scrape and approves it, then follows it to its end', async () => {
    await page.getByRole('button', { name: 'Quote a full scrape' }).click();
    await page.waitForURL(/#\/jobs\/scraping\/job_/);
    await expect.poll(() => statusOf(page).textContent()).toBe('AWAITING_APPROVAL');
    await page.getByRole('region', { name: 'Quote' }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => statusOf(page).textContent(), { timeout: 90_000 }).toBe('COMPLETED');
    expect(await page.locator('.settlement').textContent()).toMatch(
      /^Charged \d+\.\d{2} EUR for \d+ products/,
    );
  });

  it('downloads an export file', async () => {
    await page.getByRole('link', { name: 'Exports', exact: true }).click();
    const button = page.getByRole('button', { name: `Download products csv of ${websiteId}` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text.split('\n')[0]).toContain('url');
    expect(text.trim().split('\n').length).toBeGreaterThan(1);
  });

  it('has no serious or critical accessibility violation on the sign-in page or any main page', async () => {
    // axe is injected as an inline script, which the console's content security policy refuses.
    const axeContext = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
    const tab = await axeContext.newPage();
    await tab.goto(consoleUrl);
    const found: Record<string, string[]> = { 'sign-in': await seriousViolations(tab) };
    await signIn(tab, owner.apiKey);
    for (const name of NAV) {
      await tab.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();
      await tab.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      await settled(tab);
      found[name] = await seriousViolations(tab);
      if (SCREENSHOTS)
        await tab.screenshot({
          path: join(SCREENSHOTS, `${name.toLowerCase().replace(' ', '-')}.png`),
          fullPage: true,
        });
    }
    await axeContext.close();
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((page) => [page, []])));
  });

  it('offers a VIEWER no approve or cancel button on a job an EDITOR could approve', async () => {
    const sample = (await api.get(`/websites/${websiteId}/sample`)).body.products as { url: string }[];
    const created = await api.post('/jobs/scraping', {
      project_id: projectId,
      website_id: websiteId,
      urls: sample.slice(0, 2).map((product) => product.url),
    });
    expect(created.status).toBe(201);
    const jobHash = `#/jobs/scraping/${created.body.job_id}`;
    await page.goto(`${consoleUrl}${jobHash}`);
    await expect.poll(() => statusOf(page).textContent()).toBe('AWAITING_APPROVAL');
    await page.getByRole('button', { name: 'Approve' }).waitFor();

    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    const viewerContext = await browser.newContext();
    const viewerPage = await viewerContext.newPage();
    await signIn(viewerPage, viewer.apiKey);
    await viewerPage.goto(`${consoleUrl}${jobHash}`);
    await expect.poll(() => statusOf(viewerPage).textContent()).toBe('AWAITING_APPROVAL');
    expect(await viewerPage.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: 'Cancel job' }).count()).toBe(0);
    await viewerPage.getByRole('link', { name: 'Websites', exact: true }).click();
    await viewerPage.getByRole('heading', { level: 1, name: 'Websites' }).waitFor();
    expect(await viewerPage.getByRole('form', { name: 'Set up a website' }).count()).toBe(0);
    await viewerContext.close();
  });

  it('signs out and forgets the key', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('pds.apiKey'))).toBeNull();
    await page.reload();
    await page.getByLabel('API key').waitFor();
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
  });
});
