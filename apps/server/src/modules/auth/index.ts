/**
 * What other modules may use of accounts, sessions and passwords (decision 0040). The users, sessions and
 * verification codes tables are this module's, so the repositories that write them for the profile, the back
 * office's users area and the market maker live here too.
 */
export { AdminUsersRepository } from './admin-users.repository';
export type { LimiterStore } from './attempts';
export { AttemptLimit, checkedUnder, inProcessLimiters, redisLimiters } from './attempts';
export type { UserRow } from './auth.repository';
export { AuthRepository } from './auth.repository';
export { authRoutes, callerOf } from './auth.routes';
export type { Caller, SessionEndings } from './auth.service';
export { AuthService, toPublicUser } from './auth.service';
export { MarketMakerRepository } from './market-maker-account.repository';
export { hashPassword, NO_PASSWORD, passwordHashing, verifyPassword } from './passwords';
export { ProfileRepository } from './profile.repository';
export type { RateLimitOptions } from './rate-limits';
export { AuthRateLimits, DEFAULT_RATE_LIMITS } from './rate-limits';
export { sha256 } from './secrets';
export { lockUser, userAccounts, userExists, userInvitations } from './user-accounts';
