/** The row of numbers, grown for a longer term: reused across calls rather than allocated per call. */
let row = new Uint16Array(64);

/**
 * Levenshtein distance (insertions, deletions, substitutions) between two short terms, such as
 * model codes or digit runs. One row of numbers is reused, as pairs of terms are compared for many
 * candidate pairs.
 */
export function editDistance(a: string, b: string): number {
  if (a.length < b.length) return editDistance(b, a);
  if (row.length < b.length + 1) row = new Uint16Array(2 * (b.length + 1));
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}
