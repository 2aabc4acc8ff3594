import { describe, expect, it } from 'vitest';
import { compareProducts } from './compare-products.ts';
import { describeEvidence } from './describe-evidence.ts';
import { describeProduct } from './describe-product.ts';
import { judgePair } from './judge-pair.ts';
import { testProduct } from './test-product.ts';
import { weighTerms } from './weigh-terms.ts';

const background = [
  'Wireless Mouse Black',
  'USB Cable 2 m',
  'Laptop Sleeve 13',
  'Desk Lamp LED',
  'Ink Cartridge',
];

function judge(a: string, b: string, fields: Parameters<typeof testProduct>[2] = {}) {
  return judgeSides([a, fields], [b, fields]);
}

type Side = [name: string, fields: Parameters<typeof testProduct>[2]];

function judgeSides(a: Side, b: Side) {
  return judgePair(...describeSides(a, b), true);
}

/** The two products' features among the background's, and the weights of both catalogs. */
function describeSides([aName, aFields]: Side, [bName, bFields]: Side) {
  const left = [
    testProduct('a', aName, aFields),
    ...background.map((name, i) => testProduct(`l${i}`, name)),
  ].map(describeProduct);
  const right = [
    testProduct('b', bName, bFields),
    ...background.map((name, i) => testProduct(`r${i}`, name)),
  ].map(describeProduct);
  return [left[0] as (typeof left)[0], right[0] as (typeof right)[0], weighTerms([left, right])] as const;
}

describe('judgePair', () => {
  it('takes the confidence an earlier judgement computed, the same as judging again', () => {
    const sides = describeSides(['Acme Steel Kettle Brushed', {}], ['Acme Steel Kettle Brushed Edition', {}]);
    const fresh = judgePair(...sides, true);
    expect(fresh.confidence).toBeGreaterThan(0);
    expect(judgePair(...sides, true, undefined, Number.NaN)).toEqual(fresh);
    // A known confidence is not computed again: the assignment score is its geometric mean with the rule's.
    const known = judgePair(...sides, true, undefined, 0.25);
    expect(known.confidence).toBe(0.25);
    expect(known.score).toBeLessThan(fresh.score);
  });

  it('is confident about one model written two ways, with the code as evidence', () => {
    const judged = judge('Pioneer TS-W259S4 Champion Series subwoofer', 'PIONEER TSW259S4 Champion 10" Sub');
    expect(judged.score).toBeGreaterThan(0.5);
    expect(judged.confidence).toBeGreaterThan(0.5);
    expect(describeEvidence(judged.evidence)).toContain('codes tsw259s4 (equal)');
  });

  it('is not confident about two models of one series', () => {
    const judged = judge('Cooler Master MasterLiquid ML120L RGB', 'Cooler Master MasterLiquid ML240L RGB');
    expect(judged.confidence).toBeLessThan(0.5);
    expect(describeEvidence(judged.evidence)).toContain('conflict: model codes');
  });

  it('lowers the score, not the confidence, where prices are far apart, and says so', () => {
    const alike = judgeSides(
      ['Pioneer TS-W259S4 Champion Series subwoofer', { price: '99.00' }],
      ['PIONEER TSW259S4 Champion 10" Sub', { price: '109.00' }],
    );
    const apart = judgeSides(
      ['Pioneer TS-W259S4 Champion Series subwoofer', { price: '99.00' }],
      ['PIONEER TSW259S4 Champion 10" Sub', { price: '396.00' }],
    );
    expect(apart.score).toBeCloseTo(alike.score * (1.5 / 4) ** 0.25, 6);
    expect(apart.confidence).toBe(alike.confidence);
    expect(describeEvidence(apart.evidence)).toContain('prices 4x apart');
    expect(describeEvidence(alike.evidence)).not.toContain('prices');
  });

  it('halves the score, not the confidence, where the names give two colours, and says so', () => {
    const blue = 'Canon PowerShot ELPH 100 HS Blue 12.1MP Digital Camera';
    const same = judge(blue, 'Canon PowerShot ELPH 100 HS 12 MP Digital Camera Blue');
    const unsaid = judge(blue, 'Canon PowerShot ELPH 100 HS 12 MP Digital Camera');
    const silver = judge(blue, 'Canon PowerShot ELPH 100 HS 12 MP Digital Camera Silver');
    expect([same, unsaid, silver].map((judged) => judged.evidence.colourConflict)).toEqual([
      false,
      false,
      true,
    ]);
    const withoutColour = compareProducts(
      ...describeSides([blue, {}], ['Canon PowerShot ELPH 100 HS 12 MP Digital Camera Silver', {}]),
    );
    expect(silver.score).toBeCloseTo(withoutColour.score / 2, 6);
    expect(describeEvidence(silver.evidence)).toContain('conflict: colours');
    expect(describeEvidence(same.evidence)).not.toContain('colours');
  });

  it("reads no colour in the maker's name", () => {
    const { evidence } = compareProducts(
      ...describeSides(
        ['US Brown Bear Tilt Mount for 32 to 63 Displays in Silver', { brand: 'US Brown Bear' }],
        ['US Brown Bear Tilt Mount for 32-63 Displays Black', { brand: 'U.S. Brown Bear' }],
      ),
    );
    expect(evidence.colourConflict).toBe(true);
  });

  it('halves the score, not the confidence, where an accessory is made for two devices, and says so', () => {
    const ipod = 'Tribeca St. Louis Cardinals iPod Touch 4G Hard Case';
    const same = judge(ipod, 'Tribeca St. Louis Cardinals Hard Case for iPod Touch');
    const iphone = judge(ipod, 'Tribeca St. Louis Cardinals iPhone 4 Hard Case');
    expect([same.evidence.deviceConflict, iphone.evidence.deviceConflict]).toEqual([false, true]);
    const rule = compareProducts(
      ...describeSides([ipod, {}], ['Tribeca St. Louis Cardinals iPhone 4 Hard Case', {}]),
    );
    expect(iphone.score).toBeCloseTo(Math.sqrt(rule.score * iphone.confidence) / 2, 6);
    expect(describeEvidence(iphone.evidence)).toContain('conflict: devices');
    expect(describeEvidence(same.evidence)).not.toContain('devices');
  });

  it('lowers the score by a quarter, not the confidence, where one sells a pack and the other names none', () => {
    const single = 'Link Depot FAN-80-BK 80mm Computer Case Fan Black';
    const alike = judge(single, 'Link Depot FAN-80-BK Case fan 80 mm Black');
    const pack = judge(single, 'Link Depot FAN-80-BK Case fan 80 mm Black 4-Pack');
    const packs = judge(`${single} 4 pk`, 'Link Depot FAN-80-BK Case fan 80 mm Black 4-Pack');
    expect([alike, pack, packs].map((judged) => judged.evidence.packConflict)).toEqual([false, true, false]);
    const rule = compareProducts(
      ...describeSides([single, {}], ['Link Depot FAN-80-BK Case fan 80 mm Black 4-Pack', {}]),
    );
    expect(pack.score).toBeCloseTo(rule.score * 0.75, 6);
    expect(describeEvidence(pack.evidence)).toContain('conflict: a pack and one piece');
    expect(describeEvidence(alike.evidence)).not.toContain('pack');
  });

  it('leaves a pair that shares only a year to the words and the learned scorer, and a shared model code to the rules', () => {
    const brand = { brand: 'MakeMusic' };
    const yearOnly = describeSides(
      ['Finale 2007 Academic', brand],
      ['Finale 2007 music notation software', brand],
    );
    const judged = judgePair(...yearOnly, true);
    expect(judged.evidence.codes).toEqual(['2007']);
    expect(judged.score).toBeCloseTo(
      Math.sqrt(compareProducts(...yearOnly, true).score * judged.confidence),
      9,
    );

    const coded = describeSides(
      ['Finale F2007X Academic', brand],
      ['Finale F2007X music notation software', brand],
    );
    expect(judgePair(...coded, true).score).toBe(compareProducts(...coded, true).score);
  });

  it('takes equal GTINs for certain, whatever the titles', () => {
    const judged = judge('Acme Kettle', 'Water boiler', { gtin: '4006381333931' });
    expect(judged).toMatchObject({ score: 1, confidence: 1 });
  });

  it('gives a confidence in 0..1 for bad input: one character, 5,000 characters, non-Latin titles', () => {
    for (const [a, b] of [
      ['x', 'x'],
      ['Kettle '.repeat(700), 'Kettle'],
      ['Rychlovarná konvice Bosch TWK 3A011', 'Βραστήρας Bosch TWK3A011'],
      ['ボッシュ 電気ケトル', 'ボッシュ 電気ケトル TWK3A011'],
    ] as const) {
      const { score, confidence } = judge(a, b);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
      expect(confidence).toBeGreaterThanOrEqual(0);
      expect(confidence).toBeLessThanOrEqual(1);
    }
  });
});
