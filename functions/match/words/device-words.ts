import { groupsNamed, groupWords } from './word-groups.ts';

/**
 * Words that name a device an accessory is made for, or that is sold itself, grouped by device:
 * a case, a charger or a screen film for one fits no other. Names only, folded: "touch" or "tab"
 * alone name no device, and a BlackBerry PlayBook's title names BlackBerry too.
 */
const deviceGroups: readonly (readonly string[])[] = [
  ['iphone'],
  ['ipod'],
  ['ipad'],
  ['macbook'],
  ['kindle'],
  ['nook'],
  ['galaxy'],
  ['blackberry'],
  ['playbook'],
  ['xoom'],
  ['zune'],
  ['psp'],
  ['wii'],
  ['xbox'],
  ['playstation', 'ps2', 'ps3', 'ps4', 'ps5'],
  ['gopro'],
];

const deviceOf = groupWords(deviceGroups);

/** Bits of the devices the words name, one per group; 0 where none is named. */
export function devicesNamed(words: readonly string[]): number {
  return groupsNamed(words, deviceOf);
}
