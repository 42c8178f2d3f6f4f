/** The review queues of the back office: what every queue shares, and the one engine that runs them (decision 0041). */

export { reviewRoutes } from './review.routes';
export { ReviewQueue } from './review.service';
export type { ActionEndpoint, ItemEndpoint, QueueEndpoint, ReviewKind } from './review-kind';
export { reviewerOf, statusChange } from './review-kind';
export type { ApprovalBody, Decision, QueueFilter } from './review-queue';
export { decisionValues, queuePage, queueWhere, stillPending } from './review-queue';
