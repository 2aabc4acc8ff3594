import {
  type Cents,
  compareMoney,
  formatMoney,
  maxMoney,
  minMoney,
  multiplyMoney,
  parseMoney,
  ZERO_CENTS,
} from './money.ts';

/**
 * The one price list, and the quote and settlement arithmetic built on it. Quotes are stored on the
 * job in the interface's shape; settlement reads the stored quote, so a price change after approval
 * never alters what the customer agreed to.
 */

/**
 * How products are read: JSON-LD is EASY, microdata or Open Graph MEDIUM, learned selectors HARD;
 * BROWSER whenever the pages must be rendered in a browser first, whatever then reads them.
 */
export type Difficulty = 'EASY' | 'MEDIUM' | 'HARD' | 'BROWSER';

/** The prepaid credit is held in EUR, so every quote is in EUR. */
export const PRICE_CURRENCY = 'EUR';

export interface PriceList {
  unitPricePer1000: Record<Difficulty, Cents>;
  matchingUnitPricePer1000: Cents;
  minCharge: Cents;
  /** The most a job may cost, as a percentage of its quoted total (integer, at least 100). */
  capPercent: number;
  setupAnalysisPrice: Cents;
  freeAnalysesPerMonth: number;
}

/** A stage's changes to the defaults, money as decimal strings the way configuration carries it. */
export interface PriceOverrides {
  unitPricePer1000?: Partial<Record<Difficulty, string>>;
  matchingUnitPricePer1000?: string;
  minCharge?: string;
  capPercent?: number;
  setupAnalysisPrice?: string;
  freeAnalysesPerMonth?: number;
}

const DEFAULTS = {
  // BROWSER: a rendered page costs about ten times the compute of a fetched one (docs/decisions.md).
  unitPricePer1000: { EASY: '2.00', MEDIUM: '3.50', HARD: '6.00', BROWSER: '9.00' },
  // The design prices matching per 1000 reference products × competitors without naming a unit price.
  matchingUnitPricePer1000: '2.00',
  minCharge: '1.00',
  capPercent: 125,
  setupAnalysisPrice: '5.00',
  freeAnalysesPerMonth: 3,
} satisfies Required<PriceOverrides>;

function price(name: string, value: string): Cents {
  try {
    return parseMoney(value);
  } catch (error) {
    throw new Error(`Price setting ${name}: ${(error as Error).message}`, { cause: error });
  }
}

function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`Price setting ${name} must be a whole number of at least ${min}, got ${value}`);
  }
  return value;
}

/** The defaults with a stage's overrides applied; a bad setting fails at cold start, naming itself. */
export function resolvePriceList(overrides: PriceOverrides = {}): PriceList {
  const units = { ...DEFAULTS.unitPricePer1000, ...overrides.unitPricePer1000 };
  return {
    unitPricePer1000: {
      EASY: price('unitPricePer1000.EASY', units.EASY),
      MEDIUM: price('unitPricePer1000.MEDIUM', units.MEDIUM),
      HARD: price('unitPricePer1000.HARD', units.HARD),
      BROWSER: price('unitPricePer1000.BROWSER', units.BROWSER),
    },
    matchingUnitPricePer1000: price(
      'matchingUnitPricePer1000',
      overrides.matchingUnitPricePer1000 ?? DEFAULTS.matchingUnitPricePer1000,
    ),
    minCharge: price('minCharge', overrides.minCharge ?? DEFAULTS.minCharge),
    // Below 100 the cap would undercut the quote, and with it the minimum charge.
    capPercent: wholeNumber('capPercent', overrides.capPercent ?? DEFAULTS.capPercent, 100),
    setupAnalysisPrice: price(
      'setupAnalysisPrice',
      overrides.setupAnalysisPrice ?? DEFAULTS.setupAnalysisPrice,
    ),
    freeAnalysesPerMonth: wholeNumber(
      'freeAnalysesPerMonth',
      overrides.freeAnalysesPerMonth ?? DEFAULTS.freeAnalysesPerMonth,
      0,
    ),
  };
}

export const defaultPriceList: PriceList = resolvePriceList();

/** The interface's Estimate object, as stored on a job. */
export interface Estimate {
  currency: string;
  unit_price_per_1000: string;
  quantity: number;
  total: string;
  cap: string;
  min_charge: string;
  difficulty: Difficulty;
  input_products: number;
}

/** The interface's Settlement object without `settled_at`, which the settling task stamps. */
export interface SettlementAmount {
  quantity: number;
  currency: string;
  amount: string;
  capped: boolean;
}

export type EstimateRequest =
  /** A FULL scrape (products estimated by the setup) or a URL scrape (accepted URLs). */
  | { lane: 'SCRAPE'; difficulty: Difficulty; products: number }
  /** Matching: every reference product is compared with each competitor website. */
  | { lane: 'MATCHING'; referenceProducts: number; competitorCount: number };

function count(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number, got ${value}`);
  }
  return value;
}

/** quantity × unit / 1000 from the exact product, rounded half-up to the cent once. */
function usageCharge(unitPricePer1000: Cents, quantity: number): Cents {
  return multiplyMoney(unitPricePer1000, quantity, 1000);
}

function quoteBasis(request: EstimateRequest, prices: PriceList) {
  if (request.lane === 'SCRAPE') {
    const products = count('products', request.products);
    return {
      difficulty: request.difficulty,
      unit: prices.unitPricePer1000[request.difficulty],
      inputProducts: products,
      quantity: products,
    };
  }
  const referenceProducts = count('referenceProducts', request.referenceProducts);
  return {
    // Matching reads no shop pages; it reports the lowest difficulty.
    difficulty: 'EASY' as const,
    unit: prices.matchingUnitPricePer1000,
    inputProducts: referenceProducts,
    quantity: count('quantity', referenceProducts * count('competitorCount', request.competitorCount)),
  };
}

/**
 * The quote of a job. `total` is what the estimated quantity costs, never less than `min_charge`
 * (also for an estimated quantity of 0, because the run may still find products), and `cap` is
 * `capPercent` of the total, rounded half-up: the most the job can cost and the amount held on
 * approval.
 */
export function estimateJob(request: EstimateRequest, prices: PriceList = defaultPriceList): Estimate {
  const { difficulty, unit, inputProducts, quantity } = quoteBasis(request, prices);
  const total = maxMoney(usageCharge(unit, quantity), prices.minCharge);
  return {
    currency: PRICE_CURRENCY,
    unit_price_per_1000: formatMoney(unit),
    quantity,
    total: formatMoney(total),
    cap: formatMoney(multiplyMoney(total, prices.capPercent, 100)),
    min_charge: formatMoney(prices.minCharge),
    difficulty,
    input_products: inputProducts,
  };
}

/**
 * What a finished job costs for the quantity it really delivered, at the approved quote:
 * `min(max(quantity × unit / 1000, min_charge), cap)`. A job that delivered nothing costs nothing
 * (0.00): the minimum charge is for work delivered, and a failed or empty run must not bill.
 * `capped` says the cap lowered the amount.
 */
export function settleJob(estimate: Estimate, quantity: number): SettlementAmount {
  count('quantity', quantity);
  if (quantity === 0) {
    return { quantity, currency: estimate.currency, amount: formatMoney(ZERO_CENTS), capped: false };
  }
  const uncapped = maxMoney(
    usageCharge(parseMoney(estimate.unit_price_per_1000), quantity),
    parseMoney(estimate.min_charge),
  );
  const cap = parseMoney(estimate.cap);
  return {
    quantity,
    currency: estimate.currency,
    amount: formatMoney(minMoney(uncapped, cap)),
    capped: compareMoney(uncapped, cap) > 0,
  };
}

/**
 * The price of one more website analysis this month: free while the customer has free analyses
 * left (`freePerMonth` is the customer's quota, the price list's by default), the setup price after.
 */
export function setupAnalysisCharge(
  usage: { usedThisMonth: number; freePerMonth?: number },
  prices: PriceList = defaultPriceList,
): Cents {
  const free = usage.freePerMonth ?? prices.freeAnalysesPerMonth;
  return count('usedThisMonth', usage.usedThisMonth) < free ? ZERO_CENTS : prices.setupAnalysisPrice;
}
