/** Bits of `platformsNamed`. */
export const mac = 1;
export const windows = 2;

/** Words of a title that name a desktop system: software is sold as one edition per system. */
const platformWords: ReadonlyMap<string, number> = new Map([
  ['mac', mac],
  ['macintosh', mac],
  ['osx', mac],
  ['macosx', mac],
  ['window', windows],
  ['win', windows],
  ['pc', windows],
  ['xp', windows],
  ['vista', windows],
]);

/** Bits of the systems named by the words ("windows" is tokenised "window"); 0 where none is. */
export function platformsNamed(words: readonly string[]): number {
  let platforms = 0;
  for (const word of words) platforms |= platformWords.get(word) ?? 0;
  return platforms;
}
