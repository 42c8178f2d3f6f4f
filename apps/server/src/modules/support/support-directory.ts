import type { AdminUsersService } from '../admin-users';
import type { DepositsService } from '../deposits';
import type { FuturesOrdersService } from '../futures';
import type { SpotOrdersService } from '../spot';
import type { WalletService } from '../wallet';
import type { WithdrawalsService } from '../withdrawals';
import type { CustomerContext, SupportDirectory } from './support.service';

/** How many of the latest deposits, withdrawals and open orders an agent sees beside a conversation. */
const CONTEXT_ROWS = 5;

/**
 * What an agent sees of a user, read through the other modules' services (never their tables): the profile and
 * identity status from the back office's users area, balances from the wallet, the latest deposits and
 * withdrawals, and the open spot and futures orders. Read-only.
 */
export function supportDirectory(sources: {
  users: Pick<AdminUsersService, 'detail'>;
  wallet: Pick<WalletService, 'balances'>;
  deposits: Pick<DepositsService, 'list'>;
  withdrawals: Pick<WithdrawalsService, 'list'>;
  spot: Pick<SpotOrdersService, 'orders'>;
  futures: Pick<FuturesOrdersService, 'orders'>;
}): SupportDirectory {
  return {
    async customers(userIds) {
      const found = new Map<number, { email: string; nickname: string }>();
      for (const userId of new Set(userIds)) {
        const detail = await sources.users.detail(userId).catch(() => undefined);
        if (!detail) continue;
        found.set(userId, {
          email: detail.user.email ?? detail.user.phone ?? '',
          nickname: detail.user.nickname ?? '',
        });
      }
      return found;
    },
    async context(userId): Promise<CustomerContext | null> {
      const detail = await sources.users.detail(userId).catch(() => undefined);
      if (!detail) return null;
      const [balances, deposits, withdrawals, spot, futures] = await Promise.all([
        sources.wallet.balances(userId),
        sources.deposits.list(userId, 1, CONTEXT_ROWS),
        sources.withdrawals.list(userId, 1, CONTEXT_ROWS),
        sources.spot.orders(userId, { state: 'open', limit: CONTEXT_ROWS }),
        sources.futures.orders(userId, { state: 'open', limit: CONTEXT_ROWS }),
      ]);
      return {
        userId,
        email: detail.user.email ?? detail.user.phone ?? '',
        nickname: detail.user.nickname ?? '',
        registeredAt: detail.user.createdAt,
        identityStatus: detail.identity.status,
        frozen: detail.user.frozenAt !== null,
        balances: balances
          .filter((balance) => Number(balance.available) !== 0 || Number(balance.frozen) !== 0)
          .map((balance) => ({
            asset: balance.account === 'spot' ? balance.asset : `${balance.asset} (${balance.account})`,
            available: balance.available,
            frozen: balance.frozen,
          })),
        deposits: deposits.items.map((deposit) => ({
          id: String(deposit.id),
          asset: deposit.asset,
          amount: deposit.amount,
          status: deposit.status,
          createdAt: deposit.submittedAt,
        })),
        withdrawals: withdrawals.items.map((withdrawal) => ({
          id: String(withdrawal.id),
          asset: withdrawal.asset,
          amount: withdrawal.amount,
          status: withdrawal.status,
          createdAt: withdrawal.submittedAt,
        })),
        openOrders: [
          ...spot.items.map((order) => ({
            market: 'spot' as const,
            id: order.id,
            symbol: order.symbol,
            side: order.side,
            type: order.type,
            price: order.price,
            quantity: order.size ?? order.total ?? '0',
            filled: order.filledSize,
            createdAt: order.createdAt,
          })),
          ...futures.items.map((order) => ({
            market: 'futures' as const,
            id: order.id,
            symbol: order.symbol,
            side: order.action,
            type: order.type,
            price: order.price,
            quantity: order.size,
            filled: order.filledSize,
            createdAt: order.createdAt,
          })),
        ],
      };
    },
  };
}
