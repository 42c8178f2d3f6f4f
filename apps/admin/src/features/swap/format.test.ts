import { SWAP_STATUSES, type SwapStatus } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { operatorStepOf, spreadPercent } from './format';

const stepOf = (status: SwapStatus, needsApproval = false, payoutApprovedBy: string | null = null) =>
  operatorStepOf({ status, needsApproval, payoutApprovedBy });

describe('what an order waits on operators for', () => {
  it('names one step for each status that needs an operator and none for the others', () => {
    expect(Object.fromEntries(SWAP_STATUSES.map((status) => [status, stepOf(status)]))).toEqual({
      waiting: 'deposit',
      confirming: null,
      exchanging: null,
      sending: 'payout',
      completed: null,
      expired: 'deposit',
      cancelled: null,
      refunding: 'refund',
      refunded: null,
      review: 'review',
    });
  });

  it('asks for approval of a large payout until a second operator gives it', () => {
    expect(stepOf('sending', true)).toBe('approval');
    expect(stepOf('sending', true, 'Omar Haddad')).toBe('payout');
  });
});

describe('a spread in percent', () => {
  it('is exact', () => {
    expect(spreadPercent('0.005')).toBe('0.5 %');
    expect(spreadPercent('0.0125')).toBe('1.25 %');
  });
});
