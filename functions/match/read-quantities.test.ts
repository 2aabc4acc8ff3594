import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.ts';
import { joinNumberGroups } from './join-number-groups.ts';
import { readQuantities } from './read-quantities.ts';

const read = (title: string) => readQuantities(joinNumberGroups(foldText(title)));
const values = (title: string) =>
  read(title).quantities.map(({ dimension, value }) => [dimension, Number(value.toPrecision(6))]);

describe('readQuantities', () => {
  it('reads a number and its unit however they are spaced, in base units', () => {
    expect(values('Kingston 16GB DDR3')).toEqual([['bytes', 16e9]]);
    expect(values('Kingston 16 GB DDR3')).toEqual([['bytes', 16e9]]);
    expect(values('1 TB drive')).toEqual(values('1000 GB drive'));
    expect(values('Pioneer Subwoofer 350-Watt 4 ohm')).toEqual([
      ['power', 350],
      ['impedance', 4],
    ]);
    expect(values('Powerbank 10 000 mAh')).toEqual([['charge', 10]]);
    expect(values('Mineral water 1,5 l')).toEqual([['volume', 0.0015]]);
  });

  it('reads pack counts written as a number, a word or a "set of"', () => {
    expect(values('Maxell Blu-ray Disc 15 pk')).toEqual([['count', 15]]);
    expect(values('Maxell Blu-ray Disc 15 Pack')).toEqual([['count', 15]]);
    expect(values('Actiontec Powerline Adapter Twin-Pack')).toEqual([['count', 2]]);
    expect(values('BNC Jack Set of 25')).toEqual([['count', 25]]);
    expect(values('File Folders 100/Box')).toEqual([['count', 100]]);
  });

  it('reads a size list as one value whatever the order of its sides', () => {
    expect(values('Vinyl Mat 36 x 144 Black')).toEqual(values('Vinyl Mat 144 x 36'));
    expect(values('Case 9.8 x 11.8 x 4.7 in')).toEqual([['size 3d', 543.508]]);
  });

  it('leaves look-alikes alone: "2 in 1", a size letter, a multiplier, a "pc" that is a computer', () => {
    expect(values('Stylus 2-in-1')).toEqual([]);
    expect(values('Bookcase 34 2w x 12 8d')).toEqual([]);
    expect(values('Memory 2 x 1GB')).toEqual([['bytes', 1e9]]);
    expect(values('Software for windows pc')).toEqual([]);
    expect(values('Encore Software 10991 - PC Tools Spyware Doctor')).toEqual([]);
    expect(values('Polaroid CIA-1237PC Camera')).toEqual([]);
    expect(values('Link Depot FAN-80-4PACK')).toEqual([['count', 4]]);
    expect(values('Cooling Fan 80mm 4-Pack')).toEqual([
      ['length', 0.08],
      ['count', 4],
    ]);
  });

  it('cuts the quantities out of the text left for words', () => {
    expect(read('Kingston 16GB DDR3 Memory').rest.split(/\s+/)).toEqual(['kingston', 'ddr3', 'memory']);
  });
});
