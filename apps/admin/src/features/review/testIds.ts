/**
 * Test ids of the review screens, in one place, for browser journeys through any queue. Rows are the
 * `tbody tr` of the queue table; the dialogs' confirm button is the shared `dialog-submit`.
 */
export const ReviewTestId = {
  queueTable: 'review-queue',
  statusTab: (status: string) => `review-tab-${status}`,
  status: 'review-status',
  approve: 'review-approve',
  reject: 'review-reject',
  approveDialog: 'dialog-approve',
  rejectDialog: 'dialog-reject',
  note: 'review-note',
  reason: 'reason',
  confirm: 'dialog-submit',
  image: (name: string) => `review-image-${name}`,
  imageError: 'review-image-error',
  imageDialog: 'review-image-full',
  rejectionReason: 'review-rejection-reason',
  history: 'review-history',
} as const;
