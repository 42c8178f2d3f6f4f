import { z } from 'zod';

/**
 * Demo accounts (issue 23, decision 0055): virtual funds on live prices, in a ledger book of their own that the
 * database keeps apart from real money. A demo account is anonymous (started from the login or register screen,
 * no e-mail) or a signed-in user's demo twin (opened from the account, without signing in again).
 */

/** The asset virtual funds are given in, at the start and at each reset. */
export const DEMO_ASSET = 'USDT';

/** The two ledger books: real money, and the virtual funds of demo accounts. */
export const LEDGER_BOOKS = ['real', 'demo'] as const;
export type LedgerBook = (typeof LEDGER_BOOKS)[number];

/** A demo account as its holder sees it. */
export const demoAccount = z.object({
  /** Virtual USDT given at the start and again at every reset (a decimal string). */
  startingBalance: z.string(),
  asset: z.literal(DEMO_ASSET),
  /** A signed-in user's twin (true), or an anonymous demo account (false). */
  twin: z.boolean(),
  createdAt: z.iso.datetime(),
  resets: z.number().int(),
  lastResetAt: z.iso.datetime().nullable(),
  /** An unused demo account is closed after this many days without a session's activity. */
  closesAfterIdleDays: z.number().int(),
});
export type DemoAccount = z.infer<typeof demoAccount>;

/** What a reset did: open orders cancelled and positions closed, then the balance set back to the start. */
export const demoResetResult = z.object({
  account: demoAccount,
  cancelledOrders: z.number().int(),
  closedPositions: z.number().int(),
});
export type DemoResetResult = z.infer<typeof demoResetResult>;

/** Demo activity, counted apart from real activity for the back office. */
export const demoSummary = z.object({
  accounts: z.object({
    open: z.number().int(),
    anonymous: z.number().int(),
    twins: z.number().int(),
    startedLastDay: z.number().int(),
    activeLastDay: z.number().int(),
    closed: z.number().int(),
  }),
  /** Orders placed by demo accounts in the last 24 hours, by product. */
  ordersLastDay: z.object({
    spot: z.number().int(),
    futures: z.number().int(),
    options: z.number().int(),
  }),
  resetsLastDay: z.number().int(),
  startingBalance: z.string(),
  closesAfterIdleDays: z.number().int(),
});
export type DemoSummary = z.infer<typeof demoSummary>;
