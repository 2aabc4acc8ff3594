import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledRates } from './bundled-rates.ts';
import { InvalidRatesFeed, parseEcbRates } from './parse-ecb-rates.ts';

const sample = readFileSync(new URL('./fixtures/eurofxref-daily-2025-10-21.xml', import.meta.url), 'utf8');

describe('parseEcbRates', () => {
  it('reads the day and every rate of a saved eurofxref-daily.xml, as decimal strings', () => {
    const rates = parseEcbRates(sample);
    expect(rates.date).toBe('2025-10-21');
    expect(rates.base).toBe('EUR');
    expect(Object.keys(rates.rates)).toHaveLength(30);
    expect(rates.rates).toMatchObject({ USD: '1.1607', JPY: '176.45', GBP: '0.86780', IDR: '19272.67' });
  });

  it('is the table bundled for local stacks', async () => {
    expect(await bundledRates.current()).toEqual(parseEcbRates(sample));
  });

  it('takes the newest day of a history feed', () => {
    const history = `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><Cube>
      <Cube time="2025-10-21"><Cube currency="USD" rate="1.1607"/></Cube>
      <Cube time="2025-10-20"><Cube currency="USD" rate="1.1645"/><Cube currency="JPY" rate="175.80"/></Cube>
    </Cube></gesmes:Envelope>`;
    expect(parseEcbRates(history)).toEqual({ date: '2025-10-21', base: 'EUR', rates: { USD: '1.1607' } });
  });

  it('refuses what is not a whole reference-rate document', () => {
    expect(() => parseEcbRates('<html><body>Maintenance</body></html>')).toThrow(InvalidRatesFeed);
    expect(() => parseEcbRates(sample.slice(0, sample.indexOf("<Cube currency='ZAR'")))).toThrow(
      /before its envelope closes/,
    );
    expect(() => parseEcbRates(sample.replace("rate='1.1607'", "rate='n/a'"))).toThrow(/USD=n\/a/);
    expect(() => parseEcbRates(sample.replace("time='2025-10-21'", "time='21.10.2025'"))).toThrow(/date/);
    expect(() =>
      parseEcbRates('<gesmes:Envelope><Cube><Cube time="2025-10-21"></Cube></Cube></gesmes:Envelope>'),
    ).toThrow(/no rates/);
  });
});
