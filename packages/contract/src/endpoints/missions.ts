import { defineEndpoint, operator, USER } from '../endpoint';
import {
  adminMission,
  adminMissionBody,
  adminMissionList,
  missionList,
  missionParams,
  missionView,
} from '../missions';

/* The mission hall: tasks, their progress from recorded events, and claims paid through the ledger. */
export const missionsEndpoints = {
  listMissions: defineEndpoint({
    operationId: 'listMissions',
    method: 'GET',
    path: '/api/missions',
    tag: 'missions',
    summary:
      'Every task shown in the mission hall with your progress in its current cycle, time left and status',
    auth: USER,
    response: missionList,
  }),
  claimMission: defineEndpoint({
    operationId: 'claimMission',
    method: 'POST',
    path: '/api/missions/:id/claim',
    tag: 'missions',
    summary:
      "Claim a finished task's reward into your spot account, once per cycle; needs a verified identity. Send an Idempotency-Key header to retry safely",
    auth: USER,
    notInDemo: true,
    idempotent: true,
    movesMoney: true,
    params: missionParams,
    response: missionView,
  }),
  listAdminMissions: defineEndpoint({
    operationId: 'listAdminMissions',
    method: 'GET',
    path: '/api/admin/missions',
    tag: 'admin',
    summary: 'Every task with its settings, claims and rewards paid',
    auth: operator('super_admin', 'reviewer', 'support', 'content'),
    response: adminMissionList,
  }),
  createMission: defineEndpoint({
    operationId: 'createMission',
    method: 'POST',
    path: '/api/admin/missions',
    tag: 'admin',
    summary: 'Add a task to the mission hall',
    auth: operator('super_admin'),
    body: adminMissionBody,
    response: adminMission,
  }),
  updateMission: defineEndpoint({
    operationId: 'updateMission',
    method: 'PUT',
    path: '/api/admin/missions/:id',
    tag: 'admin',
    summary: "Change a task's settings; rewards already claimed stay paid",
    auth: operator('super_admin'),
    params: missionParams,
    body: adminMissionBody,
    response: adminMission,
  }),
};
