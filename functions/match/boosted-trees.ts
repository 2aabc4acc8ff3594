/** A regression tree: a leaf's value, or a split sending `x[feature] <= threshold` left. */
export type TreeNode =
  | { value: number }
  | { feature: number; threshold: number; left: TreeNode; right: TreeNode };

/** Gradient-boosted trees for a yes/no decision: the log-odds are `base` plus the trees' leaves. */
export interface BoostedTrees {
  features: readonly string[];
  base: number;
  trees: TreeNode[];
}

export interface TrainingOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** Share of rows each tree is grown on, drawn with `seed`. */
  subsample: number;
  /** Candidate thresholds per feature: quantiles of the training values. */
  bins: number;
  /** Fewest rows in a leaf. */
  minLeaf: number;
  seed: number;
}

/** The probability (0..1) the model gives a row. */
export function predictProbability(model: BoostedTrees, row: readonly number[]): number {
  const { depth, feature, threshold, value } = completeTreesOf(model);
  const splits = (1 << depth) - 1;
  let logOdds = model.base;
  const trees = value.length >> depth;
  for (let tree = 0, first = 0; tree < trees; tree++, first += splits) {
    // Children of split i are 2i + 1 (x <= threshold) and 2i + 2: the path is arithmetic, not a
    // chain of objects, and the choice a select rather than a jump the processor must guess.
    let at = 0;
    for (let level = 0; level < depth; level++) {
      const split = first + at;
      at = 2 * at + 2 - +((row[feature[split] as number] ?? 0) <= (threshold[split] as number));
    }
    logOdds += value[(tree << depth) + at - splits] as number;
  }
  return 1 / (1 + Math.exp(-logOdds));
}

/**
 * A model's trees made complete to the deepest tree's depth and laid out as arrays of numbers: a
 * run predicts for about 90,000 pairs, each walking 500 trees, and walking node objects of two
 * shapes (leaf or split) took a tenth of a 20k x 20k run. A leaf above the full depth becomes a
 * split whose two sides are that leaf, so every path gives the leaf the tree gives.
 */
interface CompleteTrees {
  /** The trees laid out, and how many they were, so trees added later are seen. */
  trees: readonly TreeNode[];
  count: number;
  depth: number;
  /** Per tree, its `2^depth - 1` splits in breadth-first order: the feature read and the threshold. */
  feature: Int32Array;
  threshold: Float64Array;
  /** Per tree, its `2^depth` leaves left to right. */
  value: Float64Array;
}

const completeTrees = new WeakMap<BoostedTrees, CompleteTrees>();

function completeTreesOf(model: BoostedTrees): CompleteTrees {
  const known = completeTrees.get(model);
  if (known && known.trees === model.trees && known.count === model.trees.length) return known;
  const depthOf = (node: TreeNode): number =>
    'value' in node ? 0 : 1 + Math.max(depthOf(node.left), depthOf(node.right));
  const depth = Math.max(0, ...model.trees.map(depthOf));
  const splits = (1 << depth) - 1;
  const feature = new Int32Array(model.trees.length * splits);
  const threshold = new Float64Array(model.trees.length * splits);
  const value = new Float64Array(model.trees.length << depth);
  model.trees.forEach((tree, t) => {
    const place = (node: TreeNode, at: number, level: number): void => {
      if (level === depth) {
        value[(t << depth) + at - splits] = (node as { value: number }).value;
        return;
      }
      if ('value' in node) {
        // Either side leads to the leaf: the split's feature and threshold are never decisive.
        place(node, 2 * at + 1, level + 1);
        place(node, 2 * at + 2, level + 1);
        return;
      }
      feature[t * splits + at] = node.feature;
      threshold[t * splits + at] = node.threshold;
      place(node.left, 2 * at + 1, level + 1);
      place(node.right, 2 * at + 2, level + 1);
    };
    place(tree, 0, 0);
  });
  const complete = { trees: model.trees, count: model.trees.length, depth, feature, threshold, value };
  completeTrees.set(model, complete);
  return complete;
}

/**
 * One model whose log-odds are the mean of the models' (all their trees, leaves divided by their
 * number): models of one training drawn with other seeds average out what each seed's draw learned.
 */
export function averageModels(models: readonly BoostedTrees[]): BoostedTrees {
  const [first] = models;
  if (!first) throw new Error('no models to average');
  const share = 1 / models.length;
  const scaled = (node: TreeNode): TreeNode =>
    'value' in node
      ? { value: round(node.value * share) }
      : { ...node, left: scaled(node.left), right: scaled(node.right) };
  return {
    features: first.features,
    base: round(models.reduce((sum, model) => sum + model.base, 0) * share),
    trees: models.flatMap((model) => model.trees.map(scaled)),
  };
}

function leafValue(node: TreeNode, row: readonly number[]): number {
  let at = node;
  while (!('value' in at)) at = (row[at.feature] ?? 0) <= at.threshold ? at.left : at.right;
  return at.value;
}

/**
 * Trains with logistic loss, Newton leaves and row subsampling; deterministic for a seed. Numbers
 * are rounded to six digits as they are made, so the model written as JSON predicts exactly as
 * the model trained.
 */
export function trainBoostedTrees(
  names: readonly string[],
  rows: readonly (readonly number[])[],
  labels: readonly boolean[],
  options: TrainingOptions,
): BoostedTrees {
  const y = labels.map((label) => (label ? 1 : 0));
  const positives = y.reduce<number>((sum, v) => sum + v, 0);
  const base = round(Math.log((positives + 1) / (rows.length - positives + 1)));
  const thresholds = names.map((_, f) =>
    quantileThresholds(
      rows.map((row) => row[f] ?? 0),
      options.bins,
    ),
  );
  // Each value's bin, found once: growing a node then costs one pass over its rows per feature.
  const binned = thresholds.map((cuts, f) =>
    Uint16Array.from(rows, (row) => firstAtLeast(cuts, row[f] ?? 0)),
  );
  const logOdds = rows.map(() => base);
  const random = mulberry32(options.seed);
  const trees: TreeNode[] = [];
  for (let t = 0; t < options.trees; t++) {
    const gradient: number[] = [];
    const hessian: number[] = [];
    rows.forEach((_, i) => {
      const p = 1 / (1 + Math.exp(-(logOdds[i] as number)));
      gradient.push(p - (y[i] as number));
      hessian.push(Math.max(p * (1 - p), 1e-6));
    });
    const sample = rows.map((_, i) => i).filter(() => random() < options.subsample);
    const grow = (members: number[], depth: number): TreeNode => {
      let g = 0;
      let h = 0;
      for (const i of members) {
        g += gradient[i] as number;
        h += hessian[i] as number;
      }
      const leaf = { value: round((-g / (h + 1)) * options.learningRate) };
      if (depth === options.depth || members.length < 2 * options.minLeaf) return leaf;
      const parentGain = (g * g) / (h + 1);
      let best = { gain: 1e-9, feature: -1, threshold: 0 };
      thresholds.forEach((cuts, feature) => {
        const gLeft = new Array<number>(cuts.length).fill(0);
        const hLeft = new Array<number>(cuts.length).fill(0);
        const nLeft = new Array<number>(cuts.length).fill(0);
        const bins = binned[feature] as Uint16Array;
        for (const i of members) {
          const bin = bins[i] as number;
          if (bin < cuts.length) {
            gLeft[bin] = (gLeft[bin] as number) + (gradient[i] as number);
            hLeft[bin] = (hLeft[bin] as number) + (hessian[i] as number);
            nLeft[bin] = (nLeft[bin] as number) + 1;
          }
        }
        let gl = 0;
        let hl = 0;
        let nl = 0;
        cuts.forEach((threshold, k) => {
          gl += gLeft[k] as number;
          hl += hLeft[k] as number;
          nl += nLeft[k] as number;
          const nr = members.length - nl;
          if (nl < options.minLeaf || nr < options.minLeaf) return;
          const gain = (gl * gl) / (hl + 1) + ((g - gl) * (g - gl)) / (h - hl + 1) - parentGain;
          if (gain > best.gain) best = { gain, feature, threshold };
        });
      });
      if (best.feature < 0) return leaf;
      const left: number[] = [];
      const right: number[] = [];
      for (const i of members)
        ((rows[i] as readonly number[])[best.feature] ?? 0) <= best.threshold ? left.push(i) : right.push(i);
      return {
        feature: best.feature,
        threshold: best.threshold,
        left: grow(left, depth + 1),
        right: grow(right, depth + 1),
      };
    };
    const tree = grow(sample, 0);
    trees.push(tree);
    rows.forEach((row, i) => {
      logOdds[i] = (logOdds[i] as number) + leafValue(tree, row);
    });
  }
  return { features: [...names], base, trees };
}

/** Distinct quantiles of the values, rounded, as split thresholds (value <= threshold goes left). */
function quantileThresholds(values: number[], bins: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const cuts = new Set<number>();
  for (let k = 1; k < bins; k++) cuts.add(round(sorted[Math.floor((k * sorted.length) / bins)] as number));
  const max = sorted[sorted.length - 1] ?? 0;
  return [...cuts].filter((cut) => cut < max).sort((a, b) => a - b);
}

/** The position of the first threshold the value does not exceed; `cuts.length` when above all. */
function firstAtLeast(cuts: readonly number[], value: number): number {
  let low = 0;
  let high = cuts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cuts[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Six digits, and no -0, which JSON writes as 0. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6 || 0;
}

/** A small seeded generator (Mulberry32), so training draws the same rows on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
