import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';
import { gtinKey } from './gtin-key.ts';
import { joinNumberGroups } from './join-number-groups.ts';
import { normaliseBrand } from './normalise-brand.ts';
import { firstToken, tokeniseWords } from './tokenise-words.ts';

describe('foldText', () => {
  it('drops accents and case and writes typographic marks plainly', () => {
    expect(foldText('Crème Brûlée “Deluxe” 10″ – Ø')).toBe('creme brulee "deluxe" 10" - ø');
  });

  it('writes inches given as two apostrophes or as a feed-escaped quote as one mark', () => {
    expect(foldText("Maxxis High Roller II 27.5''x2.50")).toBe('maxxis high roller ii 27.5"x2.50');
    expect(foldText('Evans EC2S Clear 8\\" Drumhead')).toBe('evans ec2s clear 8" drumhead');
    expect(foldText('Drum Head, 8’’ – Ø')).toBe('drum head, 8" - ø');
  });
});

describe('joinNumberGroups', () => {
  it('joins thousands groups and reads a decimal comma', () => {
    expect(joinNumberGroups('clip art 10 000 and 950,000 images, 1,5 kg')).toBe(
      'clip art 10000 and 950000 images, 1.5 kg',
    );
  });

  it('leaves a number after a decimal point alone: "M.2 500 GB" is no 2,500', () => {
    expect(joinNumberGroups('crucial mx500 m.2 500 gb, usb 2.0 500 gb')).toBe(
      'crucial mx500 m.2 500 gb, usb 2.0 500 gb',
    );
  });
});

describe('tokeniseWords', () => {
  it('writes versions and numbers one way and drops a plural s', () => {
    expect(tokeniseWords('acrobat 7.0 professional').sort()).toEqual(
      tokeniseWords('acrobat professional v7').sort(),
    );
    expect(tokeniseWords('blu-ray discs for cameras')).toEqual(['blu', 'ray', 'disc', 'camera']);
    expect(tokeniseWords('startech.com usb 2.0')).toEqual(['startech', 'com', 'usb', '2']);
  });

  it('reads words of any script, and Japanese runs as pairs of characters', () => {
    expect(tokeniseWords(foldText('Rychlovarná konvice, bílá'))).toEqual(['rychlovarna', 'konvice', 'bila']);
    expect(tokeniseWords(foldText('Βραστήρας νερού ΛΕΥΚΟΣ'))).toEqual(['βραστηρασ', 'νερου', 'λευκοσ']);
    expect(tokeniseWords(foldText('ソニーのヘッドホン（黒）WH'))).toEqual([
      'ソニ',
      'ニー',
      'ーの',
      'のヘ',
      'ヘッ',
      'ット',
      'トホ',
      'ホン',
      '黒',
      'wh',
    ]);
  });
});

describe('firstToken', () => {
  it('is the first of the tokens of the text, read from its start', () => {
    expect(firstToken('the and of 3.0 discs')).toBe('3');
    expect(firstToken('. with')).toBeUndefined();
    const pieces = ['the', 'of', 'v2', '.', '0', "'", 's', 'discs', 'ケトル', ' ', ' ', ',', '-'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(firstToken(text)).toBe(tokeniseWords(text)[0]);
      }),
    );
  });
});

describe('normaliseBrand', () => {
  it('drops legal forms, domains and punctuation', () => {
    expect(normaliseBrand('StarTech.com')).toBe('startech');
    expect(normaliseBrand('Wacom Tech Corp.')).toBe('wacom');
    expect(normaliseBrand('D-Link')).toBe(normaliseBrand('d link'));
    expect(normaliseBrand('Sage Software, Inc.')).toBe('sage');
    expect(normaliseBrand('  ')).toBeNull();
    expect(normaliseBrand(null)).toBeNull();
  });
});

describe('gtinKey', () => {
  it('pads valid GTINs to 14 digits so a UPC meets its EAN-13 and GTIN-14 forms', () => {
    expect(gtinKey('036000291452')).toBe('00036000291452');
    expect(gtinKey('0036000291452')).toBe('00036000291452');
    expect(gtinKey('4006381333931')).toBe('04006381333931');
  });

  it('refuses a wrong check digit or a non-GTIN', () => {
    expect(gtinKey('036000291453')).toBeNull();
    expect(gtinKey('ABC')).toBeNull();
    expect(gtinKey(null)).toBeNull();
  });

  it('accepts every GTIN-13 whose check digit is computed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }), (digits) => {
        fc.pre(digits.some((digit) => digit > 0));
        const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 1 : 3), 0);
        const gtin = `${digits.join('')}${(10 - (sum % 10)) % 10}`;
        expect(gtinKey(gtin)).toBe(`0${gtin}`);
      }),
    );
  });
});
