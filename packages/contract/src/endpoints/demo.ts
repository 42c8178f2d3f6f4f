import { sessionResult } from '../auth';
import { demoAccount, demoResetResult, demoSummary } from '../demo';
import { defineEndpoint, operator, PUBLIC, USER } from '../endpoint';

export const demoEndpoints = {
  startDemo: defineEndpoint({
    operationId: 'startDemo',
    method: 'POST',
    path: '/api/auth/demo',
    tag: 'demo',
    summary:
      'Open an anonymous demo account with virtual USDT and a session for it: no e-mail, no password. Limited per address',
    auth: PUBLIC,
    response: sessionResult,
  }),
  openDemoTwin: defineEndpoint({
    operationId: 'openDemoTwin',
    method: 'POST',
    path: '/api/user/demo',
    tag: 'demo',
    summary:
      "Open a session on the signed-in user's demo twin, created with virtual USDT on first use; the real session stays open",
    auth: USER,
    notInDemo: true,
    response: sessionResult,
  }),
  getDemoAccount: defineEndpoint({
    operationId: 'getDemoAccount',
    method: 'GET',
    path: '/api/user/demo',
    tag: 'demo',
    summary: 'The demo account of the session: its starting balance, resets and when it closes unused',
    auth: USER,
    response: demoAccount,
  }),
  resetDemo: defineEndpoint({
    operationId: 'resetDemo',
    method: 'POST',
    path: '/api/user/demo/reset',
    tag: 'demo',
    summary:
      "Cancel the demo account's open orders, close its positions and earn holdings, and set its balance back to the starting virtual USDT",
    auth: USER,
    response: demoResetResult,
  }),
  getDemoSummary: defineEndpoint({
    operationId: 'getDemoSummary',
    method: 'GET',
    path: '/api/admin/demo',
    tag: 'admin-demo',
    summary: 'Demo accounts and their activity, counted apart from real activity',
    auth: operator('support', 'reviewer', 'content'),
    response: demoSummary,
  }),
};
