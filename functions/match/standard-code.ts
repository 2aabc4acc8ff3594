/**
 * Codes that name a standard, a rating or a count rather than a model: memory generations and
 * speeds ("DDR3L", "GDDR6", "PC3-12800", "CL16"), video modes ("1080p"), cables, ports and buses
 * ("Cat5e", "RJ45", "USB3", "802.11n", "H.264"), and counts ("11-Speed", "3-in-1", "16CH"). Two
 * products of one maker share them across its whole range.
 */
const standard =
  /^(?:(?:lp)?g?ddr\d[a-z]?\d*|pc\d{3,6}|cl\d{1,2}|\d{3,4}[pi]|cat\d[a-z]?|usb\d+|sata\d*|pcie\d*|gen\d|80211[a-z]+|h26[45]|rj\d\d|db\d\d|hd15|rs\d{3}|\d+(?:speed|way|in1|bay|ch|hole|disc|min|dozen|dvi|tpi|sp))$/;

/**
 * Answers by code, as the learned scorer asks of every scored pair's shared codes and a catalogue
 * has far fewer distinct codes than pairs: the pattern's many branches cost more than a lookup.
 * Emptied when full, so a long-lived process holds a bounded number.
 */
const known = new Map<string, boolean>();
const maxKnown = 100_000;

export function isStandardCode(code: string): boolean {
  let answer = known.get(code);
  if (answer === undefined) {
    if (known.size >= maxKnown) known.clear();
    answer = standard.test(code);
    known.set(code, answer);
  }
  return answer;
}
