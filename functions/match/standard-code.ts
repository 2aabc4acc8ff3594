/**
 * Codes that name a standard, a rating or a count rather than a model: memory generations and
 * speeds ("DDR3L", "GDDR6", "PC3-12800", "CL16"), video modes ("1080p"), cables, ports and buses
 * ("Cat5e", "RJ45", "USB3", "802.11n", "H.264"), and counts ("11-Speed", "3-in-1", "16CH"). Two
 * products of one maker share them across its whole range.
 */
const standard =
  /^(?:(?:lp)?g?ddr\d[a-z]?\d*|pc\d{3,6}|cl\d{1,2}|\d{3,4}[pi]|cat\d[a-z]?|usb\d+|sata\d*|pcie\d*|gen\d|80211[a-z]+|h26[45]|rj\d\d|db\d\d|hd15|rs\d{3}|\d+(?:speed|way|in1|bay|ch|hole|disc|min|dozen|dvi|tpi|sp))$/;

export function isStandardCode(code: string): boolean {
  return standard.test(code);
}
