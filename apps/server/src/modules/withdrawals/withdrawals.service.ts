import {
  BANK_CARD_NETWORK,
  maskCardNumber,
  type WithdrawalOption,
  type WithdrawalReviewState,
  type WithdrawalStatus,
  type WithdrawalTarget,
  type WithdrawalTargetType,
  type WithdrawalView,
  type withdrawalBody,
} from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { quantity } from '../../http/i18n';
import type { AdminsService } from '../admin';
import type { UserRow } from '../auth';
import type { IdentityService } from '../identity';
import type { LedgerService } from '../ledger';
import type { NetworkRow } from '../networks';
import type { CardTarget, WalletTarget } from '../payout-accounts';
import type { ProfileService } from '../profile';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';

/** The spec's words for each review state: undecided is processing, whether or not one reviewer approved. */
const STATUS_OF_STATE: Record<WithdrawalReviewState, WithdrawalStatus> = {
  pending: 'processing',
  awaiting_second: 'processing',
  approved: 'completed',
  rejected: 'fail',
};

/** The funds withdrawals are paid from. */
const WITHDRAWAL_ACCOUNT = 'spot';

/** The freeze's reservation purpose; its reference is the withdrawal's request reference. */
export const WITHDRAWAL_PURPOSE = 'withdrawal';

/** A network's withdrawal terms in units of its asset. */
type Terms = {
  asset: string;
  chain: NetworkRow['chain'];
  precision: number;
  fee: Units;
  min: Units;
  max: Units;
};

function termsOf(network: NetworkRow, precision: number): Terms {
  const fee = unitsFromNumeric(network.withdrawalFee, precision);
  const min = unitsFromNumeric(network.withdrawalMin, precision);
  // What arrives must be more than nothing: the smallest amount is above the fee, whatever the minimum says.
  const aboveFee = (fee + 1n) as Units;
  return {
    asset: network.asset,
    chain: network.chain,
    precision,
    fee,
    min: min > aboveFee ? min : aboveFee,
    max: unitsFromNumeric(network.withdrawalMax, precision),
  };
}

/** Where a withdrawal goes, as its owner sees it: the address, or the card masked, with its bank. */
export function destinationOf(address: string | null, card: CardTarget | null) {
  if (card) return { destination: maskCardNumber(card.cardNumber), bankName: card.bankName };
  return { destination: address ?? '', bankName: null };
}

/** A stored withdrawal as its owner sees it, amounts at the asset's precision. */
export function withdrawalViewOf(
  row: WithdrawalRow,
  precision: number,
  destination: { destination: string; bankName: string | null },
): WithdrawalView {
  const amount = (numeric: string) => formatAmount(unitsFromNumeric(numeric, precision), precision);
  return {
    id: row.id,
    targetType: row.targetType,
    ...destination,
    asset: row.asset,
    // A bank card is paid in money, not on a chain: the network only lent its terms.
    chain: row.targetType === 'wallet' ? row.chain : null,
    amount: amount(row.amount),
    fee: amount(row.fee),
    received: amount(row.received),
    status: STATUS_OF_STATE[row.state],
    payoutReference: row.payoutReference,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * A user's withdrawals: where they can send funds and on what terms, asking for one (which freezes the amount),
 * and the list of them. The fee is inside the amount: the balance goes down by the amount, the destination
 * receives the amount less the fee.
 */
export class WithdrawalsService {
  constructor(
    private readonly repository: WithdrawalsRepository,
    private readonly ledger: Pick<LedgerService, 'balancesOf' | 'within'>,
    private readonly profile: Pick<ProfileService, 'verifySecurityPassword'>,
    private readonly identity: Pick<IdentityService, 'statusOf'>,
    private readonly settings: Pick<AdminsService, 'withdrawalsRequireIdentity'>,
  ) {}

  /**
   * The user's approved wallets and cards, each with the assets it takes and the spot funds available, and
   * whether their identity must be verified first, so the screen says so before anything is filled in.
   */
  async targets(userId: number): Promise<{ items: WithdrawalTarget[]; identityRequired: boolean }> {
    const [wallets, cards, networks, balances, identityRequired] = await Promise.all([
      this.repository.approvedWallets(userId),
      this.repository.approvedCards(userId),
      this.repository.withdrawalNetworks(),
      this.ledger.balancesOf(userId),
      this.identityRequired(userId),
    ]);
    const option = (terms: Terms): WithdrawalOption => {
      const format = (units: Units) => formatAmount(units, terms.precision);
      const available = balances.find(
        (row) => row.account === WITHDRAWAL_ACCOUNT && row.asset === terms.asset,
      )?.available;
      return {
        asset: terms.asset,
        chain: terms.chain,
        precision: terms.precision,
        fee: format(terms.fee),
        min: format(terms.min),
        max: format(terms.max),
        withdrawable: available ?? format(0n as Units),
      };
    };
    const all = networks.map(({ network, precision }) => termsOf(network, precision));
    return {
      identityRequired,
      items: [
        ...wallets.map((wallet) => ({
          type: 'wallet' as const,
          id: wallet.id,
          chain: wallet.chain,
          destination: wallet.address,
          bankName: null,
          options: all.filter((terms) => terms.chain === wallet.chain).map(option),
        })),
        ...cards.map((card) => ({
          type: 'bank_card' as const,
          id: card.id,
          chain: null,
          destination: maskCardNumber(card.cardNumber),
          bankName: card.bankName,
          options: all.filter(isBankCardNetwork).map(option),
        })),
      ],
    };
  }

  /**
   * Asks for a withdrawal: the row and the freeze of its amount commit together, so a withdrawal always holds
   * its funds. Of many requests for the whole balance at once, the ledger's conditional freeze lets one through.
   * `reference` (from the Idempotency-Key) makes a retried request find the withdrawal it already stored.
   */
  async submit(
    user: UserRow,
    body: z.output<typeof withdrawalBody>,
    reference: string,
  ): Promise<WithdrawalView> {
    if (user.frozenAt) throw new AppError('accountFrozen');
    if (await this.identityRequired(user.id)) throw new AppError('withdrawalIdentityRequired');
    // First, so that nothing about the user's targets or balances is revealed without it.
    await this.profile.verifySecurityPassword(user.id, body.securityPassword);
    const target = await this.target(user.id, body.targetType, body.targetId);
    const terms = await this.terms(target, body.asset);
    const units = parseAmount(body.amount, terms.precision);
    if (units === undefined || units <= 0n || !fitsLedger(units, terms.precision)) {
      throw new AppError('amountInvalid');
    }
    if (units < terms.min || units > terms.max) {
      throw new AppError('withdrawalOutOfRange', {
        min: quantity(formatAmount(terms.min, terms.precision)),
        max: quantity(formatAmount(terms.max, terms.precision)),
        asset: terms.asset,
      });
    }
    const amount = formatAmount(units, terms.precision);
    const stored = await this.repository.transaction(async (repository) => {
      const inserted = await repository.insert({
        userId: user.id,
        targetType: body.targetType,
        walletId: target.wallet?.id ?? null,
        bankCardId: target.card?.id ?? null,
        asset: terms.asset,
        chain: terms.chain,
        amount,
        fee: formatAmount(terms.fee, terms.precision),
        received: formatAmount((units - terms.fee) as Units, terms.precision),
        requestReference: reference,
      });
      if (!inserted) return repository.findByReference(reference);
      await this.ledger.within(repository.connection).execute({
        type: 'freeze',
        purpose: WITHDRAWAL_PURPOSE,
        reference,
        userId: user.id,
        account: WITHDRAWAL_ACCOUNT,
        asset: terms.asset,
        amount,
        actor: `user:${user.id}`,
      });
      return inserted;
    });
    if (!stored) throw new Error(`withdrawal ${reference} was neither stored nor found`);
    return withdrawalViewOf(
      stored,
      terms.precision,
      destinationOf(target.wallet?.address ?? null, target.card),
    );
  }

  async list(userId: number, page: number, pageSize: number) {
    const { rows, total } = await this.repository.pageOf(userId, page, pageSize);
    const precisions = await this.repository.precisions();
    return {
      items: rows.map(({ withdrawal, address, card }) =>
        withdrawalViewOf(withdrawal, precisionOf(precisions, withdrawal), destinationOf(address, card)),
      ),
      total,
    };
  }

  /** True while the back office asks for a verified identity and this user's is not (yet) verified. */
  private async identityRequired(userId: number): Promise<boolean> {
    if (!(await this.settings.withdrawalsRequireIdentity())) return false;
    return (await this.identity.statusOf(userId)).status !== 'verified';
  }

  /** The user's own approved wallet or card; anything else is the same refusal, so nothing is revealed. */
  private async target(userId: number, type: WithdrawalTargetType, id: number) {
    if (type === 'wallet') {
      const [wallet] = await this.repository.approvedWallets(userId, id);
      if (!wallet) throw new AppError('withdrawalTargetUnavailable');
      return { wallet, card: null } as { wallet: WalletTarget; card: null };
    }
    const [card] = await this.repository.approvedCards(userId, id);
    if (!card) throw new AppError('withdrawalTargetUnavailable');
    return { wallet: null, card } as { wallet: null; card: CardTarget };
  }

  /** The terms of the network a withdrawal of this asset to this target uses, if it is open for withdrawals. */
  private async terms(target: { wallet: WalletTarget | null }, asset: string): Promise<Terms> {
    const networks = await this.repository.withdrawalNetworks();
    const found = networks.find(({ network }) =>
      target.wallet
        ? network.asset === asset && network.chain === target.wallet.chain
        : network.asset === asset && isBankCardNetwork(network),
    );
    if (!found) throw new AppError('withdrawalNetworkUnavailable');
    return termsOf(found.network, found.precision);
  }
}

function isBankCardNetwork(network: { asset: string; chain: string }): boolean {
  return network.asset === BANK_CARD_NETWORK.asset && network.chain === BANK_CARD_NETWORK.chain;
}

export function precisionOf(precisions: ReadonlyMap<string, number>, row: WithdrawalRow): number {
  const precision = precisions.get(row.asset);
  if (precision === undefined) throw new Error(`asset ${row.asset} has no precision`);
  return precision;
}
