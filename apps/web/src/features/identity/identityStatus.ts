import type { IdentityStatus } from '@kestrel/contract';

/** The spec's words for each status (§4), shared by this screen and the Mine screen's row. */
export const IDENTITY_STATUS_LABEL = {
  uncertified: 'identity.status.uncertified',
  submitted: 'identity.status.submitted',
  verified: 'identity.status.verified',
  failed: 'identity.status.failed',
} as const satisfies Record<IdentityStatus, string>;
