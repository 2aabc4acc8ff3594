import { describe, expect, it } from 'vitest';
import { compareProducts } from './compare-products.ts';
import { describeProduct } from './describe-product.ts';
import { pairFeatureNames, pairFeatures } from './pair-features.ts';
import { testProduct } from './test-product.ts';
import { weighTerms } from './weigh-terms.ts';

const background = ['Wireless Mouse Black', 'USB Cable 2 m', 'Laptop Sleeve 13', 'Desk Lamp LED'];

/** The named features of two titles, each in a catalog with a few unrelated products. */
function features(a: string, b: string): Record<(typeof pairFeatureNames)[number], number> {
  const left = [a, ...background].map((name, i) => describeProduct(testProduct(`l${i}`, name)));
  const right = [b, ...background].map((name, i) => describeProduct(testProduct(`r${i}`, name)));
  const weights = weighTerms([left, right]);
  const x = left[0] as (typeof left)[0];
  const y = right[0] as (typeof right)[0];
  const rule = compareProducts(x, y, weights);
  const values = pairFeatures(x, y, weights, rule.evidence, rule.score);
  expect(values).toHaveLength(pairFeatureNames.length);
  return Object.fromEntries(pairFeatureNames.map((name, i) => [name, values[i] as number])) as Record<
    (typeof pairFeatureNames)[number],
    number
  >;
}

describe('pairFeatures', () => {
  it('sees two makers where neither first word is anywhere in the other name', () => {
    expect(
      features('Zotac GeForce RTX 2060 Super AMP', 'ASUS GeForce RTX 2060 Super Turbo').first_words_unfound,
    ).toBe(1);
    expect(
      features('HyperX Fury DDR3 1600MHz 8GB', 'Kingston Hyperx Fury DDR3 8GB').first_words_unfound,
    ).toBe(0);
  });

  it('sees a maker conflict where each name names a maker the other lacks', () => {
    expect(features('Crucial MX500 500GB M.2 SSD', 'Samsung 970 EVO M.2 500GB').maker_conflict).toBe(1);
    expect(features('Memoria DDR3 8GB HyperX Kingston', 'Kingston HyperX Fury DDR3 8GB').maker_conflict).toBe(
      0,
    );
    expect(features('Crucial MX500 500GB M.2 SSD', 'MX500 500GB SATA M.2').maker_conflict).toBe(0);
  });

  it('measures how close unequal codes are and what a containing code adds', () => {
    const variant = features('D-Link DGS-1210-24 Switch', 'D-Link DGS-1210-24P Switch');
    expect(variant.code_contained_extra).toBe(1);
    expect(variant.code_similarity).toBeCloseTo(0.9, 5);
    const same = features('D-Link DGS-1210-24 Switch', 'Switch D-Link DGS-1210-24');
    expect(same.code_contained_extra).toBe(0);
    expect(same.code_similarity).toBe(0);
  });

  it('counts unshared terms and digit runs with a twin one edit away', () => {
    expect(features('Garmin Fenix 5S Sapphire', 'Garmin Fenix 5X Sapphire').near_terms).toBe(1);
    expect(features('Garmin Fenix 5S Sapphire', 'Garmin Fenix 5S Sapphire Black').near_terms).toBe(0);
    const headsets = features('Jabra BIZ2300 2393-823-109 Mono', 'Jabra BIZ2300 2399-829-109 Duo');
    expect(headsets.near_numbers).toBe(2);
    expect(features('Corsair 8GB DDR4 3000', 'Corsair 8GB DDR4 2666').near_numbers).toBe(0);
  });

  it('takes a shared standard for no agreeing model code', () => {
    const memory = features('Crucial 8GB DDR3L 1600MHz SO-DIMM', 'Crucial 4GB DDR3L 1600 DIMM');
    expect(memory.code_equal).toBe(0);
    const model = features('Crucial MX500 500GB DDR3L', 'Crucial MX500 SSD DDR3L');
    expect(model.code_equal).toBe(1);
  });

  it('sees a pack of several pieces on one side only', () => {
    expect(features('Corsair ML140 PRO Fan - Twin Pack', 'Corsair ML140 PRO LED Fan').pack_one_side).toBe(1);
    expect(features('Ubiquiti UniFi AP AC Pro (3 Pack)', 'Ubiquiti UniFi AP AC Pro').pack_one_side).toBe(1);
    expect(
      features('Ubiquiti UniFi AP AC Pro, Pack of 5', 'Ubiquiti UniFi AC Pro 5-Pack').pack_one_side,
    ).toBe(0);
    expect(features('Ubiquiti UniFi AP AC Pro', 'Ubiquiti UAP-AC-PRO Access Point').pack_one_side).toBe(0);
  });

  it('counts edition and variant words that one name has and the other lacks', () => {
    expect(
      features('Samsung T7 Touch Portable SSD 2TB', 'Samsung Portable SSD T7 2TB').variant_words_one_side,
    ).toBe(1);
    expect(
      features('Adobe Acrobat 8 Professional Upgrade', 'Adobe Acrobat 8 Standard').variant_words_one_side,
    ).toBe(3);
    expect(features('Garmin Fenix 5S Plus', 'Garmin Fenix 5S Plus Black').variant_words_one_side).toBe(0);
  });
});
