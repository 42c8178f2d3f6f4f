import { ERRORS, type ErrorName } from '@kestrel/contract';
import type { TranslateParams } from './i18n';

/** A business failure: answered with its code, its HTTP status and its translated message. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    readonly reason: ErrorName,
    readonly params?: TranslateParams,
  ) {
    super(reason);
    this.code = ERRORS[reason].code;
    this.status = ERRORS[reason].status;
  }
}
