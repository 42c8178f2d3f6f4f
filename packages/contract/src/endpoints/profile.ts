import { z } from 'zod';
import { defineEndpoint, USER } from '../endpoint';
import { changePasswordBody, securityPasswordBody, updateProfileBody } from '../profile';
import { publicUser } from '../user';

export const profileEndpoints = {
  updateProfile: defineEndpoint({
    operationId: 'updateProfile',
    method: 'PATCH',
    path: '/api/user/profile',
    tag: 'user',
    summary: 'Change the nickname and/or the avatar (an own upload with purpose avatar)',
    auth: USER,
    notInDemo: true,
    body: updateProfileBody,
    response: publicUser,
  }),
  changePassword: defineEndpoint({
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/user/password',
    tag: 'user',
    summary: 'Change the login password; every other session is signed out',
    auth: USER,
    notInDemo: true,
    body: changePasswordBody,
    response: z.null(),
  }),
  setSecurityPassword: defineEndpoint({
    operationId: 'setSecurityPassword',
    method: 'POST',
    path: '/api/user/security-password',
    tag: 'user',
    summary:
      'Set the 6-digit security password: the first time with the login password, later with the current one',
    auth: USER,
    notInDemo: true,
    body: securityPasswordBody,
    response: z.null(),
  }),
};
