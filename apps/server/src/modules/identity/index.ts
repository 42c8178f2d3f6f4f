/** Identity verification and its review (decisions 0040, 0041). */

export { verifiedIdentities } from './identity.read-model';
export { IdentityRepository } from './identity.repository';
export { identityRoutes } from './identity.routes';
export { IdentityService } from './identity.service';
export { identityReview } from './identity-review';
