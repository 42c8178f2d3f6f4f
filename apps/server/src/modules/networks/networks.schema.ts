import { CHAINS } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assets } from '../ledger/ledger.schema';

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

/**
 * The chains each asset moves on, configured by operators: the platform's deposit address there, the minimum
 * deposit, the withdrawal fee and range, and whether deposits and withdrawals are open. No address is seeded:
 * a network without one takes no deposits, so no one sends money to an address nobody controls.
 */
export const assetNetworks = pgTable(
  'asset_networks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    asset: text('asset')
      .notNull()
      .references(() => assets.code),
    chain: text('chain', { enum: CHAINS }).notNull(),
    depositAddress: text('deposit_address'),
    minDeposit: amount('min_deposit').notNull(),
    withdrawalFee: amount('withdrawal_fee').notNull(),
    withdrawalMin: amount('withdrawal_min').notNull(),
    withdrawalMax: amount('withdrawal_max').notNull(),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    withdrawalEnabled: boolean('withdrawal_enabled').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('asset_networks_asset_chain_key').on(table.asset, table.chain),
    check(
      'asset_networks_chain',
      sql`${table.chain} in (${sql.raw(CHAINS.map((c) => `'${c}'`).join(', '))})`,
    ),
    check(
      'asset_networks_limits',
      sql`${table.minDeposit} > 0 and ${table.withdrawalFee} >= 0 and ${table.withdrawalMin} > 0
        and ${table.withdrawalMax} >= ${table.withdrawalMin}`,
    ),
  ],
);

/**
 * The platform's bank account for bank transfers, at most one per asset, configured by operators: the asset is
 * what a reviewed transfer credits, `currency` what the account receives. None is seeded, for the same reason as
 * deposit addresses; an asset without an enabled one takes no bank transfers.
 */
export const platformBankAccounts = pgTable('platform_bank_accounts', {
  asset: text('asset')
    .primaryKey()
    .references(() => assets.code),
  currency: text('currency').notNull(),
  bankName: text('bank_name').notNull(),
  accountName: text('account_name').notNull(),
  accountNumber: text('account_number').notNull(),
  routingCode: text('routing_code').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
