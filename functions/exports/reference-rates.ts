/**
 * Euro reference rates as the ECB publishes them: for each currency, how many units one euro buys,
 * as the decimal strings of the feed (never binary floats), and the day they are for.
 */
export interface ReferenceRates {
  /** The day the rates were set (YYYY-MM-DD). */
  date: string;
  base: 'EUR';
  rates: Readonly<Record<string, string>>;
}

/**
 * Where exports take their rates from: the bundled table locally, the ECB's daily feed in AWS
 * (`EXPORT_RATES_SOURCE=ecb`). Both adapters give the same shape, so conversion never knows which.
 */
export interface RatesSource {
  current(): Promise<ReferenceRates>;
}

/** The rates cannot be had now (the feed is down or answered something unreadable). */
export class RatesUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RatesUnavailable';
  }
}

/** A rate as the feed writes it: a positive decimal number. */
export const isRate = (text: string) => /^\d+(?:\.\d+)?$/.test(text) && /[1-9]/.test(text);

export const isRateDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
