import { historyShard } from '#core/product-id';
import type { ObjectStore } from '#store/object-store';
import { compactionsDue } from './history-compaction.ts';
import type { PriceObservation } from './price-observation.ts';

/**
 * The price history of a website: append-only JSON Lines objects in the data bucket, one per history
 * shard and scrape run (`history/<project>/<website>/<shard>/<first>_<last>_<job>.jsonl`, where first
 * and last are the earliest and latest observation times in it). A product's shard follows from its
 * id (`historyShard`), so its series is the objects of one shard out of 256: listing the shard's keys
 * tells from their names which runs overlap a time range, and only those are read. A run is never
 * rewritten; writing it again (a retried task) puts the same keys with the same lines. The runs of
 * ended days and months are merged into period objects (`history-compaction.ts`) as runs are
 * written, so a product's series is read in a number of requests bounded by the calendar.
 */
export const historyPrefix = (projectId: string, websiteId: string) => `history/${projectId}/${websiteId}/`;

const shardPrefix = (projectId: string, websiteId: string, shard: string) =>
  `${historyPrefix(projectId, websiteId)}${shard}/`;

/** Objects read or written at once. */
const PARALLEL = 16;

async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += PARALLEL)
    results.push(...(await Promise.all(items.slice(start, start + PARALLEL).map(work))));
  return results;
}

export interface HistoryRun {
  projectId: string;
  websiteId: string;
  jobId: string;
  observations: readonly PriceObservation[];
  /**
   * When the website's run before this one was recorded. Periods can only have ended, and objects
   * be merged, when a day has passed since: runs of the same day list nothing. Absent or null (a
   * first run): nothing to merge.
   */
  previousRunAt?: string | null;
}

/**
 * Appends one scrape run's observations, one object per shard it has products in, then, on the
 * first run of a day, merges the shards' objects of the periods that have ended; returns the
 * objects the run wrote.
 */
export async function appendHistoryRun(objects: ObjectStore, run: HistoryRun): Promise<number> {
  const shards = await writeHistoryRun(objects, run);
  const newest = run.observations.reduce(
    (latest, observation) => (observation.observed_at > latest ? observation.observed_at : latest),
    '',
  );
  if (!run.previousRunAt || run.previousRunAt.slice(0, 10) >= newest.slice(0, 10)) return shards.length;
  await inParallel(shards, (shard) =>
    compactShard(objects, shardPrefix(run.projectId, run.websiteId, shard), newest),
  );
  return shards.length;
}

/** Writes one scrape run's objects, one per shard it has products in, merging nothing; returns the shards. */
export async function writeHistoryRun(objects: ObjectStore, run: HistoryRun): Promise<string[]> {
  const byShard = new Map<string, PriceObservation[]>();
  for (const observation of run.observations) {
    const shard = historyShard(observation.product_id);
    const held = byShard.get(shard);
    if (held) held.push(observation);
    else byShard.set(shard, [observation]);
  }
  await inParallel([...byShard], ([shard, observations]) => {
    const times = observations.map((observation) => observation.observed_at).sort();
    const key = `${shardPrefix(run.projectId, run.websiteId, shard)}${times[0]}_${times.at(-1)}_${run.jobId}.jsonl`;
    return objects.put(key, observations.map((observation) => `${JSON.stringify(observation)}\n`).join(''));
  });
  return [...byShard.keys()];
}

/** An observation's identity: a retried run, or a merge read half done, gives the same one twice. */
const observationKey = (observation: PriceObservation) =>
  `${observation.product_id} ${observation.observed_at} ${observation.job_id}`;

function withoutRepeats(observations: PriceObservation[]): PriceObservation[] {
  const seen = new Set<string>();
  return observations.filter((observation) => {
    const key = observationKey(observation);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const parseLines = (text: string | null) =>
  (text ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as PriceObservation);

/**
 * Merges the shard's objects of ended periods: the merged object is written before its sources are
 * removed, so a reader meanwhile sees every observation (twice at worst, which reading drops), and
 * two runs merging at once write the same lines.
 */
async function compactShard(objects: ObjectStore, prefix: string, newest: string): Promise<void> {
  const names = (await objects.list(prefix)).map((key) => key.slice(prefix.length));
  for (const { target, sources } of compactionsDue(names, newest)) {
    const texts = await inParallel(sources, (name) => objects.get(`${prefix}${name}`));
    const merged = withoutRepeats(texts.flatMap(parseLines)).sort(
      (a, b) => a.observed_at.localeCompare(b.observed_at) || a.product_id.localeCompare(b.product_id),
    );
    await objects.put(
      `${prefix}${target}`,
      merged.map((observation) => `${JSON.stringify(observation)}\n`).join(''),
    );
    await inParallel(
      sources.filter((name) => name !== target),
      (name) => objects.delete(`${prefix}${name}`),
    );
  }
}

/** A time range, both ends included; an open end is null. */
export interface TimeRange {
  from: string | null;
  to: string | null;
}

/** Whether the run object's key says it may hold observations in the range. */
function overlaps(key: string, range: TimeRange): boolean {
  const [first = '', last = ''] = (key.split('/').at(-1) ?? '').split('_');
  return (range.from === null || last >= range.from) && (range.to === null || first <= range.to);
}

/** The product's observations in an object's text, read only when the text names the product. */
function productLines(text: string, productId: string): PriceObservation[] {
  if (!text.includes(productId)) return [];
  return text
    .split('\n')
    .filter((line) => line.includes(productId))
    .map((line) => JSON.parse(line) as PriceObservation)
    .filter((observation) => observation.product_id === productId);
}

export interface ProductSeriesQuery extends TimeRange {
  projectId: string;
  websiteId: string;
  productId: string;
}

/**
 * The product's observations in the range, oldest first, reading only its shard's runs that overlap
 * the range; null when the product was never seen (its shard's other runs are read to tell, which
 * only an empty answer pays for).
 */
export async function readProductSeries(
  objects: ObjectStore,
  query: ProductSeriesQuery,
): Promise<PriceObservation[] | null> {
  const keys = await objects.list(
    shardPrefix(query.projectId, query.websiteId, historyShard(query.productId)),
  );
  const inRange = (observation: PriceObservation) =>
    (query.from === null || observation.observed_at >= query.from) &&
    (query.to === null || observation.observed_at <= query.to);
  const read = async (key: string) => productLines((await objects.get(key)) ?? '', query.productId);
  const candidates = keys.filter((key) => overlaps(key, query));
  const points = withoutRepeats((await inParallel(candidates, read)).flat().filter(inRange));
  if (points.length > 0) return points.sort((a, b) => a.observed_at.localeCompare(b.observed_at));
  for (const key of keys.filter((key) => !overlaps(key, query))) {
    if ((await read(key)).length > 0) return [];
  }
  return null;
}

/**
 * Every observation of the website, shard by shard (a shard's products in id order, each product's
 * oldest first): what its export holds. One shard's runs are read at a time, so a year of a large
 * catalog is never in memory whole.
 */
export async function* websiteHistory(
  objects: ObjectStore,
  projectId: string,
  websiteId: string,
): AsyncGenerator<PriceObservation> {
  const prefix = historyPrefix(projectId, websiteId);
  const byShard = new Map<string, string[]>();
  for (const key of await objects.list(prefix)) {
    const shard = key.slice(prefix.length, key.indexOf('/', prefix.length));
    const keys = byShard.get(shard);
    if (keys) keys.push(key);
    else byShard.set(shard, [key]);
  }
  for (const keys of byShard.values()) {
    const texts = await inParallel(keys, (key) => objects.get(key));
    yield* withoutRepeats(texts.flatMap(parseLines)).sort(
      (a, b) => a.product_id.localeCompare(b.product_id) || a.observed_at.localeCompare(b.observed_at),
    );
  }
}
