import { compactWord } from '../compact-word.ts';
import { titleDescriber } from '../describe-title.ts';
import type { LabelledPair } from './read-labelled-pairs.ts';

/** A word that starts fewer distinct titles is too rare to tell a maker from chance. */
const MIN_TITLES = 3;
/** Matching pairs where the word starts a title, at the least, to measure how shops keep it. */
const MIN_MATCHES = 2;
/**
 * The share of those matching pairs whose other title has the word too, at the least: shops keep a
 * maker's name ("Crucial", "Shimano"), but a title's first word in the shop's language ("Memoria",
 * "Casquette") or a seller's ("Genuine", "Cheap") is gone from the other shop's title.
 */
const MIN_KEPT = 0.8;

/**
 * The words that name makers, learned from labelled pairs of offer titles: words without digits
 * that start at least `MIN_TITLES` titles and stay in the other title of most matching pairs where
 * they start one. Sorted, so the same pairs give the same list.
 */
export function mineMakerWords(pairs: readonly LabelledPair[]): string[] {
  const describe = titleDescriber();
  const titles = new Map<string, Set<string>>();
  const kept = new Map<string, { matches: number; kept: number }>();
  for (const pair of pairs)
    for (const [title, other] of [
      [pair.left, pair.right],
      [pair.right, pair.left],
    ] as const) {
      const word = describe(title).firstWord;
      if (word === null || /\d/.test(word) || compactWord(word).length < 2) continue;
      const starting = titles.get(word) ?? new Set<string>();
      titles.set(word, starting.add(title));
      if (!pair.same) continue;
      const count = kept.get(word) ?? { matches: 0, kept: 0 };
      count.matches++;
      if (describe(other).compactName.includes(compactWord(word))) count.kept++;
      kept.set(word, count);
    }
  return [...titles]
    .filter(([word, starting]) => {
      const count = kept.get(word);
      return (
        starting.size >= MIN_TITLES &&
        count !== undefined &&
        count.matches >= MIN_MATCHES &&
        count.kept / count.matches >= MIN_KEPT
      );
    })
    .map(([word]) => word)
    .sort();
}
