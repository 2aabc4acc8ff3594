import { describe, expect, it } from 'vitest';
import { findModelCodes } from './find-model-codes.ts';
import { isStandardCode } from './standard-code.ts';

describe('isStandardCode', () => {
  it('knows standards, ratings and counts from the codes of one model', () => {
    const codes = findModelCodes(
      'kingston ddr3l gddr6 pc3-12800 cl16 1080p cat5e rj45 usb3 802.11n h.264 11-speed 3-in-1 16ch',
    );
    expect(codes).toHaveLength(13);
    expect(codes.filter((code) => !isStandardCode(code))).toEqual([]);
    expect(['mx500', 'ct250mx500ssd1', 'dgs121028p', 'uvcg3bullet', 'h151'].filter(isStandardCode)).toEqual(
      [],
    );
  });
});
