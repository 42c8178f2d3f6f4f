/** The user's own profile and secrets (decision 0040); the rows it changes are the auth module's. */
export { PasswordAttempts } from './password-attempts';
export { profileRoutes } from './profile.routes';
export { ProfileService } from './profile.service';
