import { defineEndpoint, PUBLIC } from '../endpoint';
import { healthResult } from '../health';

export const healthEndpoints = {
  getHealth: defineEndpoint({
    operationId: 'getHealth',
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Whether the server and its database answer',
    auth: PUBLIC,
    response: healthResult,
  }),
};
