import { z } from 'zod';
import { loginBody, registerBody, resetBody, sendCodeBody, sendCodeResult, sessionResult } from '../auth';
import { defineEndpoint, PUBLIC, USER } from '../endpoint';

export const authEndpoints = {
  sendCode: defineEndpoint({
    operationId: 'sendCode',
    method: 'POST',
    path: '/api/auth/code',
    tag: 'auth',
    summary: 'Send a 6-digit verification code, valid for 10 minutes, to an e-mail or phone',
    auth: PUBLIC,
    body: sendCodeBody,
    response: sendCodeResult,
  }),
  register: defineEndpoint({
    operationId: 'register',
    method: 'POST',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Create an account with a verification code and open a session',
    auth: PUBLIC,
    body: registerBody,
    response: sessionResult,
  }),
  login: defineEndpoint({
    operationId: 'login',
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Open a session with an e-mail or phone and a password',
    auth: PUBLIC,
    body: loginBody,
    response: sessionResult,
  }),
  logout: defineEndpoint({
    operationId: 'logout',
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Revoke the session of the token sent',
    auth: USER,
    response: z.null(),
  }),
  resetPassword: defineEndpoint({
    operationId: 'resetPassword',
    method: 'POST',
    path: '/api/auth/reset',
    tag: 'auth',
    summary: 'Set a new password with a verification code; every session of the account is revoked',
    auth: PUBLIC,
    body: resetBody,
    response: z.null(),
  }),
};
