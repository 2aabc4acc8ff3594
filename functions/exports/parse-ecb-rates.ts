import { Parser } from 'htmlparser2';
import { isRate, isRateDate, type ReferenceRates } from './reference-rates.ts';

/** The feed is not the ECB's reference-rate document, or is cut short. */
export class InvalidRatesFeed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRatesFeed';
  }
}

/**
 * Reads the ECB's `eurofxref-daily.xml`: `<Cube time='2025-10-21'>` holding one
 * `<Cube currency='USD' rate='1.1607'/>` per currency. The history feeds list newer days first, so
 * the first day is the one taken. Rates stay the feed's decimal strings.
 */
export function parseEcbRates(xml: string): ReferenceRates {
  let date: string | null = null;
  let depth = 0;
  // The nesting depth of the first day's Cube while inside it, null outside.
  let dayDepth: number | null = null;
  let closed = false;
  const rates: Record<string, string> = {};
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'Cube') return;
        depth++;
        if (attributes.time !== undefined && date === null) {
          if (!isRateDate(attributes.time))
            throw new InvalidRatesFeed(`Unreadable rate date ${attributes.time}`);
          date = attributes.time;
          dayDepth = depth;
        } else if (dayDepth !== null && attributes.currency !== undefined) {
          const { currency, rate = '' } = attributes;
          if (!/^[A-Z]{3}$/.test(currency) || !isRate(rate))
            throw new InvalidRatesFeed(`Unreadable rate ${currency}=${rate}`);
          rates[currency] = rate;
        }
      },
      onclosetag(name, isImplied) {
        if (name === 'Cube') {
          if (depth === dayDepth) dayDepth = null;
          depth--;
        }
        // The envelope's own end tag is the proof that the document arrived whole; the parser closes
        // a cut-off document's open tags itself (implied).
        if (name === 'gesmes:Envelope' && !isImplied) closed = true;
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  if (date === null) throw new InvalidRatesFeed('The feed names no day of rates');
  if (Object.keys(rates).length === 0) throw new InvalidRatesFeed(`The feed has no rates for ${date}`);
  if (!closed) throw new InvalidRatesFeed('The feed ends before its envelope closes');
  return { date, base: 'EUR', rates };
}
