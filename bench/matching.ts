/**
 * `npm run bench -- matching [peer sample size]`: this engine against fuse.js on the two benchmarks
 * of data/matching. Each measurement runs in its own process (this file, started again with
 * worker arguments), so its time and peak RSS are its own.
 *
 * fuse.js scans the whole catalog for every query (seconds per title against the 22k Amazon
 * titles), so it is measured on every k-th reference product, at most the sample size (default
 * 150), each searched against the whole competitor catalog; this engine is measured on the same
 * sample and, in addition, on the whole reference catalog. Accuracy on a sample counts only the
 * answer-key pairs of the sampled products.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fuse from 'fuse.js';
import { matchCatalogs } from '../functions/match/match-catalogs.ts';
import { type Accuracy, measureAccuracy } from '../functions/match/measure-accuracy.ts';
import { readBenchmarkDataset } from '../functions/match/read-benchmark-dataset.ts';

const datasets = ['amazon-google', 'walmart-amazon'];
const defaultSample = 150;

type Engine = 'engine' | 'fuse.js';

interface Measurement extends Accuracy {
  engine: Engine;
  dataset: string;
  referenceProducts: number;
  competitorProducts: number;
  seconds: number;
  peakRssKb: number;
}

export async function runMatchingBench(): Promise<void> {
  const sampleSize = Number(process.argv[3] ?? defaultSample);
  if (!Number.isInteger(sampleSize) || sampleSize < 1)
    throw new Error(`bad peer sample size ${process.argv[3]}`);
  for (const dataset of datasets) {
    const whole = await runWorker('engine', dataset, 0);
    const ours = await runWorker('engine', dataset, sampleSize);
    const fuse = await runWorker('fuse.js', dataset, sampleSize);
    console.log(
      `\n${dataset}: ${whole.referenceProducts} reference x ${whole.competitorProducts} competitor products`,
    );
    print('this engine, whole catalog', whole);
    print(`this engine, sample of ${ours.referenceProducts}`, ours);
    print(`fuse.js, sample of ${fuse.referenceProducts}`, fuse);
    const rate = (m: Measurement): number => m.referenceProducts / m.seconds;
    console.log(
      `  ratio this engine / fuse.js on the sample: F1 ${(ours.f1 / fuse.f1).toFixed(2)}x, precision ${(ours.precision / fuse.precision).toFixed(2)}x, recall ${(ours.recall / fuse.recall).toFixed(2)}x, speed ${(rate(ours) / rate(fuse)).toFixed(1)}x, peak RSS ${(ours.peakRssKb / fuse.peakRssKb).toFixed(2)}x`,
    );
  }
}

function print(label: string, m: Measurement): void {
  console.log(
    `  ${label.padEnd(34)} F1 ${m.f1.toFixed(3)}  precision ${m.precision.toFixed(3)}  recall ${m.recall.toFixed(3)}  (${m.correct}/${m.found} found, ${m.expected} expected)  ${m.seconds.toFixed(2)} s  peak RSS ${(m.peakRssKb / 1024).toFixed(0)} MiB`,
  );
}

/** Runs one measurement in a child process; `sample` 0 means every reference product. */
function runWorker(engine: Engine, dataset: string, sample: number): Promise<Measurement> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', self, 'worker', engine, dataset, String(sample)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`${engine} on ${dataset} exited ${code}: ${output}`));
      else resolve(JSON.parse(line) as Measurement);
    });
  });
}

/** One measurement: matches the (sampled) reference catalog against the whole competitor catalog. */
async function measure(engine: Engine, dataset: string, sample: number): Promise<Measurement> {
  const data = await readBenchmarkDataset(dataset);
  const step = sample > 0 ? Math.max(1, Math.ceil(data.left.length / sample)) : 1;
  const reference = data.left.filter((_, i) => i % step === 0);
  const sampled = new Set(reference.map((product) => product.url));
  const truth = data.truth.filter(([left]) => sampled.has(left));
  const started = performance.now();
  let found: [string, string][];
  if (engine === 'engine') {
    const result = await matchCatalogs({ website_id: 'left', products: reference }, [
      { website_id: 'right', products: data.right },
    ]);
    found = result.matches.map((match) => [match.reference_url, match.url]);
  } else {
    // Fuse's documented use: fuzzy search over the titles, the best hit within its default threshold.
    const fuse = new Fuse(data.right, { keys: ['name'] });
    found = [];
    for (const product of reference) {
      const [best] = fuse.search(product.name ?? '', { limit: 1 });
      if (best) found.push([product.url, best.item.url]);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    engine,
    dataset,
    referenceProducts: reference.length,
    competitorProducts: data.right.length,
    seconds,
    peakRssKb: process.resourceUsage().maxRSS,
    ...measureAccuracy(found, truth),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'worker') {
  const [engine, dataset, sample] = process.argv.slice(3) as [Engine, string, string];
  console.log(JSON.stringify(await measure(engine, dataset, Number(sample))));
}
