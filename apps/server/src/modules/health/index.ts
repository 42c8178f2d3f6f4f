/** The health check (decision 0040). */
export { healthRoutes } from './health.routes';
