import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { commands } from '#admin/commands';
import { bundledRates } from '#exports/bundled-rates';
import { convertPrice } from '#exports/convert-price';
import { PRODUCT_COLUMNS } from '#exports/export-datasets';
import { exportMatches } from '#exports/project-exports';
import { putRunMatches } from '#exports/run-matches';
import type { ShopSpec } from '#fixtures/shop-spec';
import { type RunningShop, startShop } from '#fixtures/start-shop';
import { type RunningStack, startStack } from '#local/start-stack';
import { matchingReads } from '#matching/matching-services';
import { setting } from '#platform/config';
import { dynamo } from '#store/table-services';
import type { ApiClient } from '#test/api-client';
import { expectProblem } from '#test/expect-problem';
import { s3Error, startFaultProxy } from '#test/fault-proxy';
import { pollJob } from '#test/jobs';
import { addProjectMember, newCustomer, newProject, newUser } from '#test/operator';
import { landWebsite, startOwnedProject } from '#test/owned-project';
import { readCsv, readCsvObjects } from '#test/read-csv';
import { readParquet, readXlsx } from '#test/read-export-files';
import { catalogStore } from '#websites/catalog-services';
import { catalogPointerWrites } from '#websites/dynamo-catalog-store';

// S3 goes through a fault proxy, so the outage rows can fail the exports bucket alone.
const engines = inject('engines');
const s3 = await startFaultProxy(engines.s3Endpoint);
process.env.SCRAPE_BATCH_SIZE = '10';

/** A small shop selling in USD, scraped for real into the catalog the exports are built from. */
const SHOP: ShopSpec = {
  name: 'exports-shop',
  platform: 'woocommerce',
  data: 'JSONLD',
  products: 12,
  language: 'en',
  market: 'US',
  theme: 'ELECTRONICS',
  sitemap: 'INDEX',
};

let stack: RunningStack;
let api: ApiClient;
let owner: { userId: string; apiKey: string };
let customerId: string;
let projectId: string;
let websiteId: string;
let shop: RunningShop;

beforeAll(async () => {
  stack = await startStack({
    port: 0,
    engines: { dynamodbEndpoint: engines.dynamodbEndpoint, s3Endpoint: s3.url },
    tableName: setting('TABLE_NAME'),
  });
  ({ api, customerId, owner, projectId } = await startOwnedProject({ stack })); // DE, EUR
  shop = await startShop(SHOP);
  websiteId = (await landWebsite(api, projectId, shop.url, { country: 'US', currency: 'USD' })).website_id;
  await commands.credit({ customer: customerId, amount: '50.00', reason: 'exports tests' });
  const scrape = await api.post('/jobs/scraping', {
    project_id: projectId,
    website_id: websiteId,
    variant: 'FULL',
  });
  expect((await api.post(`/jobs/scraping/${scrape.body.job_id}/approve`)).status).toBe(200);
  const scraped = await pollJob(api, `/jobs/scraping/${scrape.body.job_id}`);
  if (scraped.job.status !== 'COMPLETED')
    throw new Error(`scrape ended ${scraped.job.status}: ${scraped.job.error}`);
});

afterAll(async () => {
  await stack?.stop();
  await Promise.all([shop?.close(), s3.stop()]);
});

afterEach(() => {
  s3.failWhen(undefined);
  delete process.env.EXPORTS_MAINTENANCE;
});

const exportUrl = (query: Record<string, string | undefined>, dataset = 'products', client = api) =>
  client.get(`/exports/${dataset}/url`, { query: { project_id: projectId, ...query } });

async function download(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The rows the catalog should give, prices converted to `currency` with the bundled rates. */
async function expectedRows(currency: string) {
  const rates = await bundledRates.current();
  const catalog = await catalogStore.read(
    (await catalogStore.latest(websiteId)) as NonNullable<Awaited<ReturnType<typeof catalogStore.latest>>>,
  );
  return catalog.map((product) => ({
    website_id: websiteId,
    url: product.url,
    name: product.name ?? '',
    brand: product.brand ?? '',
    gtin: product.gtin ?? '',
    mpn: product.mpn ?? '',
    sku: product.sku ?? '',
    price:
      product.price && product.currency
        ? (convertPrice(product.price, product.currency, currency, rates) ?? '')
        : '',
    currency: product.price ? currency : '',
    original_price: product.price ?? '',
    original_currency: product.currency ?? '',
    availability: product.availability,
    image: product.image ?? '',
    category: product.category ?? '',
    scraped_at: product.scraped_at,
    canonical_url: product.canonical_url ?? '',
    price_max:
      product.price_max && product.currency
        ? (convertPrice(product.price_max, product.currency, currency, rates) ?? '')
        : '',
    price_from: product.price ? String(product.price_from === true) : '',
    variant_group: product.variant_group ?? '',
    variant_attributes: product.variant_attributes ? JSON.stringify(product.variant_attributes) : '',
    unit_price:
      product.unit_price && product.currency
        ? (convertPrice(product.unit_price, product.currency, currency, rates) ?? '')
        : '',
    unit:
      product.unit_price &&
      product.currency &&
      convertPrice(product.unit_price, product.currency, currency, rates)
        ? (product.unit ?? '')
        : '',
    field_sources: product.field_sources ? JSON.stringify(product.field_sources) : '',
  }));
}

describe('exports of a scraped catalog', () => {
  it('lists the products files the scrape’s EXPORTING step wrote: the website’s in every format, the project’s composed file as CSV and JSON Lines until it is written', async () => {
    const listed = await api.get('/exports', { query: { project_id: projectId } });
    expect(listed.status).toBe(200);
    const common = {
      dataset: 'products',
      job_id: null,
      rows: shop.groundTruth.products.length,
      currency: 'EUR',
      bytes: expect.any(Number),
      updated_at: expect.any(String),
    };
    expect(listed.body).toEqual(
      expect.arrayContaining([
        ...['csv', 'jsonl', 'xlsx', 'parquet'].map((format) => ({
          ...common,
          format,
          website_id: websiteId,
        })),
        ...['csv', 'jsonl'].map((format) => ({ ...common, format, website_id: null })),
      ]),
    );
    expect(listed.body).toHaveLength(6);
  });

  it('gives a 15-minute presigned URL whose CSV holds the catalog with prices in the project currency', async () => {
    const before = Date.now();
    const link = await exportUrl({ website_id: websiteId });
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      dataset: 'products',
      project_id: projectId,
      website_id: websiteId,
      job_id: null,
      format: 'csv',
      url: expect.stringContaining('X-Amz-Expires=900'),
      expires_at: expect.any(String),
    });
    const expiresIn = Date.parse(link.body.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(899_000);
    expect(expiresIn).toBeLessThan(901_000 + 5_000);

    const file = await download(link.body.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(readCsv(file.text)[0]).toEqual([...PRODUCT_COLUMNS]);
    const rows = readCsvObjects(file.text);
    expect(rows).toEqual(await expectedRows('EUR'));
    expect(rows.every((row) => row.original_currency === 'USD' && /^\d+\.\d{2}$/.test(row.price ?? ''))).toBe(
      true,
    );
    const listed = (await api.get('/exports', { query: { project_id: projectId } })).body;
    expect(listed.find((item: any) => item.website_id === websiteId && item.format === 'csv').bytes).toBe(
      Buffer.byteLength(file.text),
    );

    const all = await exportUrl({});
    expect(all.body.website_id).toBeNull();
    expect(readCsvObjects((await download(all.body.url)).text)).toEqual(rows);
  });

  it('rebuilds the file in the new currency after the project’s currency changes', async () => {
    const patched = await api.patch(`/projects/${projectId}`, {
      localization: { country: 'JP', currency: 'JPY' },
    });
    expect(patched.status).toBe(200);
    const link = await exportUrl({ website_id: websiteId });
    const rows = readCsvObjects((await download(link.body.url)).text);
    expect(rows).toEqual(await expectedRows('JPY'));
    expect(rows.every((row) => row.currency === 'JPY' && /^\d+$/.test(row.price ?? ''))).toBe(true);
    const listed = (await api.get('/exports', { query: { project_id: projectId } })).body;
    expect(listed.find((item: any) => item.website_id === websiteId).currency).toBe('JPY');
    // The file of all websites is rebuilt when it is asked for.
    expect(listed.find((item: any) => item.website_id === null).currency).toBe('EUR');

    await api.patch(`/projects/${projectId}`, { localization: null });
    const shopPrices = readCsvObjects((await download((await exportUrl({})).body.url)).text);
    expect(shopPrices.every((row) => row.currency === 'USD' && row.price === row.original_price)).toBe(true);
    await api.patch(`/projects/${projectId}`, { localization: { country: 'DE', currency: 'EUR' } });
  });

  it('redirects GET /exports/{dataset} to the file (302)', async () => {
    const response = await api.get('/exports/products', {
      query: { project_id: projectId, website_id: websiteId },
    });
    expect(response.status).toBe(302);
    const file = await download(response.headers.get('location') as string);
    expect(readCsvObjects(file.text)).toEqual(await expectedRows('EUR'));
  });

  it('gives the same rows as JSON Lines with format=jsonl, raw values and nulls for empty cells', async () => {
    const link = await exportUrl({ website_id: websiteId, format: 'jsonl' });
    expect(link.body).toMatchObject({ format: 'jsonl', url: expect.stringContaining('.jsonl') });
    const file = await download(link.body.url);
    expect(file.type).toBe('application/x-ndjson; charset=utf-8');
    const records = file.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string | boolean | null>);
    // The raw values as the CSV prints them: booleans (`price_from`) stay booleans in JSON Lines.
    // `field_sources` is an object in JSON Lines, its JSON text in the CSV.
    const asCsv = (record: Record<string, string | boolean | null | object>) =>
      Object.fromEntries(
        Object.entries(record).map(([column, value]) => [
          column,
          value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
        ]),
      );
    expect(records.every((record) => typeof record.field_sources === 'object')).toBe(true);
    expect(records.every((record) => typeof record.price_from === 'boolean')).toBe(true);
    expect(records.map(asCsv)).toEqual(await expectedRows('EUR'));
    expect(Object.keys(records[0] ?? {})).toEqual([...PRODUCT_COLUMNS]);
  });

  it('gives the same rows as an Excel workbook (format=xlsx) and as Parquet (format=parquet), typed, read by other readers', async () => {
    // A typed cell as the CSV prints it: booleans (`price_from`) as true/false, empty cells empty.
    const asCsv = (cells: readonly unknown[]) =>
      Object.fromEntries(
        PRODUCT_COLUMNS.map((column, index) => [column, cells[index] === null ? '' : String(cells[index])]),
      );
    const expected = await expectedRows('EUR');
    const files: Record<string, Buffer> = {};
    for (const [format, type] of [
      ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['parquet', 'application/vnd.apache.parquet'],
    ] as const) {
      const link = await exportUrl({ website_id: websiteId, format });
      expect(link.body).toMatchObject({ format, url: expect.stringContaining(`.${format}`) });
      const response = await fetch(link.body.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      files[format] = Buffer.from(await response.arrayBuffer());
      const listed = (await api.get('/exports', { query: { project_id: projectId } })).body;
      expect(listed.find((item: any) => item.website_id === websiteId && item.format === format).bytes).toBe(
        files[format]?.byteLength,
      );
    }

    const [sheet, ...others] = await readXlsx(files.xlsx as Buffer);
    expect(others).toEqual([]);
    expect(sheet?.sheet).toBe('products');
    const [header, ...rows] = sheet?.rows ?? [];
    expect(header).toEqual([...PRODUCT_COLUMNS]);
    expect(rows.map(asCsv)).toEqual(expected);
    expect(rows.every((row) => typeof row[PRODUCT_COLUMNS.indexOf('price_from')] === 'boolean')).toBe(true);

    const parquet = await readParquet(files.parquet as Buffer);
    expect(parquet.columns.price).toEqual({ type: 'BYTE_ARRAY', logical: 'UTF8', optional: true });
    expect(parquet.columns.field_sources).toEqual({ type: 'BYTE_ARRAY', logical: 'JSON', optional: true });
    expect(parquet.columns.price_from).toEqual({ type: 'BOOLEAN', logical: undefined, optional: true });
    expect(parquet.rows.map((row) => asCsv(PRODUCT_COLUMNS.map((column) => row[column])))).toEqual(expected);
  });

  it('composes the project’s products file when asked for as xlsx, and then lists it in every format', async () => {
    const link = await exportUrl({ format: 'xlsx' });
    expect(link.body).toMatchObject({ website_id: null, format: 'xlsx' });
    const response = await fetch(link.body.url);
    expect(response.status).toBe(200);
    const [sheet] = await readXlsx(Buffer.from(await response.arrayBuffer()));
    expect(sheet?.rows).toHaveLength(shop.groundTruth.products.length + 1);
    const listed = (await api.get('/exports', { query: { project_id: projectId } })).body;
    expect(
      listed
        .filter((item: any) => item.dataset === 'products' && item.website_id === null)
        .map((item: any) => item.format)
        .sort(),
    ).toEqual(['csv', 'jsonl', 'parquet', 'xlsx']);
  });
});

describe('match datasets', () => {
  it('serve the files the matching lane writes: one row per match, one per reference product', async () => {
    // A competitor's catalog through the catalog store: the reference products at other prices in CZK.
    const reference = await catalogStore.read((await catalogStore.latest(websiteId)) as any);
    const competitor = 'web_competitor';
    const offers = reference.slice(0, 3).map((product, index) => ({
      ...product,
      url: `https://competitor.test/p/${index}`,
      price: `${1000 + index}.00`,
      currency: 'CZK',
    }));
    // The third sold as a 4-pack, which the price comparison must compare per piece and flag.
    const pack = offers[2] as (typeof offers)[number];
    Object.assign(pack, { name: `${pack.name} 4-pack`, unit_price: '250.50', unit: 'piece' });
    const objectKey = await catalogStore.write(projectId, competitor, 'job_competitor', offers);
    const pointer = {
      website_id: competitor,
      project_id: projectId,
      version: 'job_competitor',
      object_key: objectKey,
      variant: 'FULL' as const,
      products: offers.length,
      created_at: new Date().toISOString(),
    };
    await dynamo().send(
      new TransactWriteCommand({ TransactItems: catalogPointerWrites(pointer, ['COMPLETE']) }),
    );
    const matches = offers.map((offer, index) => ({
      reference_website_id: websiteId,
      reference_url: reference[index]?.url as string,
      competitor_website_id: competitor,
      competitor_url: offer.url,
      score: 0.9,
      method: 'GTIN',
      // Equal GTINs decide: AUTO, so the price comparison compares them.
      confidence: 1,
    }));
    // The matches as the matching lane stores a job's, which a later rebuild of the files reads.
    await putRunMatches('job_matching', matches);
    await exportMatches(
      projectId,
      {
        job_id: 'job_matching',
        reference_website_id: websiteId,
        competitor_website_ids: [competitor],
        matches,
      },
      matchingReads,
    );

    const rates = await bundledRates.current();
    const matched = await exportUrl({ website_id: websiteId }, 'matches');
    expect(matched.status).toBe(200);
    const rows = readCsvObjects((await download(matched.body.url)).text);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({
      reference_url: reference[1]?.url,
      competitor_url: 'https://competitor.test/p/1',
      competitor_price: convertPrice('1001.00', 'CZK', 'EUR', rates),
      currency: 'EUR',
      score: '0.9',
      method: 'GTIN',
    });
    const comparison = await api.get('/exports/price_comparison', {
      query: { project_id: projectId, website_id: websiteId },
    });
    expect(comparison.status).toBe(302);
    const compared = readCsvObjects((await download(comparison.headers.get('location') as string)).text);
    expect(compared).toHaveLength(reference.length);
    expect(compared[0]).toMatchObject({
      reference_url: reference[0]?.url,
      [`${competitor}_url`]: 'https://competitor.test/p/0',
      [`${competitor}_price`]: convertPrice('1000.00', 'CZK', 'EUR', rates),
      [`${competitor}_original_currency`]: 'CZK',
    });
    expect(compared[0]?.[`${competitor}_pack_differs`]).toBe('false');
    expect(compared[2]).toMatchObject({
      [`${competitor}_price`]: convertPrice('1002.00', 'CZK', 'EUR', rates),
      [`${competitor}_unit_price`]: convertPrice('250.50', 'CZK', 'EUR', rates),
      [`${competitor}_unit`]: 'piece',
      [`${competitor}_pack_differs`]: 'true',
    });
    expect(compared[5]?.[`${competitor}_url`]).toBe('');
    expect(compared[5]?.[`${competitor}_pack_differs`]).toBe('');
    const listed = (await api.get('/exports', { query: { project_id: projectId } })).body;
    expect(listed.filter((item: any) => item.dataset !== 'products')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dataset: 'matches', website_id: websiteId, rows: 3 }),
        expect.objectContaining({
          dataset: 'price_comparison',
          website_id: websiteId,
          rows: reference.length,
        }),
      ]),
    );
  });

  it('are rebuilt from the stored matches in the new currency after the project’s currency changes', async () => {
    const before = readCsvObjects(
      (await download((await exportUrl({ website_id: websiteId }, 'matches')).body.url)).text,
    );
    expect(before.every((row) => row.currency === 'EUR')).toBe(true);
    const patched = await api.patch(`/projects/${projectId}`, {
      localization: { country: 'JP', currency: 'JPY' },
    });
    expect(patched.status).toBe(200);

    const rates = await bundledRates.current();
    const matched = await exportUrl({ website_id: websiteId }, 'matches');
    expect(matched.status).toBe(200);
    const rows = readCsvObjects((await download(matched.body.url)).text);
    expect(rows.map((row) => [row.reference_url, row.competitor_url, row.score, row.method])).toEqual(
      before.map((row) => [row.reference_url, row.competitor_url, row.score, row.method]),
    );
    expect(rows[1]).toMatchObject({
      competitor_price: convertPrice('1001.00', 'CZK', 'JPY', rates),
      currency: 'JPY',
    });
    expect(rows.every((row) => row.currency === 'JPY' && /^\d+$/.test(row.reference_price ?? ''))).toBe(true);
    const comparison = await exportUrl({ website_id: websiteId }, 'price_comparison');
    const compared = readCsvObjects((await download(comparison.body.url)).text);
    expect(compared[0]).toMatchObject({
      web_competitor_price: convertPrice('1000.00', 'CZK', 'JPY', rates),
      currency: 'JPY',
    });
    const listed = (await api.get('/exports', { query: { project_id: projectId } })).body;
    expect(
      listed.filter((item: any) => item.dataset !== 'products').map((item: any) => item.currency),
    ).toEqual(Array(8).fill('JPY')); // matches and price_comparison, each in four formats
    await api.patch(`/projects/${projectId}`, { localization: { country: 'DE', currency: 'EUR' } });
  });
});

describe('who may export what', () => {
  it('lets a PROJECT key download without project_id, and hides other projects from it (404)', async () => {
    const key = await api.post('/account/api-keys', { name: 'exports', project_id: projectId });
    const projectKey = api.withKey(key.body.api_key);
    const response = await projectKey.get('/exports/products');
    expect(response.status).toBe(302);
    expect((await download(response.headers.get('location') as string)).status).toBe(200);
    expect((await projectKey.get('/exports/products', { query: { project_id: projectId } })).status).toBe(
      302,
    );

    const otherProject = await newProject(customerId, owner.userId, 'Other');
    expectProblem(
      await projectKey.get('/exports/products', { query: { project_id: otherProject } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    expectProblem(
      await exportUrl({ project_id: otherProject }, 'products', projectKey),
      404,
      'PROJECT_NOT_FOUND',
    );
    expect((await exportUrl({}, 'products', projectKey)).status).toBe(200);
  });

  it('needs project_id with a USER key (400 PROJECT_ID_REQUIRED)', async () => {
    expectProblem(await api.get('/exports/products'), 400, 'PROJECT_ID_REQUIRED');
    expect((await api.get('/exports/products/url')).status).toBe(422);
  });

  it('answers any project role, and 404 to strangers, unknown projects and managed customers’ projects', async () => {
    const viewer = await newUser();
    await addProjectMember(projectId, viewer.userId, 'VIEWER');
    expect((await exportUrl({}, 'products', api.withKey(viewer.apiKey))).status).toBe(200);
    const stranger = api.withKey((await newUser()).apiKey);
    expectProblem(
      await stranger.get('/exports', { query: { project_id: projectId } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    expectProblem(await exportUrl({}, 'products', stranger), 404, 'PROJECT_NOT_FOUND');
    expectProblem(
      await api.get('/exports', { query: { project_id: 'prj_unknown' } }),
      404,
      'PROJECT_NOT_FOUND',
    );
    const managed = await newCustomer('Managed', true);
    const operator = await newUser(managed, 'OWNER');
    const managedProject = await newProject(managed, operator.userId);
    expectProblem(
      await api.withKey(operator.apiKey).get('/exports', { query: { project_id: managedProject } }),
      404,
      'PROJECT_NOT_FOUND',
    );
  });

  it('answers 404 for an unknown dataset, a dataset without a file and a website of another project', async () => {
    expectProblem(await exportUrl({}, 'prices'), 404, 'DATASET_NOT_FOUND');
    expectProblem(await exportUrl({}, 'matches'), 404, 'EXPORT_FILE_NOT_FOUND');
    expectProblem(await exportUrl({}, 'price_comparison'), 404, 'EXPORT_FILE_NOT_FOUND');
    expectProblem(
      await api.get('/exports/matches', { query: { project_id: projectId } }),
      404,
      'EXPORT_FILE_NOT_FOUND',
    );
    expectProblem(await exportUrl({ website_id: 'web_unknown' }), 404, 'WEBSITE_NOT_FOUND');
    const otherProject = await newProject(customerId, owner.userId, 'No catalogs');
    expectProblem(await exportUrl({ project_id: otherProject }), 404, 'EXPORT_FILE_NOT_FOUND');
    expect((await api.get('/exports', { query: { project_id: otherProject } })).body).toEqual([]);
  });

  it('answers 403 EXPORTS_NOT_ENABLED while operators have exports off for the project', async () => {
    await commands['set-exports']({ project: projectId, enabled: 'false' });
    expectProblem(await exportUrl({}), 403, 'EXPORTS_NOT_ENABLED');
    expectProblem(
      await api.get('/exports/products', { query: { project_id: projectId } }),
      403,
      'EXPORTS_NOT_ENABLED',
    );
    expect((await api.get('/exports', { query: { project_id: projectId } })).status).toBe(200);
    await commands['set-exports']({ project: projectId, enabled: 'true' });
    expect((await exportUrl({})).status).toBe(200);
    await expect(commands['set-exports']({ project: 'prj_unknown', enabled: 'true' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('exports when they cannot be served', () => {
  it('answers 503 EXPORTS_MAINTENANCE on every exports route while the maintenance flag is set', async () => {
    process.env.EXPORTS_MAINTENANCE = 'true';
    expectProblem(
      await api.get('/exports', { query: { project_id: projectId } }),
      503,
      'EXPORTS_MAINTENANCE',
    );
    expectProblem(await exportUrl({}), 503, 'EXPORTS_MAINTENANCE');
    expectProblem(
      await api.get('/exports/products', { query: { project_id: projectId } }),
      503,
      'EXPORTS_MAINTENANCE',
    );
  });

  it('answers 503 EXPORTS_MAINTENANCE when the exports bucket cannot be reached', async () => {
    s3.failWhen((request) =>
      request.path.includes('/pds-exports-local/') ? s3Error(503, 'ServiceUnavailable') : undefined,
    );
    const response = await exportUrl({ website_id: websiteId });
    expectProblem(response, 503, 'EXPORTS_MAINTENANCE');
    expect(response.text).not.toContain('ServiceUnavailable');
  });
});
