import { adminIdParams } from '../admin';
import { defineEndpoint, operator, USER } from '../endpoint';
import { rejectBody } from '../identity';
import {
  adminWithdrawalDetail,
  adminWithdrawalPage,
  withdrawalApproveBody,
  withdrawalBody,
  withdrawalPage,
  withdrawalQueueQuery,
  withdrawalsQuery,
  withdrawalTargets,
  withdrawalView,
} from '../withdrawals';

export const withdrawalsEndpoints = {
  listWithdrawalReviews: defineEndpoint({
    operationId: 'listWithdrawalReviews',
    method: 'GET',
    path: '/api/admin/withdrawals',
    tag: 'admin',
    summary:
      'Withdrawals of one status (pending, which includes those awaiting a second approval, oldest first; decided newest first), by user',
    auth: operator('reviewer'),
    query: withdrawalQueueQuery,
    response: adminWithdrawalPage,
  }),
  getWithdrawalReview: defineEndpoint({
    operationId: 'getWithdrawalReview',
    method: 'GET',
    path: '/api/admin/withdrawals/:id',
    tag: 'admin',
    summary:
      'One withdrawal in full, with its destination, reviewers and the same user’s earlier withdrawals',
    auth: operator('reviewer'),
    params: adminIdParams,
    response: adminWithdrawalDetail,
  }),
  approveWithdrawal: defineEndpoint({
    operationId: 'approveWithdrawal',
    method: 'POST',
    path: '/api/admin/withdrawals/:id/approve',
    tag: 'admin',
    summary:
      'Approve a withdrawal with the transaction hash or bank reference: the frozen amount is paid out, the fee to fees, in the same transaction. A large one needs a first approval and then another reviewer’s',
    auth: operator('reviewer'),
    idempotent: true,
    movesMoney: true,
    params: adminIdParams,
    body: withdrawalApproveBody,
    response: adminWithdrawalDetail,
  }),
  rejectWithdrawal: defineEndpoint({
    operationId: 'rejectWithdrawal',
    method: 'POST',
    path: '/api/admin/withdrawals/:id/reject',
    tag: 'admin',
    summary: 'Reject a withdrawal with a reason the user is shown; the frozen amount is given back',
    auth: operator('reviewer'),
    idempotent: true,
    movesMoney: true,
    params: adminIdParams,
    body: rejectBody,
    response: adminWithdrawalDetail,
  }),
  listWithdrawalTargets: defineEndpoint({
    operationId: 'listWithdrawalTargets',
    method: 'GET',
    path: '/api/wallet/withdrawal-targets',
    tag: 'wallet',
    summary:
      "The user's approved crypto wallets and bank cards, each with the assets it takes: fee, minimum, maximum and the spot funds available",
    auth: USER,
    notInDemo: true,
    response: withdrawalTargets,
  }),
  submitWithdrawal: defineEndpoint({
    operationId: 'submitWithdrawal',
    method: 'POST',
    path: '/api/wallet/withdrawals',
    tag: 'wallet',
    summary:
      'Ask for a withdrawal to an approved wallet or bank card, with the security password; the amount (fee included) is frozen until a reviewer pays it out or rejects it. Send an Idempotency-Key header to retry safely',
    auth: USER,
    notInDemo: true,
    idempotent: true,
    movesMoney: true,
    body: withdrawalBody,
    response: withdrawalView,
  }),
  listWithdrawals: defineEndpoint({
    operationId: 'listWithdrawals',
    method: 'GET',
    path: '/api/wallet/withdrawals',
    tag: 'wallet',
    summary: "The user's withdrawals, newest first, with status processing, completed or fail",
    auth: USER,
    query: withdrawalsQuery,
    response: withdrawalPage,
  }),
};
