import { ERRORS } from '@kestrel/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { isTranslationKey } from './i18n';
import { isServiceUnavailable } from './unavailable';

/** At most this many refusals wait out their hold at once; past it, a refusal is sent at once. */
const MAX_HELD_REFUSALS = 1024;
let held = 0;

/** Waits out a refusal's hold, unless too many are held already. */
async function holdRefusal(ms: number) {
  if (ms <= 0 || held >= MAX_HELD_REFUSALS) return;
  held += 1;
  try {
    await new Promise((resume) => setTimeout(resume, ms));
  } finally {
    held -= 1;
  }
}

/** Turns every failure into the `{code, msg, data}` envelope with a translated `msg` and a meaningful status. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      await holdRefusal(error.holdMs);
      return reply.status(error.status).send({
        code: error.code,
        msg: request.t(ERRORS[error.reason].message, error.params),
        data: error.field === undefined ? null : { field: error.field },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]?.message ?? '';
      const msg = request.t(isTranslationKey(first) ? first : 'validation.parameterError');
      return reply.status(400).send({ code: ERRORS.parameterError.code, msg, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        code: ERRORS.tooManyAttempts.code,
        msg: request.t('errors.tooManyAttempts', { minutes: 1 }),
        data: null,
      });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: ERRORS.parameterError.code, msg: request.t('validation.parameterError'), data: null });
    }
    if (isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database or Redis is unreachable');
      return reply.status(503).send({
        code: ERRORS.serviceUnavailable.code,
        msg: request.t(ERRORS.serviceUnavailable.message),
        data: null,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: ERRORS.systemBusy.code, msg: request.t('errors.systemBusy'), data: null });
  });
}
