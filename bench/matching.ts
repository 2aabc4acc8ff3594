/**
 * `npm run bench -- matching [peer sample size] [scale sizes]`: this engine against two peers,
 * fuse.js and a TF-IDF cosine matcher (`tfidf-baseline.ts`, threshold tuned on the WDC training
 * pairs), in one run:
 *
 * - whole catalogue against whole catalogue on the two benchmarks of data/matching;
 * - the calibrated confidence, its AUTO band and the review queue on both (`review-bench.ts`), the
 *   calibration cross-validated by reference product and by catalogue;
 * - pairwise decisions on the WDC validation pairs;
 * - time and peak RSS on synthetic catalogues (`synthetic-catalogs.ts`), by default 20k x 20k and
 *   100k x 100k, with the TF-IDF matcher as peer at the smaller size;
 * - the same catalogues matched in shards (`sharded-matching.ts`), by default 100k x 100k (its
 *   matches compared pair by pair with the single run's) and 500k x 500k, with each shard's peak RSS
 *   (`npm run bench -- matching [sample] [scales] [sharded scales]`; a sample of 0 leaves out the
 *   accuracy parts).
 *
 * Each measurement runs in its own process (this file, started again with worker arguments), so
 * its time and peak RSS are its own. fuse.js scans the whole catalog for every query (seconds per
 * title against the 22k Amazon titles), so it is measured on every k-th reference product, at most
 * the sample size (default 150), each searched against the whole competitor catalog; this engine
 * is measured on the same sample too. Accuracy on a sample counts only the answer-key pairs of the
 * sampled products.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fuse from 'fuse.js';
import { matchCatalogs } from '../functions/match/index.ts';
import {
  type Accuracy,
  measureAccuracy,
  measureDecisions,
} from '../functions/match/training/measure-accuracy.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';
import { readLabelledPairs } from '../functions/match/training/read-labelled-pairs.ts';
import { judgeTitlePairs } from '../functions/match/training/score-title-pairs.ts';
import { measureReview, printReview, type ReviewMeasurement } from './review-bench.ts';
import { runWorker } from './run-worker.ts';
import {
  type KeyedMatches,
  type MergeMeasurement,
  mergeWorker,
  type PlanMeasurement,
  planWorker,
  type ShardMeasurement,
  shardWorker,
  signatureOf,
} from './sharded-matching.ts';
import { syntheticCatalogs } from './synthetic-catalogs.ts';
import { bestMatches, pairCosines, tuneThreshold } from './tfidf-baseline.ts';

const datasets = ['amazon-google', 'walmart-amazon'];
const defaultSample = 150;
const defaultScales = [20_000, 100_000];
const defaultShardedScales = [100_000, 500_000];
/** The TF-IDF peer compares every pair sharing a rarer word: timed up to this size only. */
const peerScaleLimit = 20_000;
/**
 * The assignment score (rules, with the learned probability where they run out) from which the
 * whole-catalogue assignment accepts a pair on its own; measured beside the engine's pair decision
 * (confidence from 0.5) to show what the learned decision adds.
 */
const scoreThreshold = 0.5;

type Engine = 'engine' | 'fuse.js' | 'tf-idf';

interface Cost {
  seconds: number;
  /** User plus system CPU time of the measurement: what it costs on one core whatever else runs. */
  cpuSeconds: number;
  peakRssKb: number;
}

interface Measurement extends Accuracy, Cost {
  engine: Engine;
  dataset: string;
  referenceProducts: number;
  competitorProducts: number;
}

interface PairMeasurement {
  decisions: Record<'engine' | 'assignment score' | 'tf-idf' | 'fuse.js', Accuracy>;
  tfidfThreshold: number;
}

interface ScaleMeasurement extends Cost {
  engine: Engine;
  products: number;
  matches: number;
}

export async function runMatchingBench(): Promise<void> {
  const sampleSize = Number(process.argv[3] ?? defaultSample);
  if (!Number.isInteger(sampleSize) || sampleSize < 0)
    throw new Error(`bad peer sample size ${process.argv[3]}`);
  const scales = process.argv[4] ? process.argv[4].split(',').map(Number) : defaultScales;
  const shardedScales = process.argv[5] ? process.argv[5].split(',').map(Number) : defaultShardedScales;
  const scratch = await mkdtemp(join(tmpdir(), 'pds-bench-matching-'));
  const singlePairs = (products: number): string => join(scratch, `single-${products}.json`);
  const threshold = tuneOnTraining();
  // A sample of 0 measures speed, memory and shards only: the accuracy runs take most of the bench.
  if (sampleSize > 0) await printAccuracy(sampleSize, threshold);

  for (const products of scales) {
    const ours = await runMatchingWorker<ScaleMeasurement>([
      'scale',
      'engine',
      String(products),
      '0',
      ...(shardedScales.includes(products) ? [singlePairs(products)] : []),
    ]);
    const label = `synthetic ${products} x ${products}`;
    console.log(
      `\n${label}: this engine ${ours.matches} matches in ${ours.seconds.toFixed(1)} s (${ours.cpuSeconds.toFixed(1)} s CPU), peak RSS ${mib(ours)} MiB`,
    );
    if (products > peerScaleLimit) continue;
    const tfidf = await runMatchingWorker<ScaleMeasurement>([
      'scale',
      'tf-idf',
      String(products),
      String(await threshold),
    ]);
    console.log(
      `${label}: tf-idf ${tfidf.matches} matches in ${tfidf.seconds.toFixed(1)} s (${tfidf.cpuSeconds.toFixed(1)} s CPU), peak RSS ${mib(tfidf)} MiB; ratio this engine / tf-idf: speed (CPU) ${(tfidf.cpuSeconds / ours.cpuSeconds).toFixed(2)}x, peak RSS ${(ours.peakRssKb / tfidf.peakRssKb).toFixed(2)}x`,
    );
  }

  for (const products of shardedScales) {
    const dir = join(scratch, `sharded-${products}`);
    await runShardedScale(products, dir, 1, scales.includes(products) ? singlePairs(products) : undefined);
    await rm(dir, { recursive: true, force: true });
  }
  await rm(scratch, { recursive: true, force: true });
}

/**
 * `npm run bench -- matching-shards <size> <dir> [parallel] [single matches]`: the sharded run of
 * two synthetic catalogs of `size` products in steps that survive a stop: the plan, each shard and the merge
 * leave their measurement in `dir` beside their files, and a step whose measurement is there is
 * not run again, so the same command resumes where a stopped run left off. Up to `parallel`
 * shards (default 1) run at a time, each in its own process. `single matches`: a file of the single
 * run's matches (`worker scale engine <size> 0 <file>` writes it) to compare the merged ones with.
 */
export async function runShardedMatchingBench(): Promise<void> {
  const products = Number(process.argv[3]);
  const dir = process.argv[4];
  const parallel = Number(process.argv[5] ?? 1);
  if (!Number.isInteger(products) || products <= 0 || !dir || !Number.isInteger(parallel) || parallel < 1)
    throw new Error('usage: npm run bench -- matching-shards <size> <dir> [parallel] [single matches]');
  await runShardedScale(products, dir, parallel, process.argv[6]);
}

/** Runs (or resumes) one sharded run in `dir` and prints its measurements. */
async function runShardedScale(
  products: number,
  dir: string,
  parallel: number,
  singleMatches: string | undefined,
): Promise<void> {
  const step = <T>(name: string, args: string[]) =>
    resumableStep(join(dir, `${name}.measured.json`), () => runMatchingWorker<T>(args));
  const plan = await step<PlanMeasurement>('plan', ['shard-plan', String(products), dir]);
  const shards: ShardMeasurement[] = new Array(plan.shards);
  let next = 0;
  const runShards = async () => {
    for (let shard = next++; shard < plan.shards; shard = next++) {
      shards[shard] = await step<ShardMeasurement>(`shard-${shard}`, ['shard-run', dir, String(shard)]);
      if (shard % 25 === 24) console.log(`  ${shard + 1} of ${plan.shards} shards run`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, plan.shards) }, runShards));
  const merge = await step<MergeMeasurement>('merge', [
    'shard-merge',
    dir,
    String(products),
    ...(singleMatches ? [singleMatches] : []),
  ]);
  printShardedScale(products, plan, shards, merge);
}

/** A step's measurement as saved in `file`, else the step run and its measurement saved there. */
async function resumableStep<T>(file: string, run: () => Promise<T>): Promise<T> {
  const saved = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (saved !== undefined) return JSON.parse(saved) as T;
  const measured = await run();
  await writeFile(file, JSON.stringify(measured));
  return measured;
}

function printShardedScale(
  products: number,
  plan: PlanMeasurement,
  shards: readonly ShardMeasurement[],
  merge: MergeMeasurement,
): void {
  const peaks = shards.map((shard) => shard.peakRssKb / 1024);
  const label = `synthetic ${products} x ${products} in ${plan.shards} shards`;
  console.log(
    `\n${label}: ${merge.matches} matches; products per shard ${Math.min(...plan.sizes)}–${Math.max(...plan.sizes)}`,
  );
  console.log(
    `  plan ${plan.seconds.toFixed(1)} s (${plan.cpuSeconds.toFixed(1)} s CPU), peak RSS ${mib(plan)} MiB; shards ${sum(shards, 'seconds').toFixed(1)} s (${sum(shards, 'cpuSeconds').toFixed(1)} s CPU) together, peak RSS per shard ${Math.min(...peaks).toFixed(0)}–${Math.max(...peaks).toFixed(0)} MiB (each in its own process); merge ${merge.seconds.toFixed(1)} s (${merge.cpuSeconds.toFixed(1)} s CPU), peak RSS ${(merge.mergePeakRssKb / 1024).toFixed(0)} MiB (${mib(merge)} MiB with the bench's check of the matches)`,
  );
  const keyed = (run: string, matches: number, { sameTitle, acrossKeys }: KeyedMatches) =>
    `  ${run}: ${sameTitle} of ${matches} matches pair one title's products (precision ${(sameTitle / matches).toFixed(4)}, recall ${(sameTitle / products).toFixed(4)}); ${acrossKeys} pair products of two blocking keys`;
  console.log(keyed('sharded run', merge.matches, merge.sharded));
  if (merge.diff && merge.single) {
    const singleMatches = merge.diff.onlySingle - merge.diff.onlySharded + merge.matches;
    console.log(keyed('single run', singleMatches, merge.single));
    const differ = merge.diff.onlySingle + merge.diff.onlySharded;
    console.log(
      differ === 0
        ? `  sharded = single: ${merge.matches} matches, 0 differ (pair, score, confidence, alternatives)`
        : `  sharded ≠ single: ${merge.diff.onlySingle} of the single run's ${singleMatches} matches not in the sharded run, ${merge.diff.onlySharded} of its ${merge.matches} not in the single run`,
    );
  }
}

/** The accuracy parts: both benchmarks whole and sampled against the peers, the review queue, the WDC pairs. */
async function printAccuracy(sampleSize: number, threshold: Promise<number>): Promise<void> {
  for (const dataset of datasets) {
    const whole = await runMatchingWorker<Measurement>(['catalog', 'engine', dataset, '0']);
    const tfidf = await runMatchingWorker<Measurement>([
      'catalog',
      'tf-idf',
      dataset,
      '0',
      String(await threshold),
    ]);
    const ours = await runMatchingWorker<Measurement>(['catalog', 'engine', dataset, String(sampleSize)]);
    const fuse = await runMatchingWorker<Measurement>(['catalog', 'fuse.js', dataset, String(sampleSize)]);
    console.log(
      `\n${dataset}: ${whole.referenceProducts} reference x ${whole.competitorProducts} competitor products`,
    );
    print('this engine, whole catalog', whole);
    console.log(`  ${''.padEnd(34)} precision over key-named products ${whole.keyNamedPrecision.toFixed(3)}`);
    print('tf-idf, whole catalog', tfidf);
    print(`this engine, sample of ${ours.referenceProducts}`, ours);
    print(`fuse.js, sample of ${fuse.referenceProducts}`, fuse);
    const rate = (m: Measurement): number => m.referenceProducts / m.seconds;
    console.log(
      `  ratio this engine / tf-idf, whole catalog: F1 ${(whole.f1 / tfidf.f1).toFixed(2)}x, precision ${(whole.precision / tfidf.precision).toFixed(2)}x, recall ${(whole.recall / tfidf.recall).toFixed(2)}x`,
    );
    console.log(
      `  ratio this engine / fuse.js on the sample: F1 ${(ours.f1 / fuse.f1).toFixed(2)}x, precision ${(ours.precision / fuse.precision).toFixed(2)}x, recall ${(ours.recall / fuse.recall).toFixed(2)}x, speed ${(rate(ours) / rate(fuse)).toFixed(1)}x, peak RSS ${(ours.peakRssKb / fuse.peakRssKb).toFixed(2)}x`,
    );
  }

  const review = await runMatchingWorker<{ datasets: ReviewMeasurement[] }>(['review']);
  for (const measurement of review.datasets) printReview(measurement);

  const pairs = await runMatchingWorker<PairMeasurement>(['pairs', String(await threshold)]);
  console.log(
    `\nWDC validation pairs (tf-idf threshold ${pairs.tfidfThreshold} tuned on the training pairs):`,
  );
  for (const [name, accuracy] of Object.entries(pairs.decisions))
    console.log(
      `  ${name.padEnd(22)} F1 ${accuracy.f1.toFixed(3)}  precision ${accuracy.precision.toFixed(3)}  recall ${accuracy.recall.toFixed(3)}  (${accuracy.correct}/${accuracy.found} found, ${accuracy.expected} expected)`,
    );
  const engine = pairs.decisions.engine;
  const peer = pairs.decisions['tf-idf'];
  console.log(`  ratio this engine / tf-idf: F1 ${(engine.f1 / peer.f1).toFixed(2)}x`);
}

function sum<K extends string>(items: readonly Record<K, number>[], key: K): number {
  return items.reduce((total, item) => total + item[key], 0);
}

function mib(cost: Cost): string {
  return (cost.peakRssKb / 1024).toFixed(0);
}

function print(label: string, m: Measurement): void {
  console.log(
    `  ${label.padEnd(34)} F1 ${m.f1.toFixed(3)}  precision ${m.precision.toFixed(3)}  recall ${m.recall.toFixed(3)}  (${m.correct}/${m.found} found, ${m.expected} expected)  ${m.seconds.toFixed(2)} s (${m.cpuSeconds.toFixed(2)} s CPU)  peak RSS ${mib(m)} MiB`,
  );
}

/** The TF-IDF threshold with the best F1 on the WDC training pairs. */
async function tuneOnTraining(): Promise<number> {
  const pairs = await readLabelledPairs('train');
  return tuneThreshold(
    pairCosines(pairs),
    pairs.map((pair) => pair.same),
  );
}

/** Runs one measurement in a child process: this file again, with worker arguments. */
function runMatchingWorker<T>(args: string[]): Promise<T> {
  return runWorker<T>(fileURLToPath(import.meta.url), ['worker', ...args]);
}

function cost(started: number, cpuStarted: NodeJS.CpuUsage): Cost {
  const cpu = process.cpuUsage(cpuStarted);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakRssKb: process.resourceUsage().maxRSS,
  };
}

/** One measurement: matches the (sampled) reference catalog against the whole competitor catalog. */
async function measureCatalog(
  engine: Engine,
  dataset: string,
  sample: number,
  threshold: number,
): Promise<Measurement> {
  const data = await readBenchmarkDataset(dataset);
  const step = sample > 0 ? Math.max(1, Math.ceil(data.left.length / sample)) : 1;
  const reference = data.left.filter((_, i) => i % step === 0);
  const sampled = new Set(reference.map((product) => product.url));
  const truth = data.truth.filter(([left]) => sampled.has(left));
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let found: [string, string][];
  if (engine === 'engine') {
    const result = await matchCatalogs({ website_id: 'left', products: reference }, [
      { website_id: 'right', products: data.right },
    ]);
    found = result.matches.map((match) => [match.reference_url, match.url]);
  } else if (engine === 'tf-idf') {
    const pairs = bestMatches(
      reference.map((product) => product.name ?? ''),
      data.right.map((product) => product.name ?? ''),
      threshold,
    );
    found = pairs.map(([i, j]) => [reference[i]?.url ?? '', data.right[j]?.url ?? '']);
  } else {
    // Fuse's documented use: fuzzy search over the titles, the best hit within its default threshold.
    const fuse = new Fuse(data.right, { keys: ['name'] });
    found = [];
    for (const product of reference) {
      const [best] = fuse.search(product.name ?? '', { limit: 1 });
      if (best) found.push([product.url, best.item.url]);
    }
  }
  return {
    engine,
    dataset,
    referenceProducts: reference.length,
    competitorProducts: data.right.length,
    ...cost(started, cpuStarted),
    ...measureAccuracy(found, truth),
  };
}

/** Pairwise decisions on the WDC validation pairs, each pair on its own. */
async function measurePairs(threshold: number): Promise<PairMeasurement> {
  const pairs = await readLabelledPairs('valid');
  const judged = judgeTitlePairs(pairs);
  const cosines = pairCosines(pairs);
  const fuse = pairs.map((pair) => new Fuse([pair.right]).search(pair.left).length > 0);
  const labels = pairs.map((pair) => pair.same);
  const accuracy = (decide: (i: number) => boolean): Accuracy => measureDecisions(labels, decide);
  return {
    decisions: {
      engine: accuracy((i) => (judged[i]?.confidence ?? 0) >= 0.5),
      'assignment score': accuracy((i) => (judged[i]?.score ?? 0) >= scoreThreshold),
      'tf-idf': accuracy((i) => (cosines[i] ?? 0) >= threshold),
      'fuse.js': accuracy((i) => fuse[i] ?? false),
    },
    tfidfThreshold: threshold,
  };
}

/** Time and peak RSS of one run over two synthetic catalogs of `size` products each. */
async function measureScale(
  engine: Engine,
  size: number,
  threshold: number,
  pairsFile?: string,
): Promise<ScaleMeasurement> {
  const data = await readBenchmarkDataset('walmart-amazon');
  const { reference, competitor } = syntheticCatalogs(
    data.right.map((product) => product.name ?? ''),
    size,
  );
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let matches: number;
  if (engine === 'engine') {
    const result = await matchCatalogs({ website_id: 'reference', products: reference }, [
      { website_id: 'competitor', products: competitor },
    ]);
    matches = result.matches.length;
    if (pairsFile) await writeFile(pairsFile, JSON.stringify(result.matches.map(signatureOf)));
  } else {
    matches = bestMatches(
      reference.map((product) => product.name ?? ''),
      competitor.map((product) => product.name ?? ''),
      threshold,
    ).length;
  }
  return { engine, products: size, matches, ...cost(started, cpuStarted) };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'worker') {
  const [kind, ...args] = process.argv.slice(3) as [string, ...string[]];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const spent = () => cost(started, cpuStarted);
  const result =
    kind === 'catalog'
      ? await measureCatalog(args[0] as Engine, args[1] as string, Number(args[2]), Number(args[3] ?? 0))
      : kind === 'pairs'
        ? await measurePairs(Number(args[0]))
        : kind === 'review'
          ? { datasets: await measureReview() }
          : kind === 'shard-plan'
            ? await planWorker(Number(args[0]), args[1] as string, spent)
            : kind === 'shard-run'
              ? await shardWorker(args[0] as string, Number(args[1]), spent)
              : kind === 'shard-merge'
                ? await mergeWorker(args[0] as string, Number(args[1]), args[2], spent)
                : await measureScale(args[0] as Engine, Number(args[1]), Number(args[2] ?? 0), args[3]);
  console.log(JSON.stringify(result));
}
