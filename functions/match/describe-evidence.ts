import { pricesApart } from './compare-prices.ts';
import type { MatchEvidence } from './compare-products.ts';

/**
 * The evidence of a match in one line for exports: what agreed (GTIN, MPN, codes and how, measured
 * quantities, the rarest shared words) and what conflicted (prices far apart among them).
 */
export function describeEvidence(evidence: MatchEvidence): string {
  const agreed: string[] = [];
  if (evidence.gtin === 'equal') agreed.push('GTIN equal');
  if (evidence.mpn === 'equal') agreed.push('MPN equal');
  if (evidence.codes.length > 0) agreed.push(`codes ${evidence.codes.join(' ')} (${evidence.codeRelation})`);
  if (evidence.quantities.agree.length > 0) agreed.push(`quantities ${evidence.quantities.agree.join(' ')}`);
  if (evidence.brand === 'equal') agreed.push('brand');
  if (evidence.words.length > 0) agreed.push(`words ${evidence.words.join(' ')}`);
  const conflicts: string[] = [];
  if (evidence.gtin === 'conflict') conflicts.push('GTIN');
  if (evidence.codeConflict) conflicts.push('model codes');
  if (evidence.thirdPartyConflict) conflicts.push('compatible or remanufactured');
  if (evidence.platformConflict) conflicts.push('Mac and Windows');
  if (evidence.colourConflict) conflicts.push('colours');
  if (evidence.deviceConflict) conflicts.push('devices');
  if (evidence.packConflict) conflicts.push('a pack and one piece');
  if (evidence.variantConflict) conflicts.push('sibling variants');
  if (evidence.quantities.conflict.length > 0)
    conflicts.push(`quantities ${evidence.quantities.conflict.join(' ')}`);
  if (evidence.brand === 'conflict') conflicts.push('brand');
  if (pricesApart(evidence.priceRatio)) conflicts.push(`prices ${evidence.priceRatio}x apart`);
  const parts = [`agree: ${agreed.join(', ') || 'nothing'}`];
  if (conflicts.length > 0) parts.push(`conflict: ${conflicts.join(', ')}`);
  return `${parts.join('; ')}; text ${evidence.text.toFixed(2)}`;
}
