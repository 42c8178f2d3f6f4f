import { envelopeOf, failureEnvelope, IMAGE_BYTES } from '@kestrel/contract';
import { z } from 'zod';

/** The response schemas of an operation: its success envelope and the failure envelope for every status. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeOf(data),
    '4xx': failureEnvelope,
    '5xx': failureEnvelope,
  };
}

/** Raw bytes: Fastify sends a Buffer as it is, without the JSON serializer. */
const imageBytes = z.any().meta({ format: 'binary' });

/** The answer of an image route: the bytes, or the failure envelope. */
export const imageResponses = {
  200: {
    description: 'The image, re-encoded on arrival',
    content: Object.fromEntries(IMAGE_BYTES.mediaTypes.map((type) => [type, { schema: imageBytes }])),
  },
  '4xx': failureEnvelope,
  '5xx': failureEnvelope,
};

export function ok<T>(data: T, msg: string) {
  return { code: 0, msg, data };
}
