import { defineEndpoint, PUBLIC } from '../endpoint';
import { healthResult, readyResult } from '../health';

export const healthEndpoints = {
  getHealth: defineEndpoint({
    operationId: 'getHealth',
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Whether the server and its database answer, which node answered and what it leads',
    auth: PUBLIC,
    response: healthResult,
  }),
  getReady: defineEndpoint({
    operationId: 'getReady',
    method: 'GET',
    path: '/api/ready',
    tag: 'health',
    summary:
      'Whether this node can take requests (for load balancers): 503 while it shuts down or while its database or Redis does not answer',
    auth: PUBLIC,
    response: readyResult,
  }),
};
