import type { LedgerBook, PositionSide } from '@kestrel/contract';
import { initialMargin } from '@kestrel/futures';
import {
  compareDecimals,
  decimalOf,
  multiplyDecimals,
  subtractDecimals,
  type Units,
  unitsAt,
} from '@kestrel/money';
import { AppError } from '../../http/app-error';
import type { LedgerService } from '../ledger';
import { POSITION_RESERVATION } from './futures.schema';
import type { FuturesBook } from './futures-book';
import type { FuturesOrdersRepository } from './futures-orders.repository';
import type { FuturesPricing } from './futures-pricing';
import { type FuturesRisk, MARGIN_ASSET } from './futures-risk';
import { plain } from './futures-views';

/** A user's request to add margin to an isolated position from the balance, or to take some back. */
export type MarginCommand = {
  kind: 'margin';
  userId: number;
  side: PositionSide;
  direction: 'add' | 'remove';
  amount: string;
  /** The book of the user's money, whose perpetual's book holds the position (decision 0055). */
  book?: LedgerBook;
};

/** What moving an isolated margin reads and writes. */
type MarginParts = {
  ledger: Pick<LedgerService, 'userAccountIds' | 'batch'>;
  repository: Pick<FuturesOrdersRepository, 'changeMargin'>;
  risk: Pick<FuturesRisk, 'balance'>;
  pricing: Pick<FuturesPricing, 'mark'>;
};

/**
 * Moves an isolated position's margin between the balance and the position's reservation, between the
 * sequencer's batches (the book reads the margin again after). Removing keeps the initial margin at the mark.
 */
export async function moveIsolatedMargin(
  parts: MarginParts,
  book: FuturesBook,
  command: MarginCommand,
  places: number,
): Promise<null> {
  const position = book.position(command.userId, command.side);
  if (!position || position.size.units <= 0n) throw new AppError('futuresNoPosition');
  if (position.marginMode !== 'isolated') throw new AppError('futuresMarginNotIsolated');
  const amount = decimalOf(command.amount);
  const units = unitsAt(amount, places, 'down') as Units;
  const adding = command.direction === 'add';
  if (adding) {
    if (compareDecimals((await parts.risk.balance(command.userId)).available, amount) < 0)
      throw new AppError('insufficientBalance');
  } else {
    const needed = initialMargin(
      multiplyDecimals(position.size, parts.pricing.mark(book.symbol)),
      position.leverage,
      places,
    );
    const most = subtractDecimals(position.margin, needed);
    if (compareDecimals(amount, most) > 0)
      throw new AppError('futuresMarginTooLow', { max: plain(most.units > 0n ? most : decimalOf('0')) });
  }
  const accountId = (await parts.ledger.userAccountIds([command.userId], 'futures')).get(command.userId);
  if (accountId === undefined) throw new AppError('systemBusy');
  await parts.ledger.batch(async (batch) => {
    await batch.move(
      [],
      [
        {
          purpose: POSITION_RESERVATION,
          reference: String(position.id),
          accountId,
          asset: MARGIN_ASSET,
          actor: `user:${command.userId}`,
          add: adding ? units : (0n as Units),
          take: adding ? (0n as Units) : units,
          close: false,
        },
      ],
    );
    await parts.repository.changeMargin(
      batch.connection,
      position.id,
      adding ? plain(amount) : `-${plain(amount)}`,
      book.epoch,
    );
  }, book.ledgerBook);
  return null;
}
