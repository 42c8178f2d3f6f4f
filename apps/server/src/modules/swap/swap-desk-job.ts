import { randomBytes } from 'node:crypto';
import { decimalOf, formatShortest } from '@kestrel/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import { LedRounds } from '../../cluster/led-rounds';
import type { SwapRepository } from './swap.repository';
import type { SwapService } from './swap.service';

/** A deposit a watcher saw on chain for an order. */
export type DepositSeen = { orderId: string; amount: string; txHash: string };

/**
 * Where the desk learns of deposits. The manual watcher is the operators, through the back office's deposit
 * endpoint; the simulated watcher makes them up for simulated orders (a demonstration install).
 */
export interface ChainWatcher {
  /** One look: each deposit seen since the last is reported. */
  look(report: (seen: DepositSeen) => Promise<void>): Promise<void>;
}

/** A transaction hash that reads as simulated wherever it shows: `SIMULATED` and 55 random hex digits. */
export function simulatedTxHash(): string {
  return `SIMULATED${randomBytes(28).toString('hex').slice(0, 55)}`;
}

/** The pace of the simulated watcher: a deposit after `depositAfterSeconds`, then a step each `stepSeconds`. */
export type SimulationPace = { depositAfterSeconds: number; stepSeconds: number };
export const SIMULATION_PACE: SimulationPace = { depositAfterSeconds: 10, stepSeconds: 3 };

/** Deposits of exactly the amount asked, for simulated orders waiting long enough. */
export class SimulatedWatcher implements ChainWatcher {
  constructor(
    private readonly repository: SwapRepository,
    private readonly pace: SimulationPace = SIMULATION_PACE,
  ) {}

  async look(report: (seen: DepositSeen) => Promise<void>): Promise<void> {
    const due = await this.repository.simulatedDue('waiting', this.pace.depositAfterSeconds);
    for (const order of due) {
      await report({
        orderId: order.id,
        amount: formatShortest(decimalOf(order.sendAmount)),
        txHash: simulatedTxHash(),
      });
    }
  }
}

export type SwapDeskJobParts = {
  service: SwapService;
  repository: SwapRepository;
  leadership: Pick<Leadership, 'contend'>;
  log?: FastifyBaseLogger;
  pace?: SimulationPace;
  everyMs?: number;
};

/** The job's name in `leadership` (decision 0044): one node runs it. */
export const SWAP_DESK_JOB = 'job:swap-desk';

/**
 * The desk's job, led by one node (`job:swap-desk`): every second it expires waiting orders past their time and,
 * in simulated mode, moves simulated orders along (deposit, exchange, sending, payout) with the same ledger legs
 * as operators' actions. It deletes nothing. Every change is a conditional update, so a deposed leader still
 * running a round changes nothing twice; no fence is needed.
 */
export class SwapDeskJob {
  private readonly rounds: LedRounds;
  private readonly simulated: SimulatedWatcher;

  constructor(private readonly parts: SwapDeskJobParts) {
    this.simulated = new SimulatedWatcher(parts.repository, parts.pace);
    this.rounds = new LedRounds({
      leadership: parts.leadership,
      name: SWAP_DESK_JOB,
      round: () => this.runNow(),
      pauseMs: () => parts.everyMs ?? 1000,
      first: 'afterPause',
      log: parts.log,
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round now, whoever leads; for tests (and each timer round). */
  async runNow(): Promise<void> {
    const { service, repository } = this.parts;
    await service.expireDue();
    if ((await service.watcherMode()) !== 'simulated') return;
    const pace = this.parts.pace ?? SIMULATION_PACE;
    const system = { adminId: null };
    await this.each(repository.simulatedDue('sending', pace.stepSeconds), (order) =>
      service.payout(order.id, simulatedTxHash(), system),
    );
    await this.each(repository.simulatedDue('exchanging', pace.stepSeconds), (order) =>
      service.advance(order.id, 'exchanging', system),
    );
    await this.each(repository.simulatedDue('confirming', pace.stepSeconds), (order) =>
      service.advance(order.id, 'confirming', system),
    );
    await this.simulated.look(async (seen) => {
      await this.one(() => service.deposit(seen.orderId, seen, system, undefined, 'confirm'));
    });
  }

  private async each<T>(rows: Promise<T[]>, step: (row: T) => Promise<unknown>) {
    for (const row of await rows) await this.one(() => step(row));
  }

  /** One order's step; a refusal (another node or operator moved it first) leaves the others to go on. */
  private async one(step: () => Promise<unknown>) {
    try {
      await step();
    } catch (error) {
      this.parts.log?.debug({ err: error }, 'a simulated swap step was refused');
    }
  }
}
