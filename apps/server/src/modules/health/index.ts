/** The health check (decision 0040) and the readiness answer for load balancers (decision 0044). */
export { healthRoutes } from './health.routes';
export { Readiness } from './readiness';
