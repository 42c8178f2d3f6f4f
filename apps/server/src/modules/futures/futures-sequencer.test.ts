import { decimalOf } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import type { LedgerService } from '../ledger';
import { FuturesBook } from './futures-book';
import type { FuturesOrdersRepository } from './futures-orders.repository';
import { FuturesSequencer } from './futures-sequencer';

const marketOf = (symbol: string) => ({
  symbol,
  tickSize: decimalOf('0.1'),
  lotSize: decimalOf('0.001'),
  makerFee: decimalOf('0.0002'),
  takerFee: decimalOf('0.0005'),
});

describe('the futures sequencer', () => {
  it("answers that a book's commands are settled while another book's keep the queue busy", async () => {
    // Work between batches that reads nothing back touches neither the repository nor the ledger.
    const sequencer = new FuturesSequencer(
      {} as FuturesOrdersRepository,
      {} as LedgerService,
      'USDT',
      () => undefined,
      async () => undefined,
    );
    const btc = new FuturesBook(marketOf('BTCUSDT'), 6, 1n);
    const eth = new FuturesBook(marketOf('ETHUSDT'), 6, 1n);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = sequencer.exclusive(btc, async () => 'btc', false);
    const busy = sequencer.exclusive(eth, () => held, false);

    // A perpetual's owner losing BTCUSDT waits for BTCUSDT's command only, not for ETHUSDT's still running.
    await sequencer.settled(btc);
    expect(await first).toBe('btc');
    let ethDone = false;
    void busy.then(() => {
      ethDone = true;
    });
    await Promise.resolve();
    expect(ethDone).toBe(false);
    release();
    await busy;
    await sequencer.settled(eth);
    expect(ethDone).toBe(true);
  });
});
