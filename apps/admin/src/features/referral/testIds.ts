/** Test ids of the referral page, for component and browser tests. */
export const ReferralTestId = {
  settings: 'referral-settings',
  fact: (name: string) => `referral-fact-${name}`,
  credited: 'referral-credited',
  creditedAsset: (asset: string) => `referral-credited-${asset}`,
  edit: 'referral-edit',
  dialog: 'dialog-referral',
  field: (name: string) => `referral-field-${name}`,
  reading: 'referral-rate-reading',
  formError: 'referral-form-error',
} as const;
