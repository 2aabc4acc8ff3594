import { describe, expect, it } from 'vitest';
import { readCsv } from '#test/read-csv';
import { csvField, csvLine } from './csv-lines.ts';

describe('CSV writing (RFC 4180)', () => {
  it('leaves plain fields bare and empty values empty', () => {
    expect(csvLine(['abc', 12.5, null, undefined, ''])).toBe('abc,12.5,,,\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('19" monitor')).toBe('"19"" monitor"');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('neutralises every text cell a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example/","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example/"",""click"")"',
    );
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
  });

  it('leaves signed numbers, numbers and text starting otherwise as they are', () => {
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('+3')).toBe('+3');
    expect(csvField(-4)).toBe('-4');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('Dell 24" - monitor')).toBe('"Dell 24"" - monitor"');
  });

  it('keeps UTF-8 text as it is, without a byte-order mark', () => {
    const lines = [['name'], ['Čučoriedky – 50 g'], ['日本茶'], ['Crème brûlée 🍮']].map(csvLine);
    expect(lines[0]).toBe('name\r\n');
    expect(Buffer.from(lines.join(''), 'utf8').toString('utf8')).toBe(
      'name\r\nČučoriedky – 50 g\r\n日本茶\r\nCrème brûlée 🍮\r\n',
    );
  });

  it('reads back field for field, whatever the fields hold', () => {
    const rows = [
      ['1', 'Plain', ''],
      ['2', 'Comma, "quotes" and\r\nbreaks', 'ß'],
      ['3', '"', ',,'],
    ];
    const text = [['id', 'name', 'note'], ...rows].map(csvLine).join('');
    expect(readCsv(text)).toEqual([['id', 'name', 'note'], ...rows]);
  });
});
