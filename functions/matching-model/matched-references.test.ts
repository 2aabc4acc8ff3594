import { describe, expect, it } from 'vitest';
import { matchedReferences, referenceOf } from './matched-references.ts';

const pair = (reference: string, competitor: string, score = 0.5) => ({
  reference_website_id: 'web_ref',
  reference_url: reference,
  competitor_website_id: 'web_comp',
  competitor_url: competitor,
  score,
});

describe('matchedReferences', () => {
  it('links a competitor product to its best proposal', () => {
    const references = matchedReferences([pair('r1', 'c1', 0.6), pair('r2', 'c1', 0.9)], []);
    expect(referenceOf(references, 'web_comp', 'c1')?.reference_url).toBe('r2');
    expect(referenceOf(references, 'web_comp', 'c2')).toBeUndefined();
  });

  it('lets a kept pair outrank proposals and a rejected pair link nothing', () => {
    const references = matchedReferences(
      [pair('r1', 'c1', 0.9), pair('r2', 'c2', 0.9)],
      [
        { ...pair('r3', 'c1'), decision: 'MANUAL' },
        { ...pair('r2', 'c2'), decision: 'REJECTED' },
      ],
    );
    expect(referenceOf(references, 'web_comp', 'c1')?.reference_url).toBe('r3');
    expect(referenceOf(references, 'web_comp', 'c2')).toBeUndefined();
  });
});
