/**
 * `npx tsx bench/fit-match-calibration.ts`: fits the confidence calibration on the matches the
 * engine chooses on the catalogue benchmarks (pairs whose products the answer key names) and writes
 * `functions/match/match-calibration.json`. The pair scorer never trained on these catalogues.
 * Deterministic: running it again on the same engine writes the same file.
 */
import { writeFile } from 'node:fs/promises';
import { fitCalibration } from '../functions/match/training/fit-calibration.ts';
import { calibrationDatasets, chosenPairs, speaking } from './calibration-samples.ts';

const pairs = (await Promise.all(calibrationDatasets.map((dataset) => chosenPairs(dataset)))).flat();
const calibration = fitCalibration(speaking(pairs));
const target = new URL('../functions/match/match-calibration.json', import.meta.url);
await writeFile(target, `${JSON.stringify(calibration, null, 2)}\n`);
console.log(`fitted on ${speaking(pairs).length} of ${pairs.length} matches: ${JSON.stringify(calibration)}`);
