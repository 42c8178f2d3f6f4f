/** What every review queue shares: its filter, order, window and decide-once rule (decision 0040). */
export { decideOnce } from './decide-once';
export type { Decision, QueueFilter } from './review-queue';
export { decisionValues, queueOrder, queueWhere, queueWindow, stillPending } from './review-queue';
