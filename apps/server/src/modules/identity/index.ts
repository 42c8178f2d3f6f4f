/** Identity verification and its review (decision 0040). */

export { IdentityRepository } from './identity.repository';
export { identityRoutes } from './identity.routes';
export { IdentityService } from './identity.service';
export { identityReviewRoutes } from './identity-review.routes';
export { IdentityReviewService } from './identity-review.service';
