import { describe, expect, it } from 'vitest';
import { matchCatalogs } from './match-catalogs.ts';
import { testProduct } from './test-product.ts';
import { variantsDiffer, variantTerms } from './variant-terms.ts';

const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const colours = Array.from({ length: 50 }, (_, i) => `Shade ${i + 1}`);

/** One page's variants: one record per size and colour, all of one name. */
function variantGroup(
  shop: string,
  name: string,
  attributes: (size: string, colour: string) => Record<string, string>,
) {
  return sizes.flatMap((size) =>
    colours.map((colour) =>
      testProduct(`https://${shop}.example/tee?size=${size}&colour=${encodeURIComponent(colour)}`, name, {
        variant_group: `https://${shop}.example/tee`,
        variant_attributes: attributes(size, colour),
      }),
    ),
  );
}

describe('variantTerms', () => {
  it('writes attribute names and values of two shops in one spelling', () => {
    expect(variantTerms({ Color: 'Gray', Size: 'Medium' })).toEqual(
      variantTerms({ 'Größe ': 'm', colour: 'GREY' }),
    );
    expect(variantTerms({ Size: 'Extra-Large' })).toEqual(['variant:size=xl']);
    expect(variantTerms({ Size: '' })).toEqual([]);
    expect(variantTerms(null)).toEqual([]);
  });

  it('calls variants different only where both name a value of one attribute', () => {
    const m = variantTerms({ size: 'M', colour: 'Red' });
    expect(variantsDiffer(m, variantTerms({ size: 'L', colour: 'Red' }))).toBe(true);
    expect(variantsDiffer(m, variantTerms({ Größe: 'medium' }))).toBe(false);
    expect(variantsDiffer(m, [])).toBe(false);
  });
});

describe('matchCatalogs on variants', () => {
  it('pairs each of 300 variants of one name with the same size and colour at the other shop', async () => {
    const reference = variantGroup('ref', 'Acme Basic Tee 180 gsm', (size, colour) => ({
      Size: size,
      Color: colour,
    }));
    const competitor = variantGroup('comp', 'ACME basic tee, 180 gsm', (size, colour) => ({
      Größe: size === 'M' ? 'Medium' : size,
      Farbe: colour.toUpperCase(),
    })).reverse();
    const { matches } = await matchCatalogs({ website_id: 'ref', products: reference }, [
      { website_id: 'comp', products: competitor },
    ]);
    expect(matches).toHaveLength(300);
    for (const match of matches) {
      expect(new URL(match.url).search).toBe(new URL(match.reference_url).search);
      expect(match.evidence.variantConflict).toBe(false);
    }
  });

  it('matches a sibling variant where the shop sells no other, and says so', async () => {
    const reference = [
      testProduct('https://ref.example/tee?size=M', 'Acme Basic Tee 180 gsm', {
        variant_group: 'https://ref.example/tee',
        variant_attributes: { size: 'M' },
      }),
    ];
    const competitor = [
      testProduct('https://comp.example/tee?size=L', 'Acme Basic Tee 180 gsm', {
        variant_group: 'https://comp.example/tee',
        variant_attributes: { size: 'L' },
      }),
    ];
    const { matches } = await matchCatalogs({ website_id: 'ref', products: reference }, [
      { website_id: 'comp', products: competitor },
    ]);
    expect(matches.map((match) => [match.url, match.evidence.variantConflict])).toEqual([
      ['https://comp.example/tee?size=L', true],
    ]);
  });
});
