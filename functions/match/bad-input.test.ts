import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '#core/product-record';
import { type MatchingResult, matchCatalogs } from './match-catalogs.ts';
import { testProduct } from './test-product.ts';

const shop = (website_id: string, products: ProductRecord[]) => ({ website_id, products });
const named = (side: string, names: string[], fields: Partial<ProductRecord> = {}) =>
  names.map((name, i) => testProduct(`https://${side}.example/${i}`, name, fields));

/** Every match is one to one, scored and explained within range. */
function expectWellFormed(result: MatchingResult): void {
  const references = result.matches.map((match) => `${match.website_id} ${match.reference_url}`);
  const competitors = result.matches.map((match) => `${match.website_id} ${match.url}`);
  expect(new Set(references).size).toBe(references.length);
  expect(new Set(competitors).size).toBe(competitors.length);
  for (const match of result.matches) {
    expect(match.score).toBeGreaterThanOrEqual(0);
    expect(match.score).toBeLessThanOrEqual(1);
    expect(match.confidence).toBeGreaterThanOrEqual(0);
    expect(match.confidence).toBeLessThanOrEqual(1);
  }
}

describe('matchCatalogs on bad input', () => {
  it('matches one of two identical titles in a catalog, not both', async () => {
    const result = await matchCatalogs(
      shop('ref', named('ref', ['Bosch TWK3A011 kettle', 'Bosch TWK3A011 kettle', 'Philips HD9350 kettle'])),
      [shop('web', named('web', ['Bosch TWK3A011 kettle white', 'Philips HD9350/90 kettle']))],
    );
    expectWellFormed(result);
    expect(result.matches.filter((match) => match.url === 'https://web.example/0')).toHaveLength(1);
  });

  it('handles a catalog of one product and titles of one or 5,000 characters', async () => {
    const long = `Bosch TWK3A011 kettle ${'stainless steel '.repeat(320)}`.slice(0, 5000);
    const result = await matchCatalogs(shop('ref', named('ref', [long])), [
      shop('web', named('web', ['x', 'Bosch TWK3A011 kettle', 'Philips HD9350 kettle'])),
    ]);
    expectWellFormed(result);
    expect(result.matches.map((match) => match.url)).toEqual(['https://web.example/1']);
  });

  it('matches Czech, Greek and Japanese titles by their codes and words', async () => {
    const result = await matchCatalogs(
      shop(
        'ref',
        named('ref', [
          'Rychlovarná konvice Bosch TWK3A011',
          'Βραστήρας Philips HD9350',
          'ソニー ヘッドホン WH-1000XM4',
        ]),
      ),
      [
        shop(
          'web',
          named('web', [
            'Konvice BOSCH TWK 3A011 bílá',
            'Philips HD9350/90 βραστήρας',
            'ソニー WH1000XM4 ワイヤレス',
          ]),
        ),
      ],
    );
    expectWellFormed(result);
    expect(result.matches.map((match) => `${match.reference_url} ${match.url}`).sort()).toEqual([
      'https://ref.example/0 https://web.example/0',
      'https://ref.example/1 https://web.example/1',
      'https://ref.example/2 https://web.example/2',
    ]);
  });

  it('matches Czech, Greek and Japanese titles without codes by their words', async () => {
    const result = await matchCatalogs(
      shop(
        'ref',
        named('ref', [
          'Rychlovarná konvice Bosch bílá',
          'Βραστήρας νερού Philips λευκός',
          'ソニーのワイヤレスヘッドホン 黒',
          'Žehlička Philips modrá',
        ]),
      ),
      [
        shop(
          'web',
          named('web', [
            'Ηλεκτρικός βραστήρας νερού PHILIPS, λευκός',
            'Rychlovarna konvice BOSCH bila',
            'ソニー ワイヤレスヘッドホン（黒）',
            'ソニー 電気ケトル',
          ]),
        ),
      ],
    );
    expectWellFormed(result);
    expect(result.matches.map((match) => `${match.reference_url} ${match.url}`).sort()).toEqual([
      'https://ref.example/0 https://web.example/1',
      'https://ref.example/1 https://web.example/0',
      'https://ref.example/2 https://web.example/2',
    ]);
  });

  it('ignores a GTIN that fails its check digit rather than vetoing the pair', async () => {
    const result = await matchCatalogs(
      shop('ref', named('ref', ['Bosch TWK3A011 kettle'], { gtin: '4006381333932' })),
      [shop('web', named('web', ['Bosch TWK3A011 kettle'], { gtin: '036000291452' }))],
    );
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]?.evidence.gtin).toBeNull();
  });

  it('does not take a code every product carries for an identifier', async () => {
    const names = ['AB1234 kettle red', 'AB1234 toaster', 'AB1234 blender', 'AB1234 mixer'];
    const result = await matchCatalogs(shop('ref', named('ref', names)), [
      shop('web', named('web', ['AB1234 kettle red', 'AB1234 iron', 'AB1234 fan', 'AB1234 heater'])),
    ]);
    expectWellFormed(result);
    expect(result.matches.map((match) => `${match.reference_url} ${match.url}`)).toEqual([
      'https://ref.example/0 https://web.example/0',
    ]);
  });

  it('does not take a letter MPN or a split code every product carries for an identifier', async () => {
    const names = ['Acme kettle red', 'Acme toaster', 'Acme blender', 'Acme mixer'];
    const others = ['Acme kettle red', 'Acme iron', 'Acme fan', 'Acme heater'];
    const letterMpn = await matchCatalogs(shop('ref', named('ref', names, { mpn: 'ACME' })), [
      shop('web', named('web', others, { mpn: 'ACME' })),
    ]);
    const split = await matchCatalogs(
      shop(
        'ref',
        named(
          'ref',
          names.map((name) => `${name} SX10IS`),
        ),
      ),
      [
        shop(
          'web',
          named(
            'web',
            others.map((name) => `${name} SX10 IS`),
          ),
        ),
      ],
    );
    for (const result of [letterMpn, split]) {
      expectWellFormed(result);
      expect(result.matches.map((match) => `${match.reference_url} ${match.url}`)).toEqual([
        'https://ref.example/0 https://web.example/0',
      ]);
    }
  });
});
