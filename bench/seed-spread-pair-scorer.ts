/**
 * `npx tsx bench/seed-spread-pair-scorer.ts [seeds, comma-separated; default 12,13,14,15,16]`: the
 * pair scorer retrained with each seed (the committed training options otherwise) and measured as
 * `npm run bench -- matching` measures the committed one: the pair decision on the WDC validation
 * pairs (confidence from 0.5) and whole-catalogue F1 on both catalogue benchmarks. Prints each seed,
 * the mean, and the seeds' models averaged into one, as the committed model averages seeds 12–16.
 * Retraining with another seed alone moves these figures by as much as a feature gains, so a
 * change to what the learned scorer reads is judged on the mean and the average (docs/decisions.md,
 * match-7 and match-9). Nothing is written: `bench/train-pair-scorer.ts` writes the committed model.
 */
import { averageModels, type BoostedTrees, matchCatalogs } from '../functions/match/index.ts';
import { measureAccuracy, measureDecisions } from '../functions/match/training/measure-accuracy.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';
import { readLabelledPairs } from '../functions/match/training/read-labelled-pairs.ts';
import { judgeTitlePairs } from '../functions/match/training/score-title-pairs.ts';
import { pairScorerTraining, trainPairScorers } from '../functions/match/training/train-pair-scorer.ts';

const seeds = (process.argv[2] ?? '12,13,14,15,16').split(',').map(Number);
if (seeds.some((seed) => !Number.isInteger(seed))) throw new Error(`bad seeds ${process.argv[2]}`);

const catalogs = ['amazon-google', 'walmart-amazon'];
const datasets = await Promise.all(catalogs.map((name) => readBenchmarkDataset(name)));
const validation = await readLabelledPairs('valid');
const labels = validation.map((pair) => pair.same);

/** F1 on the WDC validation pairs, then on each catalogue benchmark. */
async function measure(scorer: BoostedTrees): Promise<number[]> {
  const judged = judgeTitlePairs(validation, scorer);
  const figures = [measureDecisions(labels, (i) => (judged[i]?.confidence ?? 0) >= 0.5).f1];
  for (const dataset of datasets) {
    const { matches } = await matchCatalogs(
      { website_id: 'left', products: dataset.left },
      [{ website_id: 'right', products: dataset.right }],
      { pairScorer: scorer },
    );
    figures.push(
      measureAccuracy(
        matches.map((match) => [match.reference_url, match.url] as const),
        dataset.truth,
      ).f1,
    );
  }
  return figures;
}

const columns = ['WDC pairs', ...catalogs];
const line = (label: string, cells: string[]) =>
  console.log(`${label.padEnd(8)}${cells.map((cell) => cell.padStart(15)).join('')}`);
line('seed', columns);
const rows: number[][] = [];
const models = await trainPairScorers(pairScorerTraining, seeds);
for (const [i, seed] of seeds.entries()) {
  const row = await measure(models[i] as BoostedTrees);
  rows.push(row);
  line(
    String(seed),
    row.map((f1) => f1.toFixed(3)),
  );
}
const mean = columns.map((_, c) => rows.reduce((sum, row) => sum + (row[c] as number), 0) / rows.length);
const spread = columns.map((_, c) => {
  const values = rows.map((row) => row[c] as number);
  return Math.max(...values) - Math.min(...values);
});
line(
  'mean',
  mean.map((f1) => f1.toFixed(3)),
);
line(
  'range',
  spread.map((width) => width.toFixed(3)),
);
const averaged = await measure(averageModels(models));
line(
  'average',
  averaged.map((f1) => f1.toFixed(3)),
);
