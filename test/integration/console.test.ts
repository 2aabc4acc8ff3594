import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import { freePort } from '#local/free-port';
import type { RunningStack } from '#local/start-stack';
import type { ApiClient } from '#test/api-client';
import { pollJob } from '#test/jobs';
import { addProjectMember, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { readCsvObjects } from '#test/read-csv';
import { startWebhookReceiver } from '#test/webhook-receiver';
import { CONSOLE_PATH } from '../../console/build-console.ts';

/**
 * The console in a real browser (the system's Chromium, driven by playwright-core; nothing is
 * downloaded) against this file's stack: one signed-in tab walks the main flow in order.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Set to a folder (docs/console) to keep a screenshot of each main page as the walk sees it. */
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS_DIR;

// This file asserts no crawl timing: the lanes crawl its local shops without their politeness gap.
process.env.CRAWL_MIN_DELAY_MS = '0';

/**
 * Two small JSON-LD shops selling windows of one product range (items 0..11 and 4..11), so setup
 * and scrapes take seconds and matching finds the 8 products both sell.
 */
const SHOP: ShopSpec = {
  name: 'console-shop',
  seed: 'console-range',
  platform: 'shopify',
  data: 'JSONLD',
  products: 12,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};
const COMPETITOR: ShopSpec = { ...SHOP, name: 'console-competitor', products: 8, catalogOffset: 4 };

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const NAV = [
  'Projects',
  'Websites',
  'Jobs',
  'Matches',
  'Price comparison',
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
let competitor: RunningShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleUrl: string;
let websiteId: string;
/** A scrape of one URL, quoted and awaiting approval, that two tabs approve. */
let quotedJobHash: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  // Its redirect is not asked for here; the stack delivers to the receiver's origin alone.
  receiver = await startWebhookReceiver({ redirectTo: 'http://127.0.0.1:9/unused' });
  process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${receiver.port}`;
  ({ stack, api, owner, projectId } = await startOwnedProject({
    customerName: 'Console customer',
  }));
  [shop, competitor] = await Promise.all([startShop(SHOP), startShop(COMPETITOR)]);
  consoleUrl = new URL(CONSOLE_PATH, stack.baseUrl).href;
  browser = await chromium.launch({ executablePath: CHROMIUM });
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await Promise.all([shop?.close(), competitor?.close(), receiver?.close()]);
  delete process.env.CRAWL_MIN_DELAY_MS;
  delete process.env.WEBHOOK_ALLOWED_HOSTS;
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

/**
 * Where a chart's canvas is painted in the console's accent colour (the price line and its dots):
 * how many pixels, and the leftmost and rightmost of them against the canvas width.
 */
async function accentInk(
  chart: Locator,
): Promise<{ pixels: number; left: number; right: number; width: number }> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data, width } = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
      0,
      0,
      canvas.width,
      canvas.height,
    );
    let [pixels, left, right] = [0, width, -1];
    for (let index = 0; index < data.length; index += 4) {
      // #0b5cad, give or take the anti-aliasing at a line's edge.
      const near =
        Math.abs((data[index] ?? 0) - 11) +
        Math.abs((data[index + 1] ?? 0) - 92) +
        Math.abs((data[index + 2] ?? 0) - 173);
      if (near > 40 || (data[index + 3] ?? 0) < 200) continue;
      const x = (index / 4) % width;
      pixels += 1;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
    return { pixels, left, right, width };
  });
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

/** Whether the element has the keyboard focus. */
const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Whether the element has the keyboard focus and shows it: `:focus-visible`, with an outline drawn. */
const showsFocus = (target: Locator) =>
  target.evaluate(
    (element) =>
      element === document.activeElement &&
      element.matches(':focus-visible') &&
      getComputedStyle(element).outlineStyle !== 'none',
  );

/** Presses `key` (Tab, Shift+Tab) until `target` has the focus, at most `most` times. */
async function pressUntilFocused(tab: Page, key: string, target: Locator, most = 40) {
  for (let pressed = 0; pressed < most; pressed += 1) {
    await tab.keyboard.press(key);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${most} presses of ${key} did not reach ${target}`);
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

  it('creates a key and revokes it by keyboard alone, the focus shown and following each step', async () => {
    const main = page.locator('#main');
    const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' });
    // From the page shown, back through the navigation to its link.
    await pressUntilFocused(page, 'Shift+Tab', link);
    expect(await showsFocus(link)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'API keys', exact: true }).waitFor();
    await expect.poll(() => hasFocus(main)).toBe(true);

    const form = page.getByRole('form', { name: 'Create an API key' });
    await pressUntilFocused(page, 'Tab', form.getByLabel('Name'));
    await page.keyboard.insertText('keyboard key');
    await page.keyboard.press('Tab');
    const worksFor = form.getByLabel('Works for');
    expect(await showsFocus(worksFor)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await worksFor.inputValue()).toBe('PROJECT');
    await pressUntilFocused(page, 'Tab', form.getByRole('button', { name: 'Create key' }));
    await page.keyboard.press('Enter');
    // The key, shown this once, takes the focus.
    const secret = form.getByRole('status', { name: 'New API key' });
    await expect.poll(() => hasFocus(secret)).toBe(true);
    expect(await showsFocus(secret)).toBe(true);
    const shown = (await secret.textContent()) ?? '';
    expect(shown).toMatch(/^pds_/);

    await pressUntilFocused(page, 'Tab', form.getByRole('link', { name: 'Show the list again' }));
    await page.keyboard.press('Enter');
    // The link was replaced by the page read again, so the focus goes to the page.
    await expect.poll(() => hasFocus(main)).toBe(true);
    const revoke = page.getByRole('button', { name: `Revoke key ending ${shown.slice(-4)}` });
    await pressUntilFocused(page, 'Tab', revoke, 60);
    expect(await showsFocus(revoke)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => revoke.count()).toBe(0);
    await expect.poll(() => hasFocus(main)).toBe(true);
    expect((await api.get('/account/api-keys')).body.map((key: any) => key.name)).not.toContain(
      'keyboard key',
    );
  });

  it('creates a project with a Czech name of 100 characters', async () => {
    const name = 'Ceny řízené příliš žluťoučkým koněm, úpěl ďábelské ódy'.padEnd(100, 'ž');
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    const form = page.getByRole('form', { name: 'Create a project' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Country (ISO code)').fill('CZ');
    await form.getByLabel('Currency (ISO code)').fill('CZK');
    await form.getByRole('button', { name: 'Create project' }).click();
    const cell = page.getByRole('cell', { name, exact: true });
    await cell.waitFor();
    // Shown whole and wrapped inside its cell: the page never scrolls sideways for it.
    expect(await cell.textContent()).toBe(name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
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
    expect(await page.getByRole('button', { name: 'Remove website' }).count()).toBe(1);
  });

  it('shows a setup job that fails while its page is open as FAILED, with its error', async () => {
    const websitePage = page.url();
    await page.getByRole('link', { name: 'Websites', exact: true }).click();
    const form = page.getByRole('form', { name: 'Set up a website' });
    // Nothing listens at this address, so the analysis fails once the page is showing the job.
    await form.getByLabel('Shop URL').fill(`http://127.0.0.1:${await freePort()}/`);
    await form.getByLabel('Country (ISO code)').fill('US');
    await form.getByLabel('Currency (ISO code)').fill('USD');
    await form.getByRole('button', { name: 'Start setup' }).click();
    await page.waitForURL(/#\/jobs\/setup\/job_/);
    await expect.poll(() => statusOf(page).textContent(), { timeout: 60_000 }).toBe('FAILED');
    expect(await page.locator('.job').getByRole('alert').textContent()).toContain('could not be reached');
    await page.goto(websitePage);
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

  it("draws a product's price history from its one scrape as a chart of one point", async () => {
    await page.goto(`${consoleUrl}#/websites/${websiteId}`);
    await page
      .getByRole('link', { name: /^Price history of / })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Price history' }).waitFor();
    const chart = page.getByRole('img', { name: /^Price of prd_/ });
    await chart.waitFor();
    expect(await page.getByRole('table', { name: 'Observations' }).locator('tbody tr').count()).toBe(1);
    // One dot, in the middle of the plot: a lone instant gets a day either side.
    await expect.poll(async () => (await accentInk(chart)).pixels).toBeGreaterThan(0);
    const dot = await accentInk(chart);
    expect(dot.right - dot.left).toBeLessThan(dot.width / 10);
    expect(Math.abs((dot.left + dot.right) / 2 - dot.width / 2)).toBeLessThan(dot.width / 5);
  });

  it('draws a year of daily prices, out of stock for a month, across the whole chart', async () => {
    // The history the API answers, stretched to a year: one observation a day, out of stock in May.
    const historyUrl = /\/v1\/websites\/[^/]+\/products\/history\?/;
    await page.route(historyUrl, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const [seen] = body.points;
      const start = Date.parse('2025-01-01T06:00:00Z');
      body.points = Array.from({ length: 365 }, (_, day) => ({
        ...seen,
        observed_at: new Date(start + day * 86_400_000).toISOString(),
        price: day >= 120 && day < 150 ? null : (100 + 20 * Math.sin(day / 20)).toFixed(2),
        availability: day >= 120 && day < 150 ? 'OUT_OF_STOCK' : 'IN_STOCK',
      }));
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await expect
      .poll(() => page.getByRole('table', { name: 'Observations' }).locator('tbody tr').count())
      .toBe(365);
    const chart = page.getByRole('img', { name: /^Price of prd_/ });
    await expect.poll(async () => (await accentInk(chart)).pixels).toBeGreaterThan(0);
    const year = await accentInk(chart);
    expect(year.right - year.left).toBeGreaterThan(year.width * 0.7);
    await page.unroute(historyUrl);
  });

  it('creates a key for one project, shows it once with a copy button, and revokes it under a tab using it', async () => {
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Name').fill('console test key');
    await form.getByLabel('Works for').selectOption({ label: 'one project' });
    await form.getByLabel('Project (for one project)').selectOption(projectId);
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = (await form.getByRole('status', { name: 'New API key' }).textContent()) ?? '';
    expect(shown).toMatch(/^pds_/);
    await form.getByRole('button', { name: 'Copy key' }).waitFor();
    expect(
      (await api.withKey(shown).get('/projects')).body.map((project: any) => project.project_id),
    ).toEqual([projectId]);
    const keyContext = await browser.newContext();
    const keyTab = await keyContext.newPage();
    await signIn(keyTab, shown);
    await keyTab.getByRole('link', { name: 'Billing', exact: true }).click();
    await keyTab.getByText('A project key cannot read or top up the credit').waitFor();

    await page.getByRole('link', { name: 'Show the list again' }).click();
    const revoke = page.getByRole('button', { name: `Revoke key ending ${shown.slice(-4)}` });
    await revoke.click();
    await expect.poll(() => revoke.count()).toBe(0);
    expect((await api.get('/account/api-keys')).body.map((key: any) => key.name)).not.toContain(
      'console test key',
    );
    // The tab still signed in with the revoked key is sent back to the sign-in page, told why.
    await keyTab.getByRole('link', { name: 'Jobs', exact: true }).click();
    await keyTab.getByLabel('API key').waitFor();
    expect(await keyTab.getByRole('alert').textContent()).toContain('INVALID_API_KEY');
    expect(await keyTab.evaluate(() => sessionStorage.getItem('pds.apiKey'))).toBeNull();
    await keyContext.close();
  });

  it('pages a list by cursor: Next page and First page', async () => {
    for (let index = 0; index < 20; index += 1)
      expect((await api.post('/account/api-keys', { name: `paging ${index}` })).status).toBe(201);
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    const rows = page.getByRole('table', { name: 'Your API keys' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(20);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(() => rows.count()).toBe(20);
  });

  it('reads a list of 10,000 jobs one page at a time, by cursor', async () => {
    // The API answers as for a project with 10,000 scrape jobs: 20 of them and a cursor to the rest.
    const asked: URL[] = [];
    const listUrl = /\/v1\/jobs\/scraping\?/;
    await page.route(listUrl, async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      const offset = url.searchParams.has('cursor') ? 20 : 0;
      const items = Array.from({ length: 20 }, (_, index) => ({
        job_id: `job_many${String(offset + index).padStart(5, '0')}`,
        job_type: 'SCRAPE',
        status: 'COMPLETED',
        project_id: projectId,
        website_id: websiteId,
        estimate: null,
        created_at: new Date(Date.UTC(2025, 0, 1) - (offset + index) * 60_000).toISOString(),
      }));
      await route.fulfill({ json: items, headers: { 'x-next-cursor': `after-${offset + 20}` } });
    });
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    const scrapes = page.getByRole('region', { name: 'Scrape jobs' });
    const rows = scrapes.getByRole('table', { name: 'Scrape jobs' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(20);
    expect(asked.map((url) => url.searchParams.get('limit'))).toEqual(['20']);
    expect(asked[0]?.searchParams.has('cursor')).toBe(false);
    await scrapes.getByRole('button', { name: 'Next page' }).click();
    await scrapes.getByRole('link', { name: 'job_many00020' }).waitFor();
    expect(asked.map((url) => url.searchParams.get('cursor'))).toEqual([null, 'after-20']);
    await page.unroute(listUrl);
  });

  it('downloads an export file', async () => {
    await page.getByRole('link', { name: 'Exports', exact: true }).click();
    const button = page.getByRole('button', { name: `Download products csv of ${websiteId}` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text.split('\n')[0]).toContain('url');
    expect(text.trim().split('\n').length).toBeGreaterThan(1);
  });

  it('quotes and approves matching against a competitor, then decides on the review queue and adds a pair by hand', async () => {
    const competitorId = (
      await landWebsite(api, projectId, competitor.url, { country: 'US', currency: 'USD' })
    ).website_id;
    const scrape = await api.post('/jobs/scraping', { project_id: projectId, website_id: competitorId });
    await api.post(`/jobs/scraping/${scrape.body.job_id}/approve`);
    expect((await pollJob(api, `/jobs/scraping/${scrape.body.job_id}`)).job.status).toBe('COMPLETED');

    // Every proposal below certainty waits for review, with its alternatives, when nothing is
    // accepted on its own: the matching lists alternatives below the project's threshold.
    expect((await api.patch(`/projects/${projectId}`, { auto_accept_confidence: 1 })).status).toBe(200);
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    const form = page.getByRole('form', { name: 'Match products between websites' });
    await form.getByLabel('Reference website').selectOption(websiteId);
    await form.getByLabel('Competitor website').selectOption(competitorId);
    await form.getByRole('button', { name: 'Quote matching' }).click();
    await page.waitForURL(/#\/jobs\/matching\/job_/);
    await expect.poll(() => statusOf(page).textContent()).toBe('AWAITING_APPROVAL');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => statusOf(page).textContent(), { timeout: 90_000 }).toBe('COMPLETED');
    const overlap = page.getByRole('table', { name: 'Overlap' }).locator('tbody tr td').nth(2);
    expect(Number(await overlap.textContent())).toBeGreaterThan(0);

    const queued = (
      await api.get(`/projects/${projectId}/match-review`, { query: { website_id: websiteId } })
    ).body as any[];
    const chosen = queued.find((item) => item.alternatives.length > 0);
    const decided = queued.find((item) => item !== chosen);
    if (!chosen || !decided)
      throw new Error(`the queue lacks the two pairs this test decides: ${queued.length}`);
    await page.getByRole('link', { name: 'Matches', exact: true }).click();
    await page.getByLabel('Review queue of').selectOption(websiteId);
    await page.waitForURL(new RegExp(`#/matches/${websiteId}$`));
    const rows = page.getByRole('table', { name: 'Review queue' }).locator('tbody > tr');
    await expect.poll(() => rows.count()).toBe(queued.length);
    const shown = (await rows.filter({ hasText: decided.reference_url }).first().textContent()) ?? '';
    for (const text of [
      decided.reference_name,
      decided.reference.price,
      decided.competitor.price,
      decided.evidence,
    ])
      expect(shown).toContain(text);
    const label = (name: string | null, url: string) => name ?? url;
    const pairName = (item: any) =>
      `${label(item.competitor_name, item.competitor_url)} for ${label(item.reference_name, item.reference_url)}`;
    const decisions = page.getByRole('table', { name: 'Match decisions' });

    await page.getByRole('button', { name: `Reject ${pairName(decided)}`, exact: true }).click();
    await decisions.getByRole('cell', { name: 'REJECTED', exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(queued.length - 1);
    // Withdrawn, the pair waits in the queue again.
    await page
      .getByRole('button', { name: `Withdraw decision on ${decided.reference_url}`, exact: true })
      .click();
    await page.getByText('Match decisions: none yet.').waitFor();
    await expect.poll(() => rows.count()).toBe(queued.length);
    await page.getByRole('button', { name: `Accept ${pairName(decided)}`, exact: true }).click();
    await decisions.getByRole('cell', { name: 'ACCEPTED', exact: true }).waitFor();

    const alternative = chosen.alternatives[0];
    const choice = `Choose ${label(alternative.competitor_name, alternative.competitor_url)} for ${label(chosen.reference_name, chosen.reference_url)}`;
    await page.getByRole('button', { name: choice, exact: true }).click();
    await decisions.getByRole('cell', { name: 'MANUAL', exact: true }).waitFor();

    // By hand: a reference product the matching paired with nothing, to a competitor product no
    // decision keeps yet (a second partner on one website is a conflict).
    const exported = async (dataset: string, website = websiteId) => {
      const link = await api.get(`/exports/${dataset}/url`, {
        query: { project_id: projectId, website_id: website },
      });
      return readCsvObjects(await (await fetch(link.body.url)).text());
    };
    const paired = new Set((await exported('matches')).map((row) => row.reference_url));
    const unpaired = (await exported('products')).find((row) => !paired.has(row.url))?.url;
    const kept = new Set([decided.competitor_url, alternative.competitor_url]);
    const free = (await exported('products', competitorId)).find((row) => !kept.has(row.url))?.url;
    if (!unpaired || !free) throw new Error('no reference product left unpaired or competitor product free');
    const byHand = page.getByRole('form', { name: 'Add a pair by hand' });
    await byHand.getByLabel('Reference website').selectOption(websiteId);
    await byHand.getByLabel('Reference product URL').fill(unpaired);
    await byHand.getByLabel('Competitor website').selectOption(competitorId);
    await byHand.getByLabel('Competitor product URL').fill(free);
    await byHand.getByRole('button', { name: 'Add pair' }).click();
    await expect.poll(() => decisions.getByRole('cell', { name: 'MANUAL', exact: true }).count()).toBe(2);
    const stored = (await api.get(`/projects/${projectId}/match-decisions`)).body as any[];
    expect(
      new Set(
        stored.map(
          (decision) => `${decision.reference_url} > ${decision.competitor_url} ${decision.decision}`,
        ),
      ),
    ).toEqual(
      new Set([
        `${decided.reference_url} > ${decided.competitor_url} ACCEPTED`,
        `${chosen.reference_url} > ${alternative.competitor_url} MANUAL`,
        `${unpaired} > ${free} MANUAL`,
      ]),
    );
  });

  it("compares each reference product's price with the competitor's, with status and gap, and opens its price chart", async () => {
    // The console's first page, as the API answers it: the pairs kept above are MATCHED.
    const first = (
      await api.get(`/projects/${projectId}/price-comparison`, {
        query: { website_id: websiteId, limit: 20 },
      })
    ).body as any[];
    const matched = first.find(
      (item) => item.competitors[0].competitor_status === 'MATCHED' && item.competitors[0].gap !== null,
    );
    const unmatched = first.find((item) => item.competitors[0].competitor_status !== 'MATCHED');
    if (!matched || !unmatched)
      throw new Error('the first page lacks a matched product with a gap or an unmatched one');
    const [rival] = matched.competitors;

    await page.getByRole('link', { name: 'Price comparison', exact: true }).click();
    await page.getByLabel('Reference website').selectOption(websiteId);
    await page.waitForURL(new RegExp(`#/prices/${websiteId}$`));
    const table = page.getByRole('table', { name: /^Price comparison of / });
    await expect.poll(() => table.locator('tbody > tr').count()).toBe(first.length);
    const row = table.locator('tbody > tr').filter({ hasText: matched.reference_url }).first();
    const shown = (await row.textContent()) ?? '';
    const gap = rival.gap.startsWith('-') ? rival.gap : `+${rival.gap}`;
    for (const text of [
      matched.reference_name,
      matched.reference_price,
      rival.price,
      'MATCHED',
      `Gap ${gap}`,
    ])
      expect(shown).toContain(text);
    const other = table.locator('tbody > tr').filter({ hasText: unmatched.reference_url }).first();
    expect(await other.textContent()).toContain(unmatched.competitors[0].competitor_status);

    await row.getByRole('link', { name: `Price chart of ${matched.reference_name}`, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Price history' }).waitFor();
    await page.getByRole('img', { name: /^Price of prd_/ }).waitFor();
  });

  it("lists the user's customers with role and quotas, this month's charges and the invoices", async () => {
    const [customer] = (await api.get('/customers')).body as any[];
    const { quotas } = (await api.get(`/customers/${customer.customer_id}`)).body;
    const path = `/customers/${customer.customer_id}/billing`;
    const usage = (await api.get(`${path}/usage`, { query: { limit: 20 } })).body;
    const invoices = (await api.get(`${path}/invoices`, { query: { limit: 20 } })).body as any[];
    expect(usage.items.length).toBeGreaterThan(0);
    expect(invoices.length).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    const customers = page.getByRole('table', { name: 'Your customers' });
    const row =
      (await customers.locator('tbody > tr').filter({ hasText: customer.name }).textContent()) ?? '';
    for (const text of [
      'OWNER',
      'Self-service',
      `max projects: ${quotas.max_projects}`,
      `spent this month: ${quotas.spent_this_month}`,
    ])
      expect(row).toContain(text);
    const charges = page.getByRole('table', { name: `Charges in ${usage.month}` });
    await expect.poll(() => charges.locator('tbody > tr').count()).toBe(usage.items.length);
    await page
      .getByRole('heading', { name: `Usage in ${usage.month}: ${usage.total} ${usage.currency}` })
      .waitFor();
    const listed = page.getByRole('table', { name: 'Invoices' }).locator('tbody > tr');
    await expect.poll(() => listed.count()).toBe(invoices.length);
  });

  it('registers a webhook, shows its secret once, sends a test event and lists its delivery', async () => {
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const form = page.getByRole('form', { name: 'Register a webhook' });
    await form.getByLabel('Receiver URL').fill(receiver.url('/ok'));
    await form.getByRole('button', { name: 'Register' }).click();
    const secret = (await page.locator('output.secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(16);
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const hooks = page.getByRole('table', { name: 'Webhooks of the project' });
    await hooks.getByRole('link', { name: receiver.url('/ok') }).waitFor();
    expect(await page.locator('output.secret').count()).toBe(0);
    await hooks.getByRole('button', { name: 'Send test event' }).click();
    await page.waitForURL(/#\/webhooks\/whk_/);
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByRole('cell', { name: 'webhook.test', exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await settled(page);
          // The rows come with the page's first read of the deliveries, after the page itself.
          await deliveries.getByRole('cell', { name: 'webhook.test', exact: true }).waitFor();
          return deliveries.getByRole('cell', { name: 'DELIVERED', exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const got = receiver.received.map((request) => JSON.parse(request.rawBody.toString()).type);
    expect(got).toContain('webhook.test');
  });

  it('creates a daily scrape schedule, pauses and resumes it, and shows its runs', async () => {
    await page.getByRole('link', { name: 'Schedules', exact: true }).click();
    const form = page.getByRole('form', { name: 'Scrape a website every day' });
    await form.getByLabel('Website').selectOption(websiteId);
    await form.getByLabel('Time (HH:MM)').fill('05:15');
    await form.getByRole('button', { name: 'Create schedule' }).click();
    const schedules = page.getByRole('table', { name: 'Schedules of the project' });
    await schedules.getByRole('cell', { name: 'ACTIVE', exact: true }).waitFor();
    expect(await schedules.locator('tbody tr').first().textContent()).toContain('DAILY');
    await schedules.getByRole('button', { name: 'Pause', exact: true }).click();
    await schedules.getByRole('cell', { name: 'PAUSED', exact: true }).waitFor();
    const [stored] = (await api.get('/schedules', { query: { project_id: projectId } })).body as any[];
    expect(stored).toMatchObject({
      website_id: websiteId,
      status: 'PAUSED',
      cadence: { kind: 'DAILY', time: '05:15' },
    });
    await schedules.getByRole('button', { name: 'Resume', exact: true }).click();
    await schedules.getByRole('cell', { name: 'ACTIVE', exact: true }).waitFor();
    await schedules.getByRole('link', { name: stored.schedule_id }).click();
    await page.getByRole('heading', { name: `Runs of ${stored.schedule_id}` }).waitFor();
    await page.getByText('Schedule runs: none yet.').waitFor();
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
      // The first website listed compares nothing; the one set up and matched here shows the table.
      if (name === 'Price comparison') {
        await tab.getByLabel('Reference website').selectOption(websiteId);
        await tab.getByRole('table', { name: /^Price comparison of / }).waitFor();
      }
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

  it('says the service cannot be reached while a job page polls, and recovers when it is back', async () => {
    const sample = (await api.get(`/websites/${websiteId}/sample`)).body.products as { url: string }[];
    const created = await api.post('/jobs/scraping', {
      project_id: projectId,
      website_id: websiteId,
      urls: [sample[0]?.url],
    });
    expect(created.status).toBe(201);
    quotedJobHash = `#/jobs/scraping/${created.body.job_id}`;
    await page.goto(`${consoleUrl}${quotedJobHash}`);
    await expect.poll(() => statusOf(page).textContent()).toBe('AWAITING_APPROVAL');
    const jobUrl = new RegExp(`/v1/jobs/scraping/${created.body.job_id}$`);
    await page.route(jobUrl, (route) => route.abort('connectionrefused'));
    const offline = page.getByText('Cannot reach the service; retrying');
    await offline.waitFor();
    expect(await statusOf(page).textContent()).toBe('AWAITING_APPROVAL');
    await page.unroute(jobUrl);
    // The next read, up to one poll interval (2 s) later, finds the service back.
    await expect.poll(() => offline.count(), { timeout: 10_000 }).toBe(0);
    expect(await statusOf(page).textContent()).toBe('AWAITING_APPROVAL');
  });

  it("shows the second of two tabs approving the same quote the API's conflict", async () => {
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, owner.apiKey);
    await other.goto(`${consoleUrl}${quotedJobHash}`);
    await expect.poll(() => statusOf(other).textContent()).toBe('AWAITING_APPROVAL');
    // The other tab's next read of the job stays in flight, so it still offers Approve when its
    // user clicks, as a tab does between two reads.
    const jobId = quotedJobHash.split('/').at(-1);
    await other.route(new RegExp(`/v1/jobs/scraping/${jobId}$`), () => undefined);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => statusOf(page).textContent()).not.toBe('AWAITING_APPROVAL');
    await other.getByRole('button', { name: 'Approve' }).click();
    const conflict = other.getByRole('alert');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('JOB_NOT_AWAITING_APPROVAL');
    await otherContext.close();
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
    await viewerPage.goto(`${consoleUrl}#/websites/${websiteId}`);
    await viewerPage.getByRole('heading', { name: 'Sample' }).waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Remove website' }).count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: 'Quote a full scrape' }).count()).toBe(0);
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
