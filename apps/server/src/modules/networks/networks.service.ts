import {
  type AdminAssets,
  type AdminBankAccount,
  type AdminNetwork,
  type BankAccountDetails,
  type bankAccountBody,
  CHAIN_LABELS,
  type Chain,
  isValidAddress,
  type networkCreateBody,
  type networkUpdateBody,
  type WalletNetworks,
} from '@kestrel/contract';
import { fitsLedger, formatAmount, parseAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import type {
  BankAccountRow,
  NetworkChanges,
  NetworkRow,
  NetworksRepository,
  NewNetworkRow,
} from './networks.repository';

type UpdateBody = z.output<typeof networkUpdateBody>;
type CreateBody = z.output<typeof networkCreateBody>;
type BankAccountBody = z.output<typeof bankAccountBody>;

const AMOUNT_FIELDS = ['minDeposit', 'withdrawalFee', 'withdrawalMin', 'withdrawalMax'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];

/** The amount columns of a new network, all required. */
type NewAmounts = Pick<NewNetworkRow, AmountField>;

/** A network's amounts as units of its asset's precision. */
type Amounts = Record<AmountField, Units>;

function amountsOf(row: NetworkRow, precision: number): Amounts {
  return {
    minDeposit: unitsFromNumeric(row.minDeposit, precision),
    withdrawalFee: unitsFromNumeric(row.withdrawalFee, precision),
    withdrawalMin: unitsFromNumeric(row.withdrawalMin, precision),
    withdrawalMax: unitsFromNumeric(row.withdrawalMax, precision),
  };
}

function toAdmin(row: NetworkRow, precision: number): AdminNetwork {
  const amounts = amountsOf(row, precision);
  return {
    id: row.id,
    asset: row.asset,
    chain: row.chain,
    depositAddress: row.depositAddress,
    minDeposit: formatAmount(amounts.minDeposit, precision),
    withdrawalFee: formatAmount(amounts.withdrawalFee, precision),
    withdrawalMin: formatAmount(amounts.withdrawalMin, precision),
    withdrawalMax: formatAmount(amounts.withdrawalMax, precision),
    depositEnabled: row.depositEnabled,
    withdrawalEnabled: row.withdrawalEnabled,
    displayOrder: row.displayOrder,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function bankDetailsOf(row: BankAccountRow): BankAccountDetails {
  return {
    currency: row.currency,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    routingCode: row.routingCode,
  };
}

function toAdminBankAccount(row: BankAccountRow): AdminBankAccount {
  return {
    asset: row.asset,
    ...bankDetailsOf(row),
    enabled: row.enabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An asset's bank account open for transfers now, with the asset's precision. */
export type DepositBankAccount = BankAccountDetails & { asset: string; precision: number };

/** What an audit entry keeps of a network: its settings, without the bookkeeping columns. */
function auditView(network: AdminNetwork) {
  const { id: _id, updatedAt: _updatedAt, ...settings } = network;
  return settings;
}

/** A network a deposit may arrive on now, with what the deposit form checks against. */
export type DepositNetwork = { address: string; minDeposit: Units; precision: number };

/** Assets' networks: what the wallet screens offer, and the operators' configuration of them. */
export class NetworksService {
  constructor(private readonly repository: NetworksRepository) {}

  /** Every asset with a network open for deposits or withdrawals, its networks in display order. */
  async walletNetworks(): Promise<WalletNetworks> {
    const { assets, networks } = await this.load();
    const listed = assets.map(({ code, precision }) => ({
      asset: code,
      precision,
      networks: networks
        .filter((row) => row.asset === code && (row.depositEnabled || row.withdrawalEnabled))
        .map((row) => {
          const view = toAdmin(row, precision);
          return {
            chain: row.chain,
            label: CHAIN_LABELS[row.chain],
            depositAddress: row.depositEnabled ? row.depositAddress : null,
            minDeposit: view.minDeposit,
            withdrawalFee: view.withdrawalFee,
            withdrawalMin: view.withdrawalMin,
            withdrawalMax: view.withdrawalMax,
            depositAvailable: row.depositEnabled && row.depositAddress !== null,
            withdrawalAvailable: row.withdrawalEnabled,
          };
        }),
    }));
    return { assets: listed.filter((asset) => asset.networks.length > 0) };
  }

  async adminAssets(): Promise<AdminAssets> {
    const [{ assets, networks }, bankAccounts] = await Promise.all([
      this.load(),
      this.repository.bankAccounts(),
    ]);
    return {
      assets: assets.map(({ code, precision }) => {
        const bankAccount = bankAccounts.find((row) => row.asset === code);
        return {
          code,
          precision,
          networks: networks.filter((row) => row.asset === code).map((row) => toAdmin(row, precision)),
          bankAccount: bankAccount ? toAdminBankAccount(bankAccount) : null,
        };
      }),
    };
  }

  /** Every asset that takes bank transfers now, with its account, in the order the screens list assets. */
  async bankTransferAccounts(): Promise<DepositBankAccount[]> {
    const [{ assets }, bankAccounts] = await Promise.all([this.load(), this.repository.bankAccounts()]);
    return assets.flatMap(({ code, precision }) => {
      const row = bankAccounts.find((each) => each.asset === code && each.enabled);
      return row ? [{ asset: code, precision, ...bankDetailsOf(row) }] : [];
    });
  }

  /** The bank account a bank transfer of the asset goes to, if it takes them now; refused otherwise. */
  async depositBankAccount(asset: string): Promise<DepositBankAccount> {
    const row = await this.repository.bankAccountOf(asset);
    const precision = (await this.repository.listAssets()).find((each) => each.code === asset)?.precision;
    if (!row?.enabled || precision === undefined) throw new AppError('bankTransferUnavailable');
    return { asset, precision, ...bankDetailsOf(row) };
  }

  /** Sets (or replaces) an asset's bank account, with the reason and the account before and after audited. */
  async setBankAccount(asset: string, body: BankAccountBody, actor: Actor): Promise<AdminBankAccount> {
    const { reason, ...values } = body;
    return withAudit(
      this.repository,
      actor,
      { type: 'bank_account', id: asset },
      reason,
      async (repository) => {
        await this.precisionOf(repository, asset);
        const before = await repository.lockBankAccount(asset);
        const after = toAdminBankAccount(await repository.saveBankAccount(asset, values));
        const settings = ({ updatedAt: _updatedAt, ...rest }: AdminBankAccount) => rest;
        return {
          before: before ? settings(toAdminBankAccount(before)) : null,
          after: settings(after),
          result: after,
        };
      },
    );
  }

  /** Each listed asset's precision, by code. */
  async precisions(): Promise<ReadonlyMap<string, number>> {
    return new Map((await this.repository.listAssets()).map((row) => [row.code, row.precision]));
  }

  /** The network a deposit names, if it takes deposits now; refused otherwise. */
  async depositNetwork(asset: string, chain: Chain): Promise<DepositNetwork> {
    const row = await this.repository.findOf(asset, chain);
    const precision = (await this.repository.listAssets()).find((each) => each.code === asset)?.precision;
    if (!row || precision === undefined || !row.depositEnabled || row.depositAddress === null) {
      throw new AppError('depositNetworkUnavailable');
    }
    return {
      address: row.depositAddress,
      minDeposit: unitsFromNumeric(row.minDeposit, precision),
      precision,
    };
  }

  /** Changes a network's settings with the reason in its audit entry; only the fields sent change. */
  async update(id: number, body: UpdateBody, actor: Actor): Promise<AdminNetwork> {
    const { reason, ...fields } = body;
    return withAudit(this.repository, actor, { type: 'network', id }, reason, async (repository) => {
      const row = await repository.lock(id);
      if (!row) throw new AppError('notFound');
      const precision = await this.precisionOf(repository, row.asset);
      const before = toAdmin(row, precision);
      const changes = checkedChanges(row.chain, precision, amountsOf(row, precision), fields);
      const after = toAdmin(await repository.update(id, changes), precision);
      return { before: auditView(before), after: auditView(after), result: after };
    });
  }

  /** Adds a network to an asset the platform lists; one per asset and chain. */
  async create(body: CreateBody, actor: Actor): Promise<AdminNetwork> {
    const { reason, asset, chain, ...fields } = body;
    return withAudit(this.repository, actor, { type: 'network', id: null }, reason, async (repository) => {
      const precision = await this.precisionOf(repository, asset);
      const changes = checkedChanges(chain, precision, undefined, fields);
      // Every amount is present: the create body requires them all, and checkedChanges refuses a gap.
      const row = await repository.insert({ ...(changes as NetworkChanges & NewAmounts), asset, chain });
      if (!row) throw new AppError('networkExists');
      const created = toAdmin(row, precision);
      return { before: null, after: auditView(created), result: created, targetId: row.id };
    });
  }

  private async precisionOf(repository: NetworksRepository, asset: string): Promise<number> {
    const precision = (await repository.listAssets()).find((each) => each.code === asset)?.precision;
    if (precision === undefined) throw new AppError('assetUnknown');
    return precision;
  }

  /** Assets in the order of their first network (as the screens list them), those without one last. */
  private async load() {
    const [assets, networks] = await Promise.all([this.repository.listAssets(), this.repository.list()]);
    const first = (code: string) => {
      const index = networks.findIndex((row) => row.asset === code);
      return index === -1 ? networks.length : index;
    };
    return { assets: [...assets].sort((a, b) => first(a.code) - first(b.code)), networks };
  }
}

/**
 * The columns to write, after checking what was sent: amounts within the asset's precision and the ledger's
 * range, the withdrawal range not inverted once combined with the current values, and the deposit address valid
 * for the chain with its checksum.
 */
function checkedChanges(
  chain: Chain,
  precision: number,
  current: Amounts | undefined,
  fields: Omit<UpdateBody, 'reason'>,
): NetworkChanges {
  const changes: NetworkChanges = {};
  const next: Partial<Amounts> = { ...current };
  for (const name of AMOUNT_FIELDS) {
    const text = fields[name];
    if (text === undefined) continue;
    const units = parseAmount(text, precision);
    if (units === undefined || units < 0n || !fitsLedger(units, precision))
      throw new AppError('amountInvalid');
    next[name] = units;
    changes[name] = formatAmount(units, precision);
  }
  const { minDeposit, withdrawalFee, withdrawalMin, withdrawalMax } = next;
  if (
    minDeposit === undefined ||
    withdrawalFee === undefined ||
    withdrawalMin === undefined ||
    withdrawalMax === undefined
  ) {
    throw new AppError('parameterError');
  }
  if (minDeposit <= 0n || withdrawalMin <= 0n || withdrawalMax < withdrawalMin) {
    throw new AppError('networkLimitsInvalid');
  }
  if (fields.depositAddress !== undefined) {
    if (fields.depositAddress !== null && !isValidAddress(chain, fields.depositAddress)) {
      throw new AppError('networkAddressInvalid');
    }
    changes.depositAddress = fields.depositAddress;
  }
  if (fields.depositEnabled !== undefined) changes.depositEnabled = fields.depositEnabled;
  if (fields.withdrawalEnabled !== undefined) changes.withdrawalEnabled = fields.withdrawalEnabled;
  if (fields.displayOrder !== undefined) changes.displayOrder = fields.displayOrder;
  return changes;
}
