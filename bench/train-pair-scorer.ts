/**
 * `npx tsx bench/train-pair-scorer.ts`: trains the matching engine's pair scorer on
 * data/matching/wdc-products/train.csv and writes functions/match/pair-scorer.json, formatted as
 * the repository formats JSON. Run it after changing the pair features or the training options;
 * the unit test beside the trainer checks that the committed model is what training gives.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { trainPairScorer } from '../functions/match/train-pair-scorer.ts';

const started = performance.now();
const model = await trainPairScorer();
const file = fileURLToPath(new URL('../functions/match/pair-scorer.json', import.meta.url));
await writeFile(file, `${JSON.stringify(model)}\n`);
execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' });
console.log(`${model.trees.length} trees in ${((performance.now() - started) / 1000).toFixed(1)} s`);
