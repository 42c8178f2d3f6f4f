import { envelopeOf, failureEnvelope } from '@kestrel/contract';
import type { z } from 'zod';

/** The response schemas of an operation: its success envelope and the failure envelope for every status. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeOf(data),
    '4xx': failureEnvelope,
    '5xx': failureEnvelope,
  };
}

export function ok<T>(data: T, msg: string) {
  return { code: 0, msg, data };
}
