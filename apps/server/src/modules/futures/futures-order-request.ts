import type { PlaceFuturesOrderBody } from '@kestrel/contract';
import { lotsOf, ticksOf } from '@kestrel/engine';
import { notionalLimitAt, orderCost } from '@kestrel/futures';
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  formatDecimal,
  multiplyDecimals,
  normalize,
  subtractDecimals,
  toStep,
  type Units,
  unitsAt,
} from '@kestrel/money';
import { discountedRate, type FeeDiscounts, NO_DISCOUNTS } from '../../fees/fee-discounts';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import { type FuturesBook, isClosing, positionSideOf } from './futures-book';
import type { FuturesPricing } from './futures-pricing';
import type { FuturesOrderRequest } from './futures-sequencer';
import type { FuturesSettings } from './futures-settings';

/** A market order fills at most this far through the mark price (Binance's price protection): 5 %. */
const PROTECTION = decimalOf('0.05');

/**
 * Turns an order as a user (or a take profit or stop loss) places it into what the futures sequencer freezes and
 * matches: the order checked against its perpetual, with its row and its cost.
 */
export class FuturesOrderRequests {
  constructor(
    private readonly pricing: FuturesPricing,
    private readonly settings: Pick<FuturesSettings, 'of'>,
    /** What each user's membership level takes off the fees of the orders they place (decision 0050). */
    private readonly discounts: FeeDiscounts = NO_DISCOUNTS,
  ) {}

  /**
   * An order's row and cost: the user's leverage and margin mode; a market order is a limit IOC at the mark price
   * moved 5 % against it (its protection), which bounds what its cost must cover. An opening order freezes its
   * initial margin, open loss and taker fee, and with the position it adds to stays within the bracket its
   * leverage allows; a closing order needs a position to close and freezes nothing. The order carries the fee
   * rates it pays, the perpetual's less the user's discount of the moment (decision 0050): its cost counts that
   * taker rate, and so does the book when it fills.
   */
  async requestOf(
    userId: number,
    body: PlaceFuturesOrderBody,
    reference: string | null,
    book: FuturesBook,
    places: number,
    origin: 'user' | 'takeProfit' | 'stopLoss' = 'user',
  ): Promise<FuturesOrderRequest> {
    const market = this.pricing.marketOf(body.symbol);
    const tick = formatDecimal(market.tickSize);
    const lot = formatDecimal(market.lotSize);
    if (lotsOf(body.size, lot) === undefined) throw new AppError('orderSizeNotOnLot', { lot: quantity(lot) });
    const size = decimalOf(body.size);
    const markPrice = this.pricing.mark(market.symbol);
    const side = positionSideOf(body.action);
    const buying = body.action === 'openLong' || body.action === 'closeShort';
    let price: Decimal;
    if (body.type === 'limit') {
      if (body.price === undefined || ticksOf(body.price, tick) === undefined)
        throw new AppError('orderPriceNotOnTick', { tick: quantity(tick) });
      price = decimalOf(body.price);
    } else {
      const shift = multiplyDecimals(markPrice, PROTECTION);
      price = buying
        ? toStep(addDecimals(markPrice, shift), market.tickSize, 'up')
        : toStep(subtractDecimals(markPrice, shift), market.tickSize, 'down');
    }
    if (
      compareDecimals(multiplyDecimals(body.type === 'limit' ? price : markPrice, size), market.minNotional) <
      0
    )
      throw new AppError('orderBelowMinNotional', {
        minimum: quantity(formatDecimal(market.minNotional), market.quote),
      });
    const [setting, discount] = await Promise.all([
      this.settings.of(userId, market.symbol),
      this.discounts.of(userId),
    ]);
    const makerFeeRate = discountedRate(market.makerFee, discount.maker);
    const takerFeeRate = discountedRate(market.takerFee, discount.taker);
    let cost = 0n as Units;
    const position = book.position(userId, side);
    if (isClosing(body.action)) {
      if (!position || position.size.units <= 0n) throw new AppError('futuresNoPosition');
    } else {
      const held = position ? multiplyDecimals(position.size, markPrice) : decimalOf('0');
      const limit = notionalLimitAt(market.brackets, setting.leverage);
      if (compareDecimals(addDecimals(held, multiplyDecimals(price, size)), limit) > 0)
        throw new AppError('futuresAboveBracket', { leverage: setting.leverage });
      const figures = orderCost(
        { side, price, size, leverage: setting.leverage, markPrice, takerFeeRate },
        places,
      );
      cost = unitsAt(figures.cost, places, 'up') as Units;
    }
    return {
      userId,
      reference,
      cost,
      row: {
        userId,
        symbol: market.symbol,
        action: body.action,
        side: buying ? 'buy' : 'sell',
        type: body.type,
        timeInForce: body.type === 'market' ? 'IOC' : (body.timeInForce ?? 'GTC'),
        postOnly: body.type === 'limit' && (body.postOnly ?? false),
        price: formatDecimal(normalize(price)),
        size: formatDecimal(normalize(size)),
        leverage: setting.leverage,
        marginMode: setting.marginMode,
        frozenAmount: formatDecimal({ units: cost, scale: places }),
        makerFeeRate: formatDecimal(makerFeeRate),
        takerFeeRate: formatDecimal(takerFeeRate),
        origin,
        takeProfit: body.takeProfit ?? null,
        stopLoss: body.stopLoss ?? null,
      },
    };
  }
}
