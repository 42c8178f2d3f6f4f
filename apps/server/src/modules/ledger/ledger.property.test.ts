import type { UserAccount } from '@kestrel/contract';
import { formatAmount, type Units } from '@kestrel/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../../http/app-error';
import { LedgerRepository } from './ledger.repository';
import { type LedgerCommand, LedgerService } from './ledger.service';
import { createUsers } from './test-ledger';

/*
 * Random sequences of ledger commands, valid and not (overdrafts, amounts finer than the asset, settling a
 * reservation twice, replays), run against the service and against a model made of plain bigints. After every
 * command the ledger check must hold and every balance and system position must equal the model's.
 *
 * Each sequence runs inside one database transaction that is rolled back at its end (the service's own
 * transactions become savepoints), so every run starts from an empty ledger and the check stays cheap.
 */

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 1000);
const SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const PRECISION = { USDT: 6, BTC: 8 } as const;
type Asset = keyof typeof PRECISION;

type Step =
  | {
      op: 'deposit' | 'systemAdd' | 'systemDebit';
      user: number;
      account: UserAccount;
      asset: Asset;
      units: bigint;
      fine: boolean;
    }
  | { op: 'transfer'; user: number; from: UserAccount; asset: Asset; units: bigint; fine: boolean }
  | { op: 'freeze'; user: number; account: UserAccount; asset: Asset; units: bigint; fine: boolean }
  | { op: 'release'; pick: number }
  | { op: 'replayDeposit'; pick: number }
  | { op: 'consume'; pick: number; feeShare: number };

const user = fc.integer({ min: 0, max: 1 });
const account = fc.constantFrom<UserAccount>('spot', 'futures');
const asset = fc.constantFrom<Asset>('USDT', 'BTC');
const units = fc.bigInt({ min: 1n, max: 3_000_000n });
/** One amount in ten is written with a digit more than its asset allows. */
const fine = fc.integer({ min: 0, max: 9 }).map((value) => value !== 0);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('deposit' as const), user, account, asset, units, fine }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('systemAdd' as const), user, account, asset, units, fine }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('systemDebit' as const), user, account, asset, units, fine }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('transfer' as const), user, from: account, asset, units, fine }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('freeze' as const), user, account, asset, units, fine }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('release' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('consume' as const),
      pick: fc.nat(),
      feeShare: fc.integer({ min: 0, max: 100 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replayDeposit' as const), pick: fc.nat() }) },
);

/** The ledger as plain numbers: what every balance and system position should be. */
class Model {
  readonly balances = new Map<string, { available: bigint; frozen: bigint }>();
  readonly system = new Map<string, bigint>();
  readonly reservations: { reference: string; key: string; asset: Asset; units: bigint; status: string }[] =
    [];
  readonly deposits: LedgerCommand[] = [];

  balance(key: string) {
    let balance = this.balances.get(key);
    if (!balance) {
      balance = { available: 0n, frozen: 0n };
      this.balances.set(key, balance);
    }
    return balance;
  }

  post(purpose: string, asset: Asset, units: bigint) {
    const key = `${purpose}:${asset}`;
    this.system.set(key, (this.system.get(key) ?? 0n) + units);
  }
}

const amountText = (asset: Asset, units: bigint, isFine: boolean) =>
  formatAmount(units as Units, PRECISION[asset]) + (isFine ? '' : '1');

/**
 * Applies one step to the model and says what the service must answer: the command to run and the failure it
 * must raise, if any. Undefined when the step has nothing to act on (no reservation yet).
 */
function plan(model: Model, userIds: number[], s: Step, index: number) {
  const reference = `step-${index}`;
  if (s.op === 'release' || s.op === 'consume' || s.op === 'replayDeposit') {
    if (s.op === 'replayDeposit') {
      const command = model.deposits[s.pick % Math.max(model.deposits.length, 1)];
      return command ? { command, failure: undefined } : undefined;
    }
    const reservation = model.reservations[s.pick % Math.max(model.reservations.length, 1)];
    if (!reservation) return undefined;
    const balance = model.balance(reservation.key);
    if (s.op === 'release') {
      const command: LedgerCommand = { type: 'release', purpose: 'test', reference: reservation.reference };
      if (reservation.status === 'consumed') return { command, failure: 'reservationNotOpen' };
      if (reservation.status === 'open') {
        balance.frozen -= reservation.units;
        balance.available += reservation.units;
        reservation.status = 'released';
      }
      return { command, failure: undefined };
    }
    const fee = (reservation.units * BigInt(s.feeShare)) / 100n;
    const command: LedgerCommand = {
      type: 'consume',
      purpose: 'test',
      reference: reservation.reference,
      kind: 'withdrawal',
      into: 'withdrawals_clearing',
      fee: formatAmount(fee as Units, PRECISION[reservation.asset]),
      actor: 'admin:1',
    };
    if (reservation.status === 'released') return { command, failure: 'reservationNotOpen' };
    if (reservation.status === 'open') {
      balance.frozen -= reservation.units;
      model.post('withdrawals_clearing', reservation.asset, reservation.units - fee);
      model.post('fees', reservation.asset, fee);
      reservation.status = 'consumed';
    }
    return { command, failure: undefined };
  }

  const userId = userIds[s.user] ?? 0;
  const amount = amountText(s.asset, s.units, s.fine);
  const actor = `user:${userId}` as const;
  let command: LedgerCommand;
  if (s.op === 'transfer') {
    const to: UserAccount = s.from === 'spot' ? 'futures' : 'spot';
    command = { type: 'transfer', userId, from: s.from, to, asset: s.asset, amount, reference, actor };
  } else if (s.op === 'freeze') {
    command = {
      type: 'freeze',
      userId,
      account: s.account,
      asset: s.asset,
      amount,
      purpose: 'test',
      reference,
      actor,
    };
  } else if (s.op === 'systemDebit') {
    command = {
      type: 'debit',
      kind: 'system_debit',
      to: 'adjustments',
      userId,
      account: s.account,
      asset: s.asset,
      amount,
      reference,
      actor: 'admin:1',
    };
  } else {
    const [kind, from] =
      s.op === 'deposit'
        ? (['deposit', 'deposits_clearing'] as const)
        : (['system_add', 'adjustments'] as const);
    command = {
      type: 'credit',
      kind,
      from,
      userId,
      account: s.account,
      asset: s.asset,
      amount,
      reference,
      actor: 'admin:1',
    };
  }
  if (!s.fine) return { command, failure: 'amountInvalid' };

  const source = model.balance(`${userId}:${s.op === 'transfer' ? s.from : s.account}:${s.asset}`);
  if (s.op === 'deposit' || s.op === 'systemAdd') {
    source.available += s.units;
    model.post(s.op === 'deposit' ? 'deposits_clearing' : 'adjustments', s.asset, -s.units);
    if (s.op === 'deposit') model.deposits.push(command);
    return { command, failure: undefined };
  }
  if (source.available < s.units) return { command, failure: 'insufficientBalance' };
  source.available -= s.units;
  if (s.op === 'systemDebit') model.post('adjustments', s.asset, s.units);
  if (s.op === 'transfer')
    model.balance(`${userId}:${s.from === 'spot' ? 'futures' : 'spot'}:${s.asset}`).available += s.units;
  if (s.op === 'freeze') {
    source.frozen += s.units;
    model.reservations.push({
      reference,
      key: `${userId}:${s.account}:${s.asset}`,
      asset: s.asset,
      units: s.units,
      status: 'open',
    });
  }
  return { command, failure: undefined };
}

/** Non-zero entries only: a balance row at zero and no row at all are the same holding. */
function expectedBalances(model: Model, userIds: number[]) {
  const rows: string[] = [];
  for (const [key, balance] of model.balances) {
    const [userIndex, account, asset] = key.split(':') as [string, string, Asset];
    if (balance.available === 0n && balance.frozen === 0n) continue;
    const precision = PRECISION[asset];
    rows.push(
      `${userIndex}:${account}:${asset}=${formatAmount(balance.available as Units, precision)}/${formatAmount(balance.frozen as Units, precision)}`,
    );
  }
  return rows.filter((row) => userIds.some((id) => row.startsWith(`${id}:`))).sort();
}

let app: TestApp;
/** Two users for every run: their accounts and balances are rolled back with the run, the users stay. */
let userIds: number[];

beforeAll(async () => {
  app = await createTestApp();
  userIds = await createUsers(app, 2);
});
afterAll(async () => {
  await app?.close();
});

class Rollback extends Error {}

describe('the ledger under random command sequences', () => {
  it(`matches a model of plain numbers and keeps every invariant (${RUNS} runs)`, async () => {
    process.stdout.write(
      `ledger property test: ${RUNS} runs, seed ${SEED} (LEDGER_PROPERTY_SEED to replay)\n`,
    );
    const started = Date.now();
    let commands = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        await app.database.db
          .transaction(async (tx) => {
            const sut = new LedgerService(new LedgerRepository(tx));
            const model = new Model();
            for (const [index, s] of steps.entries()) {
              // The model keys balances by user id, as the service reports them.
              const planned = plan(model, userIds, s, index);
              if (!planned) continue;
              commands += 1;
              const outcome = await sut.execute(planned.command).then(
                () => undefined,
                (error: unknown) => (error instanceof AppError ? error.reason : error),
              );
              expect(
                outcome,
                `step ${index} ${JSON.stringify(s, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
              ).toBe(planned.failure);

              const report = await sut.check();
              expect(report.problems).toEqual([]);
              const actual: string[] = [];
              for (const id of userIds) {
                for (const row of await sut.balancesOf(id)) {
                  if (/^0\.0+$/.test(row.available) && /^0\.0+$/.test(row.frozen)) continue;
                  actual.push(`${id}:${row.account}:${row.asset}=${row.available}/${row.frozen}`);
                }
              }
              expect(actual.sort()).toEqual(expectedBalances(model, userIds));
              const positions = report.systemPositions
                .filter((row) => !/^-?0\.0+$/.test(row.amount))
                .map((row) => `${row.account}:${row.asset}=${row.amount}`)
                .sort();
              // The database reports system positions at NUMERIC's 18 places.
              const modelled = [...model.system]
                .filter(([, value]) => value !== 0n)
                .map(([key, value]) => {
                  const scale = 10n ** BigInt(18 - PRECISION[key.split(':')[1] as Asset]);
                  return `${key}=${formatAmount((value * scale) as Units, 18)}`;
                })
                .sort();
              expect(positions).toEqual(modelled);
            }
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: RUNS, seed: SEED },
    );
    process.stdout.write(`ledger property test: ${commands} commands in ${Date.now() - started} ms\n`);
  }, 300_000);
});
