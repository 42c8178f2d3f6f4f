/** The back office's users area (decision 0040); the users and sessions it reads are the auth module's. */
export { adminUsersRoutes } from './admin-users.routes';
export { AdminUsersService } from './admin-users.service';
