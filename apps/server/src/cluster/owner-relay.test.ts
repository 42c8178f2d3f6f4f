import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { type BusListener, type ClusterBus, LocalBus } from './bus';
import { NoAnswer, NoOwner, OwnerRelay } from './owner-relay';

type Command = { n: number };

/** A bus on which each listener is a node of its own, as on Redis: publish answers how many heard. */
class NodesBus implements ClusterBus {
  private readonly listeners = new Map<string, Set<BusListener>>();
  async publish(topic: string, message: string | Buffer) {
    const heard = [...(this.listeners.get(topic) ?? [])];
    for (const listener of heard) listener(Buffer.from(message));
    return heard.length;
  }
  async subscribe(topic: string, listener: BusListener) {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    return async () => {
      set.delete(listener);
    };
  }
}

/** Two nodes on one bus: `asking` sends, `leading` serves the market. */
async function nodes(answerMs = 5000, bus: ClusterBus = new LocalBus()) {
  const asking = new OwnerRelay<Command>(bus, 'node-a', 'commands', answerMs);
  const leading = new OwnerRelay<Command>(bus, 'node-b', 'commands', answerMs);
  await asking.start();
  await leading.start();
  return { bus, asking, leading };
}

describe('commands relayed to a market leader', () => {
  it("answers the leader's result, and its refusal as the same error with its figures", async () => {
    const { asking, leading } = await nodes();
    await leading.serve('BTCUSDT', async ({ n }) => {
      if (n < 0) throw new AppError('orderSizeNotOnLot', { lot: { quantity: '0.001' } });
      return { doubled: n * 2 };
    });
    expect(await asking.ask('BTCUSDT', { n: 21 })).toEqual({ doubled: 42 });
    const refusal = await asking.ask('BTCUSDT', { n: -1 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ reason: 'orderSizeNotOnLot', params: { lot: { quantity: '0.001' } } });
  });

  it('answers an unexpected failure of the leader as the system busy, without its details', async () => {
    const { asking, leading } = await nodes();
    await leading.serve('BTCUSDT', async () => {
      throw new Error('connection refused to 10.0.0.5');
    });
    await expect(asking.ask('BTCUSDT', { n: 1 })).rejects.toMatchObject({
      reason: 'systemBusy',
      params: undefined,
    });
  });

  it('says when nobody leads the market, so that the command may be sent again', async () => {
    const { asking, leading } = await nodes();
    const unserve = await leading.serve('BTCUSDT', async () => 'done');
    await unserve();
    await expect(asking.ask('BTCUSDT', { n: 1 })).rejects.toBeInstanceOf(NoOwner);
  });

  it('gives up on a leader that heard the command and never answered, and says it is not known what was done', async () => {
    const { asking, leading } = await nodes(50);
    await leading.serve('BTCUSDT', () => new Promise(() => {}));
    const error = await asking.ask('BTCUSDT', { n: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NoAnswer);
    expect(error).toMatchObject({ reason: 'marketUnavailable', status: 503 });
  });

  it('waits for the new leader when the node handing the market over answers first that it no longer leads', async () => {
    const { bus, asking, leading } = await nodes(5000, new NodesBus());
    const handingOver = new OwnerRelay<Command>(bus, 'node-c', 'commands', 5000);
    await handingOver.serve('BTCUSDT', async () => {
      throw new AppError('marketUnavailable');
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await leading.serve('BTCUSDT', async () => {
      await released;
      return 'placed';
    });
    const answer = asking.ask('BTCUSDT', { n: 1 });
    release();
    expect(await answer).toBe('placed');
  });

  it('sends the commands asked in one turn as one message, run in the order asked, and their answers as one', async () => {
    const local = new LocalBus();
    const sent: string[] = [];
    const counting: ClusterBus = {
      publish: (topic, message) => {
        sent.push(topic);
        return local.publish(topic, message);
      },
      subscribe: (topic, listener) => local.subscribe(topic, listener),
    };
    const { asking, leading } = await nodes(5000, counting);
    const ran: number[] = [];
    await leading.serve('BTCUSDT', async ({ n }) => {
      ran.push(n);
      if (n === 3) throw new AppError('orderNotFound');
      return n * 10;
    });
    const answers = await Promise.allSettled([1, 2, 3, 4].map((n) => asking.ask('BTCUSDT', { n })));
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(
      answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason.reason)),
    ).toEqual([10, 20, 'orderNotFound', 40]);
    expect(sent).toEqual(['commands:BTCUSDT', 'commands-answers:node-a']);
  });
});
