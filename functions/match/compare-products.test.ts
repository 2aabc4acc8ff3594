import { describe, expect, it } from 'vitest';
import { compareProducts } from './compare-products.ts';
import { describeEvidence } from './describe-evidence.ts';
import { describeProduct } from './describe-product.ts';
import { testProduct } from './test-product.ts';
import { weighTerms } from './weigh-terms.ts';

/** Scores a against b with term weights from a small background catalog plus the two. */
function compare(a: ReturnType<typeof testProduct>, b: ReturnType<typeof testProduct>) {
  const background = [
    'Wireless Mouse Black',
    'USB Cable 2 m',
    'Laptop Sleeve 13',
    'Desk Lamp LED',
    'Ink Cartridge',
  ];
  const left = [a, ...background.map((name, i) => testProduct(`l${i}`, name))].map(describeProduct);
  const right = [b, ...background.map((name, i) => testProduct(`r${i}`, `${name} Pro`))].map(describeProduct);
  const [x, y] = [left[0], right[0]] as [(typeof left)[0], (typeof right)[0]];
  return compareProducts(x, y, weighTerms([left, right]));
}

describe('compareProducts', () => {
  it('takes equal valid GTINs as the same product whatever the titles say', () => {
    const result = compare(
      testProduct('a', 'Acme Kettle', { gtin: '4006381333931' }),
      testProduct('b', 'Water boiler steel', { gtin: '04006381333931' }),
    );
    expect(result.score).toBe(1);
    expect(result.evidence.gtin).toBe('equal');
  });

  it("takes one's GTIN written in the other's name or description as the same product", () => {
    const inName = compare(
      testProduct('a', 'Acme Kettle', { gtin: '4006381333931' }),
      testProduct('b', 'Water boiler steel EAN 4006381333931'),
    );
    expect(inName.score).toBe(1);
    expect(inName.evidence.gtin).toBe('equal');
    const inDescription = compare(testProduct('a', 'Acme Kettle', { gtin: '036000291452' }), {
      ...testProduct('b', 'Water boiler steel'),
      description: 'Boils 1.7 l. UPC: 036000291452.',
    } as ReturnType<typeof testProduct>);
    expect(inDescription.evidence.gtin).toBe('equal');
  });

  it('never rules a pair out by a GTIN written in a text, nor reads a number with a wrong check digit as one', () => {
    const other = compare(
      testProduct('a', 'Acme Kettle 1.7 l Steel', { gtin: '4006381333931' }),
      testProduct('b', 'Acme Kettle 1.7 l Steel, fits lid 036000291452'),
    );
    expect(other.evidence.gtin).toBeNull();
    expect(other.score).toBeGreaterThan(0.5);
    const bothTexts = compare(
      { ...testProduct('a', 'Acme Kettle'), description: 'Spare lid: 036000291452' } as ReturnType<
        typeof testProduct
      >,
      { ...testProduct('b', 'Water boiler steel'), description: 'Fits lid 036000291452' } as ReturnType<
        typeof testProduct
      >,
    );
    expect(bothTexts.evidence.gtin).toBeNull();
    const wrongCheckDigit = compare(
      testProduct('a', 'Acme Kettle', { gtin: '4006381333931' }),
      testProduct('b', 'Water boiler steel 4006381333932'),
    );
    expect(wrongCheckDigit.evidence.gtin).toBeNull();
  });

  it('rules out a pair whose valid GTINs differ, however alike the titles', () => {
    const result = compare(
      testProduct('a', 'Acme Kettle 1.7 l Steel', { gtin: '4006381333931' }),
      testProduct('b', 'Acme Kettle 1.7 l Steel', { gtin: '036000291452' }),
    );
    expect(result.score).toBe(0);
    expect(result.evidence.gtin).toBe('conflict');
  });

  it('matches nameless products by GTIN alone, with a text score of 0', () => {
    const result = compare(
      testProduct('a', '', { name: null, gtin: '4006381333931' }),
      testProduct('b', '', { name: null, gtin: '4006381333931' }),
    );
    expect(result).toMatchObject({ score: 1, evidence: { gtin: 'equal', text: 0 } });
  });

  it('ignores an invalid GTIN (wrong check digit) instead of vetoing', () => {
    const result = compare(
      testProduct('a', 'Acme Kettle 1.7 l Steel', { gtin: '4006381333932' }),
      testProduct('b', 'Acme Kettle 1.7 l Steel', { gtin: '036000291452' }),
    );
    expect(result.evidence.gtin).toBeNull();
    expect(result.score).toBeGreaterThan(0.9);
  });

  it('counts a word one title writes joined and the other splits as shared, but not a short word found inside another', () => {
    const text = (a: string, b: string) => compare(testProduct('a', a), testProduct('b', b)).evidence.text;
    expect(text('Clipart Collection Deluxe', 'Clip Art Collection Deluxe')).toBeGreaterThan(
      text('Clipart Collection Deluxe', 'Photo Collection Deluxe') + 0.1,
    );
    expect(text('Art Lamp Desk', 'Smart Lamp Desk')).toBeCloseTo(
      text('Art Lamp Desk', 'Bright Lamp Desk'),
      9,
    );
    // A name past 256 characters is a description pasted in: not searched, as the search costs
    // its words times the other name's length for every pair.
    const pasted = ` ${'Warm white light, steel arm, weighted base. '.repeat(8)}`;
    expect(text(`Clipart Collection Deluxe${pasted}`, `Clip Art Collection Deluxe${pasted}`)).toBeCloseTo(
      text(`Clipart Collection Deluxe${pasted}`, `Photo Art Collection Deluxe${pasted}`),
      9,
    );
  });

  it('lowers a pair whose sizes of one dimension differ, and records which', () => {
    const same = compare(
      testProduct('a', 'Kingston DataTraveler 16GB'),
      testProduct('b', 'Kingston DataTraveler 16 GB'),
    );
    const other = compare(
      testProduct('a', 'Kingston DataTraveler 16GB'),
      testProduct('b', 'Kingston DataTraveler 32 GB'),
    );
    expect(same.evidence.quantities).toEqual({ agree: ['bytes'], conflict: [] });
    expect(other.evidence.quantities).toEqual({ agree: [], conflict: ['bytes'] });
    expect(other.score).toBeLessThan(same.score / 2);
  });

  it('meets a model code written with other separators, or inside a shop-prefixed code', () => {
    const spelled = compare(
      testProduct('a', 'Actiontec Adapter HLE08500-01K'),
      testProduct('b', 'Adapter kit HLE0850001K'),
    );
    expect(spelled.evidence.codes).toEqual(['hle0850001k']);
    const prefixed = compare(
      testProduct('a', 'Pendaflex folders RK15313'),
      testProduct('b', 'Folders ESSRK15313'),
    );
    expect(prefixed.evidence.codes).toEqual(['rk15313']);
  });

  it('counts an MPN named in the other title as identifier evidence', () => {
    const plain = compare(
      testProduct('a', 'Sony Sport Headphones'),
      testProduct('b', 'Sony MDRAS30G Neckband Headphones'),
    );
    const named = compare(
      testProduct('a', 'Sony Sport Headphones', { mpn: 'MDR-AS30G', brand: 'Sony' }),
      testProduct('b', 'Sony MDRAS30G Neckband Headphones', { brand: 'SONY' }),
    );
    expect(named.evidence.brand).toBe('equal');
    expect(named.score).toBeGreaterThan(plain.score);
    expect(named.score).toBeGreaterThanOrEqual(0.5);
  });

  it('takes a part number of eight digits or more in both titles as naming the model, not a shorter one', () => {
    const part = compare(
      testProduct('a', 'Adobe Acrobat Distiller Server v6 CD Linux (42050142)'),
      testProduct('b', 'Adobe 42050142 Acrobat Distiller 6 lnx ret CD'),
    );
    const shortNumber = compare(
      testProduct('a', 'Adobe Acrobat Distiller Server v6 CD Linux (4205014)'),
      testProduct('b', 'Adobe 4205014 Acrobat Distiller 6 lnx ret CD'),
    );
    expect(part.evidence.codes).toEqual(['42050142']);
    expect(shortNumber.evidence.codes).toEqual(['4205014']);
    expect(part.score).toBeGreaterThanOrEqual(0.5 + shortNumber.score / 2);
  });

  it('reads an MPN without the maker name or region option some shops write around it', () => {
    const result = compare(
      testProduct('a', 'HP Notebook Sleeve Black Red', { mpn: 'HP VZ346AA', brand: 'HP' }),
      testProduct('b', 'HP 16 Inch Laptop Sleeve', { mpn: 'VZ346AA#ABA', brand: 'HP' }),
    );
    expect(result.evidence).toMatchObject({ mpn: 'equal', codes: ['vz346aa'], codeRelation: 'equal' });
    expect(result.score).toBeGreaterThanOrEqual(0.5);
    const kept = compare(
      testProduct('a', 'Folders', { mpn: 'ESS RK15313', brand: 'Pendaflex' }),
      testProduct('b', 'Folders', { mpn: 'RK15313' }),
    );
    expect(kept.evidence.codeRelation).toBe('contained');
  });

  it('takes a code the other title writes split by a space as naming the model', () => {
    const split = compare(
      testProduct('a', 'Canon PowerShot SX10IS 10MP Digital Camera with 20x Zoom'),
      testProduct('b', 'Canon SX10 IS black'),
    );
    expect(split.evidence.codeRelation).toBe('text');
    expect(split.score).toBeGreaterThanOrEqual(0.5);
    // A series name and a number is no model code split by a space: the other title has no code ending it.
    const series = compare(
      testProduct('a', 'Vantec NexStar3 2.5 inch SATA to USB 2.0 hard drive enclosure'),
      testProduct('b', 'Vantec NexStar 3 enclosure black'),
    );
    expect(series.score).toBeLessThan(0.5);
  });

  it('reads an MPN of capital letters only as a code, but not a name or colour in the MPN field', () => {
    const letters = compare(
      testProduct('a', 'OmniMount Component Shelf Black', { mpn: 'ECSB', brand: 'OmniMount' }),
      testProduct('b', 'OmniMount Component Shelf for CRT TVs', { mpn: 'ECSB', brand: 'OmniMount' }),
    );
    expect(letters.evidence).toMatchObject({ mpn: 'equal', codes: ['ecsb'] });
    expect(letters.score).toBeGreaterThanOrEqual(0.5);
    const colour = compare(
      testProduct('a', 'Acme phone cover', { mpn: 'Black' }),
      testProduct('b', 'Acme phone case', { mpn: 'Black' }),
    );
    expect(colour.evidence).toMatchObject({ mpn: null, codes: [] });
  });

  it('takes the makers to agree when a title without a brand field starts with the other brand', () => {
    const named = compare(
      testProduct('a', 'Scrabble complete (jewel case)', { brand: 'Encore' }),
      testProduct('b', 'encore software 11290 - scrabble complete'),
    );
    expect(named.evidence.brand).toBe('equal');
    const unnamed = compare(
      testProduct('a', 'Scrabble complete (jewel case)', { brand: 'Encore' }),
      testProduct('b', 'scrabble complete - win 98 me xp'),
    );
    expect(unnamed.evidence.brand).toBeNull();
  });

  it('lowers a compatible or remanufactured cartridge against the maker own, and says why', () => {
    const own = compare(
      testProduct('a', 'HP Q6511A HP 11A Toner Black'),
      testProduct('b', 'HP Q6511A LaserJet 11A Black Print Cartridge'),
    );
    const compatible = compare(
      testProduct('a', 'HP Q6511A HP 11A Toner Black'),
      testProduct('b', 'Premium compatible HP 11A Toner Cartridge HP Q6511A Black'),
    );
    expect(own.evidence.thirdPartyConflict).toBe(false);
    expect(compatible.evidence.thirdPartyConflict).toBe(true);
    expect(compatible.score).toBeLessThan(own.score);
    expect(describeEvidence(compatible.evidence)).toContain('conflict: compatible or remanufactured');
  });

  it('lowers a Mac edition against a Windows one, not against one sold for both, and says why', () => {
    const mac = testProduct('a', 'Adobe After Effects 7.0 Professional (Mac)');
    const windows = compare(mac, testProduct('b', 'Adobe After Effects Professional 7 for Windows'));
    const both = compare(mac, testProduct('b', 'Adobe After Effects Professional 7 Win/Mac'));
    const unsaid = compare(mac, testProduct('b', 'Adobe After Effects Professional 7'));
    expect(windows.evidence.platformConflict).toBe(true);
    expect(both.evidence.platformConflict).toBe(false);
    expect(unsaid.evidence.platformConflict).toBe(false);
    expect(windows.score).toBeLessThan(both.score);
    expect(describeEvidence(windows.evidence)).toContain('conflict: Mac and Windows');
  });

  it('lowers a pair where each names its own model and they share none', () => {
    const result = compare(
      testProduct('a', 'Epson Projector Lamp ELPLP12'),
      testProduct('b', 'Epson Projector Lamp ELPLP33'),
    );
    expect(result.evidence.codeConflict).toBe(true);
    expect(result.score).toBeLessThanOrEqual(result.evidence.text / 2);
  });

  it('takes a catalogue number and a model code for two identifiers of one product, unless the makers differ', () => {
    const identifiers = compare(
      testProduct('a', 'Case Logic Heavy Duty CD Wallet 59253', { brand: 'Case Logic' }),
      testProduct('b', 'Case Logic CDE-72 Heavy Duty CD Wallet Blue', { brand: 'Case Logic' }),
    );
    expect(identifiers.evidence.codeConflict).toBe(false);
    const catalogueNumbers = compare(
      testProduct('a', 'Sharpie Retractable Permanent Markers 32760'),
      testProduct('b', 'Sharpie 32730PP Retractable Permanent Markers'),
    );
    expect(catalogueNumbers.evidence.codeConflict).toBe(true);
    const modelNumbers = compare(
      testProduct('a', 'Nokia 1616 prepaid phone'),
      testProduct('b', 'Nokia GS170 prepaid phone'),
    );
    expect(modelNumbers.evidence.codeConflict).toBe(true);
    const makers = compare(
      testProduct('a', 'Power strip 24 outlets RKPW247015', { brand: 'StarTech.com' }),
      testProduct('b', 'Power strip 24 outlets PS7224', { brand: 'Tripp Lite' }),
    );
    expect(makers.evidence.codeConflict).toBe(true);
  });
});
