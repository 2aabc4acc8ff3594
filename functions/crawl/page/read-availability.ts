import type { Availability } from '#core/product-record';

// Checked in this order: "not in stock" phrases contain "in stock" ones ("Nicht auf Lager", "Niedostępny").
const phrases: [Exclude<Availability, 'UNKNOWN'>, string[]][] = [
  [
    'OUT_OF_STOCK',
    [
      'outofstock',
      'out of stock',
      'soldout',
      'sold out',
      'discontinued',
      'unavailable',
      'not available',
      'oos',
      'není skladem',
      'neni skladem',
      'vyprodáno',
      'nedostupné',
      'nedostupný',
      'nie je na sklade',
      'nie je možné produkt kúpiť',
      'nie je možné kúpiť',
      'momentálne nedostupné',
      'momentálne nedostupný',
      'nelze koupit',
      'dočasně nedostupné',
      'vypredané',
      'nicht auf lager',
      'ausverkauft',
      'nicht verfügbar',
      'nicht lieferbar',
      'rupture de stock',
      'épuisé',
      'indisponible',
      'niedostępny',
      'brak w magazynie',
      'wyprzedane',
      'agotado',
      'esaurito',
      'non disponibile',
      'no disponible',
      'non disponible',
      'nije dostupno',
      'niet op voorraad',
      'uitverkocht',
      'нет в наличии',
      'slutsåld',
      'ej i lager',
      'ikke på lager',
      'udsolgt',
    ],
  ],
  [
    'PREORDER',
    [
      'preorder',
      'pre-order',
      'pre order',
      'presale',
      'backorder',
      'předobjednávka',
      'předobjednat',
      'predobjednávka',
      'predobjednať',
      'vorbestellung',
      'vorbestellen',
      'précommande',
      'précommander',
      'przedsprzedaż',
      'preventa',
      'prenotazione',
      'förbeställ',
    ],
  ],
  [
    'IN_STOCK',
    [
      'instock',
      'in stock',
      'instoreonly',
      'onlineonly',
      'limitedavailability',
      'available',
      'skladem',
      'na skladě',
      'na sklade',
      'auf lager',
      'lieferbar',
      'verfügbar',
      'en stock',
      'disponible',
      'dostępny',
      'w magazynie',
      'in magazzino',
      'op voorraad',
      'в наличии',
      'na stanju',
      'disponibile',
      'i lager',
      'på lager',
    ],
  ],
];

const patterns = phrases.map(
  ([availability, words]) =>
    [
      availability,
      new RegExp(
        `(?<![\\p{L}])(?:${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`,
        'u',
      ),
    ] as const,
);

/**
 * Availability from a schema.org value (`https://schema.org/InStock`), an Open Graph value
 * (`in stock`, `oos`) or a stock label in one of the shop languages; null when it says nothing.
 */
export function readAvailability(value: unknown): Availability | null {
  if (typeof value !== 'string') return null;
  const text = value
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
  if (!text || text.length > 80) return null;
  for (const [availability, pattern] of patterns) if (pattern.test(text)) return availability;
  return null;
}
