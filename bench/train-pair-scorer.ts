/**
 * `npx tsx bench/train-pair-scorer.ts`: learns the maker words (functions/match/words/maker-words.json)
 * and trains the matching engine's pair scorer (functions/match/pair-scorer.json) on
 * data/matching/wdc-products/train.csv, both formatted as the repository formats JSON. Run it after
 * changing the pair features or the training options; the unit test beside the trainer checks that
 * the committed files are what this gives.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { mineMakerWords } from '../functions/match/training/mine-maker-words.ts';
import { readLabelledPairs } from '../functions/match/training/read-labelled-pairs.ts';

const started = performance.now();
const write = async (name: string, value: unknown) => {
  const file = fileURLToPath(new URL(`../functions/match/${name}`, import.meta.url));
  await writeFile(file, `${JSON.stringify(value)}\n`);
  execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' });
};
await write('words/maker-words.json', mineMakerWords(await readLabelledPairs('train')));
// Imported once the maker words are written: the pair features read them when first loaded.
const { trainPairScorer } = await import('../functions/match/training/train-pair-scorer.ts');
const model = await trainPairScorer();
await write('pair-scorer.json', model);
console.log(`${model.trees.length} trees in ${((performance.now() - started) / 1000).toFixed(1)} s`);
