import { groupsNamed, groupWords } from './word-groups.ts';

/**
 * Words of a title that name a desktop system, Mac or Windows ("windows" is tokenised "window"):
 * software is sold as one edition per system.
 */
const platformOf = groupWords([
  ['mac', 'macintosh', 'osx', 'macosx'],
  ['window', 'win', 'pc', 'xp', 'vista'],
]);

/** Bits of the systems the words name; 0 where none is. */
export function platformsNamed(words: readonly string[]): number {
  return groupsNamed(words, platformOf);
}
