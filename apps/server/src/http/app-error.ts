import { ERRORS, type ErrorName } from '@kestrel/contract';
import type { TranslateParams } from './i18n';

/**
 * A business failure: answered with its code, its HTTP status and its translated message. A refusal of a sender
 * that floods (an address out of login attempts, an owner over its hashing share) names a hold: the answer is
 * sent that much later (decision 0029), so a sender that waits for its answers is slowed to their pace.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    readonly reason: ErrorName,
    readonly params?: TranslateParams,
    readonly holdMs = 0,
    /** The refused field's path (`entries.2.route`), answered as `data.field`, when one field is to blame. */
    readonly field?: string,
  ) {
    super(reason);
    this.code = ERRORS[reason].code;
    this.status = ERRORS[reason].status;
  }
}
