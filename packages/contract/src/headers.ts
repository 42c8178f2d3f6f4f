/** The request header that carries the caller's language. */
export const LANGUAGE_HEADER = 'think-lang';

/** The request header that makes a money-moving POST safe to retry: a replay answers as the first did. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
