import { productId } from '#core/product-id';
import type { ProductRecord } from '#core/product-record';
import type { HistoryRun } from '#history/price-history';
import type { PriceObservation } from '#history/price-observation';
import type { ObjectStore } from '#store/object-store';

/**
 * Whether the service's costs grow with the work and no faster, at shops and projects of 1,000,
 * 10,000 and 100,000 products, each cost measured per product through the service's own code and
 * against the way before (its peer, measured the same way in the same run):
 *
 * - progress: the write units a FULL scrape's progress writes consume through the DynamoDB job
 *   store, as DynamoDB Local reports them (`ReturnConsumedCapacity`), over 10 batches spread evenly
 *   over the shop (each written on the job as it stands by then), against the growing per-batch
 *   map in the job item;
 * - exports: the body bytes (and requests) that reach the S3 fake, counted by a proxy in front of it,
 *   for one scrape of each of a project's 4 websites and a download of the project's file, against
 *   rebuilding the project's file from every catalog at each scrape;
 * - history: the requests reading one product's price series takes after 48 runs (every 6 hours
 *   over 12 days, across a month's end), against one read per run without merged periods;
 * - job reads: the requests and read units (as DynamoDB Local reports them) of reading running
 *   FULL scrapes through the job store: one job's poll, a page of a project's or a website's list,
 *   the open jobs the sweeper reads.
 */
const SIZES = [1_000, 10_000, 100_000] as const;

interface Row {
  size: number;
  value: number;
  peer: number;
}

function printRows(title: string, unit: string, rows: Row[], axis = 'products'): void {
  console.log(`\n${title} (${unit} per product)`);
  console.log(`${axis.padStart(8)}    this way    way before   before/this`);
  for (const row of rows) {
    console.log(
      `${String(row.size).padStart(8)}  ${row.value.toFixed(3).padStart(10)}  ${row.peer.toFixed(3).padStart(11)}  ${(row.peer / row.value).toFixed(2).padStart(11)}`,
    );
  }
  const first = rows[0] as Row;
  const last = rows.at(-1) as Row;
  const growth = last.value / first.value;
  console.log(
    `${axis === 'products' ? '100k/1k' : `${last.size}/${first.size}`}: this way ${growth.toFixed(2)} (${Math.abs(growth - 1) <= 0.2 ? 'flat within 20 %' : 'NOT flat'}), way before ${(last.peer / first.peer).toFixed(2)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Progress writes

/** The engines the service's stores measure against, with the meters that read what they report. */
interface Engines {
  writeUnits: { reset(): void; counted(): { writeUnits: number; writes: number } };
  readUnits: { reset(): void; counted(): { readUnits: number; reads: number } };
  s3: { reset(): void; counted(): { requests: number; bytesIn: number; bytesOut: number } };
}

/**
 * The write units DynamoDB Local reports (`ReturnConsumedCapacity`) for a FULL scrape's progress
 * writes through the service's DynamoDB job store, a write per page read.
 */
async function progressWriteUnits(engines: Engines): Promise<Row[]> {
  const { jobStore } = await import('#jobs/job-services');
  const { batchProgress } = await import('#scraping/batch-progress');
  const { newJobRecord } = await import('#core/job-record');
  const { estimateJob } = await import('#core/pricing');
  const BATCH_SIZE = 100;
  /**
   * A write to DynamoDB Local takes milliseconds, and a 100k shop writes 100k times a way: the batches
   * metered are a sample, whose write units depend only on the job item each starts on.
   */
  const SAMPLED_BATCHES = 10;
  const PLAN = '3f1c2a9e-5b7d-4c8e-9a1f-2b3c4d5e6f70';

  /** The job as it stands when `batch` starts, the batches before it read and counted. */
  const jobAt = (jobId: string, products: number, batch: number, way: 'this' | 'before') => ({
    ...newJobRecord({
      job_id: jobId,
      job_type: 'FULL_SCRAPE',
      status: 'RUNNING',
      project_id: 'prj_bench',
      website_id: 'web_bench',
      estimate: estimateJob({ lane: 'SCRAPE', difficulty: 'EASY', products }),
      customer_id: 'cus_bench',
      locks: [],
      now: new Date().toISOString(),
    }),
    variant: 'FULL',
    url_count: products,
    urls: null,
    url_results: null,
    source_catalog: null,
    batch_count: Math.ceil(products / BATCH_SIZE),
    scrape_run: {
      phase: 'SCRAPING_PAGES',
      pages_limit: products,
      pages_estimate: products,
      ...(way === 'this'
        ? { pages_done: batch * BATCH_SIZE, running_pages: {}, plan: PLAN }
        : {
            batch_pages: Object.fromEntries(
              Array.from({ length: batch }, (_, done) => [String(done), BATCH_SIZE]),
            ),
          }),
    },
  });

  /**
   * Write units per page of the batches metered: up to SAMPLED_BATCHES spread evenly over the shop
   * (every batch of a shop that has no more), each started on the job as it stands by then.
   */
  async function scrape(products: number, way: 'this' | 'before'): Promise<number> {
    const batches = Math.ceil(products / BATCH_SIZE);
    const metered = Math.min(SAMPLED_BATCHES, batches);
    let units = 0;
    let pagesMetered = 0;
    for (let sample = 0; sample < metered; sample++) {
      const batch = Math.floor((sample * batches) / metered);
      const jobId = `job_bench_${way}_${products}_${batch}`;
      await jobStore().put(jobAt(jobId, products, batch, way));
      engines.writeUnits.reset();
      // A job planned without a plan id is counted the way before: one entry per batch in the job item.
      const progress = batchProgress(jobId, way === 'this' ? PLAN : undefined, batch, 0);
      const pages = Math.min(BATCH_SIZE, products - batch * BATCH_SIZE);
      // A page takes longer to read than a progress write: each page's report is written.
      for (let done = 1; done <= pages; done++) {
        progress.report(done);
        await progress.settle();
      }
      await progress.count(pages);
      units += engines.writeUnits.counted().writeUnits;
      pagesMetered += pages;
      const job = (await jobStore().get(jobId)) as {
        scrape_run: { pages_done?: number; batch_pages?: Record<string, number> };
      } | null;
      const counted = job?.scrape_run.pages_done ?? job?.scrape_run.batch_pages?.[String(batch)];
      const expected = way === 'this' ? batch * BATCH_SIZE + pages : pages;
      if (counted !== expected) throw new Error(`The ${way} way counted ${counted} pages of ${expected}`);
    }
    return units / pagesMetered;
  }

  const rows: Row[] = [];
  for (const size of SIZES)
    rows.push({ size, value: await scrape(size, 'this'), peer: await scrape(size, 'before') });
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Job reads

/** How many running scrape jobs the lists read: one page of the API's default size. */
const LISTED_JOBS = 20;

/**
 * The requests and read units of the job store's reads of running FULL scrapes, each a job item of a
 * real scrape's fields with two parts' pages in its plan's progress item.
 */
async function jobReads(engines: Engines): Promise<{ read: string; reads: number; readUnits: number }[]> {
  const { jobStore } = await import('#jobs/job-services');
  const { newJobRecord } = await import('#core/job-record');
  const { estimateJob } = await import('#core/pricing');
  const { newId } = await import('#core/ids');
  const projectId = 'prj_bench_reads';
  const websiteId = 'web_bench_reads';
  const plan = '7a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
  const ids: string[] = [];
  for (let i = 0; i < LISTED_JOBS; i++) {
    const job = newJobRecord({
      job_id: newId('job'),
      job_type: 'FULL_SCRAPE',
      status: 'RUNNING',
      project_id: projectId,
      website_id: websiteId,
      estimate: estimateJob({ lane: 'SCRAPE', difficulty: 'EASY', products: 10_000 }),
      customer_id: 'cus_bench',
      locks: [],
      now: new Date().toISOString(),
    });
    await jobStore().put({
      ...job,
      variant: 'FULL',
      url_count: 10_000,
      urls: null,
      url_results: null,
      source_catalog: null,
      batch_count: 100,
      scrape_run: {
        phase: 'SCRAPING_PAGES',
        pages_limit: 10_000,
        pages_estimate: 10_000,
        pages_done: 0,
        plan,
      },
    });
    await jobStore().setRunningPages(job.job_id, plan, 0, 40);
    await jobStore().setRunningPages(job.job_id, plan, 1, 60);
    ids.push(job.job_id);
  }
  type Running = { scrape_run: { running_pages: object } };
  /** Each read, giving the jobs it read (one, or every job put). */
  const reads: [string, () => Promise<(Running | null)[]>][] = [
    ['one job (a poll, a lane step)', async () => [await jobStore().get<Running>(ids[0] as string)]],
    [
      `a page of the project's ${LISTED_JOBS} jobs`,
      async () => (await jobStore().list<Running>(projectId, 'SCRAPING', { limit: LISTED_JOBS })).values,
    ],
    [
      `a page of the website's ${LISTED_JOBS} jobs`,
      async () =>
        (await jobStore().list<Running>(projectId, 'SCRAPING', { limit: LISTED_JOBS, websiteId })).values,
    ],
    [`the ${LISTED_JOBS} open jobs (the sweeper)`, () => jobStore().open<Running>()],
  ];
  const rows = [];
  for (const [read, work] of reads) {
    engines.readUnits.reset();
    const jobs = await work();
    const counted = engines.readUnits.counted();
    const whole = jobs.length === 1 || jobs.length === LISTED_JOBS;
    if (!whole || jobs.some((job) => Object.keys(job?.scrape_run.running_pages ?? {}).length !== 2))
      throw new Error(`${read}: ${jobs.length} jobs read, or one without its two running parts' pages`);
    rows.push({ read, ...counted });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// History reads

/**
 * An object store in memory that keeps only the objects of the shards read back (shards are apart
 * by construction: a product's series is in its shard alone), so 100,000 products over 48 runs fit,
 * and counts the requests reading takes.
 */
function sampledShardStore(kept: Set<string>) {
  const objects = new Map<string, string>();
  const requests = { count: 0 };
  const shardOf = (key: string) => key.split('/')[3] ?? '';
  const store: ObjectStore = {
    put: async (key, body) => {
      if (kept.has(shardOf(key))) objects.set(key, body);
    },
    get: async (key) => {
      requests.count++;
      return objects.get(key) ?? null;
    },
    list: async (prefix) => {
      requests.count++;
      return [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    },
    delete: async (key) => void objects.delete(key),
  };
  return { store, requests };
}

async function historyReads(): Promise<Row[]> {
  const { appendHistoryRun, writeHistoryRun, readProductSeries } = await import('#history/price-history');
  const { historyShard } = await import('#core/product-id');
  const RUNS = 48;
  const START = Date.parse('2026-01-25T00:00:00.000Z');
  const urlOf = (product: number) => `https://bench-shop.example/products/item-${product}`;

  async function readsPerProduct(products: number, way: 'this' | 'before'): Promise<number> {
    const ids = Array.from({ length: products }, (_, product) => productId(urlOf(product)));
    const sample = ids.slice(0, 20);
    const { store, requests } = sampledShardStore(new Set(sample.map(historyShard)));
    for (let run = 0; run < RUNS; run++) {
      const observedAt = new Date(START + run * 6 * 3_600_000).toISOString();
      const observations = ids.map(
        (id, product): PriceObservation => ({
          product_id: id,
          url: urlOf(product),
          price: `${100 + ((product + run) % 50)}.00`,
          currency: 'EUR',
          availability: 'IN_STOCK',
          observed_at: observedAt,
          job_id: `job_run${run}`,
        }),
      );
      const history: HistoryRun = {
        projectId: 'prj_bench',
        websiteId: 'web_bench',
        jobId: `job_run${run}`,
        observations,
        previousRunAt: run === 0 ? null : new Date(START + (run - 1) * 6 * 3_600_000).toISOString(),
      };
      if (way === 'this') await appendHistoryRun(store, history);
      else await writeHistoryRun(store, history);
    }
    requests.count = 0;
    for (const id of sample) {
      const series = await readProductSeries(store, {
        projectId: 'prj_bench',
        websiteId: 'web_bench',
        productId: id,
        from: null,
        to: null,
      });
      if (series?.length !== RUNS) throw new Error(`The ${way} way read ${series?.length} points of ${RUNS}`);
    }
    return requests.count / sample.length;
  }

  const rows: Row[] = [];
  for (const size of SIZES)
    rows.push({
      size,
      value: await readsPerProduct(size, 'this'),
      peer: await readsPerProduct(size, 'before'),
    });
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Export work

const WEBSITES = 4;
/** The second axis of the exports: a project of 8,000 products held by 2 or by 8 websites. */
const WEBSITE_COUNTS = [2, 8] as const;
const PRODUCTS_ACROSS_WEBSITES = 8_000;

function product(website: number, index: number): ProductRecord {
  return {
    url: `https://shop-${website}.example/products/item-${index}`,
    name: `Cordless drill ${index} 18 V, two batteries`,
    brand: 'Bench',
    gtin: String(4_000_000_000_000 + index),
    mpn: `BD-${index}`,
    sku: `SKU-${website}-${index}`,
    price: `${49 + (index % 100)}.90`,
    currency: 'USD',
    availability: 'IN_STOCK',
    image: `https://shop-${website}.example/images/${index}.jpg`,
    category: 'Tools > Drills',
    scraped_at: '2026-11-20T10:00:00.000Z',
  };
}

async function exportWork(engines: Engines): Promise<{ bySize: ExportRows; byWebsites: ExportRows }> {
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo } = await import('#store/table-services');
  const { landWebsiteItems } = await import('#websites/dynamo-website-store');
  const { catalogPointerWrites } = await import('#websites/dynamo-catalog-store');
  const { catalogStore } = await import('#websites/catalog-services');
  const { estimateJob } = await import('#core/pricing');
  const { exportProducts, exportFileLink } = await import('#exports/project-exports');
  const { matchingReads } = await import('#matching/matching-services');
  const { jobStore } = await import('#jobs/job-services');
  const { writeExportFile } = await import('#exports/write-export-file');
  const { PRODUCT_COLUMNS, productRow } = await import('#exports/export-datasets');
  const { bundledRates } = await import('#exports/bundled-rates');

  async function cycle(
    products: number,
    way: 'this' | 'before',
    websites = WEBSITES,
  ): Promise<{ bytes: number; requests: number }> {
    const projectId = `prj_scale_${way}_${products}_${websites}`;
    const project = {
      project_id: projectId,
      name: 'Scale',
      customer_id: 'cus_bench',
      is_default: false,
      localization: { country: 'DE', currency: 'EUR', locale: 'de-DE' },
      change_threshold_percent: null,
      auto_accept_confidence: 0.9,
      created_at: '2026-11-20T00:00:00.000Z',
      updated_at: '2026-11-20T00:00:00.000Z',
    } as Parameters<typeof exportProducts>[0] & object;
    const perWebsite = products / websites;
    const websiteIds = Array.from({ length: websites }, (_, website) => `web_${projectId}_${website}`);
    const sources = [];
    for (const [website, websiteId] of websiteIds.entries()) {
      const catalog = Array.from({ length: perWebsite }, (_, index) => product(website, index));
      const version = `job_${websiteId}`;
      const objectKey = await catalogStore.write(projectId, websiteId, version, catalog);
      const now = new Date(Date.parse('2026-11-20T00:00:00.000Z') + website).toISOString();
      const pointer = {
        website_id: websiteId,
        project_id: projectId,
        version,
        object_key: objectKey,
        variant: 'FULL' as const,
        products: perWebsite,
        created_at: now,
      };
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            ...landWebsiteItems(
              {
                website_id: websiteId,
                project_id: projectId,
                url: `https://shop-${website}.example/`,
                domain: `shop-${website}.example`,
                language: 'en',
                product_type: 'tools',
                products_estimate: perWebsite,
                difficulty: 'EASY',
                rendering: 'HTTP',
                estimate: estimateJob({ lane: 'SCRAPE', difficulty: 'EASY', products: perWebsite }),
                setup_job_id: `job_setup_${websiteId}`,
                created_at: now,
                updated_at: now,
              },
              null,
              [],
            ),
            ...catalogPointerWrites(pointer, ['FULL', 'COMPLETE']),
          ],
        }),
      );
      sources.push({ websiteId, pointer });
    }
    engines.s3.reset();
    // One cycle: each website scraped once, then the project's file downloaded once.
    for (const websiteId of websiteIds) {
      if (way === 'this') await exportProducts(project, websiteId, null);
      else {
        // What the EXPORTING step did before: the website's file, then the project's from every catalog.
        for (const scope of [websiteId, null]) {
          const scoped = sources.filter((source) => scope === null || source.websiteId === scope);
          const conversion = { currency: 'EUR', rates: await bundledRates.current() };
          const catalogs = await Promise.all(scoped.map((source) => catalogStore.read(source.pointer)));
          await writeExportFile(project, conversion, {
            dataset: 'products',
            websiteId: scope,
            jobId: null,
            columns: PRODUCT_COLUMNS,
            rows: function* () {
              for (const [index, source] of scoped.entries())
                for (const record of catalogs[index] ?? [])
                  yield productRow(source.websiteId, record, conversion);
            },
            sources: scoped,
          });
        }
      }
    }
    await exportFileLink(
      project,
      'products',
      { websiteId: null, jobId: null, format: 'csv' },
      matchingReads,
      jobStore(),
    );
    const { requests, bytesIn, bytesOut } = engines.s3.counted();
    return { bytes: (bytesIn + bytesOut) / products, requests };
  }

  const measure = async (size: number, products: number, websites?: number) => {
    const value = await cycle(products, 'this', websites);
    const peer = await cycle(products, 'before', websites);
    return {
      bytes: { size, value: value.bytes, peer: peer.bytes },
      requests: { size, value: value.requests, peer: peer.requests },
    };
  };
  const bySize: ExportRows = { bytes: [], requests: [] };
  for (const size of SIZES) {
    const { bytes, requests } = await measure(size, size);
    bySize.bytes.push(bytes);
    bySize.requests.push(requests);
  }
  const byWebsites: ExportRows = { bytes: [], requests: [] };
  for (const websites of WEBSITE_COUNTS) {
    const { bytes, requests } = await measure(websites, PRODUCTS_ACROSS_WEBSITES, websites);
    byWebsites.bytes.push(bytes);
    byWebsites.requests.push(requests);
  }
  return { bySize, byWebsites };
}

/** Bytes per product, and requests per cycle, that reached the S3 fake. */
interface ExportRows {
  bytes: Row[];
  requests: Row[];
}

function printRequests(rows: Row[], axis = 'products'): void {
  console.log(`requests to the S3 fake per cycle (${axis}: this way / way before)`);
  for (const row of rows) console.log(`${String(row.size).padStart(8)}  ${row.value} / ${row.peer}`);
}

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`\n(measured in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return result;
}

/**
 * DynamoDB Local and the S3 fake, with the meters that count what reaches them; the service's stores
 * reach them through the environment, set before any of them is first used.
 */
async function startEngines(): Promise<Engines & { stop(): Promise<void> }> {
  const { startDynamoDbLocal } = await import('#local/dynamodb-local');
  const { startS3Fake } = await import('#local/s3-fake');
  const { createTable } = await import('#local/create-table');
  const { LOCAL_BUCKETS } = await import('#local/start-stack');
  const { startCountingProxy } = await import('./counting-proxy.ts');
  const [dynamoLocal, s3Fake] = await Promise.all([
    startDynamoDbLocal(),
    startS3Fake({ buckets: Object.values(LOCAL_BUCKETS) }),
  ]);
  const s3 = await startCountingProxy(s3Fake.endpoint);
  await createTable(dynamoLocal.endpoint, 'pds-bench-scale');
  Object.assign(process.env, {
    TABLE_NAME: 'pds-bench-scale',
    DYNAMODB_ENDPOINT: dynamoLocal.endpoint,
    S3_ENDPOINT: s3.url,
    DATA_BUCKET: LOCAL_BUCKETS.data,
    EXPORTS_BUCKET: LOCAL_BUCKETS.exports,
    LOG_LEVEL: 'silent',
  });
  const { dynamo } = await import('#store/table-services');
  const { meterReadUnits, meterWriteUnits } = await import('#test/dynamo-capacity-meter');
  return {
    writeUnits: meterWriteUnits(dynamo()),
    readUnits: meterReadUnits(dynamo()),
    s3,
    stop: async () => {
      await s3.stop();
      await Promise.all([dynamoLocal.stop(), s3Fake.stop()]);
    },
  };
}

export async function runScaleBench(): Promise<void> {
  const engines = await startEngines();
  try {
    // First, while the table holds no other open job.
    const reads = await timed(() => jobReads(engines));
    console.log(
      '\nReads of running FULL scrapes through the job store: requests, read units DynamoDB Local reports',
    );
    for (const row of reads)
      console.log(
        `${row.read.padEnd(40)}  ${String(row.reads).padStart(3)}  ${row.readUnits.toFixed(1).padStart(6)}`,
      );
    printRows(
      'Progress writes of a FULL scrape: write units DynamoDB Local reports',
      'write units',
      await timed(() => progressWriteUnits(engines)),
    );
    const exports = await timed(() => exportWork(engines));
    printRows(
      `Exports of a project of ${WEBSITES} websites, each scraped once, the project's file downloaded once: body bytes sent to and answered by the S3 fake`,
      'bytes',
      exports.bySize.bytes,
    );
    printRequests(exports.bySize.requests);
    printRows(
      `The same for a project of ${PRODUCTS_ACROSS_WEBSITES} products held by more websites`,
      'bytes',
      exports.byWebsites.bytes,
      'websites',
    );
    printRequests(exports.byWebsites.requests, 'websites');
  } finally {
    await engines.stop();
  }
  printRows(
    "A product's price history after 48 runs: requests to read its series",
    'requests',
    await timed(historyReads),
  );
}
