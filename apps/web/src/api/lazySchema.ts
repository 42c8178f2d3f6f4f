import type { Parser } from './client';

/**
 * A response check whose schema (and zod with it) downloads the first time a response needs it, so the shell and
 * the first screen paint without the contract's code. The server already validated what it sends; the check still
 * runs on every response, only later. A failed download is tried again on the next response.
 */
export function lazySchema<T>(load: () => Promise<Parser<T>>): Parser<T> {
  let loading: Promise<Parser<T>> | undefined;
  return {
    parse: async (value) => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return (await loading).parse(value);
    },
  };
}
