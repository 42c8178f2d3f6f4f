import type { ResponseCheck } from './client';

/**
 * Checks an answer against its endpoint's response schema. The apps pass it to the client in development and
 * tests only; the endpoints table (and zod) loads the first time an answer needs it.
 */
export const checkAnswer: ResponseCheck = async (operationId, data) => {
  const { endpoints } = await import('@kestrel/contract');
  const response = endpoints[operationId].response;
  return 'parse' in response ? response.parse(data) : data;
};
