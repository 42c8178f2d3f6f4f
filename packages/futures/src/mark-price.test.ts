import { type Decimal, decimalOf, formatDecimal, formatShortest } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import { type MarkPriceInputs, markPrice, markPriceComponents, medianOf } from './index';

const d = (text: string): Decimal => decimalOf(text);
const HOUR = 3_600_000;
const inputs: MarkPriceInputs = {
  indexPrice: d('50000'),
  lastFundingRate: d('0.0001'),
  timeUntilFunding: 4 * HOUR,
  fundingInterval: 8 * HOUR,
  basisSamples: [
    { bestBid: d('50010'), bestAsk: d('50012'), indexPrice: d('50000') },
    { bestBid: d('50000'), bestAsk: d('50004'), indexPrice: d('49998') },
  ],
  lastPrice: d('50003'),
  tickSize: d('0.1'),
};

describe('markPrice', () => {
  it('computes the three components as Binance defines them', () => {
    const { fundingPrice, basisPrice, lastPrice } = markPriceComponents(inputs);
    // 50,000 × (1 + 0.0001 × 4/8); 50,000 + mean(50,011 − 50,000, 50,002 − 49,998) = 50,000 + 7.5.
    expect(formatShortest(fundingPrice)).toBe('50002.5');
    expect(basisPrice && formatShortest(basisPrice)).toBe('50007.5');
    expect(lastPrice).toEqual(d('50003'));
  });

  it('is the median of the three, on the tick', () => {
    expect(formatDecimal(markPrice(inputs))).toBe('50003.0');
    expect(formatDecimal(markPrice({ ...inputs, lastPrice: d('50100') }))).toBe('50007.5');
    expect(formatDecimal(markPrice({ ...inputs, lastPrice: d('49000') }))).toBe('50002.5');
  });

  it('takes the mean of the two present when the market has not traded', () => {
    expect(formatDecimal(markPrice({ ...inputs, lastPrice: null }))).toBe('50005.0');
  });

  it('falls back to the funding-based price alone without a book or a trade', () => {
    expect(formatDecimal(markPrice({ ...inputs, lastPrice: null, basisSamples: [] }))).toBe('50002.5');
  });

  it('rounds half up to the tick', () => {
    const odd = { ...inputs, lastFundingRate: d('0.000001'), lastPrice: null, basisSamples: [] };
    // 50,000 × (1 + 0.000001 × 0.5) = 50,000.025
    expect(formatDecimal(markPrice({ ...odd, tickSize: d('0.01') }))).toBe('50000.03');
  });
});

describe('medianOf', () => {
  it('refuses an empty list', () => {
    expect(() => medianOf([])).toThrow(RangeError);
  });
});
