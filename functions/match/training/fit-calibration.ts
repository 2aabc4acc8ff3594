import {
  calibrationFeatureNames,
  calibrationFeatures,
  type MatchCalibration,
  type MatchSignals,
} from '../calibrate-confidence.ts';

/** A chosen pair and whether the answer key names it. */
export interface CalibrationSample {
  signals: MatchSignals;
  same: boolean;
}

/** Ridge penalty: keeps weights finite where a feature separates the few samples it has (GTIN pairs). */
const ridge = 1;
const iterations = 50;

/**
 * Fits the calibration's logistic model by Newton's method (iteratively reweighted least squares)
 * with a small ridge penalty on the weights. Deterministic; numbers rounded to six digits so the
 * committed JSON predicts as the fitted model.
 */
export function fitCalibration(samples: readonly CalibrationSample[]): MatchCalibration {
  const { bias, weights } = fitLogistic(
    samples.map((sample) => calibrationFeatures(sample.signals)),
    samples.map((sample) => sample.same),
  );
  return { features: [...calibrationFeatureNames], bias, weights };
}

/**
 * The logistic model of `labels` over `rows` (each the same length), by Newton's method with the
 * ridge on the weights, not the bias; numbers rounded to six digits. Apart from the calibration's
 * feature list so a study (`bench/auto-misses.ts`) can try other columns the same way.
 */
export function fitLogistic(
  featureRows: readonly (readonly number[])[],
  labels: readonly boolean[],
): { bias: number; weights: number[] } {
  const rows = featureRows.map((row) => [1, ...row]);
  const size = (rows[0]?.length ?? 1) as number;
  const beta = new Array<number>(size).fill(0);
  for (let step = 0; step < iterations; step++) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (const [n, row] of rows.entries()) {
      const p = 1 / (1 + Math.exp(-row.reduce((sum, x, i) => sum + x * (beta[i] as number), 0)));
      const error = p - (labels[n] ? 1 : 0);
      const weight = p * (1 - p);
      for (let i = 0; i < size; i++) {
        gradient[i] = (gradient[i] as number) + error * (row[i] as number);
        for (let j = 0; j < size; j++)
          (hessian[i] as number[])[j] =
            ((hessian[i] as number[])[j] as number) + weight * (row[i] as number) * (row[j] as number);
      }
    }
    for (let i = 1; i < size; i++) {
      gradient[i] = (gradient[i] as number) + ridge * (beta[i] as number);
      (hessian[i] as number[])[i] = ((hessian[i] as number[])[i] as number) + ridge;
    }
    const delta = solve(hessian, gradient);
    for (let i = 0; i < size; i++) beta[i] = (beta[i] as number) - (delta[i] as number);
    if (Math.max(...delta.map(Math.abs)) < 1e-9) break;
  }
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return { bias: round(beta[0] as number), weights: beta.slice(1).map(round) };
}

/** Solves a x = b by Gaussian elimination with partial pivoting (a small, symmetric positive definite system). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[col] as number) > Math.abs((m[pivot] as number[])[col] as number))
        pivot = r;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const head = m[col] as number[];
    for (let r = col + 1; r < n; r++) {
      const row = m[r] as number[];
      const factor = (row[col] as number) / (head[col] as number);
      for (let c = col; c <= n; c++) row[c] = (row[c] as number) - factor * (head[c] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r] as number[];
    let sum = row[n] as number;
    for (let c = r + 1; c < n; c++) sum -= (row[c] as number) * (x[c] as number);
    x[r] = sum / (row[r] as number);
  }
  return x;
}
