/**
 * Expected calibration error: predictions put in `bins` equal-width bins of confidence; the mean,
 * weighted by the bins' sizes, of how far each bin's share of right predictions is from its mean
 * confidence. 0 for a perfectly calibrated predictor.
 */
export function expectedCalibrationError(
  confidences: readonly number[],
  right: readonly boolean[],
  bins = 10,
): number {
  if (confidences.length === 0) return 0;
  const count = new Array<number>(bins).fill(0);
  const sumConfidence = new Array<number>(bins).fill(0);
  const sumRight = new Array<number>(bins).fill(0);
  for (const [i, confidence] of confidences.entries()) {
    const bin = Math.min(Math.floor(confidence * bins), bins - 1);
    count[bin] = (count[bin] as number) + 1;
    sumConfidence[bin] = (sumConfidence[bin] as number) + confidence;
    sumRight[bin] = (sumRight[bin] as number) + (right[i] ? 1 : 0);
  }
  let error = 0;
  for (let bin = 0; bin < bins; bin++) {
    const n = count[bin] as number;
    if (n > 0) error += Math.abs((sumRight[bin] as number) - (sumConfidence[bin] as number));
  }
  return error / confidences.length;
}
