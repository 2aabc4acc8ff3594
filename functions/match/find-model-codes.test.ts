import { describe, expect, it } from 'vitest';
import { asModelCode } from './as-model-code.ts';
import { findModelCodes } from './find-model-codes.ts';
import { foldText } from './fold-text.ts';

const codes = (title: string) => findModelCodes(foldText(title));

describe('findModelCodes', () => {
  it('writes a code without its separators, so shops spelling it differently agree', () => {
    expect(codes('Pioneer TS-W259S4 Champion Series')).toEqual(['tsw259s4']);
    expect(codes('Actiontec HLE08500-01K')).toEqual(codes('Actiontec HLE0850001K'));
    expect(codes('Kingston KTC-D320/1G')).toEqual(['ktcd3201g']);
  });

  it('joins a short letter prefix to its model number but not a joining word to a number', () => {
    expect(codes('Sennheiser SH 350 IP headset')).toContain('sh350');
    expect(codes('Charger with 350 mAh cells')).toEqual([]);
    expect(codes('Photo paper for 2500 printers')).toEqual(['2500']);
  });

  it('takes long numbers (catalog numbers, years) but not short ones, words or ordinals', () => {
    expect(codes('Koss 152132 Equalizer')).toEqual(['152132']);
    expect(codes('Accounting 2007')).toEqual(['2007']);
    expect(codes('Series 82 premium 4th generation')).toEqual([]);
  });
});

describe('asModelCode', () => {
  it('reads an MPN as a code only when it looks like one', () => {
    expect(asModelCode('MHS-TS20/B')).toBe('mhsts20b');
    expect(asModelCode('Bluetooth Keyboard')).toBeNull();
    expect(asModelCode('A1')).toBeNull();
  });

  it('drops the region or packaging option after a "#", which shops list with or without', () => {
    expect(asModelCode('BK357AA#ABA')).toBe('bk357aa');
    expect(codes('HP Webcam BK357AA#ABA')).toEqual(['bk357aa']);
    expect(codes('Envelopes #10 white')).toEqual([]);
  });
});
