import type { TranslationKey } from '@kestrel/i18n';

/**
 * A field refused by a check only the server can make (an address against a network the body does not name),
 * answered as schema validation is: 400, parameterError's code, and the field's own translated message.
 */
export function fieldRefusal(message: TranslationKey, field: string): Error {
  const error = new Error(message) as Error & { validation: unknown[]; statusCode: number };
  error.statusCode = 400;
  error.validation = [
    {
      [Symbol.for('ZodFastifySchemaValidationError')]: true,
      keyword: 'custom',
      instancePath: `/${field}`,
      schemaPath: `#/${field}/custom`,
      message,
      params: {},
    },
  ];
  return error;
}
