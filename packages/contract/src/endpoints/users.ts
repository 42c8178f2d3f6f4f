import { defineEndpoint, USER } from '../endpoint';
import { publicUser } from '../user';

export const usersEndpoints = {
  getUserInfo: defineEndpoint({
    operationId: 'getUserInfo',
    method: 'GET',
    path: '/api/user/info',
    tag: 'user',
    summary: 'The signed-in user, without secrets, and where their identity verification stands',
    auth: USER,
    response: publicUser,
  }),
};
