/** The word as it is found in a compact name (`ProductFeatures.compactName`): letters and digits only. */
export function compactWord(word: string): string {
  return word.replace(/[^\p{L}\p{N}]/gu, '');
}
