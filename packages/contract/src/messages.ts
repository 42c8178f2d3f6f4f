import { z } from 'zod';

/*
 * Every validation message in the contract is a catalogue key, so that the server and the clients can show it
 * in the caller's language. Checks that carry no message of their own fall back to these two.
 */
z.config({
  customError: (issue) =>
    issue.input === undefined || issue.input === null
      ? 'validation.contentBlank'
      : 'validation.parameterError',
});
