/** The request header that carries the caller's language. */
export const LANGUAGE_HEADER = 'think-lang';
