import { describe, expect, it } from 'vitest';
import type { Role } from '../../cluster/leadership';
import type { ReferralService } from './referral.service';
import { REFERRAL_COMMISSIONS_JOB, ReferralCommissionJob } from './referral-commission-job';

/** Leadership a test hands out and takes back by hand. */
class HandedLeadership {
  readonly roles = new Map<string, Role>();
  contend(name: string, role: Role) {
    this.roles.set(name, role);
  }
  role(name: string): Role {
    const role = this.roles.get(name);
    if (!role) throw new Error(`nobody contends for ${name}`);
    return role;
  }
}

/** A service that counts its batches and tells when one has run. */
function countingService() {
  let batches = 0;
  let announce: () => void = () => undefined;
  const service = {
    runBatch: async () => {
      batches += 1;
      announce();
      return 0;
    },
    batchInterval: async () => 60 * 60_000,
  };
  return {
    service: service as unknown as ReferralService,
    batches: () => batches,
    nextBatch: () =>
      new Promise<void>((resolve) => {
        announce = resolve;
      }),
  };
}

describe('the referral commission job', () => {
  it('credits commissions only on the node that leads job:referral-commissions', async () => {
    const leadership = new HandedLeadership();
    const counting = countingService();
    const job = new ReferralCommissionJob({ service: counting.service, leadership });
    job.start();
    expect([...leadership.roles.keys()]).toEqual([REFERRAL_COMMISSIONS_JOB]);
    expect(counting.batches()).toBe(0);

    const first = counting.nextBatch();
    await leadership.role(REFERRAL_COMMISSIONS_JOB).gained(1n);
    await first;
    expect(counting.batches()).toBe(1);

    await leadership.role(REFERRAL_COMMISSIONS_JOB).lost();
    await job.stop();
    expect(counting.batches()).toBe(1);
  });
});
