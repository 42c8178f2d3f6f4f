/** Test ids of the identity screens, for browser journeys; the queue's own are in ../review/testIds. */
export const IdentityTestId = {
  documentType: 'identity-document-type',
  realName: 'identity-real-name',
  documentNumber: 'identity-document-number',
  nation: 'identity-nation',
  address: 'identity-address',
  /** On a user's page: the verification status, and the link to the latest submission. */
  userStatus: 'user-identity',
  userLink: 'user-identity-link',
} as const;
