/*
 * Mark price of a perpetual: the price liquidations and unrealised pnl use. Binance USDⓈ-M, "What Are Mark Price
 * and Price Index in USDⓈ-M Futures" (https://www.binance.com/en/support/faq/360033525071):
 *   Mark Price = Median(Price 1, Price 2, Contract Price)
 *   Price 1 = Price Index × (1 + Last Funding Rate × (Time Until Funding / Funding Interval))
 *   Price 2 = Price Index + Moving Average of the basis, each sample ((Bid1 + Ask1) / 2 − Price Index)
 *   Contract Price = the last traded price
 * When the book has no best bid and ask (no basis sample) or the market has not traded, the missing component is
 * left out and the median of those present is taken: of two, their mean; Price 1 is always present.
 * The result is rounded half up to the tick: the mark is a reference price, favouring neither side.
 */
import { compareDecimals, type Decimal, divideDecimals, toScale, toStep } from '@kestrel/money';
import { minus, ONE, plus, sumOf, times, WORKING_PLACES, wholeOf } from './figures';

/** One sample of the basis: the best bid and ask of the book and the index price at the same moment. */
export type BasisSample = {
  readonly bestBid: Decimal;
  readonly bestAsk: Decimal;
  readonly indexPrice: Decimal;
};

export type MarkPriceInputs = {
  readonly indexPrice: Decimal;
  readonly lastFundingRate: Decimal;
  /** Milliseconds until the next funding, and the funding interval in milliseconds (durations, not amounts). */
  readonly timeUntilFunding: number;
  readonly fundingInterval: number;
  /** The samples of the moving average, oldest first; empty when the book had no two sides. */
  readonly basisSamples: readonly BasisSample[];
  readonly lastPrice: Decimal | null;
  readonly tickSize: Decimal;
};

/** The three components, each exact (Price 2 at working places); null for one that is missing. */
export type MarkPriceComponents = {
  readonly fundingPrice: Decimal;
  readonly basisPrice: Decimal | null;
  readonly lastPrice: Decimal | null;
};

/** Price 1: the index carried by the last funding rate over the share of the interval still to run. */
export function fundingBasedPrice(
  indexPrice: Decimal,
  lastFundingRate: Decimal,
  timeUntilFunding: number,
  fundingInterval: number,
): Decimal {
  const share = divideDecimals(wholeOf(timeUntilFunding), wholeOf(fundingInterval), WORKING_PLACES, 'halfUp');
  return times(indexPrice, plus(ONE, times(lastFundingRate, share)));
}

/** Price 2: the index plus the mean of the samples' basis ((bid + ask) / 2 − index); null without samples. */
export function basisBasedPrice(indexPrice: Decimal, samples: readonly BasisSample[]): Decimal | null {
  if (samples.length === 0) return null;
  const bases = samples.map((sample) =>
    minus(
      divideDecimals(plus(sample.bestBid, sample.bestAsk), wholeOf(2), WORKING_PLACES, 'halfUp'),
      sample.indexPrice,
    ),
  );
  return plus(indexPrice, divideDecimals(sumOf(bases), wholeOf(samples.length), WORKING_PLACES, 'halfUp'));
}

/** The median of one, two or three figures (of two, their mean at working places). */
export function medianOf(values: readonly Decimal[]): Decimal {
  const sorted = [...values].sort(compareDecimals);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  if (upper === undefined) throw new RangeError('a median needs one figure');
  const lower = sorted[middle - 1];
  if (sorted.length % 2 === 1 || lower === undefined) return upper;
  return divideDecimals(plus(lower, upper), wholeOf(2), WORKING_PLACES, 'halfUp');
}

/** The components of the mark price. */
export function markPriceComponents(inputs: MarkPriceInputs): MarkPriceComponents {
  return {
    fundingPrice: fundingBasedPrice(
      inputs.indexPrice,
      inputs.lastFundingRate,
      inputs.timeUntilFunding,
      inputs.fundingInterval,
    ),
    basisPrice: basisBasedPrice(inputs.indexPrice, inputs.basisSamples),
    lastPrice: inputs.lastPrice,
  };
}

/** Mark price: the median of the components present, rounded half up to the tick. */
export function markPrice(inputs: MarkPriceInputs): Decimal {
  const { fundingPrice, basisPrice, lastPrice } = markPriceComponents(inputs);
  const present = [fundingPrice, basisPrice, lastPrice].filter((value): value is Decimal => value !== null);
  return toScale(toStep(medianOf(present), inputs.tickSize, 'halfUp'), inputs.tickSize.scale, 'down');
}
