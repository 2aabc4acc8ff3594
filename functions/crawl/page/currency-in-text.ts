/** Currency of each country, for symbols shared by several currencies ($, kr, £, ¥). */
const countryCurrency: Record<string, string> = {
  AT: 'EUR',
  BE: 'EUR',
  CY: 'EUR',
  DE: 'EUR',
  EE: 'EUR',
  ES: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  GR: 'EUR',
  HR: 'EUR',
  IE: 'EUR',
  IT: 'EUR',
  LT: 'EUR',
  LU: 'EUR',
  LV: 'EUR',
  MT: 'EUR',
  NL: 'EUR',
  PT: 'EUR',
  SI: 'EUR',
  SK: 'EUR',
  CZ: 'CZK',
  PL: 'PLN',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  CH: 'CHF',
  LI: 'CHF',
  GB: 'GBP',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  MX: 'MXN',
  CL: 'CLP',
  CO: 'COP',
  AR: 'ARS',
  BR: 'BRL',
  SG: 'SGD',
  HK: 'HKD',
  JP: 'JPY',
  CN: 'CNY',
  KR: 'KRW',
  IN: 'INR',
  TR: 'TRY',
  UA: 'UAH',
  IL: 'ILS',
  EG: 'EGP',
  ZA: 'ZAR',
  BY: 'BYN',
  RU: 'RUB',
  KZ: 'KZT',
  TW: 'TWD',
  SA: 'SAR',
  AE: 'AED',
  QA: 'QAR',
  KW: 'KWD',
  PK: 'PKR',
  LK: 'LKR',
  TH: 'THB',
  VN: 'VND',
  ID: 'IDR',
  MY: 'MYR',
  RS: 'RSD',
};

const symbols: [RegExp, string[]][] = [
  [/NT\$/, ['TWD']],
  [/US\$/, ['USD']],
  [/CA?\$/, ['CAD']],
  [/AU?\$/, ['AUD']],
  [/NZ\$/, ['NZD']],
  [/MX\$/, ['MXN']],
  [/R\$/, ['BRL']],
  [/HK\$/, ['HKD']],
  [/S\$/, ['SGD']],
  [/K[čc](?![\p{L}])/u, ['CZK']],
  [/z[łl](?![\p{L}])/u, ['PLN']],
  [/(?<![\p{L}])Ft(?![\p{L}])/u, ['HUF']],
  [/(?<![\p{L}])lei(?![\p{L}])/iu, ['RON']],
  [/лв/, ['BGN']],
  [/(?<![\p{L}])(?:S?Fr\.|CHF)/u, ['CHF']],
  [/(?<![\p{L}])kr\.?(?![\p{L}])/iu, ['SEK', 'NOK', 'DKK', 'ISK']],
  [/€/, ['EUR']],
  [/£/, ['GBP', 'EGP']],
  [/¥|円/, ['JPY', 'CNY']],
  [/元/, ['CNY', 'TWD']],
  [/₹/, ['INR']],
  [/(?<![\p{L}])б\.\s?р\.|бел\.\s?руб/u, ['BYN']],
  [/₽|(?<![\p{L}])(?:руб(?:\.|лей|ль|ля)?|р\.)(?![\p{L}])/u, ['RUB', 'BYN']],
  [/₴|(?<![\p{L}])грн(?![\p{L}])/u, ['UAH']],
  [/₸|(?<![\p{L}])(?:тг|теңге|тенге)(?![\p{L}])/u, ['KZT']],
  [/₺|(?<![\p{L}])TL(?![\p{L}])/u, ['TRY']],
  [/₩|원/, ['KRW']],
  [/(?<![\p{L}])kn(?![\p{L}])/iu, ['HRK']],
  [/₪/, ['ILS']],
  [/ر\.?\s?س|ريال/u, ['SAR']],
  [/د\.?\s?إ|درهم/u, ['AED']],
  [/₨|(?<![\p{L}])Rs\.?(?![\p{L}])/u, ['INR', 'PKR', 'LKR']],
  [/฿/, ['THB']],
  [/₫/, ['VND']],
  [/\$/, ['USD', 'CAD', 'AUD', 'NZD', 'MXN', 'CLP', 'COP', 'ARS', 'SGD', 'HKD', 'TWD']],
];

const isoCode = new RegExp(
  `(?<![A-Za-z])(${[...new Set(Object.values(countryCurrency)), 'RUB', 'HRK', 'KWD', 'BHD', 'OMR', 'JOD', 'TND', 'QAR', 'SAR', 'AED'].join('|')})(?![A-Za-z])`,
);

/**
 * The ISO 4217 currency a price text names by code or symbol. A symbol several currencies share is
 * read as the currency of the shop's country when that is one of them, else as its most common one.
 * Null when the text names no currency.
 */
export function currencyInText(text: string, country?: string | null): string | null {
  const code = isoCode.exec(text);
  if (code) return code[1] as string;
  const local = country ? countryCurrency[country.toUpperCase()] : undefined;
  for (const [pattern, currencies] of symbols) {
    if (!pattern.test(text)) continue;
    return local && currencies.includes(local) ? local : (currencies[0] as string);
  }
  return null;
}

/** The currency of a country (ISO 3166 alpha-2), where this module knows it. */
export function currencyOfCountry(country: string | null | undefined): string | null {
  return country ? (countryCurrency[country.toUpperCase()] ?? null) : null;
}
