import { adminIdParams } from '../admin';
import {
  adjustmentBody,
  adjustmentProposal,
  adjustmentProposalPage,
  adjustmentResult,
  adminUserBalances,
} from '../assets';
import { defineEndpoint, operator } from '../endpoint';
import { approveBody, rejectBody, reviewQueueQuery } from '../identity';

export const adjustmentsEndpoints = {
  getUserBalances: defineEndpoint({
    operationId: 'getUserBalances',
    method: 'GET',
    path: '/api/admin/users/:id/balances',
    tag: 'admin',
    summary: "A user's available and frozen funds per account and asset",
    auth: operator('support', 'reviewer'),
    params: adminIdParams,
    response: adminUserBalances,
  }),
  /** Any operator may ask; the role allowed to adjust is a setting (decision 0031), checked by the route. */
  adjustUserBalance: defineEndpoint({
    operationId: 'adjustUserBalance',
    method: 'POST',
    path: '/api/admin/users/:id/adjustments',
    tag: 'admin',
    summary:
      "Add funds to or debit funds from a user's account with a reason (system add, system debit); the user is notified. Above the asset's approval amount it is proposed instead, and posts only once another operator approves it. Send an Idempotency-Key header to retry safely",
    auth: operator(),
    idempotent: true,
    movesMoney: true,
    params: adminIdParams,
    body: adjustmentBody,
    response: adjustmentResult,
  }),
  listAdjustmentProposals: defineEndpoint({
    operationId: 'listAdjustmentProposals',
    method: 'GET',
    path: '/api/admin/adjustment-proposals',
    tag: 'admin',
    summary:
      'Manual adjustments above the approval amount, of one status (pending oldest first; decided newest first), by user',
    auth: operator('reviewer', 'support'),
    query: reviewQueueQuery,
    response: adjustmentProposalPage,
  }),
  approveAdjustment: defineEndpoint({
    operationId: 'approveAdjustment',
    method: 'POST',
    path: '/api/admin/adjustment-proposals/:id/approve',
    tag: 'admin',
    summary:
      "Approve another operator's proposed adjustment: the system add or debit posts once, in the same transaction; the user is notified",
    auth: operator('reviewer'),
    idempotent: true,
    movesMoney: true,
    params: adminIdParams,
    body: approveBody,
    response: adjustmentProposal,
  }),
  rejectAdjustment: defineEndpoint({
    operationId: 'rejectAdjustment',
    method: 'POST',
    path: '/api/admin/adjustment-proposals/:id/reject',
    tag: 'admin',
    summary: "Reject another operator's proposed adjustment with a reason; nothing moves",
    auth: operator('reviewer'),
    idempotent: true,
    params: adminIdParams,
    body: rejectBody,
    response: adjustmentProposal,
  }),
};
