const zero = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const three = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Digits after the decimal point of a currency (ISO 4217); 2 when unknown. */
export function currencyMinorUnits(currency: string | null | undefined): number {
  if (!currency) return 2;
  if (zero.has(currency)) return 0;
  if (three.has(currency)) return 3;
  return 2;
}
