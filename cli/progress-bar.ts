/** A text progress bar: `[########------------]  40%`. */
export function progressBar(percent: number, width = 24): string {
  const clamped = Math.max(0, Math.min(100, percent));
  const filled = Math.round((clamped / 100) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${clamped.toFixed(0).padStart(3)}%`;
}
