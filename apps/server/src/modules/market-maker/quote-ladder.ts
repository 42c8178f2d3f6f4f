import { type Lots, priceOf, sizeOf, type Ticks } from '@kestrel/engine';
import { parseAmount } from '@kestrel/money';

/*
 * The market maker's quotes as a pure function of the index price, the market's increments, its settings and
 * its inventory. Every amount is a decimal string read into bigint at 18 places; ratios are integers in parts
 * per million or basis points, so nothing here is ever a floating-point amount.
 */

/** One resting quote: a limit order on the tick and the lot. */
export type Quote = { side: 'buy' | 'sell'; price: string; size: string; ticks: Ticks; lots: Lots };

export type LadderInput = {
  /** The index price, a decimal string. */
  indexPrice: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  /** Quotes per side. */
  levels: number;
  /** Distance between the best bid and the best ask, in basis points of the mid. */
  spreadBps: number;
  /** Distance between two neighbouring levels of one side, in basis points of the index (see `gridTicksOf`). */
  stepBps: number;
  /** The grid the levels are drawn on, in ticks; drawn from `stepBps` and the index when not given. */
  gridTicks?: number;
  /** Quote value of each level. */
  levelNotional: string;
  /** What the quotes may commit: base for the asks (a size), quote for the bids (an amount). */
  budget: { base: string; quote: string };
  inventory: {
    /** Base held: available and frozen. */
    baseHeld: string;
    /** The quote value of base the maker means to hold. */
    targetValue: string;
    /** How far (a fraction of the target, e.g. "0.5") the holding may drift before a side stops. */
    limit: string;
  };
};

export type Ladder = {
  bids: Quote[];
  asks: Quote[];
  /** Position ÷ limit as the quotes lean on it, −1,000,000 … 1,000,000 in steps of 100,000. */
  skewPpm: number;
  gridTicks: number;
};

const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);
const PPM = 1_000_000n;
/** Basis points with a half-point: prices are multiplied by (HALF_BPS ± bps) / HALF_BPS. */
const HALF_BPS = 20_000n;

function fixed(text: string, what: string): bigint {
  const value = parseAmount(text, SCALE);
  if (value === undefined) throw new RangeError(`${what} ${text} is not a decimal of at most 18 places`);
  return value;
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return numerator <= 0n ? 0n : (numerator + denominator - 1n) / denominator;
}

function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}

/**
 * The position against its limit, in parts per million: 0 at the target holding, 1,000,000 when the base held
 * is worth the target plus its limit (stop buying), −1,000,000 at the target minus its limit (stop selling).
 */
export function inventorySkewPpm(indexPrice: string, inventory: LadderInput['inventory']): number {
  const index = fixed(indexPrice, 'index price');
  const held = fixed(inventory.baseHeld, 'base held');
  const target = fixed(inventory.targetValue, 'target value');
  const limit = (target * fixed(inventory.limit, 'inventory limit')) / ONE;
  if (limit <= 0n) return 0;
  const position = (held * index) / ONE - target;
  return Number(clamp((position * PPM) / limit, -PPM, PPM));
}

/** Skews move the quotes in steps of a tenth of the limit, so small price moves do not resize every quote. */
const SKEW_STEP = 100_000n;

function quantised(skew: bigint): bigint {
  const magnitude = ((skew < 0n ? -skew : skew) + SKEW_STEP / 2n) / SKEW_STEP;
  return (skew < 0n ? -magnitude : magnitude) * SKEW_STEP;
}

/**
 * The distance between two levels in ticks: `stepBps` of the index price, at least one tick. The maker keeps a
 * market's grid while the index stays near the price it was drawn at, so the quotes' prices stay put.
 */
export function gridTicksOf(indexPrice: string, tickSize: string, stepBps: number): number {
  const index = fixed(indexPrice, 'index price');
  const tick = fixed(tickSize, 'tick size');
  if (index <= 0n || tick <= 0n) return 1;
  const ticks = (index * BigInt(Math.max(0, Math.trunc(stepBps)))) / (tick * 10_000n);
  return Number(ticks < 1n ? 1n : ticks > 1_000_000_000n ? 1_000_000_000n : ticks);
}

/**
 * Levels on each side around the index, on a grid of `gridTicks`: the best bid the highest grid price at least
 * half the spread below the mid, the best ask the lowest at least half the spread above it, then one grid step
 * further each. The two sides are at least the spread apart, so they never cross, and a small move of the index
 * keeps the same prices: only a move across a grid line replaces the quotes at the edges. The mid leans against
 * the inventory (at most half the spread) and the side that would grow the position shrinks in proportion, to
 * nothing at the limit. Each level is worth `levelNotional`; a side stops where its budget ends or a level would
 * fall below the market's minimum notional.
 */
export function quoteLadder(input: LadderInput): Ladder {
  const index = fixed(input.indexPrice, 'index price');
  const tick = fixed(input.tickSize, 'tick size');
  const lot = fixed(input.lotSize, 'lot size');
  const minNotional = fixed(input.minNotional, 'minimum notional');
  const levelNotional = fixed(input.levelNotional, 'level notional');
  const grid = BigInt(
    Math.max(1, Math.trunc(input.gridTicks ?? gridTicksOf(input.indexPrice, input.tickSize, input.stepBps))),
  );
  if (index <= 0n || tick <= 0n || lot <= 0n)
    return { bids: [], asks: [], skewPpm: 0, gridTicks: Number(grid) };
  const spread = BigInt(Math.max(1, Math.trunc(input.spreadBps)));
  const skew = quantised(BigInt(inventorySkewPpm(input.indexPrice, input.inventory)));

  // mid = index × (1 − skew × spread / 2): long leans the quotes down, short leans them up. The best bid and
  // ask are at most mid × (1 ∓ spread / 2), in ticks; HALF_BPS counts half basis points.
  const mid = index * (PPM * HALF_BPS - skew * spread);
  const denominator = PPM * HALF_BPS * HALF_BPS * tick;
  const bidLimit = (mid * (HALF_BPS - spread)) / denominator;
  const askLimit = ceilDiv(mid * (HALF_BPS + spread), denominator);
  const bestBid = (bidLimit / grid) * grid;
  const bestAsk = ceilDiv(askLimit, grid) * grid;

  const side = (which: 'buy' | 'sell'): Quote[] => {
    // The side's size in ppm: full when the position is flat or leans the other way.
    const factor = PPM - clamp(which === 'buy' ? skew : -skew, 0n, PPM);
    if (factor === 0n) return [];
    let budget = fixed(which === 'buy' ? input.budget.quote : input.budget.base, 'budget');
    const wanted = (levelNotional * factor) / PPM;
    const quotes: Quote[] = [];
    for (let level = 0n; level < BigInt(input.levels); level++) {
      const ticks = which === 'buy' ? bestBid - level * grid : bestAsk + level * grid;
      if (ticks <= 0n || ticks > BigInt(Number.MAX_SAFE_INTEGER)) break;
      // Notionals at 36 places: ticks × tick × lots × lot.
      const lotValue = ticks * tick * lot;
      const minimumLots = ceilDiv(minNotional * ONE, lotValue) || 1n;
      let lots = ceilDiv(wanted * ONE, lotValue);
      if (lots < minimumLots) lots = minimumLots;
      const affordable = which === 'buy' ? (budget * ONE) / lotValue : budget / lot;
      if (lots > affordable) lots = affordable;
      if (lots < minimumLots || lots <= 0n || lots > BigInt(Number.MAX_SAFE_INTEGER)) break;
      budget -= which === 'buy' ? (lots * lotValue) / ONE : lots * lot;
      const quoteTicks = Number(ticks) as Ticks;
      const quoteLots = Number(lots) as Lots;
      quotes.push({
        side: which,
        price: priceOf(quoteTicks, input.tickSize),
        size: sizeOf(quoteLots, input.lotSize),
        ticks: quoteTicks,
        lots: quoteLots,
      });
    }
    return quotes;
  };

  return { bids: side('buy'), asks: side('sell'), skewPpm: Number(skew), gridTicks: Number(grid) };
}
