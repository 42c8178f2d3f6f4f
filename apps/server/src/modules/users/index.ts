/** The signed-in user's own account endpoint (decision 0040). */
export { userRoutes } from './users.routes';
