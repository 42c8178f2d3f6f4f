import { LEDGER_BOOKS } from '@kestrel/contract';
import { type FundedPosition, settleFunding } from '@kestrel/futures';
import { type Decimal, decimalOf, formatDecimal } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import type { FundingLeg, LedgerService } from '../ledger';
import type { FundingRepository } from './funding.repository';
import { type FuturesPositionRow, POSITION_RESERVATION } from './futures.schema';
import type { FuturesMarkets } from './futures-markets';
import type { FuturesMark } from './mark-price';

/**
 * Settles one funding time of one perpetual (ARCHITECTURE.md section 6, decision 0046), run by the market's owner:
 * every open position pays or receives size × mark price × rate, rounded against it, in one journal transaction of
 * kind 'funding' (reference `funding:<symbol>:<time>`) against `futures_clearing`, the remainder to `rounding`,
 * with its payment rows and the market's rate row, all in one database transaction fenced by the owner's epoch.
 * A funding time is settled once: settling it again changes nothing. A stale mark is refused (7003).
 */
export class FundingSettlement {
  constructor(
    private readonly repository: FundingRepository,
    private readonly ledger: Pick<LedgerService, 'within' | 'assets'>,
    private readonly markets: Pick<FuturesMarkets, 'market'>,
  ) {}

  async settle(
    symbol: string,
    fundingTime: Date,
    mark: FuturesMark,
    epoch: bigint,
  ): Promise<{ paid: number }> {
    const market = this.markets.market(symbol);
    if (!market) throw new RangeError(`${symbol} is not a perpetual`);
    // A stale index halts funding rather than paying at an old price: the owner settles once it is fresh again.
    if (mark.stale) throw new AppError('priceStale');
    const precision = (await this.ledger.assets()).get(market.quote);
    if (precision === undefined) throw new RangeError(`${market.quote} is not an asset`);
    const reference = `funding:${symbol}:${fundingTime.toISOString()}`;
    return this.repository.transaction(async (repository) => {
      await repository.fence(`futures:${symbol}`, epoch);
      if (await repository.settled(symbol, fundingTime)) return { paid: 0 };
      const positions = await repository.openPositions(symbol);
      const funded: FundedPosition<FuturesPositionRow>[] = positions.map((position) => ({
        id: position,
        side: position.side as 'long' | 'short',
        size: decimalOf(position.size),
      }));
      const { payments } = settleFunding(funded, mark.markPrice, mark.fundingRate, precision);
      const moving = payments.filter((payment) => payment.amount.units !== 0n);
      const rate = {
        symbol,
        fundingTime,
        rate: text(mark.fundingRate),
        markPrice: text(mark.markPrice),
        indexPrice: text(mark.indexPrice),
      };
      // Each book in a journal of its own (decision 0055): the real positions' first, then the demo ones'.
      let transactionId: bigint | null = null;
      for (const book of LEDGER_BOOKS) {
        const legs = moving.filter(({ id: position }) => position.book === book);
        if (legs.length === 0) continue;
        const journal = await this.pay(repository, legs, {
          asset: market.quote,
          reference: book === 'real' ? reference : `${reference}:demo`,
          symbol,
          fundingTime,
          rate,
          epoch,
        });
        if (book === 'real') transactionId = journal;
      }
      await repository.insertRate({ ...rate, transactionId });
      return { paid: moving.length };
    });
  }

  /** Pays one book's funding legs in one journal, with their payment rows; answers the journal's transaction. */
  private async pay(
    repository: FundingRepository,
    moving: { id: FuturesPositionRow; amount: Decimal }[],
    time: {
      asset: string;
      reference: string;
      symbol: string;
      fundingTime: Date;
      rate: { rate: string; markPrice: string };
      epoch: bigint;
    },
  ): Promise<bigint> {
    const legs: FundingLeg[] = moving.map(({ id: position, amount }) => ({
      userId: position.userId,
      amount: text(amount),
      from: position.marginMode === 'isolated' ? 'margin' : 'account',
      margin: { purpose: POSITION_RESERVATION, reference: String(position.id) },
    }));
    const outcome = await this.ledger.within(repository.db).execute({
      type: 'funding',
      asset: time.asset,
      legs,
      reference: time.reference,
      actor: 'system',
    });
    const transactionId = BigInt(outcome.transactionId ?? '0');
    await repository.takeFromMargins(
      moving.flatMap(({ id: position }, index) => {
        const fromMargin = outcome.funding?.[index]?.fromMargin ?? '0';
        return decimalOf(fromMargin).units === 0n ? [] : [{ id: position.id, amount: fromMargin }];
      }),
      time.epoch,
    );
    await repository.insertPayments(
      moving.map(({ id: position, amount }) => ({
        userId: position.userId,
        positionId: position.id,
        symbol: time.symbol,
        side: position.side,
        fundingTime: time.fundingTime,
        size: position.size,
        markPrice: time.rate.markPrice,
        rate: time.rate.rate,
        amount: text(amount),
        transactionId,
      })),
    );
    return transactionId;
  }
}

const text = (value: Decimal) => formatDecimal(value);
