/**
 * What separates the AUTO misses from the wrong matches on the catalogue benchmarks: `npx tsx
 * bench/auto-misses.ts [dataset] [examples] [signal,signal...] [--select] [--pairs]`
 * (amazon-google and 8 examples by default).
 *
 * Takes every match of both catalogues with its cross-validated confidence (both splits, as the
 * bench's review lines) and, for the key-named matches of `dataset`, splits them into AUTO right,
 * missed (right, below `auto_accept_confidence`), wrong in review and wrong with a confidence from
 * 0.8. For each candidate signal of the two titles (`titleSignalNames`: numbers agreeing or not,
 * edition words contradicting, what the unshared words weigh in the catalogue, the price ratio) it
 * prints its mean in each group, then what each signal added to the calibration's features gives
 * by cross-validation in both splits: AUTO precision and share of the key's pairs from the default
 * threshold, the expected calibration error, and the largest share any threshold gives at key-named
 * precision 0.99 (what the signals can separate, whatever threshold is chosen). The signals of the
 * match's rival (the reference product's best-scored other candidate, its first alternative) are
 * candidates too: how it stands as another product of one line (`lineContradictions`). A list of
 * signals is measured together; `--select` adds signals one at a time while each gains and every
 * catalogue keeps precision 0.99, ECE 0.05 and its share, `--pairs` tries every two together. Last,
 * what no calibration passes: the right proposals' share of the key, and the wrong ones whose
 * partner is another listing no line word tells apart. The rival's price, found here (match-13),
 * is now among the calibration's own features.
 */
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE } from '../functions/core/match-bands.ts';
import {
  calibrationFeatures,
  countTerms,
  describeProduct,
  type ProductFeatures,
  weighCounts,
} from '../functions/match/index.ts';
import { expectedCalibrationError } from '../functions/match/training/calibration-error.ts';
import { fitLogistic } from '../functions/match/training/fit-calibration.ts';
import { readBenchmarkDataset } from '../functions/match/training/read-benchmark-dataset.ts';
import {
  lineContradictions,
  titleSignalNames,
  titleSignals,
} from '../functions/match/training/title-signals.ts';
import { type ChosenPair, calibrationDatasets, chosenPairs } from './calibration-samples.ts';

const target = process.argv[2] ?? 'amazon-google';
const examples = Number(process.argv[3] ?? 8);
/** The title signals of the match, then how it and its rival stand as products of one line. */
const signalNames = [
  ...titleSignalNames,
  'line_own',
  'line_rival',
  'line_rival_minus_own',
  'rival_more_line',
  'own_line_any',
  'rival_twin',
  'rival_line_resolved',
  'resolved_rival_deficit',
  'twin_rival_deficit',
];

/** Each chosen pair with the two products' features, to compute candidate signals from. */
interface StudiedPair {
  pair: ChosenPair;
  a: ProductFeatures;
  b: ProductFeatures;
  signals: number[];
}

/** Competitor product features by URL, and the key's partner of each reference URL, over both benchmarks. */
const competitorsByUrl = new Map<string, ProductFeatures>();
const partnerOf = new Map<string, string>();

async function study(dataset: string): Promise<{ pairs: StudiedPair[]; truths: number }> {
  const data = await readBenchmarkDataset(dataset);
  for (const [left, right] of data.truth) partnerOf.set(left, right);
  const refs = new Map(data.left.map((product) => [product.url, describeProduct(product)]));
  const comps = new Map(data.right.map((product) => [product.url, describeProduct(product)]));
  for (const [url, features] of comps) competitorsByUrl.set(url, features);
  const weights = weighCounts(countTerms([[...refs.values()], [...comps.values()]]));
  const pairs = (await chosenPairs(dataset)).map((pair) => {
    const a = refs.get(pair.reference_url) as ProductFeatures;
    const b = comps.get(pair.url) as ProductFeatures;
    const rival = pair.alternatives[0] ? comps.get(pair.alternatives[0].url) : undefined;
    const own = lineContradictions(a, b);
    const rivals = rival ? lineContradictions(a, rival) : own;
    const twin =
      rival !== undefined &&
      (pair.alternatives[0]?.signals.learned ?? 0) >= 0.5 &&
      lineContradictions(b, rival) === 0;
    const rivalMargin = calibrationFeatures(pair.signals)[4] as number;
    const deficit = (3 - Math.min(rivalMargin, 3)) / 6;
    return {
      pair,
      a,
      b,
      signals: [
        ...titleSignals(a, b, weights),
        own,
        rivals,
        Math.min(Math.max(rivals - own, -3), 3),
        rivals > own ? 1 : 0,
        own > 0 ? 1 : 0,
        twin ? 1 : 0,
        rivals > 0 && own === 0 ? 1 : 0,
        rivals > own ? deficit : 0,
        twin ? deficit : 0,
      ],
    };
  });
  return { pairs, truths: data.truth.length };
}

const studied = await Promise.all(calibrationDatasets.map(study));
const all = studied.flatMap((s) => s.pairs);
const truths = new Map(calibrationDatasets.map((dataset, i) => [dataset, studied[i]?.truths ?? 0]));

const folds = 5;
function foldOf(url: string): number {
  let hash = 0;
  for (const char of url) hash = (Math.imul(hash, 31) + (char.codePointAt(0) as number)) >>> 0;
  return hash % folds;
}
const splits = {
  product: (p: StudiedPair) => String(foldOf(p.pair.reference_url)),
  catalogue: (p: StudiedPair) => p.pair.dataset,
};

/** Out-of-fold confidences of every pair with the calibration's features plus the chosen extra columns. */
function crossValidate(split: keyof typeof splits, extra: readonly number[]): number[] {
  const group = splits[split];
  const row = (p: StudiedPair) => [
    ...calibrationFeatures(p.pair.signals),
    ...extra.map((i) => p.signals[i] as number),
  ];
  const confidence = new Array<number>(all.length).fill(Number.NaN);
  for (const held of new Set(all.map(group))) {
    const train = all.filter((p) => group(p) !== held && p.pair.keyNamed);
    const model = fitLogistic(
      train.map(row),
      train.map((p) => p.pair.same),
    );
    for (const [i, p] of all.entries())
      if (group(p) === held) {
        const x = row(p);
        const sum = model.weights.reduce((s, w, j) => s + w * (x[j] as number), model.bias);
        confidence[i] = 1 / (1 + Math.exp(-sum));
      }
  }
  return confidence;
}

interface Figures {
  precision: number;
  share: number;
  ece: number;
  bestShare: number;
  bestThreshold: number;
}

function figures(dataset: string, confidence: readonly number[]): Figures {
  const rows = all
    .map((p, i) => ({ p, c: confidence[i] as number }))
    .filter((r) => r.p.pair.dataset === dataset && r.p.pair.keyNamed);
  const expected = truths.get(dataset) ?? 1;
  const auto = rows.filter((r) => r.c >= DEFAULT_AUTO_ACCEPT_CONFIDENCE);
  const right = auto.filter((r) => r.p.pair.same).length;
  // The largest share at precision 0.99 over every threshold: walk down the confidences.
  const sorted = [...rows].sort((x, y) => y.c - x.c);
  let hits = 0;
  let bestShare = 0;
  let bestThreshold = 1;
  for (const [n, r] of sorted.entries()) {
    if (r.p.pair.same) hits++;
    if (hits / (n + 1) >= 0.99 && hits / expected > bestShare) {
      bestShare = hits / expected;
      bestThreshold = r.c;
    }
  }
  return {
    precision: auto.length > 0 ? right / auto.length : 1,
    share: right / expected,
    ece: expectedCalibrationError(
      rows.map((r) => r.c),
      rows.map((r) => r.p.pair.same),
    ),
    bestShare,
    bestThreshold,
  };
}

const line = (label: string, extra: readonly number[]) => {
  const cells = (['product', 'catalogue'] as const).flatMap((split) => {
    const confidence = crossValidate(split, extra);
    return calibrationDatasets.map((dataset) => {
      const f = figures(dataset, confidence);
      return `${dataset.slice(0, 2)}/${split.slice(0, 4)} P ${f.precision.toFixed(3)} ${(100 * f.share).toFixed(1)}% ece ${f.ece.toFixed(3)} best@.99 ${(100 * f.bestShare).toFixed(1)}% (from ${f.bestThreshold.toFixed(3)})`;
    });
  });
  console.log(`${label.padEnd(28)} ${cells.join(' | ')}`);
};

// The groups of the target catalogue's key-named matches, by the committed features' out-of-fold confidence (by catalogue).
const base = crossValidate('catalogue', []);
const groups: Record<string, StudiedPair[]> = {
  'AUTO right': [],
  missed: [],
  'wrong, review': [],
  'wrong, from 0.8': [],
};
for (const [i, p] of all.entries()) {
  if (p.pair.dataset !== target || !p.pair.keyNamed) continue;
  const c = base[i] as number;
  const auto = c >= DEFAULT_AUTO_ACCEPT_CONFIDENCE;
  if (p.pair.same) (auto ? groups['AUTO right'] : groups.missed)?.push(p);
  else {
    groups['wrong, review']?.push(p);
    if (c >= 0.8) groups['wrong, from 0.8']?.push(p);
  }
}
console.log(
  `${target}, key-named matches by group (confidence cross-validated by catalogue); mean of each signal:`,
);
console.log(
  `${''.padEnd(24)}${Object.entries(groups)
    .map(([name, list]) => `${name} (${list.length})`.padStart(20))
    .join('')}`,
);
for (const [i, name] of signalNames.entries()) {
  const means = Object.values(groups).map((list) =>
    list.length > 0 ? list.reduce((s, p) => s + (p.signals[i] as number), 0) / list.length : 0,
  );
  console.log(`${name.padEnd(24)}${means.map((m) => m.toFixed(3).padStart(20)).join('')}`);
}
for (const name of ['missed', 'wrong, from 0.8'])
  for (const p of (groups[name] ?? []).slice(0, examples)) {
    const rival = p.pair.alternatives[0];
    const partner = partnerOf.get(p.pair.reference_url);
    const title = (url: string | undefined) => (url ? (competitorsByUrl.get(url)?.spacedName ?? '-') : '-');
    console.log(
      `  ${name} (${base[all.indexOf(p)]?.toFixed(3)}): ${p.a.spacedName} | ${p.b.spacedName} [${p.signals.map((x) => +x.toFixed(2)).join(' ')}]`,
    );
    console.log(
      `      rival${rival?.same ? " (the key's)" : ''}: ${title(rival?.url)} (learned ${rival?.signals.learned.toFixed(2)} vs ${p.pair.signals.learned.toFixed(2)}); key's partner: ${p.pair.same ? 'this' : title(partner)}`,
    );
  }

console.log(
  '\nCalibration features plus each signal, cross-validated (key-named precision, share of the key, ECE):',
);
line('committed features', []);
for (const [i, name] of signalNames.entries()) line(`+ ${name}`, [i]);
line(
  '+ all',
  signalNames.map((_, i) => i),
);
const pick = (process.argv[4] ?? '')
  .split(',')
  .filter(Boolean)
  .map((name) => signalNames.indexOf(name))
  .filter((i) => i >= 0);
if (pick.length > 0) line(`+ ${process.argv[4]}`, pick);

// Forward selection: at each step the signal whose addition gives the most AUTO share on `target`
// (mean of both splits) while every catalogue keeps precision 0.99, walmart-amazon's share and ECE 0.05.
const committedShares = new Map(
  (['product', 'catalogue'] as const).flatMap((split) => {
    const confidence = crossValidate(split, []);
    return calibrationDatasets.map(
      (dataset) => [`${split} ${dataset}`, figures(dataset, confidence).share] as const,
    );
  }),
);
function evaluate(extra: readonly number[]): { gain: number; ok: boolean } {
  let gain = 0;
  let ok = true;
  for (const split of ['product', 'catalogue'] as const) {
    const confidence = crossValidate(split, extra);
    for (const dataset of calibrationDatasets) {
      const f = figures(dataset, confidence);
      if (f.precision < 0.99 || f.ece > 0.05) ok = false;
      if (dataset !== target && f.share < (committedShares.get(`${split} ${dataset}`) ?? 0)) ok = false;
      if (dataset === target) gain += f.share / 2;
    }
  }
  return { gain, ok };
}
if (process.argv.includes('--select')) {
  const chosen: number[] = [];
  let best = evaluate([]).gain;
  for (;;) {
    let step: { i: number; gain: number } | undefined;
    for (const i of signalNames.keys()) {
      if (chosen.includes(i)) continue;
      const { gain, ok } = evaluate([...chosen, i]);
      if (ok && gain > (step?.gain ?? best + 0.002)) step = { i, gain };
    }
    if (!step) break;
    chosen.push(step.i);
    best = step.gain;
    console.log(
      `selected ${chosen.map((i) => signalNames[i]).join(',')}: ${target} mean share ${(100 * best).toFixed(1)}%`,
    );
  }
}

// What no calibration can pass: AUTO is a subset of the proposals, and where the key names one of
// two listings that no line word tells apart, its choice is a coin flip for any title signal.
{
  const named = all.filter((p) => p.pair.dataset === target && p.pair.keyNamed);
  const right = named.filter((p) => p.pair.same).length;
  const expected = truths.get(target) ?? 1;
  const wrong = named.filter((p) => !p.pair.same);
  const twinOfPartner = wrong.filter((p) => {
    const partner = partnerOf.get(p.pair.reference_url);
    const features = partner ? competitorsByUrl.get(partner) : undefined;
    return features !== undefined && lineContradictions(p.b, features) === 0;
  }).length;
  const noPartner = wrong.filter((p) => !partnerOf.has(p.pair.reference_url)).length;
  const partnerOffered = wrong.filter((p) =>
    p.pair.alternatives.some((alternative) => alternative.url === partnerOf.get(p.pair.reference_url)),
  ).length;
  const twin = signalNames.indexOf('rival_twin');
  const twins = named.filter((p) => p.signals[twin] === 1);
  console.log(
    `\n${target}: ${right} of ${named.length} key-named proposals right, ${((100 * right) / expected).toFixed(1)}% of the key's ${expected} pairs: the most any calibration can make AUTO.`,
  );
  console.log(
    `  of the ${wrong.length} wrong: ${noPartner} of reference products the key pairs with none (their partner the key's for another reference product), ${partnerOffered} with the key's partner among the alternatives`,
  );
  console.log(
    `  ${wrong.length} wrong, ${twinOfPartner} of them with the key's partner a listing no line word tells from the proposed one; matches whose rival is such a twin (learned from 0.5): ${twins.length}, ${twins.filter((p) => p.pair.same).length} right (precision ${(twins.filter((p) => p.pair.same).length / Math.max(twins.length, 1)).toFixed(3)}).`,
  );
}
if (process.argv.includes('--pairs')) {
  const found: { names: string; gain: number }[] = [];
  for (const i of signalNames.keys())
    for (const j of signalNames.keys()) {
      if (j <= i) continue;
      const { gain, ok } = evaluate([i, j]);
      if (ok) found.push({ names: `${signalNames[i]},${signalNames[j]}`, gain });
    }
  found.sort((x, y) => y.gain - x.gain);
  for (const f of found.slice(0, 10))
    console.log(`pair ${f.names}: ${target} mean share ${(100 * f.gain).toFixed(1)}%`);
}
