/** Each word's group, by the group's position in a list of groups of words naming one thing. */
export type WordGroups = ReadonlyMap<string, number>;

export function groupWords(groups: readonly (readonly string[])[]): WordGroups {
  return new Map(groups.flatMap((words, group) => words.map((word) => [word, group] as const)));
}

/** Bits of the groups the words name, one per group; 0 where none is named. */
export function groupsNamed(words: readonly string[], groupOf: WordGroups): number {
  let groups = 0;
  for (const word of words) {
    const group = groupOf.get(word);
    if (group !== undefined) groups |= 1 << group;
  }
  return groups;
}

/** Both name some group and none in common: "Blue" against "Silver", "iPod" against "iPhone". */
export function namesOthersOnly(x: number, y: number): boolean {
  return x !== 0 && y !== 0 && (x & y) === 0;
}
