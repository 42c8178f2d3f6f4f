import { describe, expect, it } from 'vitest';
import { Attempts } from './attempts';

type Transfer = { asset: string; amount: string; note?: string };

function attempts() {
  let next = 0;
  return new Attempts<Transfer>(
    (body) => [body.asset, body.amount],
    () => `key-${++next}`,
  );
}

describe('the attempts of a submission', () => {
  it('sends the same submission again under the same key until the server answers', () => {
    const sut = attempts();
    expect(sut.keyFor({ asset: 'USDT', amount: '5' })).toBe('key-1');
    // A field outside the fingerprint does not make it another submission.
    expect(sut.keyFor({ asset: 'USDT', amount: '5', note: 'again' })).toBe('key-1');
  });

  it('gives a changed submission a new key', () => {
    const sut = attempts();
    sut.keyFor({ asset: 'USDT', amount: '5' });
    expect(sut.keyFor({ asset: 'USDT', amount: '6' })).toBe('key-2');
  });

  it('starts a new attempt once the server has answered', () => {
    const sut = attempts();
    sut.keyFor({ asset: 'USDT', amount: '5' });
    sut.settle();
    expect(sut.keyFor({ asset: 'USDT', amount: '5' })).toBe('key-2');
  });
});
