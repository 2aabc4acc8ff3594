import * as v from 'valibot';
import {
  AVAILABILITIES,
  FIELD_SOURCE_NAMES,
  type FieldSource,
  PRICE_UNITS,
  SOURCED_FIELDS,
} from '#core/product-record';

/**
 * Building blocks of the response schemas (one module per area beside its handlers). They describe
 * what the handlers answer, for the OpenAPI document and the integration tests that check every
 * answer against it; the handlers do not parse their own output.
 */
export const timestamp = v.pipe(v.string(), v.isoTimestamp(), v.examples(['2026-03-02T09:30:00.000Z']));
export const nullableTimestamp = v.nullable(timestamp);
/** Money as an exact decimal string ("12.50"). */
export const money = v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/), v.examples(['12.50']));
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const percent = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
export const difficulty = v.picklist(['EASY', 'MEDIUM', 'HARD', 'BROWSER']);
export const availability = v.picklist(AVAILABILITIES);

export const localization = v.object({ country: v.string(), currency: v.string(), locale: v.string() });

export const estimate = v.pipe(
  v.object({
    currency: v.string(),
    unit_price_per_1000: money,
    quantity: count,
    total: money,
    cap: money,
    min_charge: money,
    difficulty,
    input_products: count,
  }),
  // The rules hold in the example: total = max(quantity × unit / 1000, min_charge), cap = 125 % of it.
  v.examples([
    {
      currency: 'EUR',
      unit_price_per_1000: '2.00',
      quantity: 4200,
      total: '8.40',
      cap: '10.50',
      min_charge: '1.00',
      difficulty: 'EASY' as const,
      input_products: 4200,
    },
  ]),
);

export const productRecord = v.object({
  url: v.pipe(v.string(), v.description('The URL fetched: as sent or as the crawl found it.')),
  canonical_url: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.description("The page's canonical link, which may point elsewhere; absent on older records."),
    ),
  ),
  name: v.nullable(v.string()),
  brand: v.nullable(v.string()),
  gtin: v.nullable(v.string()),
  mpn: v.nullable(v.string()),
  sku: v.nullable(v.string()),
  price: v.pipe(v.nullable(v.string()), v.description('The price a buyer pays; the lowest of a range.')),
  price_max: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.description(
        'Present when `price` is the lowest of several (a range, a "from" price): the highest the page names, else null.',
      ),
    ),
  ),
  price_from: v.optional(
    v.pipe(v.literal(true), v.description('Present (true) when `price` is the lowest of several.')),
  ),
  currency: v.nullable(v.string()),
  availability,
  image: v.nullable(v.string()),
  category: v.nullable(v.string()),
  scraped_at: timestamp,
  /** Where each value came from, so a user can see why a value is what it is. */
  source: v.optional(
    v.record(
      v.string(),
      v.picklist([
        'jsonld',
        'microdata',
        'rdfa',
        'opengraph',
        'shopify',
        'nextdata',
        'script',
        'attributes',
        'selector',
        'url',
        'heuristic',
      ] satisfies FieldSource[]),
    ),
  ),
  variant_group: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.description(
        'The same string for every variant of one product (a record per variant); null for a page without variants; absent on older records.',
      ),
    ),
  ),
  variant_attributes: v.optional(
    v.pipe(
      v.nullable(v.record(v.string(), v.string())),
      v.description(
        'What sets the variant apart, e.g. {"size": "M", "colour": "red"}; null without variants.',
      ),
    ),
  ),
  unit_price: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.description(
        '`price` per `unit`, an exact decimal string, where the name or a variant states a quantity (500 g, 12 × 330 ml); else null.',
      ),
    ),
  ),
  unit: v.optional(v.pipe(v.nullable(v.picklist(PRICE_UNITS)), v.description('What `unit_price` is per.'))),
  field_sources: v.optional(
    v.pipe(
      v.object(
        Object.fromEntries(
          SOURCED_FIELDS.map((field) => [field, v.nullable(v.picklist(FIELD_SOURCE_NAMES))]),
        ) as Record<
          (typeof SOURCED_FIELDS)[number],
          v.NullableSchema<v.PicklistSchema<typeof FIELD_SOURCE_NAMES, undefined>, undefined>
        >,
      ),
      v.description(
        "Where each field's value came from: structured data (json_ld, microdata, rdfa, open_graph), data the page embeds for its scripts (embedded_json), the visible page (page_text), the shop's learned rules (learned_selector) or the URL; null where the field holds no value. Absent on records read before it existed.",
      ),
    ),
  ),
});
