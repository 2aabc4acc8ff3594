/** A measured attribute of a product: "16 GB" is { dimension: 'bytes', value: 16e9 }. */
export interface Quantity {
  dimension: string;
  /** In the dimension's base unit, so "1 TB" and "1000 GB" carry the same value. */
  value: number;
}

export interface QuantityReading {
  quantities: Quantity[];
  /** The text with every quantity cut out, for the word tokens. */
  rest: string;
}

/** Unit spellings -> dimension and factor to its base unit. Longer spellings are tried first. */
const units: Record<string, [string, number]> = {
  kb: ['bytes', 1e3],
  mb: ['bytes', 1e6],
  gb: ['bytes', 1e9],
  tb: ['bytes', 1e12],
  kbps: ['bits/s', 1e3],
  mbps: ['bits/s', 1e6],
  gbps: ['bits/s', 1e9],
  bit: ['word size', 1],
  mah: ['charge', 1e-3],
  ah: ['charge', 1],
  w: ['power', 1],
  watt: ['power', 1],
  watts: ['power', 1],
  kw: ['power', 1e3],
  va: ['apparent power', 1],
  kva: ['apparent power', 1e3],
  v: ['voltage', 1],
  volt: ['voltage', 1],
  volts: ['voltage', 1],
  hz: ['frequency', 1],
  khz: ['frequency', 1e3],
  mhz: ['frequency', 1e6],
  ghz: ['frequency', 1e9],
  mm: ['length', 1e-3],
  cm: ['length', 1e-2],
  meter: ['length', 1],
  meters: ['length', 1],
  metre: ['length', 1],
  metres: ['length', 1],
  in: ['length', 0.0254],
  inch: ['length', 0.0254],
  inches: ['length', 0.0254],
  '"': ['length', 0.0254],
  ft: ['length', 0.3048],
  feet: ['length', 0.3048],
  foot: ['length', 0.3048],
  kg: ['mass', 1],
  gram: ['mass', 1e-3],
  grams: ['mass', 1e-3],
  lb: ['mass', 0.45359237],
  lbs: ['mass', 0.45359237],
  pound: ['mass', 0.45359237],
  pounds: ['mass', 0.45359237],
  oz: ['mass', 0.028349523],
  ounce: ['mass', 0.028349523],
  ounces: ['mass', 0.028349523],
  'fl oz': ['volume', 2.957353e-5],
  ml: ['volume', 1e-6],
  cl: ['volume', 1e-5],
  l: ['volume', 1e-3],
  liter: ['volume', 1e-3],
  liters: ['volume', 1e-3],
  litre: ['volume', 1e-3],
  litres: ['volume', 1e-3],
  gal: ['volume', 3.785411784e-3],
  gallon: ['volume', 3.785411784e-3],
  mp: ['resolution', 1e6],
  megapixel: ['resolution', 1e6],
  dpi: ['dots per inch', 1],
  rpm: ['rotation', 1],
  ohm: ['impedance', 1],
  ohms: ['impedance', 1],
  db: ['gain', 1],
  ppm: ['pages per minute', 1],
  port: ['ports', 1],
  ports: ['ports', 1],
  user: ['users', 1],
  users: ['users', 1],
  outlet: ['outlets', 1],
  outlets: ['outlets', 1],
  sheet: ['sheets', 1],
  sheets: ['sheets', 1],
  hour: ['duration', 3600],
  hours: ['duration', 3600],
  hr: ['duration', 3600],
  hrs: ['duration', 3600],
  pin: ['pins', 1],
  pins: ['pins', 1],
  page: ['pages', 1],
  pages: ['pages', 1],
  channel: ['channels', 1],
  channels: ['channels', 1],
  pack: ['count', 1],
  packs: ['count', 1],
  pk: ['count', 1],
  count: ['count', 1],
  ct: ['count', 1],
  pc: ['count', 1],
  pcs: ['count', 1],
  piece: ['count', 1],
  pieces: ['count', 1],
  box: ['count', 1],
};

const numberWords: Record<string, number> = {
  single: 1,
  one: 1,
  two: 2,
  twin: 2,
  dual: 2,
  double: 2,
  three: 3,
  triple: 3,
  four: 4,
  five: 5,
  six: 6,
  eight: 8,
  ten: 10,
  twelve: 12,
};

const unitPattern = Object.keys(units)
  .sort((a, b) => b.length - a.length)
  .map((unit) => unit.replace(/[.*+?^${}()|[\]\\"]/g, '\\$&').replace(' ', '\\.?\\s*'))
  .join('|');

/**
 * Number + unit, the unit ending the word. Units are only read right after a number, so the "pc" of
 * "windows pc" or the "in" of "built in" stay words. A hyphen joins them only unspaced ("10-pack"):
 * a spaced dash parts a title ("Encore 10991 - PC Tools Spyware Doctor" is no 10,991 pieces).
 */
const measured = new RegExp(`(?<![a-z0-9.])(\\d+(?:\\.\\d+)?)(?:-|\\s*)(${unitPattern})(?![a-z0-9])`, 'g');
/**
 * Count units that also end model codes, read after a code's first part only where they say pack:
 * "CIA-1237PC" is a model, not 1,237 pieces; "FAN-80-4PACK" is a pack of four.
 */
const codeLetters: ReadonlySet<string> = new Set(['pc', 'pcs', 'ct']);
const codeBefore = /[a-z0-9]-$/;
/** "2 in 1" is not two inches, and the "w" of a "w x d x h" size list is not watts. */
const notAUnit = /^(?:in\s*-?\s*\d|w\s*x\s*\d)/;
/**
 * A size list "36 x 144" or "9.8 x 11.8 x 4.7 in": read as one value, the product of its numbers,
 * so the order of the sides does not matter. A number followed by another unit is a multiplier
 * ("2 x 1GB"), not a side.
 */
const sizeList =
  /(?<![a-z0-9.])(\d+(?:\.\d+)?)(?:\s*(?:"|in|cm|mm))?\s*x\s*(\d+(?:\.\d+)?)(?:(?:\s*(?:"|in|cm|mm))?\s*x\s*(\d+(?:\.\d+)?))?(?:\s*(?:"|inch(?:es)?|in|cm|mm|ft)(?![a-z0-9]))?(?![a-z0-9.])/g;
const packOf = /\b(?:pack|set|box|case|bag|carton|package) of (\d+)\b/g;
const perPack = /(?<![a-z0-9.])(\d+)\s*(?:\/|per)\s*(?:pack|pk|box|bx|case|set|bag)\b/g;
const wordPack = new RegExp(`\\b(${Object.keys(numberWords).join('|')})[\\s-]?(?:pack|pk)\\b`, 'g');

/**
 * Sizes, capacities, ratings and pack counts written in a (folded, number-joined) title. Two products
 * that measure the same dimension with different values are different products.
 */
export function readQuantities(text: string): QuantityReading {
  const quantities: Quantity[] = [];
  const cut = (match: string): string => ' '.repeat(match.length);
  let rest = text.replace(sizeList, (match, ...sides: (string | undefined)[]) => {
    const numbers = sides.slice(0, 3).filter((side): side is string => typeof side === 'string');
    quantities.push({
      dimension: `size ${numbers.length}d`,
      value: numbers.reduce((p, n) => p * Number(n), 1),
    });
    return cut(match);
  });
  rest = rest.replace(packOf, (match, count: string) => {
    quantities.push({ dimension: 'count', value: Number(count) });
    return cut(match);
  });
  rest = rest.replace(perPack, (match, count: string) => {
    quantities.push({ dimension: 'count', value: Number(count) });
    return cut(match);
  });
  rest = rest.replace(wordPack, (match, word: string) => {
    quantities.push({ dimension: 'count', value: numberWords[word] ?? 1 });
    return cut(match);
  });
  rest = rest.replace(measured, (match, number: string, unit: string, offset: number) => {
    const [dimension, factor] = units[unit.startsWith('fl') ? 'fl oz' : unit] ?? ['', 0];
    const unitAt = offset + match.length - unit.length;
    if (!dimension || notAUnit.test(rest.slice(unitAt))) return match;
    if (codeLetters.has(unit) && codeBefore.test(rest.slice(0, offset))) return match;
    quantities.push({ dimension, value: Number(number) * factor });
    return cut(match);
  });
  return { quantities, rest };
}
